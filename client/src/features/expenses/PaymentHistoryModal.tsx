import { useMutation, useQuery } from '@apollo/client/react';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import Table from 'react-bootstrap/Table';
import { MoneyText } from '../../components/money';
import {
  DashboardWalletsDocument,
  LiabilityPaymentHistoryDocument,
  UndoLiabilityPaymentDocument,
} from '../../gql/graphql';
import { useCanWrite } from '../../kit/access';
import { byWhom, useHousehold } from '../households/useHousehold';
import { browserTimeZone, displayDate } from '../../kit/dates';
import { toSaveError } from '../../app/apollo/errors';
import { MONEY_VIEWS } from '../../kit/moneyViews';

interface PaymentHistoryModalProps {
  liability: { id: string; creditorName: string };
  onClose: () => void;
}

/**
 * An expense's payment history (kept for good, unlike the 28-day register): date paid, due date,
 * amount and wallet, newest first. The latest one can be undone (a mis-click, a skip that was wrong).
 */
export function PaymentHistoryModal({ liability, onClose }: PaymentHistoryModalProps) {
  const canWrite = useCanWrite();
  const { shared } = useHousehold();
  const { data, loading, error } = useQuery(LiabilityPaymentHistoryDocument, {
    variables: { liabilityId: liability.id },
    fetchPolicy: 'network-only',
  });
  const wallets = useQuery(DashboardWalletsDocument).data?.wallets ?? [];
  const walletName = (id: string | null) => wallets.find((wallet) => wallet.id === id)?.walletName ?? '-';
  const [undo, undoState] = useMutation(UndoLiabilityPaymentDocument, {
    refetchQueries: [LiabilityPaymentHistoryDocument, ...MONEY_VIEWS],
  });
  const [message, setMessage] = useState<{ variant: 'success' | 'danger'; text: string } | null>(null);
  const payments = data?.liabilityPayments ?? [];
  // The newest by due date is the one an undo may take back.
  const latestId = [...payments].sort((a, b) => (a.dueDate < b.dueDate ? 1 : -1))[0]?.id;

  async function undoLatest(paymentId: string, dueDate: string) {
    setMessage(null);
    try {
      await undo({ variables: { paymentId, timeZone: browserTimeZone() } });
      setMessage({ variant: 'success', text: `The payment due ${displayDate(dueDate)} was undone` });
    } catch (caught) {
      setMessage({ variant: 'danger', text: toSaveError(caught).message });
    }
  }

  return (
    <Modal show onHide={onClose} size="lg" aria-labelledby="payment-history-title" scrollable>
      <Modal.Header closeButton>
        <Modal.Title id="payment-history-title" className="h5">
          Payment History: {liability.creditorName}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <div role="status" aria-live="polite">
          {message && (
            <Alert variant={message.variant} dismissible onClose={() => setMessage(null)}>
              {message.text}
            </Alert>
          )}
        </div>
        {loading && !data ? (
          <p role="status">
            <Spinner as="span" size="sm" animation="border" aria-hidden="true" className="me-2" />
            Loading payments ...
          </p>
        ) : error && !data ? (
          <Alert variant="danger">Problem loading the payment history. Try again later.</Alert>
        ) : payments.length === 0 ? (
          <p className="text-muted">No payments recorded yet</p>
        ) : (
          <div className="table-responsive" tabIndex={0} role="region" aria-label="Payments">
            <Table size="sm" className="mb-0 align-middle">
              <thead>
                <tr>
                  <th scope="col">Date Paid</th>
                  <th scope="col">Due Date</th>
                  <th scope="col" className="text-end">
                    Amount
                  </th>
                  <th scope="col">Wallet</th>
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {payments.map((payment) => (
                  <tr key={payment.id}>
                    <td className="text-nowrap">
                      {displayDate(payment.paidOn)}
                      {byWhom(shared, payment.enteredBy) && (
                        <span className="small text-muted d-block">
                          {byWhom(shared, payment.enteredBy).trim()}
                        </span>
                      )}
                    </td>
                    <td className="text-nowrap">{displayDate(payment.dueDate)}</td>
                    <td className="text-end text-nowrap">
                      {payment.kind === 'SKIPPED' ? (
                        <Badge bg="secondary">Skipped</Badge>
                      ) : (
                        <MoneyText value={payment.amount} />
                      )}
                    </td>
                    <td>{payment.kind === 'SKIPPED' ? '-' : walletName(payment.walletId)}</td>
                    <td>
                      {payment.id === latestId && canWrite && (
                        <Button
                          size="sm"
                          variant="outline-secondary"
                          disabled={undoState.loading}
                          aria-label={`Undo the ${payment.kind === 'SKIPPED' ? 'skip' : 'payment'} due ${displayDate(payment.dueDate)}`}
                          onClick={() => void undoLatest(payment.id, payment.dueDate)}
                        >
                          Undo
                        </Button>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </Table>
          </div>
        )}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      </Modal.Footer>
    </Modal>
  );
}

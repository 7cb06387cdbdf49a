import { useMutation, useQuery } from '@apollo/client/react';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import Table from 'react-bootstrap/Table';
import { toDeleteError } from '../../app/apollo/errors';
import { ConfirmModal } from '../../components/ConfirmModal';
import { MoneyText, formatDollars } from '../../components/money';
import {
  DashboardWalletsDocument,
  DeleteTransactionDocument,
  WalletRegisterDocument,
  type WalletRegisterQuery,
} from '../../gql/graphql';
import { useCanWrite } from '../../kit/access';
import { displayDate } from '../../kit/dates';
import { MONEY_VIEWS } from '../../kit/moneyViews';
import { LazyImportStatementModal } from '../imports/LazyImportStatementModal';
import { byWhom, useHousehold } from '../households/useHousehold';

interface WalletRegisterModalProps {
  wallet: { walletId: string; walletName: string };
  onClose: () => void;
}

type Entry = WalletRegisterQuery['walletRegister'][number];

const signed = (entry: Entry) => (entry.direction === 'SPENT' ? -entry.amount : entry.amount);

/**
 * The wallet's entries of the last 28 days, newest first. Spent amounts show negative. Each entry
 * can be deleted (its amount goes back on the balance), and a bank statement imported from here.
 */
export function WalletRegisterModal({ wallet, onClose }: WalletRegisterModalProps) {
  const [importing, setImporting] = useState(false);
  const [deleting, setDeleting] = useState<Entry | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const canWrite = useCanWrite();
  const { shared } = useHousehold();
  const { data, loading, error } = useQuery(WalletRegisterDocument, {
    variables: { walletId: wallet.walletId },
    fetchPolicy: 'network-only',
  });
  const [deleteTransaction, deleteState] = useMutation(DeleteTransactionDocument, {
    refetchQueries: [WalletRegisterDocument, DashboardWalletsDocument, ...MONEY_VIEWS],
    awaitRefetchQueries: true,
  });
  const entries = data?.walletRegister ?? [];

  if (importing) return <LazyImportStatementModal wallet={wallet} onClose={() => setImporting(false)} />;

  const confirmDelete = async () => {
    if (!deleting) return;
    setDeleteError(null);
    try {
      await deleteTransaction({ variables: { id: deleting.id } });
      setDeleting(null);
    } catch (caught) {
      setDeleteError(toDeleteError(caught));
      setDeleting(null);
    }
  };

  return (
    <>
      <Modal show={!deleting} onHide={onClose} size="lg" aria-labelledby="wallet-register-title" scrollable>
        <Modal.Header closeButton>
          <Modal.Title id="wallet-register-title" className="h5">
            Wallet Register: {wallet.walletName}
            <div className="small text-muted fw-normal">(Transactions are deleted after 28 days)</div>
          </Modal.Title>
        </Modal.Header>
        {/* The body scrolls between header and footer: focusable, so a keyboard can scroll it. */}
        <Modal.Body tabIndex={0} role="region" aria-label="Register entries">
          {deleteError && <Alert variant="danger">{deleteError}</Alert>}
          {loading && !data ? (
            <p role="status">
              <Spinner as="span" size="sm" animation="border" aria-hidden="true" className="me-2" />
              Loading register ...
            </p>
          ) : error && !data ? (
            <Alert variant="danger">Problem loading the register. Try again later.</Alert>
          ) : entries.length === 0 ? (
            <p className="text-muted">There are no transactions to show</p>
          ) : (
            // On phones each entry becomes a card (dashboard.css .tn-stack): nothing is cut off.
            <div>
              <Table striped bordered size="sm" className="mb-0 tn-stack">
                <thead>
                  <tr>
                    <th scope="col" className="text-end">
                      Amount
                    </th>
                    <th scope="col">Date</th>
                    <th scope="col">Description</th>
                  </tr>
                </thead>
                <tbody>
                  {entries.map((entry) => (
                    <tr key={entry.id}>
                      <td data-label="Amount" className="text-end text-nowrap">
                        <MoneyText value={signed(entry)} />
                      </td>
                      <td data-label="Date" className="text-nowrap">
                        {displayDate(entry.date)}
                      </td>
                      <td data-label="Description">
                        <div className="d-flex align-items-start justify-content-between gap-2 w-100">
                          <span className="text-start">
                            {entry.transactionDescription}
                            {entry.importBatchId && <span className="small text-muted ms-2">(imported)</span>}
                            {byWhom(shared, entry.enteredBy) && (
                              <span className="small text-muted ms-2">
                                {byWhom(shared, entry.enteredBy).trim()}
                              </span>
                            )}
                          </span>
                          <Button
                            size="sm"
                            variant="outline-danger"
                            className="flex-shrink-0"
                            disabled={!canWrite}
                            aria-label={`Delete ${entry.transactionDescription ?? 'the entry'} of ${displayDate(entry.date)}`}
                            onClick={() => setDeleting(entry)}
                          >
                            Delete
                          </Button>
                        </div>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </Table>
            </div>
          )}
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-primary" onClick={() => setImporting(true)} disabled={!canWrite}>
            Import statement
          </Button>
          <Button variant="secondary" onClick={onClose}>
            Close Register
          </Button>
        </Modal.Footer>
      </Modal>
      <ConfirmModal
        show={deleting !== null}
        title="Delete Transaction"
        message={
          deleting &&
          `Delete '${deleting.transactionDescription ?? 'this entry'}' of ${displayDate(deleting.date)}? ${formatDollars(
            Math.abs(signed(deleting)),
          )} ${signed(deleting) < 0 ? 'goes back into' : 'comes out of'} ${wallet.walletName}.`
        }
        busy={deleteState.loading}
        confirmLabel="Delete"
        onCancel={() => setDeleting(null)}
        onConfirm={() => void confirmDelete()}
      />
    </>
  );
}

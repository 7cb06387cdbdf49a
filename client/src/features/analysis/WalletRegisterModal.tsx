import { useQuery } from '@apollo/client/react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import Table from 'react-bootstrap/Table';
import { MoneyText } from '../../components/money';
import { WalletRegisterDocument } from '../../gql/graphql';
import { displayDate } from '../../kit/dates';

interface WalletRegisterModalProps {
  wallet: { walletId: string; walletName: string };
  onClose: () => void;
}

/** The wallet's entries of the last 28 days, newest first. Spent amounts show negative. */
export function WalletRegisterModal({ wallet, onClose }: WalletRegisterModalProps) {
  const { data, loading, error } = useQuery(WalletRegisterDocument, {
    variables: { walletId: wallet.walletId },
    fetchPolicy: 'network-only',
  });
  const entries = data?.walletRegister ?? [];

  return (
    <Modal show onHide={onClose} size="lg" aria-labelledby="wallet-register-title" scrollable>
      <Modal.Header closeButton>
        <Modal.Title id="wallet-register-title" className="h5">
          Wallet Register: {wallet.walletName}
          <div className="small text-muted fw-normal">(Transactions are deleted after 28 days)</div>
        </Modal.Title>
      </Modal.Header>
      {/* The body scrolls between header and footer: focusable, so a keyboard can scroll it. */}
      <Modal.Body tabIndex={0} role="region" aria-label="Register entries">
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
                      <MoneyText value={entry.direction === 'SPENT' ? -entry.amount : entry.amount} />
                    </td>
                    <td data-label="Date" className="text-nowrap">
                      {displayDate(entry.date)}
                    </td>
                    <td data-label="Description">{entry.transactionDescription}</td>
                  </tr>
                ))}
              </tbody>
            </Table>
          </div>
        )}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={onClose}>
          Close Register
        </Button>
      </Modal.Footer>
    </Modal>
  );
}

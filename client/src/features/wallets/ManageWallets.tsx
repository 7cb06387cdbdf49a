import { useMutation, useQuery } from '@apollo/client/react';
import { useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Table from 'react-bootstrap/Table';
import { ConfirmModal } from '../../components/ConfirmModal';
import { MoneyText } from '../../components/money';
import { DashboardWalletsDocument, DeleteWalletDocument } from '../../gql/graphql';
import type { WalletRowFragment } from '../../gql/graphql';
import { useCanWrite } from '../dashboard/access';
import { ManageSection } from '../dashboard/ManageSection';
import { useDeleteRecord } from '../dashboard/useDeleteRecord';
import { WalletModal } from './WalletModal';

/** The Manage Wallets tab: Edit, Name, Description, Balance, Delete. */
export function ManageWallets() {
  const canWrite = useCanWrite();
  const { data, loading, error } = useQuery(DashboardWalletsDocument);
  const [deleteWallet] = useMutation(DeleteWalletDocument, {
    refetchQueries: [DashboardWalletsDocument, 'DashboardAnalysis'],
  });
  const [modal, setModal] = useState<{ wallet: WalletRowFragment | null } | null>(null);
  const removal = useDeleteRecord<WalletRowFragment>(async (wallet) => {
    const result = await deleteWallet({ variables: { id: wallet.id } });
    return result.data?.deleteWallet.deleted ?? false;
  });
  const wallets = data?.wallets ?? [];

  return (
    <>
      <ManageSection
        title="Manage Wallets"
        addLabel="Add Wallets"
        onAdd={() => setModal({ wallet: null })}
        loading={loading && !data}
        loadingText="Loading Wallets ..."
        loadError={error && !data ? 'error getting wallets' : null}
        empty={wallets.length === 0}
        emptyText="There are no wallets entered"
        deleteError={removal.error}
        onDismissDeleteError={removal.dismissError}
      >
        <Table striped bordered hover responsive size="sm" className="align-middle tn-stack">
          <thead>
            <tr>
              <th scope="col">Edit</th>
              <th scope="col">Name</th>
              <th scope="col">Description</th>
              <th scope="col" className="text-end">
                Balance
              </th>
              <th scope="col">Delete</th>
            </tr>
          </thead>
          <tbody>
            {wallets.map((wallet) => (
              <tr key={wallet.id}>
                <td className="tn-stack-action">
                  <Button
                    size="sm"
                    variant="outline-primary"
                    aria-label={`Edit ${wallet.walletName}`}
                    onClick={() => setModal({ wallet })}
                  >
                    Edit
                  </Button>
                </td>
                <td className="tn-stack-title text-nowrap">
                  {wallet.walletName}
                  {wallet.defaultWallet && (
                    <Badge bg="secondary" className="ms-2">
                      Default
                    </Badge>
                  )}
                </td>
                <td data-label="Description">{wallet.walletDescription}</td>
                <td data-label="Balance" className="text-end text-nowrap">
                  <MoneyText value={wallet.balance} />
                </td>
                <td className="tn-stack-action">
                  <Button
                    size="sm"
                    variant="outline-danger"
                    aria-label={`Delete ${wallet.walletName}`}
                    disabled={!canWrite}
                    onClick={() => removal.ask(wallet)}
                  >
                    Delete
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      </ManageSection>
      {modal && <WalletModal wallet={modal.wallet} onClose={() => setModal(null)} />}
      <ConfirmModal
        show={removal.target !== null}
        title="Delete Wallet"
        message={`Delete the wallet '${removal.target?.walletName ?? ''}' and its register?`}
        busy={removal.busy}
        onCancel={removal.cancel}
        onConfirm={removal.confirm}
      />
    </>
  );
}

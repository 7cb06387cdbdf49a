import { useState } from 'react';
import { Link } from 'react-router-dom';
import { accountSectionPath } from '../account/accountSections';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import { MoneyText } from '../../components/money';
import { DashboardWalletsDocument, DeleteWalletDocument } from '../../gql/graphql';
import { useCanWrite } from '../../kit/access';
import { DeleteCell, EditCell, ManageSection } from '../../kit/ManageSection';
import { useManagedList } from '../../kit/useManagedList';
import { LazyImportStatementModal } from '../imports/LazyImportStatementModal';
import { WalletModal } from './WalletModal';

/** The Manage Wallets tab: Edit, Name (with 'Import statement'), Description, Balance, Delete. */
export function ManageWallets() {
  const [importing, setImporting] = useState<{ walletId: string; walletName: string } | null>(null);
  const canWrite = useCanWrite();
  const list = useManagedList({
    list: DashboardWalletsDocument,
    rowsOf: (data) => data.wallets,
    remove: DeleteWalletDocument,
    deletedOf: (data) => data.deleteWallet.deleted,
  });

  return (
    <>
      <ManageSection
        title="Manage Wallets"
        addLabel="Add Wallets"
        actions={
          <Link to={accountSectionPath('bank-connections')} className="btn btn-outline-primary">
            Connect a bank
          </Link>
        }
        list={list}
        loadingText="Loading Wallets ..."
        loadErrorText="error getting wallets"
        emptyText="There are no wallets entered"
        deleteTitle="Delete Wallet"
        deleteMessage={(wallet) => `Delete the wallet '${wallet?.walletName ?? ''}' and its register?`}
      >
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
          {list.rows.map((wallet) => (
            <tr key={wallet.id}>
              <EditCell name={wallet.walletName} onEdit={() => list.openEdit(wallet)} />
              <td className="tn-stack-title text-nowrap">
                {wallet.walletName}
                {wallet.defaultWallet && (
                  <Badge bg="secondary" className="ms-2">
                    Default
                  </Badge>
                )}
                <div>
                  <Button
                    variant="outline-primary"
                    size="sm"
                    className="mt-1 text-nowrap"
                    aria-label={`Import a statement into ${wallet.walletName}`}
                    disabled={!canWrite}
                    onClick={() => setImporting({ walletId: wallet.id, walletName: wallet.walletName })}
                  >
                    Import statement
                  </Button>
                </div>
              </td>
              <td data-label="Description">{wallet.walletDescription}</td>
              <td data-label="Balance" className="text-end text-nowrap">
                <MoneyText value={wallet.balance} />
              </td>
              <DeleteCell name={wallet.walletName} onDelete={() => list.removal.ask(wallet)} />
            </tr>
          ))}
        </tbody>
      </ManageSection>
      {list.modal && <WalletModal wallet={list.modal.row} onClose={list.close} />}
      {importing && <LazyImportStatementModal wallet={importing} onClose={() => setImporting(null)} />}
    </>
  );
}

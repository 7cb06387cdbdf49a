import Badge from 'react-bootstrap/Badge';
import { MoneyText } from '../../components/money';
import { DashboardWalletsDocument, DeleteWalletDocument } from '../../gql/graphql';
import { DeleteCell, EditCell, ManageSection } from '../../kit/ManageSection';
import { useManagedList } from '../../kit/useManagedList';
import { WalletModal } from './WalletModal';

/** The Manage Wallets tab: Edit, Name, Description, Balance, Delete. */
export function ManageWallets() {
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
    </>
  );
}

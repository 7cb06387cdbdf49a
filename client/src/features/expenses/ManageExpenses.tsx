import { MoneyText } from '../../components/money';
import { DashboardLiabilitiesDocument, DeleteLiabilityDocument } from '../../gql/graphql';
import { displayDate } from '../dashboard/dates';
import { debtTypeLabel, expenseFrequencyLabel } from '../dashboard/domain';
import { DeleteCell, EditCell, ManageSection } from '../dashboard/ManageSection';
import { SourceCell } from '../dashboard/SourceCell';
import { useManagedList } from '../dashboard/useManagedList';
import { ExpenseModal } from './ExpenseModal';

/**
 * The Manage Expenses tab (Manage Fixed Expenses): Edit, Expense Source, Expense Type, Frequency,
 * Next Date Due, Amount, Balance, Auto Paid?, Delete.
 */
export function ManageExpenses() {
  const list = useManagedList({
    list: DashboardLiabilitiesDocument,
    rowsOf: (data) => data.liabilities,
    remove: DeleteLiabilityDocument,
    deletedOf: (data) => data.deleteLiability.deleted,
  });

  return (
    <>
      <ManageSection
        title="Manage Fixed Expenses"
        addLabel="Add Expenses"
        list={list}
        loadingText="Loading Expenses ..."
        loadErrorText="error getting expenses"
        emptyText="There are no expenses entered"
        deleteTitle="Delete Expense"
        deleteMessage={(liability) => `Delete the expense '${liability?.creditorName ?? ''}'?`}
      >
        <thead>
          <tr>
            <th scope="col">Edit</th>
            <th scope="col">Expense Source</th>
            <th scope="col">Expense Type</th>
            <th scope="col">Frequency</th>
            <th scope="col">Next Date Due</th>
            <th scope="col" className="text-end">
              Amount
            </th>
            <th scope="col" className="text-end">
              Balance
            </th>
            <th scope="col">Auto Paid?</th>
            <th scope="col">Delete</th>
          </tr>
        </thead>
        <tbody>
          {list.rows.map((liability) => (
            <tr key={liability.id}>
              <EditCell name={liability.creditorName} onEdit={() => list.openEdit(liability)} />
              <td className="tn-stack-title" style={{ minWidth: '10rem' }}>
                <SourceCell
                  name={liability.creditorName}
                  url={liability.creditorUrl}
                  notes={liability.creditorDescription}
                />
              </td>
              <td data-label="Expense Type" className="text-nowrap">
                {debtTypeLabel(liability.debtType)}
              </td>
              <td data-label="Frequency" className="text-nowrap">
                {expenseFrequencyLabel(liability.frequency)}
              </td>
              <td data-label="Next Date Due" className="text-nowrap">
                {displayDate(liability.dueDate)}
              </td>
              <td data-label="Amount" className="text-end text-nowrap">
                <MoneyText value={liability.payment} />
              </td>
              <td data-label="Balance" className="text-end text-nowrap">
                <MoneyText value={liability.balance} />
              </td>
              <td data-label="Auto Paid?">{liability.autoPay ? 'Yes' : 'No'}</td>
              <DeleteCell name={liability.creditorName} onDelete={() => list.removal.ask(liability)} />
            </tr>
          ))}
        </tbody>
      </ManageSection>
      {list.modal && <ExpenseModal liability={list.modal.row} onClose={list.close} />}
    </>
  );
}

import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import { MoneyText } from '../../components/money';
import { DashboardLiabilitiesDocument, DeleteLiabilityDocument } from '../../gql/graphql';
import { displayDate } from '../../kit/dates';
import { debtTypeLabel, expenseFrequencyLabel } from '../../kit/domain';
import { DeleteCell, EditCell, ManageSection } from '../../kit/ManageSection';
import { SourceCell } from '../../kit/SourceCell';
import { useManagedList } from '../../kit/useManagedList';
import { ExpenseModal } from './ExpenseModal';
import { PaymentHistoryModal } from './PaymentHistoryModal';

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
  const [historyOf, setHistoryOf] = useState<{ id: string; creditorName: string } | null>(null);

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
                <Button
                  variant="link"
                  size="sm"
                  className="px-0"
                  aria-label={`Payment history of ${liability.creditorName}`}
                  onClick={() => setHistoryOf(liability)}
                >
                  Payment history
                </Button>
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
      {historyOf && <PaymentHistoryModal liability={historyOf} onClose={() => setHistoryOf(null)} />}
    </>
  );
}

import { useMutation, useQuery } from '@apollo/client/react';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Table from 'react-bootstrap/Table';
import { ConfirmModal } from '../../components/ConfirmModal';
import { MoneyText } from '../../components/money';
import { DashboardLiabilitiesDocument, DeleteLiabilityDocument } from '../../gql/graphql';
import type { LiabilityRowFragment } from '../../gql/graphql';
import { useCanWrite } from '../dashboard/access';
import { displayDate } from '../dashboard/dates';
import { debtTypeLabel, expenseFrequencyLabel } from '../dashboard/domain';
import { ManageSection } from '../dashboard/ManageSection';
import { SourceCell } from '../dashboard/SourceCell';
import { useDeleteRecord } from '../dashboard/useDeleteRecord';
import { ExpenseModal } from './ExpenseModal';

/**
 * The Manage Expenses tab (Manage Fixed Expenses): Edit, Expense Source, Expense Type, Frequency,
 * Next Date Due, Amount, Balance, Auto Paid?, Delete.
 */
export function ManageExpenses() {
  const canWrite = useCanWrite();
  const { data, loading, error } = useQuery(DashboardLiabilitiesDocument);
  const [deleteLiability] = useMutation(DeleteLiabilityDocument, {
    refetchQueries: [DashboardLiabilitiesDocument, 'DashboardAnalysis'],
  });
  const [modal, setModal] = useState<{ liability: LiabilityRowFragment | null } | null>(null);
  const removal = useDeleteRecord<LiabilityRowFragment>(async (liability) => {
    const result = await deleteLiability({ variables: { id: liability.id } });
    return result.data?.deleteLiability.deleted ?? false;
  });
  const liabilities = data?.liabilities ?? [];

  return (
    <>
      <ManageSection
        title="Manage Fixed Expenses"
        addLabel="Add Expenses"
        onAdd={() => setModal({ liability: null })}
        loading={loading && !data}
        loadingText="Loading Expenses ..."
        loadError={error && !data ? 'error getting expenses' : null}
        empty={liabilities.length === 0}
        emptyText="There are no expenses entered"
        deleteError={removal.error}
        onDismissDeleteError={removal.dismissError}
      >
        <Table striped bordered hover responsive size="sm" className="align-middle tn-stack">
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
            {liabilities.map((liability) => (
              <tr key={liability.id}>
                <td className="tn-stack-action">
                  <Button
                    size="sm"
                    variant="outline-primary"
                    aria-label={`Edit ${liability.creditorName}`}
                    onClick={() => setModal({ liability })}
                  >
                    Edit
                  </Button>
                </td>
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
                <td className="tn-stack-action">
                  <Button
                    size="sm"
                    variant="outline-danger"
                    aria-label={`Delete ${liability.creditorName}`}
                    disabled={!canWrite}
                    onClick={() => removal.ask(liability)}
                  >
                    Delete
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      </ManageSection>
      {modal && <ExpenseModal liability={modal.liability} onClose={() => setModal(null)} />}
      <ConfirmModal
        show={removal.target !== null}
        title="Delete Expense"
        message={`Delete the expense '${removal.target?.creditorName ?? ''}'?`}
        busy={removal.busy}
        onCancel={removal.cancel}
        onConfirm={removal.confirm}
      />
    </>
  );
}

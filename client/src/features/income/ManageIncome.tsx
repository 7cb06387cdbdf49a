import { useMutation, useQuery } from '@apollo/client/react';
import { useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Table from 'react-bootstrap/Table';
import { ConfirmModal } from '../../components/ConfirmModal';
import { MoneyText } from '../../components/money';
import { DashboardIncomeSourcesDocument, DeleteIncomeSourceDocument } from '../../gql/graphql';
import type { IncomeSourceRowFragment } from '../../gql/graphql';
import { useCanWrite } from '../dashboard/access';
import { displayDate } from '../dashboard/dates';
import { incomeFrequencyLabel } from '../dashboard/domain';
import { ManageSection } from '../dashboard/ManageSection';
import { SourceCell } from '../dashboard/SourceCell';
import { useDeleteRecord } from '../dashboard/useDeleteRecord';
import { IncomeModal } from './IncomeModal';

/** The Manage Income tab: Edit, Source, Last Pay Date, Amount, Frequency Paid, Delete. */
export function ManageIncome() {
  const canWrite = useCanWrite();
  const { data, loading, error } = useQuery(DashboardIncomeSourcesDocument);
  const [deleteIncome] = useMutation(DeleteIncomeSourceDocument, {
    refetchQueries: [DashboardIncomeSourcesDocument, 'DashboardAnalysis'],
  });
  const [modal, setModal] = useState<{ source: IncomeSourceRowFragment | null } | null>(null);
  const removal = useDeleteRecord<IncomeSourceRowFragment>(async (source) => {
    const result = await deleteIncome({ variables: { id: source.id } });
    return result.data?.deleteIncomeSource.deleted ?? false;
  });
  const sources = data?.incomeSources ?? [];

  return (
    <>
      <ManageSection
        title="Manage Income"
        addLabel="Add Income Sources"
        onAdd={() => setModal({ source: null })}
        loading={loading && !data}
        loadingText="Loading Income ..."
        loadError={error && !data ? 'error getting income' : null}
        empty={sources.length === 0}
        emptyText="There is no income entered"
        deleteError={removal.error}
        onDismissDeleteError={removal.dismissError}
      >
        <Table striped bordered hover responsive size="sm" className="align-middle tn-stack">
          <thead>
            <tr>
              <th scope="col">Edit</th>
              <th scope="col">Source</th>
              <th scope="col">Last Pay Date</th>
              <th scope="col" className="text-end">
                Amount
              </th>
              <th scope="col">Frequency Paid</th>
              <th scope="col">Delete</th>
            </tr>
          </thead>
          <tbody>
            {sources.map((source) => (
              <tr key={source.id}>
                <td className="tn-stack-action">
                  <Button
                    size="sm"
                    variant="outline-primary"
                    aria-label={`Edit ${source.sourceName}`}
                    onClick={() => setModal({ source })}
                  >
                    Edit
                  </Button>
                </td>
                <td className="tn-stack-title" style={{ minWidth: '10rem' }}>
                  <SourceCell
                    name={source.sourceName}
                    url={source.sourceUrl}
                    notes={source.sourceDescription}
                  />
                  {!source.sourceStatus && (
                    <Badge bg="secondary" className="mt-1">
                      Inactive
                    </Badge>
                  )}
                </td>
                <td data-label="Last Pay Date" className="text-nowrap">
                  {displayDate(source.nextPmtDate)}
                </td>
                <td data-label="Amount" className="text-end text-nowrap">
                  <MoneyText value={source.paymentAmount} />
                </td>
                <td data-label="Frequency Paid" className="text-nowrap">
                  {incomeFrequencyLabel(source.incomeFrequency)}
                </td>
                <td className="tn-stack-action">
                  <Button
                    size="sm"
                    variant="outline-danger"
                    aria-label={`Delete ${source.sourceName}`}
                    disabled={!canWrite}
                    onClick={() => removal.ask(source)}
                  >
                    Delete
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      </ManageSection>
      {modal && <IncomeModal source={modal.source} onClose={() => setModal(null)} />}
      <ConfirmModal
        show={removal.target !== null}
        title="Delete Income Source"
        message={
          <>
            <p>Delete the income source &apos;{removal.target?.sourceName}&apos;?</p>
            <p className="mb-0">
              Consider setting it inactive instead (Edit, then switch off Active): an inactive source is kept
              for history and stays in your cash flow until the end of its pay cycle.
            </p>
          </>
        }
        busy={removal.busy}
        onCancel={removal.cancel}
        onConfirm={removal.confirm}
      />
    </>
  );
}

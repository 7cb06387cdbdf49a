import Badge from 'react-bootstrap/Badge';
import { MoneyText } from '../../components/money';
import { DashboardIncomeSourcesDocument, DeleteIncomeSourceDocument } from '../../gql/graphql';
import { displayDate } from '../../kit/dates';
import { incomeFrequencyLabel } from '../../kit/domain';
import { DeleteCell, EditCell, ManageSection } from '../../kit/ManageSection';
import { SourceCell } from '../../kit/SourceCell';
import { useManagedList } from '../../kit/useManagedList';
import { IncomeModal } from './IncomeModal';

/** The Manage Income tab: Edit, Source, Last Pay Date, Amount, Frequency Paid, Delete. */
export function ManageIncome() {
  const list = useManagedList({
    list: DashboardIncomeSourcesDocument,
    rowsOf: (data) => data.incomeSources,
    remove: DeleteIncomeSourceDocument,
    deletedOf: (data) => data.deleteIncomeSource.deleted,
  });

  return (
    <>
      <ManageSection
        title="Manage Income"
        addLabel="Add Income Sources"
        list={list}
        loadingText="Loading Income ..."
        loadErrorText="error getting income"
        emptyText="There is no income entered"
        deleteTitle="Delete Income Source"
        deleteMessage={(source) => (
          <>
            <p>Delete the income source &apos;{source?.sourceName}&apos;?</p>
            <p className="mb-0">
              Consider setting it inactive instead (Edit, then switch off Active): an inactive source is kept
              for history and stays in your cash flow until the end of its pay cycle.
            </p>
          </>
        )}
      >
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
          {list.rows.map((source) => (
            <tr key={source.id}>
              <EditCell name={source.sourceName} onEdit={() => list.openEdit(source)} />
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
              <DeleteCell name={source.sourceName} onDelete={() => list.removal.ask(source)} />
            </tr>
          ))}
        </tbody>
      </ManageSection>
      {list.modal && <IncomeModal source={list.modal.row} onClose={list.close} />}
    </>
  );
}

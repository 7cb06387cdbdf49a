import { useQuery } from '@apollo/client/react';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import { DateInput } from '../../components/DateInput';
import { formatDollars } from '../../components/money/money';
import {
  RowsToSortDocument,
  SpendingByCategoryDocument,
  SpendingCategoriesDocument,
  SpendingPeriodDocument,
  SpendingRowsDocument,
  type CategoryViewFragment,
} from '../../gql/graphql';
import { useCanWrite } from '../../kit/access';
import { browserTimeZone, todayIn } from '../../kit/dates';
import { BudgetsSection } from './BudgetsSection';
import { LedgerRowItem } from './LedgerRowItem';
import { MonthSwitcher } from './MonthSwitcher';
import { SortRowsModal } from './SortRowsModal';
import {
  changeFromUsual,
  monthRange,
  payPeriodRange,
  rowsToSort,
  shortDate,
  type DayRange,
} from './spendingView';
import './spending.css';

type Mode = 'period' | 'month' | 'range';

/** The rows of one category (or of none) in the range, opened under its line. */
function CategoryRows({
  range,
  categoryId,
  categories,
  currentYear,
}: {
  range: DayRange;
  categoryId: string | null;
  categories: readonly CategoryViewFragment[];
  currentYear: string;
}) {
  const [status, setStatus] = useState('');
  const variables = { ...range, first: 100, ...(categoryId ? { categoryId } : { uncategorized: true }) };
  const { data, loading, error, fetchMore } = useQuery(SpendingRowsDocument, { variables });
  if (error)
    return <p className="text-danger small px-3 py-2 mb-0">These rows could not be loaded. Try again.</p>;
  if (!data) return <p className="small px-3 py-2 mb-0">Loading rows ...</p>;
  const page = data.ledger;
  return (
    <div className="tn-category-rows">
      <p className="visually-hidden" role="status">
        {status}
      </p>
      <ul className="list-group list-group-flush">
        {page.rows.map((row) => (
          <LedgerRowItem
            key={row.id}
            row={row}
            categories={categories}
            currentYear={currentYear}
            onChanged={setStatus}
          />
        ))}
      </ul>
      {page.nextCursor && (
        <Button
          variant="link"
          size="sm"
          disabled={loading}
          onClick={() =>
            void fetchMore({
              variables: { after: page.nextCursor },
              updateQuery: (previous, { fetchMoreResult }) => ({
                ledger: {
                  ...fetchMoreResult.ledger,
                  rows: [...previous.ledger.rows, ...fetchMoreResult.ledger.rows],
                },
              }),
            })
          }
        >
          {`Show more (${page.total - page.rows.length} more)`}
        </Button>
      )}
    </div>
  );
}

/**
 * Spending (docs/product-rules.md §20): where this pay period's money went (or a month's, or any
 * range's), by category, with a bar each and how it compares with the three periods before; a
 * category opens its rows, each row's category can be changed, and the rows no category holds
 * are sorted one at a time.
 */
export function SpendingTab() {
  const timeZone = browserTimeZone();
  const today = todayIn(timeZone);
  const canWrite = useCanWrite();
  const [mode, setMode] = useState<Mode>('period');
  const [month, setMonth] = useState(today.slice(0, 7));
  const [custom, setCustom] = useState<DayRange>(() => ({ from: `${today.slice(0, 7)}-01`, to: today }));
  const [open, setOpen] = useState<string | null>(null);
  const [sorting, setSorting] = useState(false);
  const period = useQuery(SpendingPeriodDocument, { variables: { timeZone } });
  const categoriesQuery = useQuery(SpendingCategoriesDocument);
  const toSort = useQuery(RowsToSortDocument);
  const periodRange = period.data ? payPeriodRange(period.data.cashFlowAnalysis) : null;
  const customValid =
    /^\d{4}-\d{2}-\d{2}$/.test(custom.from) &&
    /^\d{4}-\d{2}-\d{2}$/.test(custom.to) &&
    custom.from <= custom.to;
  const range: DayRange | null =
    mode === 'period' ? periodRange : mode === 'month' ? monthRange(month) : customValid ? custom : null;
  const spending = useQuery(SpendingByCategoryDocument, {
    variables: range ?? { from: today, to: today },
    skip: range === null,
  });
  const categories = categoriesQuery.data?.categories ?? [];
  const entries = (spending.data ?? spending.previousData)?.spendingByCategory ?? [];
  const total = entries.reduce((sum, entry) => sum + entry.spent, 0);
  // What no category holds shows while there is some; a category spent in before shows even at $0.
  const shown = entries.filter((entry) => entry.category || entry.count > 0);
  const largest = Math.max(0, ...entries.map((entry) => entry.spent));
  const currentYear = today.slice(0, 4);
  const unsorted = toSort.data?.ledger.total ?? 0;
  const keyOf = (categoryId: string | null | undefined) => categoryId ?? 'none';

  return (
    <section aria-labelledby="spending-heading" className="tn-spending">
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-3">
        <h2 id="spending-heading" className="h4 mb-0">
          Where the money goes
        </h2>
        {canWrite && unsorted > 0 && (
          <Button variant="warning" size="sm" onClick={() => setSorting(true)}>
            {rowsToSort(unsorted)}
          </Button>
        )}
      </div>
      <BudgetsSection categories={categories} timeZone={timeZone} today={today} />
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <div className="tn-segmented" role="group" aria-label="Which days">
          {(
            [
              ['period', 'This pay period'],
              ['month', 'Month'],
              ['range', 'Dates'],
            ] as const
          ).map(([value, label]) => (
            <Button
              key={value}
              variant={mode === value ? 'primary' : 'link'}
              size="sm"
              aria-pressed={mode === value}
              onClick={() => setMode(value)}
            >
              {label}
            </Button>
          ))}
        </div>
        {mode === 'month' && <MonthSwitcher month={month} onChange={setMonth} />}
        {mode === 'range' && (
          <div className="d-flex flex-wrap align-items-center gap-2">
            <label className="small" htmlFor="spending-from">
              From
            </label>
            <DateInput
              id="spending-from"
              size="sm"
              value={custom.from}
              onChange={(from) => setCustom({ ...custom, from })}
            />
            <label className="small" htmlFor="spending-to">
              to
            </label>
            <DateInput
              id="spending-to"
              size="sm"
              value={custom.to}
              onChange={(to) => setCustom({ ...custom, to })}
            />
          </div>
        )}
      </div>
      {mode === 'range' && !customValid && (
        <p className="text-danger small">Choose a start date on or before the end date.</p>
      )}
      {range && (
        <p className="mb-3" role="status">
          {spending.data || spending.previousData ? (
            <>
              <span className="fs-5 fw-semibold">{formatDollars(total)}</span>{' '}
              <span className="text-body-secondary">
                spent from {shortDate(range.from, currentYear)} to {shortDate(range.to, currentYear)}
              </span>
            </>
          ) : spending.error ? (
            <span className="text-danger">Spending could not be loaded. Try again.</span>
          ) : (
            'Loading spending ...'
          )}
        </p>
      )}
      {spending.data && entries.length === 0 && (
        <p className="text-body-secondary">
          Nothing spent in these days yet. Rows from your bank or a statement show here by category.
        </p>
      )}
      <ul className="list-unstyled tn-spending-list">
        {shown.map((entry) => {
          const key = keyOf(entry.category?.id);
          const change = entry.category
            ? entry.count === 0
              ? { text: `Usually ${formatDollars(entry.previousAverage)}`, tone: 'same' as const }
              : changeFromUsual(entry.spent, entry.previousAverage)
            : { text: 'Open to sort them', tone: 'same' as const };
          const name = entry.category?.name ?? 'Not sorted yet';
          const opened = open === key;
          const width =
            largest > 0 && entry.spent > 0 ? Math.max(1, Math.round((entry.spent / largest) * 100)) : 0;
          return (
            <li key={key} className="card mb-2 shadow-sm">
              <button
                type="button"
                className="tn-spending-line btn text-start w-100"
                aria-expanded={opened}
                aria-controls={`rows-${key}`}
                onClick={() => setOpen(opened ? null : key)}
              >
                <span className="d-flex justify-content-between gap-2">
                  <span className="fw-semibold text-truncate">{name}</span>
                  <span className="fw-semibold text-nowrap">{formatDollars(entry.spent)}</span>
                </span>
                <span className="tn-bar" aria-hidden="true">
                  <span
                    style={{ width: `${width}%` }}
                    className={entry.category ? undefined : 'tn-bar-unsorted'}
                  />
                </span>
                <span className="d-flex justify-content-between gap-2 small text-body-secondary">
                  <span>{`${entry.count} ${entry.count === 1 ? 'row' : 'rows'}`}</span>
                  <span className={`tn-change-${change.tone}`}>{change.text}</span>
                </span>
              </button>
              {opened && range && (
                <div id={`rows-${key}`}>
                  <CategoryRows
                    range={range}
                    categoryId={entry.category?.id ?? null}
                    categories={categories}
                    currentYear={currentYear}
                  />
                </div>
              )}
            </li>
          );
        })}
      </ul>
      {sorting && (
        <SortRowsModal categories={categories} currentYear={currentYear} onClose={() => setSorting(false)} />
      )}
    </section>
  );
}

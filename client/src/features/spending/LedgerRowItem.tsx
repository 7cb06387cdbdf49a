import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { formatDollars } from '../../components/money/money';
import type { CategoryViewFragment, LedgerRowViewFragment } from '../../gql/graphql';
import { useCanWrite } from '../../kit/access';
import { CategorySelect } from './CategorySelect';
import { SplitModal } from './SplitModal';
import { categoryLabel, shortDate, taughtPayee } from './spendingView';
import { useCategorize } from './useCategorize';

interface LedgerRowItemProps {
  row: LedgerRowViewFragment;
  categories: readonly CategoryViewFragment[];
  currentYear: string;
  /** Told what happened, for the list's one status line ('Dining, and 3 more rows of Kims'). */
  onChanged: (message: string) => void;
}

/** One row of the ledger: what, when, how much, and its category, which a member may change. */
export function LedgerRowItem({ row, categories, currentYear, onChanged }: LedgerRowItemProps) {
  const canWrite = useCanWrite();
  const { choose, busy } = useCategorize();
  const [always, setAlways] = useState(true);
  const [splitting, setSplitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const id = `row-${row.id}`;

  async function pick(categoryId: string | null) {
    setError(null);
    try {
      const moved = await choose(row.id, categoryId, always && categoryId !== null);
      const chosen = categories.find((category) => category.id === categoryId);
      const name = chosen ? categoryLabel(chosen, categories) : 'Not sorted';
      onChanged(
        moved > 0
          ? `${name}, and ${moved} more ${moved === 1 ? 'row' : 'rows'} of ${taughtPayee(row.payee)}`
          : `${row.payee}: ${name}`,
      );
    } catch (failure) {
      setError((failure as Error).message);
    }
  }

  return (
    <li className="list-group-item tn-ledger-row">
      <div className="d-flex justify-content-between gap-2">
        <div className="text-truncate">
          <span className="fw-semibold" id={`${id}-payee`}>
            {row.payee}
          </span>
          <span className="d-block small text-body-secondary text-truncate" title={row.description}>
            {shortDate(row.date, currentYear)} · {row.description}
          </span>
        </div>
        <span className={`text-nowrap tn-amount${row.direction === 'DEPOSITED' ? ' text-success' : ''}`}>
          {row.direction === 'DEPOSITED' ? `+${formatDollars(row.amount)}` : formatDollars(row.amount)}
        </span>
      </div>
      {row.splits.length > 0 ? (
        <div className="d-flex flex-wrap align-items-center gap-2 mt-2">
          <span className="small">
            Split:{' '}
            {row.splits
              .map((part) => `${categoryLabel(part.category, categories)} $${part.amount.toFixed(2)}`)
              .join(' · ')}
          </span>
          {canWrite && (
            <Button size="sm" variant="outline-secondary" onClick={() => setSplitting(true)}>
              Change split
            </Button>
          )}
        </div>
      ) : (
        <div className="d-flex flex-wrap align-items-center gap-2 mt-2">
          <CategorySelect
            size="sm"
            className="tn-row-category"
            aria-label={`Category of ${row.payee} on ${row.date}`}
            categories={categories}
            value={row.category?.id ?? null}
            disabled={!canWrite || busy}
            onChange={(categoryId) => void pick(categoryId)}
          />
          {canWrite && (
            <>
              <Form.Check
                id={`${id}-always`}
                className="small mb-0"
                label={`Always for ${taughtPayee(row.payee)}`}
                checked={always}
                onChange={(event) => setAlways(event.target.checked)}
              />
              <Button
                size="sm"
                variant="outline-secondary"
                className="ms-auto"
                onClick={() => setSplitting(true)}
              >
                Split
              </Button>
            </>
          )}
        </div>
      )}
      {error && (
        <p className="text-danger small mb-0 mt-1" role="alert">
          {error}
        </p>
      )}
      {splitting && <SplitModal row={row} categories={categories} onClose={() => setSplitting(false)} />}
    </li>
  );
}

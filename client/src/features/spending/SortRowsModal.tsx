import { useQuery } from '@apollo/client/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { formatDollars } from '../../components/money/money';
import { RowsToSortDocument, type CategoryViewFragment, type LedgerRowViewFragment } from '../../gql/graphql';
import { categoryLabel, nextByLetter, pickableCategories, shortDate, taughtPayee } from './spendingView';
import { useCategorize } from './useCategorize';

/**
 * '12 rows to sort': the rows no category holds, one at a time. A category's first letter moves
 * to it (again: the next one with that letter), Enter or a click puts the row there; 'Always for'
 * (on by default) sorts the payee's other rows too, which then leave the walk.
 */
export function SortRowsModal({
  categories,
  currentYear,
  onClose,
}: {
  categories: readonly CategoryViewFragment[];
  currentYear: string;
  onClose: () => void;
}) {
  const { data } = useQuery(RowsToSortDocument, { fetchPolicy: 'cache-and-network' });
  const { choose, busy } = useCategorize();
  const [skipped, setSkipped] = useState<ReadonlySet<string>>(new Set());
  const [sorted, setSorted] = useState(0);
  const [always, setAlways] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const pickable = useMemo(() => pickableCategories(categories), [categories]);
  const names = useMemo(
    () => pickable.map((category) => categoryLabel(category, categories)),
    [pickable, categories],
  );
  const waiting = (data?.ledger.rows ?? []).filter((row) => !skipped.has(row.id));
  const row: LedgerRowViewFragment | undefined = waiting[0];
  const left = Math.max(0, (data?.ledger.total ?? 0) - skipped.size);

  // The walk answers letters wherever focus is in the dialog (after a row is sorted the buttons are
  // briefly disabled and focus leaves them): a letter moves to the next category it starts.
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (
        event.key.length !== 1 ||
        !/[a-z]/i.test(event.key) ||
        event.metaKey ||
        event.ctrlKey ||
        event.altKey
      )
        return;
      const from = buttons.current.findIndex((button) => button === document.activeElement);
      const next = nextByLetter(names, event.key, from);
      if (next >= 0) {
        event.preventDefault();
        buttons.current[next]?.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [names]);
  // Each new row starts at the first category, ready for a letter or Enter.
  const rowId = row?.id;
  useEffect(() => {
    if (rowId && !busy) buttons.current[0]?.focus();
  }, [rowId, busy]);

  async function put(categoryId: string) {
    if (!row) return;
    setError(null);
    try {
      await choose(row.id, categoryId, always);
      setSorted((count) => count + 1);
    } catch (failure) {
      setError((failure as Error).message);
    }
  }

  return (
    <Modal show onHide={onClose} centered scrollable aria-labelledby="sort-title" size="lg">
      <Modal.Header closeButton>
        <Modal.Title id="sort-title" className="h5">
          Sort your rows
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {!data ? (
          <p role="status">Loading rows ...</p>
        ) : !row ? (
          <p role="status" className="mb-0">
            {sorted > 0
              ? `All sorted: ${sorted} ${sorted === 1 ? 'row' : 'rows'} put in a category.`
              : 'Nothing to sort.'}
          </p>
        ) : (
          <>
            <p className="small text-body-secondary mb-1" role="status">
              {`${left} left`}
              {sorted > 0 ? ` · ${sorted} sorted` : ''}
            </p>
            <div className="tn-sort-row border rounded p-3 mb-3">
              <div className="d-flex justify-content-between gap-2">
                <span className="fw-semibold fs-5">{row.payee}</span>
                <span className={`fs-5 text-nowrap${row.direction === 'DEPOSITED' ? ' text-success' : ''}`}>
                  {row.direction === 'DEPOSITED'
                    ? `+${formatDollars(row.amount)}`
                    : formatDollars(row.amount)}
                </span>
              </div>
              <div className="small text-body-secondary">
                {shortDate(row.date, currentYear)} · {row.direction === 'SPENT' ? 'Spent' : 'Money in'} ·{' '}
                {row.description}
              </div>
            </div>
            <Form.Check
              id="sort-always"
              className="mb-2"
              label={`Always for ${taughtPayee(row.payee)}`}
              checked={always}
              onChange={(event) => setAlways(event.target.checked)}
            />
            <p className="small text-body-secondary" id="sort-keys">
              Type a category&apos;s first letter to move to it, then press Enter.
            </p>
            <div
              className="tn-category-grid"
              role="group"
              aria-label="Categories"
              aria-describedby="sort-keys"
            >
              {pickable.map((category, index) => (
                <Button
                  key={category.id}
                  ref={(element: HTMLButtonElement | null) => {
                    buttons.current[index] = element;
                  }}
                  variant="outline-primary"
                  size="sm"
                  disabled={busy}
                  onClick={() => void put(category.id)}
                >
                  {names[index]}
                </Button>
              ))}
            </div>
            {error && (
              <p className="text-danger small mt-2 mb-0" role="alert">
                {error}
              </p>
            )}
          </>
        )}
      </Modal.Body>
      <Modal.Footer>
        {row && (
          <Button
            variant="outline-secondary"
            disabled={busy}
            onClick={() => setSkipped((before) => new Set([...before, row.id]))}
          >
            Skip
          </Button>
        )}
        <Button variant="primary" onClick={onClose}>
          Done
        </Button>
      </Modal.Footer>
    </Modal>
  );
}

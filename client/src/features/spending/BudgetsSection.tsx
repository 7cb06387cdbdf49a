import { useMutation, useQuery } from '@apollo/client/react';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { describeFailure, serverMessageOr } from '../../app/apollo/errors';
import { MoneyInput } from '../../components/money';
import { formatDollars } from '../../components/money/money';
import { SpinnerButton } from '../../components/SpinnerButton';
import {
  BudgetProgressDocument,
  BudgetSuggestionsDocument,
  RemoveBudgetDocument,
  SetBudgetDocument,
  type BudgetProgressQuery,
  type CategoryViewFragment,
} from '../../gql/graphql';
import { useCanWrite } from '../../kit/access';
import { CategorySelect } from './CategorySelect';
import { MonthSwitcher } from './MonthSwitcher';
import { categoryLabel } from './spendingView';

type Progress = BudgetProgressQuery['budgetProgress'][number];

const REFRESH = ['BudgetProgress', 'BudgetSuggestions'];

/** How a budget's month reads: '$20.00 left · $1.33 a day', or '$12.00 over'. */
export function budgetLine(progress: Pick<Progress, 'left' | 'leftPerDay'>): string {
  if (progress.left < 0) return `${formatDollars(-progress.left)} over`;
  return progress.leftPerDay > 0
    ? `${formatDollars(progress.left)} left · ${formatDollars(progress.leftPerDay)} a day`
    : `${formatDollars(progress.left)} left`;
}

/** Set a budget, or change one: the amount starts at the suggestion from the last three months. */
function BudgetModal({
  editing,
  categories,
  timeZone,
  onClose,
}: {
  editing: Progress['budget'] | null;
  categories: readonly CategoryViewFragment[];
  timeZone: string;
  onClose: () => void;
}) {
  const suggestions = useQuery(BudgetSuggestionsDocument, { variables: { timeZone } });
  const [categoryId, setCategoryId] = useState<string | null>(editing?.category.id ?? null);
  const [typed, setTyped] = useState<number | null | undefined>(editing ? editing.monthly : undefined);
  const [rollover, setRollover] = useState(editing?.rollover ?? false);
  const [error, setError] = useState<string | null>(null);
  const [save, saving] = useMutation(SetBudgetDocument, { refetchQueries: REFRESH });
  const [remove, removing] = useMutation(RemoveBudgetDocument, { refetchQueries: REFRESH });
  const suggestion = suggestions.data?.budgetSuggestions.find((entry) => entry.category.id === categoryId);
  const monthly = typed === undefined ? (suggestion?.monthly ?? null) : typed;
  const busy = saving.loading || removing.loading;

  async function run(work: () => Promise<unknown>) {
    setError(null);
    try {
      await work();
      onClose();
    } catch (failure) {
      setError(serverMessageOr(describeFailure(failure), 'The budget could not be saved. Try again.'));
    }
  }

  return (
    <Modal show onHide={busy ? undefined : onClose} centered aria-labelledby="budget-title">
      <Modal.Header closeButton={!busy}>
        <Modal.Title id="budget-title" className="h5">
          {editing ? `Budget for ${editing.category.name}` : 'Set a budget'}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {!editing && (
          <Form.Group className="mb-3" controlId="budget-category">
            <Form.Label>Category</Form.Label>
            <CategorySelect
              categories={categories}
              value={categoryId}
              noneLabel="Choose a category"
              onChange={(chosen) => {
                setCategoryId(chosen);
                setTyped(undefined);
              }}
            />
          </Form.Group>
        )}
        <Form.Group className="mb-3" controlId="budget-monthly">
          <Form.Label>A month</Form.Label>
          <MoneyInput value={monthly} onValueChange={setTyped} />
          {suggestion && (
            <Form.Text
              muted
            >{`Suggested from the last three months: ${formatDollars(suggestion.monthly)}`}</Form.Text>
          )}
        </Form.Group>
        <Form.Check
          id="budget-rollover"
          label="Carry what is left (or overspent) into the next month"
          checked={rollover}
          onChange={(event) => setRollover(event.target.checked)}
        />
        {error && (
          <p className="text-danger small mt-2 mb-0" role="alert">
            {error}
          </p>
        )}
      </Modal.Body>
      <Modal.Footer>
        {editing && (
          <Button
            variant="outline-danger"
            className="me-auto"
            disabled={busy}
            onClick={() => void run(() => remove({ variables: { id: editing.id } }))}
          >
            Remove
          </Button>
        )}
        <Button variant="secondary" onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <SpinnerButton
          busy={saving.loading}
          busyLabel="Saving..."
          disabled={!categoryId || monthly === null || busy}
          onClick={() =>
            void run(() =>
              save({
                variables: { categoryId: categoryId as string, monthly: monthly ?? 0, rollover, timeZone },
              }),
            )
          }
        >
          Save budget
        </SpinnerButton>
      </Modal.Footer>
    </Modal>
  );
}

/**
 * Budgets (docs/product-rules.md §24) on the Spending tab: each as a bar of what the month holds,
 * what is left and left a day, for this month or any other.
 */
export function BudgetsSection({
  categories,
  timeZone,
  today,
}: {
  categories: readonly CategoryViewFragment[];
  timeZone: string;
  today: string;
}) {
  const canWrite = useCanWrite();
  const [month, setMonth] = useState(today.slice(0, 7));
  const [editing, setEditing] = useState<Progress['budget'] | null | 'new'>(null);
  const { data, previousData, error } = useQuery(BudgetProgressDocument, { variables: { month, timeZone } });
  const rows = (data ?? previousData)?.budgetProgress ?? [];

  return (
    <section aria-labelledby="budgets-heading" className="card shadow-sm mb-3">
      <div className="card-body">
        <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
          <h3 id="budgets-heading" className="h5 mb-0 me-auto">
            Budgets
          </h3>
          <MonthSwitcher month={month} onChange={setMonth} of="Budgets" />
          {canWrite && (
            <Button size="sm" variant="outline-primary" onClick={() => setEditing('new')}>
              Set a budget
            </Button>
          )}
        </div>
        {error && <p className="text-danger small">Budgets could not be loaded. Try again.</p>}
        {(data || previousData) && rows.length === 0 && (
          <p className="small text-body-secondary mb-0">
            No budgets yet. Set one for a category to see, each day, how much of it is left.
          </p>
        )}
        <ul className="list-unstyled mb-0">
          {rows.map((row) => {
            const holds = row.budget.monthly + row.carried;
            const width =
              holds > 0
                ? Math.min(100, Math.round((Math.max(0, row.spent) / holds) * 100))
                : row.spent > 0
                  ? 100
                  : 0;
            return (
              <li key={row.budget.id} className="tn-budget py-2 border-top">
                <div className="d-flex justify-content-between gap-2">
                  <span className="fw-semibold text-truncate">
                    {categoryLabel(row.budget.category, categories)}
                    {row.status !== 'UNDER' && (
                      <span
                        className={`badge ms-2 ${row.status === 'OVER' ? 'text-bg-danger' : 'text-bg-warning'}`}
                      >
                        {row.status === 'OVER' ? 'Over' : 'Near'}
                      </span>
                    )}
                  </span>
                  <span className="text-nowrap">
                    {formatDollars(row.spent)}{' '}
                    <span className="text-body-secondary">of {formatDollars(holds)}</span>
                  </span>
                </div>
                <span className="tn-bar my-1" aria-hidden="true">
                  <span style={{ width: `${width}%` }} className={`tn-budget-${row.status.toLowerCase()}`} />
                </span>
                <div className="d-flex justify-content-between gap-2 small">
                  <span className={row.left < 0 ? 'text-danger' : 'text-body-secondary'}>
                    {budgetLine(row)}
                    {row.carried !== 0 &&
                      ` (${row.carried > 0 ? 'with' : 'less'} ${formatDollars(Math.abs(row.carried))} carried)`}
                  </span>
                  {canWrite && (
                    <Button
                      variant="link"
                      size="sm"
                      className="p-0"
                      aria-label={`Change the budget for ${row.budget.category.name}`}
                      onClick={() => setEditing(row.budget)}
                    >
                      Change
                    </Button>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      </div>
      {editing !== null && (
        <BudgetModal
          editing={editing === 'new' ? null : editing}
          categories={categories}
          timeZone={timeZone}
          onClose={() => setEditing(null)}
        />
      )}
    </section>
  );
}

import { useMutation, useQuery } from '@apollo/client/react';
import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { useId, useState, type FormEvent } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { DateInput } from '../../components/DateInput';
import { Field } from '../../components/Field';
import { FormMessage, type Feedback } from '../../components/FormMessage';
import { MoneyInput, MoneyText } from '../../components/money';
import { PageSpinner } from '../../components/PageSpinner';
import { SpinnerButton } from '../../components/SpinnerButton';
import { toSaveError } from '../../app/apollo/errors';
import {
  AcceptRecurringSuggestionDocument,
  DismissRecurringSuggestionDocument,
  RecurringReviewDocument,
  type DebtType,
  type RecurringSuggestionViewFragment,
} from '../../gql/graphql';
import { displayDate } from '../../kit/dates';
import { DEBT_TYPE_OPTIONS } from '../../kit/domain';
import { AFTER_RECURRING_CHANGE, evidenceSummary, FREQUENCY_WORDS, RECURRING_LISTS } from './recurringView';

type Suggestion = RecurringSuggestionViewFragment;

interface ReviewProps {
  walletName: (walletId: string) => string;
  timeZone: string;
  canWrite: boolean;
  onClose: () => void;
}

/**
 * Found in your bank's review: each suggestion with its evidence, added as a bill or as pay through
 * a short edit step, or set aside as not recurring. Sure ones first; two-time ones under 'Maybe'.
 * The evidence is asked for here, when the review opens, not with the dashboard's card.
 */
export function RecurringReview({ walletName, timeZone, canWrite, onClose }: ReviewProps) {
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  const { data, loading, error } = useQuery(RecurringReviewDocument, { variables: { timeZone } });
  const suggestions = data?.recurringSuggestions ?? [];
  const sure = suggestions.filter((suggestion) => suggestion.status === 'MATURE');
  const maybe = suggestions.filter((suggestion) => suggestion.status === 'EARLY');
  const item = (suggestion: Suggestion) => (
    <SuggestionItem
      key={suggestion.id}
      suggestion={suggestion}
      walletName={walletName(suggestion.walletId)}
      timeZone={timeZone}
      canWrite={canWrite}
      onDone={setFeedback}
    />
  );
  return (
    <Modal show onHide={onClose} size="lg" fullscreen="sm-down" scrollable aria-labelledby="found-title">
      <Modal.Header closeButton>
        <Modal.Title id="found-title">Found in your bank</Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p className="text-body-secondary">
          Bills and pay that repeat in your statements. Add the ones you want TrueNet to plan with.
        </p>
        <FormMessage feedback={feedback} />
        {loading && !data ? (
          <PageSpinner label="Loading what was found ..." />
        ) : error && !data ? (
          <p className="text-danger">Problem loading what was found. Refresh page.</p>
        ) : (
          suggestions.length === 0 && <p>Nothing left to review.</p>
        )}
        {sure.length > 0 && <ul className="list-unstyled mb-0">{sure.map(item)}</ul>}
        {maybe.length > 0 && (
          <>
            <h3 className="h6 mt-4 mb-1">Maybe</h3>
            <p className="small text-body-secondary">Seen twice so far: add them if you know they repeat.</p>
            <ul className="list-unstyled mb-0">{maybe.map(item)}</ul>
          </>
        )}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      </Modal.Footer>
    </Modal>
  );
}

interface ItemProps {
  suggestion: Suggestion;
  walletName: string;
  timeZone: string;
  canWrite: boolean;
  onDone: (feedback: Feedback) => void;
}

function SuggestionItem({ suggestion, walletName, timeZone, canWrite, onDone }: ItemProps) {
  const [editing, setEditing] = useState(false);
  const [dismiss, dismissState] = useMutation(DismissRecurringSuggestionDocument, {
    refetchQueries: RECURRING_LISTS,
    awaitRefetchQueries: true,
  });
  const bill = suggestion.kind === 'BILL';
  const first = suggestion.occurrences[0];
  const headingId = useId();

  async function notRecurring() {
    try {
      await dismiss({ variables: { id: suggestion.id } });
      onDone({ variant: 'info', text: `${suggestion.name} will not be suggested again.` });
    } catch (caught) {
      const failure = toSaveError(caught);
      onDone({ variant: 'danger', text: failure.detail ?? failure.message });
    }
  }

  return (
    <li className="border rounded-3 p-3 mb-2" aria-labelledby={headingId}>
      <div className="d-flex flex-wrap justify-content-between align-items-baseline gap-2">
        <h3 id={headingId} className="h6 mb-0 text-break">
          {suggestion.name}{' '}
          <Badge bg={bill ? 'secondary' : 'success'} className="align-middle fw-normal">
            {bill ? 'Bill' : 'Pay'}
          </Badge>
        </h3>
        <span className="fw-semibold text-nowrap">
          {suggestion.amountVaries ? (
            <>
              varies, latest <MoneyText value={suggestion.amount} />
            </>
          ) : (
            <MoneyText value={suggestion.amount} />
          )}
        </span>
      </div>
      <p className="small text-body-secondary mb-2">
        {FREQUENCY_WORDS[suggestion.frequency]} · next {displayDate(suggestion.nextDate)} · {walletName}
      </p>
      <details className="small mb-2">
        <summary>
          {evidenceSummary(suggestion.kind, suggestion.occurrences.length, displayDate(first?.date))}
        </summary>
        <table className="table table-sm mb-0 mt-1">
          <caption className="visually-hidden">What the bank shows</caption>
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col" className="text-end">
                Amount
              </th>
              <th scope="col">As the bank wrote it</th>
            </tr>
          </thead>
          <tbody>
            {suggestion.occurrences.map((occurrence) => (
              <tr key={`${occurrence.date}${occurrence.description}`}>
                <td className="text-nowrap">{displayDate(occurrence.date)}</td>
                <td className="text-end">
                  <MoneyText value={occurrence.amount} />
                </td>
                <td className="text-break">{occurrence.description}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
      {editing ? (
        <AcceptForm
          suggestion={suggestion}
          timeZone={timeZone}
          onCancel={() => setEditing(false)}
          onAdded={(text) => onDone({ variant: 'success', text })}
        />
      ) : (
        <div className="d-flex flex-wrap gap-2">
          <Button size="sm" onClick={() => setEditing(true)} disabled={!canWrite}>
            {bill ? 'Add as a bill' : 'Add as pay'}
          </Button>
          <SpinnerButton
            size="sm"
            variant="outline-secondary"
            busy={dismissState.loading}
            busyLabel="Saving..."
            disabled={!canWrite}
            onClick={() => void notRecurring()}
          >
            Not recurring
          </SpinnerButton>
        </div>
      )}
    </li>
  );
}

interface FormProps {
  suggestion: Suggestion;
  timeZone: string;
  onCancel: () => void;
  onAdded: (text: string) => void;
}

/** The field the server named in its refusal, so the message sits under it. */
function refusedField(error: unknown): string | undefined {
  if (!CombinedGraphQLErrors.is(error)) return undefined;
  const field = error.errors[0]?.extensions?.field;
  return typeof field === 'string' ? field : undefined;
}

/** The short edit step: the suggestion's values, each changeable, then one Add. */
function AcceptForm({ suggestion, timeZone, onCancel, onAdded }: FormProps) {
  const bill = suggestion.kind === 'BILL';
  const id = useId();
  const [name, setName] = useState(suggestion.name);
  const [amount, setAmount] = useState<number | null>(suggestion.amount);
  const [nextDate, setNextDate] = useState(suggestion.nextDate);
  const [debtType, setDebtType] = useState<DebtType | ''>('');
  const [autoPay, setAutoPay] = useState(false);
  const [error, setError] = useState<{ field?: string; text: string } | null>(null);
  const [accept, acceptState] = useMutation(AcceptRecurringSuggestionDocument, {
    refetchQueries: AFTER_RECURRING_CHANGE,
    awaitRefetchQueries: true,
  });

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    try {
      await accept({
        variables: {
          id: suggestion.id,
          timeZone,
          input: {
            name,
            amount,
            nextDate,
            ...(bill ? { debtType: debtType || null, autoPay } : {}),
          },
        },
      });
      onAdded(`${name.trim()} was added ${bill ? 'to your bills' : 'to your pay'}.`);
    } catch (caught) {
      const failure = toSaveError(caught);
      setError({ field: refusedField(caught), text: failure.detail ?? failure.message });
    }
  }

  const errorOf = (field: string) => (error?.field === field ? error.text : undefined);
  return (
    <Form noValidate onSubmit={(event) => void submit(event)} aria-label={`Add ${suggestion.name}`}>
      <div className="row g-2">
        <Field
          id={`${id}-name`}
          label={bill ? 'Bill name' : 'Pay name'}
          error={errorOf('name')}
          className="col-sm-6"
        >
          <Form.Control
            value={name}
            maxLength={100}
            isInvalid={Boolean(errorOf('name'))}
            aria-invalid={Boolean(errorOf('name'))}
            onChange={(event) => setName(event.target.value)}
          />
        </Field>
        <Field id={`${id}-amount`} label="Amount" error={errorOf('amount')} className="col-6 col-sm-3">
          <MoneyInput
            value={amount}
            onValueChange={setAmount}
            isInvalid={Boolean(errorOf('amount'))}
            aria-invalid={Boolean(errorOf('amount'))}
          />
        </Field>
        <Field
          id={`${id}-date`}
          label={bill ? 'Next due' : 'Next pay'}
          error={errorOf('nextDate')}
          className="col-6 col-sm-3"
        >
          <DateInput
            value={nextDate}
            onChange={setNextDate}
            isInvalid={Boolean(errorOf('nextDate'))}
            aria-invalid={Boolean(errorOf('nextDate'))}
          />
        </Field>
        {bill && (
          <>
            <Field id={`${id}-type`} label="Type" className="col-sm-6">
              <Form.Select
                value={debtType}
                onChange={(event) => setDebtType(event.target.value as DebtType | '')}
              >
                <option value="">Suggested for its amount</option>
                {DEBT_TYPE_OPTIONS.map((option) => (
                  <option key={option.code} value={option.code}>
                    {option.label}
                  </option>
                ))}
              </Form.Select>
            </Field>
            <Form.Group className="col-sm-6 d-flex align-items-end pb-sm-2" controlId={`${id}-auto`}>
              <Form.Check
                type="switch"
                label="Paid automatically"
                checked={autoPay}
                onChange={(event) => setAutoPay(event.target.checked)}
              />
            </Form.Group>
          </>
        )}
      </div>
      {error && !error.field && (
        <p role="alert" className="text-danger small mb-2">
          {error.text}
        </p>
      )}
      <div className="d-flex flex-wrap gap-2 mt-1">
        <SpinnerButton type="submit" size="sm" busy={acceptState.loading} busyLabel="Adding...">
          {bill ? 'Add bill' : 'Add pay'}
        </SpinnerButton>
        <Button size="sm" variant="outline-secondary" onClick={onCancel} disabled={acceptState.loading}>
          Cancel
        </Button>
      </div>
    </Form>
  );
}

import { useMutation } from '@apollo/client/react';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import { SpinnerButton } from '../../components/SpinnerButton';
import { formatDollars } from '../../components/money/money';
import { toSaveError } from '../../app/apollo/errors';
import {
  ApplyAmountChangeDocument,
  DismissAmountChangeDocument,
  type AmountChangeViewFragment,
} from '../../gql/graphql';
import { displayDate } from '../../kit/dates';
import { AFTER_RECURRING_CHANGE, amountChangeHeadline } from './recurringView';

interface NoticesProps {
  changes: readonly AmountChangeViewFragment[];
  timeZone: string;
  canWrite: boolean;
}

/**
 * 'Netflix went up: $15.49 → $17.99': a bill or pay whose last two payments at the bank agree on
 * another amount. *Update to $17.99* follows the bank from the next occurrence on; *Keep $15.49*
 * hides it until yet another amount appears.
 */
export function AmountChangeNotices({ changes, timeZone, canWrite }: NoticesProps) {
  if (changes.length === 0) return null;
  return (
    <section aria-label="Amounts that changed at the bank">
      {changes.map((change) => (
        <AmountChangeNotice key={change.id} change={change} timeZone={timeZone} canWrite={canWrite} />
      ))}
    </section>
  );
}

function AmountChangeNotice({
  change,
  timeZone,
  canWrite,
}: {
  change: AmountChangeViewFragment;
  timeZone: string;
  canWrite: boolean;
}) {
  const [failure, setFailure] = useState<string | null>(null);
  const options = { refetchQueries: AFTER_RECURRING_CHANGE, awaitRefetchQueries: true };
  const [apply, applying] = useMutation(ApplyAmountChangeDocument, options);
  const [dismiss, dismissing] = useMutation(DismissAmountChangeDocument, options);
  const busy = applying.loading || dismissing.loading;

  async function run(action: () => Promise<unknown>) {
    setFailure(null);
    try {
      await action();
    } catch (caught) {
      const error = toSaveError(caught);
      setFailure(error.detail ?? error.message);
    }
  }

  return (
    <Alert
      variant="warning"
      className="py-2 d-flex flex-wrap align-items-center justify-content-between gap-2"
    >
      <span>
        <strong>{amountChangeHeadline(change.name, change.scheduled, change.actual)}</strong>
        <span className="d-block small">
          {change.kind === 'BILL' ? 'Paid' : 'Received'} at the new amount twice, since{' '}
          {displayDate(change.since)}.
        </span>
        {failure && (
          <span role="alert" className="d-block small text-danger">
            {failure}
          </span>
        )}
      </span>
      <span className="d-flex flex-wrap gap-2">
        <SpinnerButton
          size="sm"
          busy={applying.loading}
          busyLabel="Updating..."
          disabled={!canWrite || busy}
          onClick={() => void run(() => apply({ variables: { id: change.id, timeZone } }))}
        >
          Update to {formatDollars(change.actual)}
        </SpinnerButton>
        <SpinnerButton
          size="sm"
          variant="outline-secondary"
          busy={dismissing.loading}
          busyLabel="Saving..."
          disabled={!canWrite || busy}
          onClick={() => void run(() => dismiss({ variables: { id: change.id } }))}
        >
          Keep {formatDollars(change.scheduled)}
        </SpinnerButton>
      </span>
    </Alert>
  );
}

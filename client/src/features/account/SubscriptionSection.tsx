import { useState } from 'react';
import { useMutation } from '@apollo/client/react';
import Card from 'react-bootstrap/Card';
import { openExternal } from '../../app/browser';
import { ConfirmModal } from '../../components/ConfirmModal';
import { FormMessage, type Feedback } from '../../components/FormMessage';
import { SpinnerButton } from '../../components/SpinnerButton';
import {
  CancelSubscriptionDocument,
  CreatePortalSessionDocument,
  type ManageAccountQuery,
} from '../../gql/graphql';
import { displayInstant, SUBSCRIPTION_STATUS_LABELS } from './format';

type Subscription = NonNullable<ManageAccountQuery['me']['subscription']>;

export const CANCEL_CONFIRM_TEXT =
  'Are you sure you want to cancel your subscription? This action cannot be undone.';

/** Where the payment provider's portal sends the user back (the product specification). */
export function portalReturnUrl(): string {
  return `${window.location.origin}${window.location.pathname}#/manageaccount/updated`;
}

interface CancelOutcome {
  title: string;
  text: string;
  variant: 'success' | 'danger';
}

/** Subscription status and renewal date; update the payment method; cancel the subscription. */
export function SubscriptionSection({ subscription }: { subscription: Subscription | null }) {
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [outcome, setOutcome] = useState<CancelOutcome | null>(null);
  const [createPortalSession, { loading: openingPortal }] = useMutation(CreatePortalSessionDocument);
  const [cancelSubscription, { loading: cancelling }] = useMutation(CancelSubscriptionDocument, {
    refetchQueries: ['ManageAccount'],
  });

  const onUpdatePayment = async () => {
    setFeedback(null);
    try {
      const { data } = await createPortalSession({ variables: { returnUrl: portalReturnUrl() } });
      if (!data?.createPortalSession) throw new Error('no portal address');
      openExternal(data.createPortalSession);
    } catch {
      setFeedback({ variant: 'danger', text: 'Update payment not available. Try again later.' });
    }
  };

  const onConfirmCancel = async () => {
    try {
      await cancelSubscription();
      setOutcome({
        title: 'Account Cancelled',
        text: 'Your account is cancelled at the end of this billing cycle. There will be no more charges.',
        variant: 'success',
      });
    } catch {
      setOutcome({
        title: 'Error',
        text: 'There was an error cancelling your account. Please try again later.',
        variant: 'danger',
      });
    } finally {
      setConfirming(false);
    }
  };

  const endsAt = subscription?.status === 'TRIALING' ? subscription.trialEnd : subscription?.currentPeriodEnd;
  const cancelled = subscription?.cancelAtPeriodEnd || subscription?.status === 'CANCELED';
  // A cancellation that takes effect later says so once, in the status, with its date.
  const cancelsLater = Boolean(subscription?.cancelAtPeriodEnd) && subscription?.status !== 'CANCELED';
  const status = !subscription
    ? 'No subscription'
    : cancelsLater && endsAt
      ? `Cancels on ${displayInstant(endsAt)}`
      : SUBSCRIPTION_STATUS_LABELS[subscription.status];
  const dateLabel = subscription?.status === 'TRIALING' ? 'Trial ends' : 'Renewal date';
  const canCancel = Boolean(subscription) && !cancelled && subscription?.status !== 'INCOMPLETE';

  return (
    <Card as="section" aria-labelledby="subscription-title" className="mb-4 shadow-sm">
      <Card.Body>
        <Card.Title as="h2" id="subscription-title" className="h5 mb-3">
          Subscription
        </Card.Title>
        <dl className="row">
          <dt className="col-sm-4">Status</dt>
          <dd className="col-sm-8" data-testid="subscription-status">
            {status}
          </dd>
          {subscription?.plan && (
            <>
              <dt className="col-sm-4">Plan</dt>
              <dd className="col-sm-8">{subscription.plan === 'YEARLY' ? 'Pay yearly' : 'Pay quarterly'}</dd>
            </>
          )}
          {endsAt && !cancelled && (
            <>
              <dt className="col-sm-4">{dateLabel}</dt>
              <dd className="col-sm-8" data-testid="subscription-renewal">
                {displayInstant(endsAt)}
              </dd>
            </>
          )}
        </dl>
        {outcome && (
          <div
            role={outcome.variant === 'danger' ? 'alert' : 'status'}
            className={`alert alert-${outcome.variant}`}
          >
            <strong className="d-block">{outcome.title}</strong>
            {outcome.text}
          </div>
        )}
        <FormMessage feedback={feedback} />
        <div className="d-flex flex-wrap gap-2">
          <SpinnerButton
            variant="outline-primary"
            busy={openingPortal}
            busyLabel="Loading ..."
            onClick={onUpdatePayment}
            disabled={!subscription}
          >
            Update payment method
          </SpinnerButton>
          {canCancel && (
            <SpinnerButton
              variant="outline-danger"
              busy={cancelling}
              busyLabel="Cancelling ..."
              onClick={() => setConfirming(true)}
            >
              Cancel subscription
            </SpinnerButton>
          )}
        </div>
      </Card.Body>
      <ConfirmModal
        show={confirming}
        title="Cancel subscription"
        message={CANCEL_CONFIRM_TEXT}
        onCancel={() => setConfirming(false)}
        onConfirm={onConfirmCancel}
        busy={cancelling}
        cancelLabel="Keep my subscription"
        confirmLabel="Cancel subscription"
      />
    </Card>
  );
}

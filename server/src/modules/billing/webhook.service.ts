import Stripe from 'stripe';
import type { EntityManager } from 'typeorm';
import type { Config } from '../../config';
import { execute, queryOne, queryRows } from '../../db/sql';
import type { AppDeps } from '../../deps';
import {
  debtorIdFromMetadata,
  refId,
  secondsToDate,
  statusFromProvider,
  type BillingEvent,
  type CheckoutSessionObject,
  type InvoiceObject,
  type SubscriptionObject,
} from './billing-events';
import { planOfPrice } from './plans';
import type { SubscriptionStatusValue } from './subscription.entity';
import { sendTrialEndingMail, type TrialEndingMail } from './trial-mail';

/** The signature did not match, was missing, or is older than the tolerance: nothing is applied. */
export class WebhookSignatureError extends Error {}

/**
 * Checks the `Stripe-Signature` header against the raw request bytes with STRIPE_WEBHOOK_SECRET
 * (Stripe's default tolerance: a signature older than 300 s is refused, so a captured request
 * cannot be replayed later) and returns the event.
 */
export function verifyWebhookEvent(
  config: Pick<Config, 'billing'>,
  rawBody: unknown,
  signature: string | undefined,
): BillingEvent {
  if (!Buffer.isBuffer(rawBody) || rawBody.length === 0) throw new WebhookSignatureError('Missing body');
  if (!signature) throw new WebhookSignatureError('Missing Stripe-Signature header');
  try {
    return Stripe.webhooks.constructEvent(rawBody, signature, config.billing.webhookSecret) as BillingEvent;
  } catch (error) {
    throw new WebhookSignatureError((error as Error).message);
  }
}

export type ApplyOutcome = 'applied' | 'duplicate';

interface SubscriptionRow {
  debtorId: number;
  status: SubscriptionStatusValue;
  providerSubscriptionId: string | null;
  providerUpdatedAt: Date | null;
}

/** What to do once the transaction has committed (mail must not hold the transaction open). */
type AfterCommit = { trialEndingMail?: TrialEndingMail };

/** Subscriptions that are over (or never began) may be replaced by a new checkout's subscription. */
const REPLACEABLE: readonly SubscriptionStatusValue[] = ['incomplete', 'canceled'];

async function lockRow(m: EntityManager, debtorId: number | null): Promise<SubscriptionRow | undefined> {
  if (debtorId === null) return undefined;
  return queryOne<SubscriptionRow>(
    m,
    `SELECT debtor_id AS "debtorId", status, provider_subscription_id AS "providerSubscriptionId",
            provider_updated_at AS "providerUpdatedAt"
       FROM subscription WHERE debtor_id = $1 FOR UPDATE`,
    [debtorId],
  );
}

/** The account a provider subscription belongs to: by its id, then checkout metadata, then customer. */
async function findAccountOf(
  m: EntityManager,
  subscriptionId: string | null,
  metadata: Record<string, string> | null | undefined,
  customerId: string | null,
): Promise<number | null> {
  if (subscriptionId) {
    const bySubscription = await queryOne<{ debtorId: number }>(
      m,
      'SELECT debtor_id AS "debtorId" FROM subscription WHERE provider_subscription_id = $1',
      [subscriptionId],
    );
    if (bySubscription) return bySubscription.debtorId;
  }
  const fromMetadata = debtorIdFromMetadata(metadata);
  if (fromMetadata) return fromMetadata;
  if (!customerId) return null;
  const byCustomer = await queryOne<{ debtorId: number }>(
    m,
    'SELECT debtor_id AS "debtorId" FROM subscription WHERE provider_customer_id = $1',
    [customerId],
  );
  return byCustomer?.debtorId ?? null;
}

/** An event older than the newest one applied must not overwrite the newer state. */
function isStale(row: SubscriptionRow, created: Date): boolean {
  return row.providerUpdatedAt !== null && created.getTime() < new Date(row.providerUpdatedAt).getTime();
}

/** Events of a subscription the account has since replaced by a new one are history. */
function belongsToAnotherSubscription(row: SubscriptionRow, subscriptionId: string): boolean {
  return (
    row.providerSubscriptionId !== null &&
    row.providerSubscriptionId !== subscriptionId &&
    !REPLACEABLE.includes(row.status)
  );
}

/**
 * checkout.session.completed: link the provider's customer and subscription to the account named
 * by `client_reference_id`. The account starts trialing, unless the session says otherwise (an
 * expanded subscription's own status, or a paid session without a trial: active). A subscription
 * event that already arrived keeps its say: only an incomplete or canceled account changes status.
 */
async function applyCheckoutCompleted(m: EntityManager, session: CheckoutSessionObject) {
  const debtorId = Number(session.client_reference_id) || debtorIdFromMetadata(session.metadata);
  const row = await lockRow(m, debtorId || null);
  if (!row || session.status === 'open' || session.status === 'expired') return;
  const subscriptionId = refId(session.subscription);
  if (subscriptionId && belongsToAnotherSubscription(row, subscriptionId)) return;
  const expandedStatus =
    typeof session.subscription === 'object' ? statusFromProvider(session.subscription?.status) : null;
  const status =
    expandedStatus ??
    (session.payment_status === 'paid' ? 'active' : ('trialing' as SubscriptionStatusValue));
  const takesStatus = REPLACEABLE.includes(row.status) && row.providerSubscriptionId !== subscriptionId;
  await execute(
    m,
    `UPDATE subscription
        SET provider_customer_id = COALESCE($2, provider_customer_id),
            provider_subscription_id = COALESCE($3, provider_subscription_id),
            checkout_session_id = $4,
            status = CASE WHEN $5 THEN $6 ELSE status END,
            cancel_at_period_end = CASE WHEN $5 THEN false ELSE cancel_at_period_end END,
            updated_at = now()
      WHERE debtor_id = $1`,
    [row.debtorId, refId(session.customer), subscriptionId, session.id, takesStatus, status],
  );
}

/**
 * customer.subscription.created|updated|deleted: the subscription's state as the provider saw it
 * at `created`. Events may arrive late or twice; an older one than the state stored is ignored, so
 * the account always ends in the provider's latest state.
 */
async function applySubscriptionState(
  m: EntityManager,
  config: Pick<Config, 'billing'>,
  subscription: SubscriptionObject,
  created: Date,
) {
  const debtorId = await findAccountOf(
    m,
    subscription.id,
    subscription.metadata,
    refId(subscription.customer),
  );
  const row = await lockRow(m, debtorId);
  if (!row || isStale(row, created) || belongsToAnotherSubscription(row, subscription.id)) return;
  const item = subscription.items?.data?.[0];
  await execute(
    m,
    `UPDATE subscription
        SET status = COALESCE($2, status),
            plan = COALESCE($3, plan),
            provider_customer_id = COALESCE($4, provider_customer_id),
            provider_subscription_id = $5,
            trial_end = $6,
            current_period_end = COALESCE($7, current_period_end),
            cancel_at_period_end = $8,
            provider_updated_at = $9,
            updated_at = now()
      WHERE debtor_id = $1`,
    [
      row.debtorId,
      statusFromProvider(subscription.status),
      planOfPrice(config, item?.price?.id),
      refId(subscription.customer),
      subscription.id,
      secondsToDate(subscription.trial_end),
      secondsToDate(item?.current_period_end),
      subscription.cancel_at_period_end ?? false,
      created,
    ],
  );
}

/**
 * invoice.paid / invoice.payment_failed: a real charge that succeeds makes the subscription active
 * again; a failed one makes it past due (it may still write while the provider retries). The
 * matching customer.subscription.updated says the same; whichever is newer wins.
 */
async function applyInvoice(m: EntityManager, invoice: InvoiceObject, created: Date, paid: boolean) {
  const details = invoice.parent?.subscription_details;
  const subscriptionId = refId(details?.subscription);
  if (!subscriptionId) return;
  const debtorId = await findAccountOf(m, subscriptionId, details?.metadata, refId(invoice.customer));
  const row = await lockRow(m, debtorId);
  if (!row || row.providerSubscriptionId !== subscriptionId || isStale(row, created)) return;
  const from: SubscriptionStatusValue[] = paid
    ? ['trialing', 'past_due', 'unpaid', 'incomplete']
    : ['trialing', 'active'];
  if (paid && !(invoice.amount_paid && invoice.amount_paid > 0)) return;
  if (!from.includes(row.status)) return;
  await execute(
    m,
    `UPDATE subscription SET status = $2, provider_updated_at = $3, updated_at = now() WHERE debtor_id = $1`,
    [row.debtorId, paid ? 'active' : 'past_due', created],
  );
}

/** customer.subscription.trial_will_end: who to tell, mailed once the event is recorded. */
async function trialEndingMailFor(
  m: EntityManager,
  subscription: SubscriptionObject,
): Promise<TrialEndingMail | undefined> {
  const debtorId = await findAccountOf(
    m,
    subscription.id,
    subscription.metadata,
    refId(subscription.customer),
  );
  if (!debtorId) return undefined;
  const [account] = await queryRows<Omit<TrialEndingMail, 'trialEnd'> & { storedTrialEnd: Date | null }>(
    m,
    `SELECT d.email, d.first_name AS "firstName", d.time_zone AS "timeZone", s.plan,
            s.trial_end AS "storedTrialEnd"
       FROM subscription s JOIN debtor d ON d.id = s.debtor_id
      WHERE s.debtor_id = $1`,
    [debtorId],
  );
  if (!account) return undefined;
  const { storedTrialEnd, ...recipient } = account;
  return { ...recipient, trialEnd: secondsToDate(subscription.trial_end) ?? storedTrialEnd };
}

/**
 * Applies one provider event exactly once: its id is recorded in processed_webhook_event in the
 * same transaction as its effects, so a redelivery (or a concurrent duplicate, which waits on the
 * primary key) changes nothing, and a failure leaves no trace and lets the provider retry.
 * Unknown types are recorded and ignored. Used by the webhook route and the offline stand-in alike.
 */
export async function applyBillingEvent(deps: AppDeps, event: BillingEvent): Promise<ApplyOutcome> {
  const created = new Date(event.created * 1000);
  const afterCommit: AfterCommit = {};
  const outcome = await deps.dataSource.transaction(async (m): Promise<ApplyOutcome> => {
    const recorded = await queryRows(
      m,
      `INSERT INTO processed_webhook_event (event_id, type, event_created_at) VALUES ($1, $2, $3)
       ON CONFLICT (event_id) DO NOTHING RETURNING event_id`,
      [event.id, event.type, created],
    );
    if (recorded.length === 0) return 'duplicate';
    const object = event.data.object;
    switch (event.type) {
      case 'checkout.session.completed':
        await applyCheckoutCompleted(m, object as CheckoutSessionObject);
        break;
      case 'customer.subscription.created':
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted':
        await applySubscriptionState(m, deps.config, object as SubscriptionObject, created);
        break;
      case 'invoice.paid':
      case 'invoice.payment_failed':
        await applyInvoice(m, object as InvoiceObject, created, event.type === 'invoice.paid');
        break;
      case 'customer.subscription.trial_will_end':
        afterCommit.trialEndingMail = await trialEndingMailFor(m, object as SubscriptionObject);
        break;
      default:
        break;
    }
    return 'applied';
  });
  if (afterCommit.trialEndingMail) {
    // The event is recorded: a mail failure is logged, not retried (one reminder, never a flood).
    await sendTrialEndingMail(deps, afterCommit.trialEndingMail).catch((error: Error) =>
      deps.logger.error({ err: error, eventId: event.id }, 'trial ending mail failed'),
    );
  }
  return outcome;
}

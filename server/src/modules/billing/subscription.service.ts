import { randomUUID } from 'node:crypto';
import { execute, queryOne } from '../../db/sql';
import type { AppDeps } from '../../deps';
import type { Queryable } from '../../db/sql';
import { badUserInput } from '../../errors';
import { BillingProviderError, cancelFailed, portalUnavailable } from './billing-errors';
import { portalReturnUrl } from './return-urls';
import type { Subscription, SubscriptionStatusValue } from './subscription.entity';

export type SubscriptionView = Pick<
  Subscription,
  | 'debtorId'
  | 'status'
  | 'plan'
  | 'trialEnd'
  | 'currentPeriodEnd'
  | 'cancelAtPeriodEnd'
  | 'providerCustomerId'
  | 'providerSubscriptionId'
>;

/** Subscriptions still running at the provider: the ones that can be cancelled. */
const CANCELLABLE: readonly SubscriptionStatusValue[] = ['trialing', 'active', 'past_due', 'unpaid'];

/** The account's subscription as last reported by the provider; null before any checkout. */
export async function readSubscription(db: Queryable, debtorId: number): Promise<SubscriptionView | null> {
  const row = await queryOne<SubscriptionView>(
    db,
    `SELECT debtor_id AS "debtorId", status, plan, trial_end AS "trialEnd",
            current_period_end AS "currentPeriodEnd", cancel_at_period_end AS "cancelAtPeriodEnd",
            provider_customer_id AS "providerCustomerId", provider_subscription_id AS "providerSubscriptionId"
       FROM subscription WHERE debtor_id = $1`,
    [debtorId],
  );
  return row ?? null;
}

/**
 * Cancels at the end of the billing period (the product specification 'Account Cancelled'): the provider
 * stops charging, and the account keeps its access until then. The provider is told first; only
 * when it agreed is the account marked, so the two never disagree. Its webhook confirms it later.
 */
export async function cancelSubscriptionAtPeriodEnd(
  deps: AppDeps,
  debtorId: number,
): Promise<SubscriptionView> {
  const current = await readSubscription(deps.dataSource, debtorId);
  if (!current?.providerSubscriptionId || !CANCELLABLE.includes(current.status)) {
    throw badUserInput('There is no running subscription to cancel.');
  }
  if (current.cancelAtPeriodEnd) return current;
  let providerState;
  try {
    providerState = await deps.billing.cancelAtPeriodEnd({
      subscriptionId: current.providerSubscriptionId,
      idempotencyKey: `cancel-${current.providerSubscriptionId}-${randomUUID()}`,
    });
  } catch (error) {
    if (!(error instanceof BillingProviderError)) throw error;
    deps.logger.warn({ err: error, debtorId }, 'subscription could not be cancelled');
    throw cancelFailed();
  }
  await execute(
    deps.dataSource,
    `UPDATE subscription
        SET cancel_at_period_end = true, current_period_end = COALESCE($2, current_period_end), updated_at = now()
      WHERE debtor_id = $1`,
    [debtorId, providerState.currentPeriodEnd],
  );
  return (await readSubscription(deps.dataSource, debtorId))!;
}

/**
 * The provider's portal, where the user updates the payment method. It always returns to
 * `#/manageaccount/updated`, the page that tells the outcome: the `returnUrl` the specification's
 * payload carries is not followed, so the portal can never send a user somewhere else.
 */
export async function openPaymentPortal(deps: AppDeps, debtorId: number): Promise<string> {
  const current = await readSubscription(deps.dataSource, debtorId);
  if (!current?.providerCustomerId) throw portalUnavailable();
  try {
    const { url } = await deps.billing.createPortalSession({
      customerId: current.providerCustomerId,
      returnUrl: portalReturnUrl(deps.config.appUrl),
    });
    return url;
  } catch (error) {
    if (!(error instanceof BillingProviderError)) throw error;
    deps.logger.warn({ err: error, debtorId }, 'portal session could not be created');
    throw portalUnavailable();
  }
}

import { randomUUID } from 'node:crypto';
import { DEFAULT_PLAN, TRIAL_DAYS, type PlanCode } from '@truenet/core';
import { execute, queryOne } from '../../db/sql';
import type { AppDeps } from '../../deps';
import { badUserInput, notFound } from '../../errors';
import { BillingProviderError, checkoutUnavailable } from './billing-errors';
import { priceIdOf } from './plans';
import { checkoutCancelUrl, checkoutSuccessUrl } from './return-urls';
import type { SubscriptionStatusValue } from './subscription.entity';

export interface CheckoutStart {
  checkoutUrl: string;
  sessionId: string;
}

/** Statuses from which a new checkout may start: nothing is being paid for. */
const NEEDS_CHECKOUT: readonly SubscriptionStatusValue[] = ['incomplete', 'canceled'];

/**
 * Opens a hosted checkout for an account whose subscription is not paid for: subscription mode,
 * the plan's price, a 7-day trial for an account that never had a subscription, and return URLs to
 * `#/createaccount/{sessionId}` (success) or `#/createaccount/failed`. The session id is stored
 * only once the provider answered; when it fails, nothing changes and the user gets a clear error
 * (the account stays incomplete, so signing in later offers the checkout again).
 * Called by registration after the account is committed, and by `createCheckoutSession` to retry.
 * The idempotency key is fresh per attempt: the SDK's own network retries of this call reuse it, so
 * they can never open a second session.
 */
export async function startCheckout(
  deps: AppDeps,
  debtor: { id: number; email: string; userName: string },
  plan: PlanCode,
): Promise<CheckoutStart> {
  const previous = await queryOne<{ customerId: string | null; subscriptionId: string | null }>(
    deps.dataSource,
    `SELECT provider_customer_id AS "customerId", provider_subscription_id AS "subscriptionId"
       FROM subscription WHERE debtor_id = $1`,
    [debtor.id],
  );
  let session: { url: string; sessionId: string };
  try {
    session = await deps.billing.createCheckoutSession({
      debtorId: debtor.id,
      email: debtor.email,
      customerId: previous?.customerId ?? null,
      plan,
      priceId: priceIdOf(deps.config, plan),
      trialDays: previous?.subscriptionId ? null : TRIAL_DAYS,
      successUrl: checkoutSuccessUrl(deps.config.appUrl),
      cancelUrl: checkoutCancelUrl(deps.config.appUrl),
      idempotencyKey: `checkout-${debtor.id}-${plan}-${randomUUID()}`,
    });
  } catch (error) {
    if (!(error instanceof BillingProviderError)) throw error;
    deps.logger.warn({ err: error, debtorId: debtor.id }, 'checkout session could not be created');
    throw checkoutUnavailable();
  }
  await execute(
    deps.dataSource,
    `INSERT INTO subscription (debtor_id, status, plan, checkout_session_id) VALUES ($1, 'incomplete', $2, $3)
     ON CONFLICT (debtor_id) DO UPDATE
       SET plan = EXCLUDED.plan, checkout_session_id = EXCLUDED.checkout_session_id, updated_at = now()`,
    [debtor.id, plan, session.sessionId],
  );
  return { checkoutUrl: session.url, sessionId: session.sessionId };
}

/**
 * `createCheckoutSession`: a signed-in account whose subscription is incomplete (checkout never
 * finished) or canceled (renewal) gets a new hosted checkout. An account already subscribed is
 * told so: a second subscription would charge it twice.
 */
export async function restartCheckout(
  deps: AppDeps,
  debtorId: number,
  plan: PlanCode | null | undefined,
): Promise<CheckoutStart & { uid: number }> {
  const account = await queryOne<{
    id: number;
    email: string;
    userName: string;
    status: SubscriptionStatusValue | null;
    plan: PlanCode | null;
  }>(
    deps.dataSource,
    `SELECT d.id, d.email, d.username AS "userName", s.status, s.plan
       FROM debtor d LEFT JOIN subscription s ON s.debtor_id = d.id
      WHERE d.id = $1`,
    [debtorId],
  );
  if (!account) throw notFound('Account');
  if (account.status && !NEEDS_CHECKOUT.includes(account.status)) {
    throw badUserInput(
      'Your subscription is already set up. Update your payment method from Manage Account instead.',
      'plan',
    );
  }
  const start = await startCheckout(deps, account, plan ?? account.plan ?? DEFAULT_PLAN);
  return { ...start, uid: account.id };
}

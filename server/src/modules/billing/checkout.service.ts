import type { PlanCode } from '@truenet/core';
import type { AppDeps } from '../../deps';

export interface CheckoutStart {
  checkoutUrl: string;
  sessionId: string;
}

/**
 * Opens a hosted checkout (7-day trial) for an account whose subscription is not yet paid.
 * Called by registration after the account is committed, and by `createCheckoutSession` to retry.
 * PLACEHOLDER: the billing work (issue 6) completes it (idempotency key, stored session id, errors).
 */
export async function startCheckout(
  deps: AppDeps,
  debtor: { id: number; email: string; userName: string },
  plan: PlanCode,
): Promise<CheckoutStart> {
  const session = await deps.billing.createCheckoutSession({
    debtorId: debtor.id,
    email: debtor.email,
    plan,
    idempotencyKey: `checkout-${debtor.id}-${plan}`,
  });
  return { checkoutUrl: session.url, sessionId: session.sessionId };
}

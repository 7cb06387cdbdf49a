import type { SubscriptionStatusValue } from './subscription.entity';

/** docs/product-rules.md: changing data needs a trialing, active or past_due subscription; reading always works. */
export function subscriptionAllowsWrite(status: SubscriptionStatusValue | null | undefined): boolean {
  return status === 'trialing' || status === 'active' || status === 'past_due';
}

import type { Plan, RegisterPayload, Subscription as SubscriptionType } from '../../generated/graphql';
import type { CheckoutStart } from './checkout.service';
import type { PlanOnSale } from './plans';
import { subscriptionAllowsWrite } from './subscription-access';
import type { SubscriptionView } from './subscription.service';

/** The GraphQL `Plan`: price in cents (the Money scalar turns it into dollars at the edge). */
export function presentPlan(plan: PlanOnSale): Plan {
  return {
    code: plan.code,
    label: plan.label,
    price: plan.priceCents,
    intervalMonths: plan.intervalMonths,
    priceId: plan.priceId,
    paymentLink: plan.paymentLink,
    isDefault: plan.isDefault,
    tagline: plan.tagline,
  };
}

function isoInstant(value: Date | null): string | null {
  return value ? new Date(value).toISOString() : null;
}

/** The GraphQL `Subscription`: the status as the enum, and whether the account may write now. */
export function presentSubscription(subscription: SubscriptionView): SubscriptionType {
  return {
    status: subscription.status.toUpperCase() as SubscriptionType['status'],
    plan: subscription.plan,
    trialEnd: isoInstant(subscription.trialEnd),
    currentPeriodEnd: isoInstant(subscription.currentPeriodEnd),
    cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
    canWrite: subscriptionAllowsWrite(subscription.status),
  };
}

export function presentCheckout(uid: number, start: CheckoutStart): RegisterPayload {
  return { uid, checkoutUrl: start.checkoutUrl, sessionId: start.sessionId };
}

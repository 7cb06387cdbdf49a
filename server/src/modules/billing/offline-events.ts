import { planByCode, TRIAL_DAYS, type PlanCode } from '@truenet/core';
import type { Config } from '../../config';
import type { BillingEvent } from './billing-events';
import { priceIdOf } from './plans';

export interface OfflineCheckout {
  sessionId: string;
  debtorId: number;
  plan: PlanCode;
  customerId: string | null;
  /** The account's subscription before this checkout, if any (a renewal gets no second trial). */
  previousSubscriptionId: string | null;
}

const DAY_SECONDS = 86400;

function addMonths(seconds: number, months: number): number {
  const date = new Date(seconds * 1000);
  date.setUTCMonth(date.getUTCMonth() + months);
  return Math.floor(date.getTime() / 1000);
}

/** The stand-in's customer of an account: one per account, as Stripe keeps one customer for it. */
export function offlineCustomerId(debtorId: number): string {
  return `cus_offline_${debtorId}`;
}

/** The stand-in's subscription id for a session: the same on every 'Pay' of that session. */
export function offlineSubscriptionId(sessionId: string): string {
  return `sub_offline_${sessionId.replace(/^cs_offline_/, '')}`;
}

/**
 * The events Stripe sends when a hosted checkout is paid, built in Stripe's shapes:
 * checkout.session.completed, then customer.subscription.created (trialing for a first
 * subscription). Event ids derive from the session, so paying twice applies once.
 */
export function offlineCheckoutEvents(
  config: Pick<Config, 'billing'>,
  checkout: OfflineCheckout,
  nowSeconds: number,
): BillingEvent[] {
  const subscriptionId = offlineSubscriptionId(checkout.sessionId);
  const customer = checkout.customerId ?? offlineCustomerId(checkout.debtorId);
  const metadata = { debtorId: String(checkout.debtorId) };
  const trial =
    checkout.previousSubscriptionId === null || checkout.previousSubscriptionId === subscriptionId;
  const trialEnd = trial ? nowSeconds + TRIAL_DAYS * DAY_SECONDS : null;
  const periodEnd = trialEnd ?? addMonths(nowSeconds, planByCode(checkout.plan).intervalMonths);
  const session = {
    id: checkout.sessionId,
    object: 'checkout.session',
    mode: 'subscription',
    status: 'complete',
    payment_status: trial ? 'no_payment_required' : 'paid',
    client_reference_id: String(checkout.debtorId),
    customer,
    subscription: subscriptionId,
    metadata,
  };
  const subscription = {
    id: subscriptionId,
    object: 'subscription',
    status: trial ? 'trialing' : 'active',
    customer,
    trial_end: trialEnd,
    cancel_at_period_end: false,
    metadata,
    items: {
      object: 'list',
      data: [
        {
          current_period_start: nowSeconds,
          current_period_end: periodEnd,
          price: { id: priceIdOf(config, checkout.plan) },
        },
      ],
    },
  };
  const id = checkout.sessionId.replace(/^cs_offline_/, '');
  return [
    {
      id: `evt_offline_${id}_checkout`,
      type: 'checkout.session.completed',
      created: nowSeconds,
      data: { object: session },
    },
    {
      id: `evt_offline_${id}_subscription`,
      type: 'customer.subscription.created',
      created: nowSeconds,
      data: { object: subscription },
    },
  ];
}

import type { SubscriptionStatusValue } from './subscription.entity';

/**
 * The provider events billing understands, in Stripe's shapes (API 2026-10-28). Only the fields we
 * read are typed; a verified `Stripe.Event` fits, and the offline stand-in builds the same objects,
 * so both go through one apply function.
 */
export interface BillingEvent {
  id: string;
  type: string;
  /** Unix seconds: orders the provider's state changes. */
  created: number;
  data: { object: unknown };
}

type Ref = string | { id: string } | null | undefined;
type Metadata = Record<string, string> | null | undefined;

export interface CheckoutSessionObject {
  id: string;
  status?: string | null;
  payment_status?: string | null;
  client_reference_id?: string | null;
  customer?: Ref;
  subscription?: string | { id: string; status?: string } | null;
  metadata?: Metadata;
}

export interface SubscriptionObject {
  id: string;
  status: string;
  customer?: Ref;
  trial_end?: number | null;
  cancel_at_period_end?: boolean;
  metadata?: Metadata;
  items?: { data?: { current_period_end?: number; price?: { id?: string } }[] };
}

export interface InvoiceObject {
  id: string;
  amount_paid?: number;
  customer?: Ref;
  parent?: { subscription_details?: { subscription?: Ref; metadata?: Metadata } | null } | null;
}

export function refId(ref: Ref | CheckoutSessionObject['subscription']): string | null {
  if (!ref) return null;
  return typeof ref === 'string' ? ref : ref.id;
}

/** The account id billing put on the session and subscription metadata at checkout. */
export function debtorIdFromMetadata(metadata: Metadata): number | null {
  const id = Number(metadata?.debtorId);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

export function secondsToDate(seconds: number | null | undefined): Date | null {
  return typeof seconds === 'number' ? new Date(seconds * 1000) : null;
}

/**
 * Stripe's subscription statuses in ours. `incomplete_expired` never became a subscription;
 * `paused` (a trial ended without a payment method) may not write until it is paid: unpaid.
 */
const STATUS_FROM_PROVIDER: Record<string, SubscriptionStatusValue> = {
  incomplete: 'incomplete',
  incomplete_expired: 'canceled',
  trialing: 'trialing',
  active: 'active',
  past_due: 'past_due',
  canceled: 'canceled',
  unpaid: 'unpaid',
  paused: 'unpaid',
};

export function statusFromProvider(status: string | undefined): SubscriptionStatusValue | null {
  return (status && STATUS_FROM_PROVIDER[status]) || null;
}

/** The event types billing acts on; any other type is acknowledged and ignored. */
export const HANDLED_EVENT_TYPES = [
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'customer.subscription.trial_will_end',
  'invoice.paid',
  'invoice.payment_failed',
] as const;

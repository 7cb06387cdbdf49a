import type { PlanCode } from '@truenet/core';
import type { Config } from '../../config';
import { createOfflineProvider } from './offline-provider';
import { createStripeProvider } from './stripe-provider';

export interface CheckoutSessionRequest {
  debtorId: number;
  email: string;
  /** The provider's customer when the account already has one (a renewal), so cards are reused. */
  customerId: string | null;
  plan: PlanCode;
  priceId: string;
  /** Free days before the first charge; null when the account already had its trial. */
  trialDays: number | null;
  successUrl: string;
  cancelUrl: string;
  /** The same key on a retried request makes the provider answer with the same session. */
  idempotencyKey: string;
}

/** What the provider says about a subscription after a change we asked for. */
export interface ProviderSubscriptionState {
  cancelAtPeriodEnd: boolean;
  currentPeriodEnd: Date | null;
}

/**
 * The payment provider as the rest of the server sees it: Stripe (the real SDK, possibly pointed
 * at a test double by STRIPE_API_URL) or the local stand-in. Every method throws
 * BillingProviderError when the provider fails. State changes never come back from these calls
 * alone: they arrive as provider events (webhooks, or the stand-in's internal events).
 */
export interface BillingProvider {
  readonly mode: 'stripe' | 'offline';
  createCheckoutSession(request: CheckoutSessionRequest): Promise<{ url: string; sessionId: string }>;
  createPortalSession(request: { customerId: string; returnUrl: string }): Promise<{ url: string }>;
  cancelAtPeriodEnd(request: {
    subscriptionId: string;
    idempotencyKey: string;
  }): Promise<ProviderSubscriptionState>;
}

export function createBillingProvider(config: Config): BillingProvider {
  return config.billing.mode === 'stripe' ? createStripeProvider(config) : createOfflineProvider(config);
}

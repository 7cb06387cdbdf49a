import Stripe from 'stripe';
import type { Config } from '../../config';
import { BillingProviderError } from './billing-errors';
import type { BillingProvider } from './billing-provider';

/**
 * How long one call may take. The SDK's default (80 s) would hold a person's checkout behind a
 * silent Stripe; one that answers within 10 s still succeeds. Stripe itself gets one retry on a
 * network failure (the SDK sends an idempotency key with it), so the longest wait is about 30 s.
 */
export const STRIPE_TIMEOUT_MS = 15_000;

/** Where the SDK sends its calls: Stripe itself, or the host of STRIPE_API_URL (a test double). */
function clientOptions(apiUrl: string | undefined): ConstructorParameters<typeof Stripe>[1] {
  if (!apiUrl) return { maxNetworkRetries: 1, timeout: STRIPE_TIMEOUT_MS, telemetry: false };
  const url = new URL(apiUrl);
  const protocol = url.protocol === 'https:' ? 'https' : 'http';
  return {
    host: url.hostname,
    port: url.port || (protocol === 'https' ? 443 : 80),
    protocol,
    maxNetworkRetries: 0,
    timeout: STRIPE_TIMEOUT_MS,
    telemetry: false,
  };
}

function periodEndOf(subscription: Stripe.Subscription): Date | null {
  const seconds = subscription.items?.data?.[0]?.current_period_end;
  return typeof seconds === 'number' ? new Date(seconds * 1000) : null;
}

async function guarded<T>(what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw new BillingProviderError(`Stripe ${what} failed: ${(error as Error).message}`, { cause: error });
  }
}

/** The real provider through the official SDK (API 2026-10-28). */
export function createStripeProvider(config: Config): BillingProvider {
  const { secretKey, apiUrl } = config.billing;
  if (!secretKey) throw new Error('STRIPE_SECRET_KEY is required for the Stripe provider');
  const stripe = new Stripe(secretKey, clientOptions(apiUrl));

  return {
    mode: 'stripe',

    async createCheckoutSession(request) {
      const metadata = { debtorId: String(request.debtorId) };
      const session = await guarded('checkout session', () =>
        stripe.checkout.sessions.create(
          {
            mode: 'subscription',
            line_items: [{ price: request.priceId, quantity: 1 }],
            client_reference_id: String(request.debtorId),
            ...(request.customerId ? { customer: request.customerId } : { customer_email: request.email }),
            subscription_data: {
              ...(request.trialDays ? { trial_period_days: request.trialDays } : {}),
              metadata,
            },
            metadata,
            success_url: request.successUrl,
            cancel_url: request.cancelUrl,
          },
          { idempotencyKey: request.idempotencyKey },
        ),
      );
      if (!session.url) throw new BillingProviderError('Stripe returned a checkout session without a URL');
      return { url: session.url, sessionId: session.id };
    },

    async createPortalSession({ customerId, returnUrl }) {
      const session = await guarded('portal session', () =>
        stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl }),
      );
      return { url: session.url };
    },

    async cancelAtPeriodEnd({ subscriptionId, idempotencyKey }) {
      const subscription = await guarded('subscription update', () =>
        stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true }, { idempotencyKey }),
      );
      return {
        cancelAtPeriodEnd: subscription.cancel_at_period_end,
        currentPeriodEnd: periodEndOf(subscription),
      };
    },
  };
}

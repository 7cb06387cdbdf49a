import { randomBytes } from 'node:crypto';
import type { Config } from '../../config';
import type { BillingProvider } from './billing-provider';

/** Checkout session ids of the stand-in: random, so a URL cannot be guessed from an account id. */
export const OFFLINE_SESSION_PATTERN = /^cs_offline_[0-9a-f]{32}$/;

/**
 * The local stand-in used without STRIPE_SECRET_KEY: its hosted pages are served by this app
 * (offline-pages.ts), which emits the provider's events through the same apply function as real
 * webhooks. No state lives here: the session id is stored on the account like Stripe's.
 */
export function createOfflineProvider(config: Pick<Config, 'appUrl'>): BillingProvider {
  return {
    mode: 'offline',
    async createCheckoutSession() {
      const sessionId = `cs_offline_${randomBytes(16).toString('hex')}`;
      return { url: `${config.appUrl}/billing/offline/checkout/${sessionId}`, sessionId };
    },
    async createPortalSession() {
      return { url: `${config.appUrl}/billing/offline/portal/bps_offline_${randomBytes(8).toString('hex')}` };
    },
    async cancelAtPeriodEnd() {
      // Nothing to stop charging: the account's own row is the stand-in's whole state.
      return { cancelAtPeriodEnd: true, currentPeriodEnd: null };
    },
  };
}

import type { PlanCode } from '@truenet/core';
import type { Config } from '../../config';

/**
 * The payment provider as the rest of the server sees it: Stripe (the real SDK) or the local
 * stand-in. PLACEHOLDER contract, to be completed by the billing work (issue 6).
 */
export interface BillingProvider {
  readonly mode: 'stripe' | 'offline';
  createCheckoutSession(input: {
    debtorId: number;
    email: string;
    plan: PlanCode;
    idempotencyKey: string;
  }): Promise<{ url: string; sessionId: string }>;
}

export function createBillingProvider(config: Config): BillingProvider {
  return {
    mode: config.billing.mode,
    async createCheckoutSession({ debtorId }) {
      const sessionId = `cs_offline_${debtorId}_${Date.now()}`;
      return { url: `${config.appUrl}/#/createaccount/${sessionId}`, sessionId };
    },
  };
}

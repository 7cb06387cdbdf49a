import { PLANS, type Plan, type PlanCode } from '@truenet/core';
import type { Config } from '../../config';
import { badUserInput } from '../../errors';

/** A plan on sale: core's label and price, plus the provider's price id and payment link. */
export interface PlanOnSale extends Plan {
  priceId: string;
  paymentLink: string | null;
}

type BillingConfig = Pick<Config, 'billing'>;

export function priceIdOf(config: BillingConfig, plan: PlanCode): string {
  return plan === 'QUARTERLY' ? config.billing.priceQuarterly : config.billing.priceYearly;
}

/** The plans of docs/product-rules.md §1-§6, in core's order (quarterly, then yearly, the default). */
export function plansOnSale(config: BillingConfig): PlanOnSale[] {
  return PLANS.map((plan) => ({
    ...plan,
    priceId: priceIdOf(config, plan.code),
    paymentLink:
      (plan.code === 'QUARTERLY' ? config.billing.linkQuarterly : config.billing.linkYearly) ?? null,
  }));
}

/** The plan a provider price belongs to; null for a price this configuration does not sell. */
export function planOfPrice(config: BillingConfig, priceId: string | null | undefined): PlanCode | null {
  if (!priceId) return null;
  return plansOnSale(config).find((plan) => plan.priceId === priceId)?.code ?? null;
}

/**
 * The plan a request names: the provider's price id (the specification's `priceId`) or a plan code;
 * null when it names none (the caller's default applies). Anything else is a clear input error.
 */
export function planNamed(config: BillingConfig, named: string | null | undefined): PlanCode | null {
  if (!named) return null;
  const plan = planOfPrice(config, named) ?? PLANS.find((candidate) => candidate.code === named)?.code;
  if (!plan) throw badUserInput('Choose the quarterly or the yearly plan', 'priceId');
  return plan;
}

import type { PlanCode, RegistrationPlansQuery } from '../../gql/graphql';

export type PlanOption = RegistrationPlansQuery['plans'][number];

/**
 * The plans of the product specification, shown while the `plans` query loads or if it fails; the server's
 * list (with its price ids) replaces them as soon as it arrives.
 */
export const FALLBACK_PLANS: PlanOption[] = [
  {
    code: 'QUARTERLY',
    label: 'Pay quarterly',
    price: 14.95,
    intervalMonths: 3,
    priceId: '',
    isDefault: false,
    tagline: null,
  },
  {
    code: 'YEARLY',
    label: 'Pay yearly',
    price: 29.95,
    intervalMonths: 12,
    priceId: '',
    isDefault: true,
    tagline: 'Best deal: 50% savings, 6 months free',
  },
];

export const DEFAULT_PLAN: PlanCode = 'YEARLY';

/** The registration link that arrives with `plan` chosen (the landing page's pricing cards). */
export function registrationLink(plan: PlanCode): string {
  return `/createaccount?plan=${plan.toLowerCase()}`;
}

/** The plan a registration link asks for (`?plan=quarterly`), or the default one. */
export function planFromLink(value: string | null): PlanCode {
  const code = value?.toUpperCase();
  return FALLBACK_PLANS.find((plan) => plan.code === code)?.code ?? DEFAULT_PLAN;
}

export function periodLabel(intervalMonths: number): string {
  if (intervalMonths === 12) return 'per year';
  if (intervalMonths === 3) return 'per quarter';
  return `every ${intervalMonths} months`;
}

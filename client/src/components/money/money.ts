/**
 * Money on the client: GraphQL carries dollars as a JSON number with at most 2 decimals; arithmetic
 * happens in integer cents so that no float error ever reaches a total.
 */
import { formatMoney } from '@truenet/core';

export function dollarsToCents(dollars: number): number {
  return Math.round(dollars * 100);
}

export function centsToDollars(cents: number): number {
  return cents / 100;
}

/** `-$1,234.50`: en-US, $ prefix, comma thousands, exactly 2 decimals. */
export function formatDollars(dollars: number): string {
  return formatMoney(dollarsToCents(dollars));
}

/** Sums dollar amounts through cents. */
export function sumDollars(amounts: readonly number[]): number {
  return centsToDollars(amounts.reduce((total, amount) => total + dollarsToCents(amount), 0));
}

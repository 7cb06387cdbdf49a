import { formatMoney } from '../money';
import type { Cents } from '../types';

/**
 * An amount change (docs/product-rules.md §18): the two latest payments of a bill (or deposits of a
 * pay) matched from the bank agree within a cent on an amount at least 1% away from the plan's.
 * Answers the new amount, or null when there is no change to tell about.
 */
export function changedAmount(scheduledCents: Cents, latestCents: Cents, previousCents: Cents): Cents | null {
  if (Math.abs(latestCents - previousCents) > 1) return null;
  if (Math.abs(latestCents - scheduledCents) * 100 < scheduledCents) return null;
  return latestCents;
}

/** How an amount change reads, on screen and in reminders: 'Netflix went up: $15.49 → $17.99'. */
export function amountChangeLine(name: string, scheduledCents: Cents, actualCents: Cents): string {
  const way = actualCents > scheduledCents ? 'up' : 'down';
  return `${name} went ${way}: ${formatMoney(scheduledCents)} → ${formatMoney(actualCents)}`;
}

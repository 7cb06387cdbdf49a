import { addDays } from './dates';
import { daysInMonth } from './day-numbers';
import { DomainError } from './errors';
import { formatMoney } from './money';
import type { Cents, IsoDate } from './types';

/**
 * Budgets for what is left after the bills (docs/product-rules.md, budgets): a monthly amount per
 * category, with an optional rollover that chains from the month the budget was set.
 */

export type BudgetStatus = 'UNDER' | 'NEAR' | 'OVER';

/** A budget's monthly amount may be $0.00 to $1,000,000.00. */
export const MAX_BUDGET_CENTS = 100_000_000;
/** NEAR from this share of what the month holds. */
export const NEAR_SHARE = 0.8;

export interface BudgetRule {
  monthlyCents: Cents;
  rollover: boolean;
  /** 'YYYY-MM': the month it was set; a rollover carries nothing into it. */
  startsMonth: string;
}

export interface MonthProgress {
  carriedCents: Cents;
  spentCents: Cents;
  leftCents: Cents;
  leftPerDayCents: Cents;
  status: BudgetStatus;
}

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** A month as the API takes it, 'YYYY-MM'; anything else is refused. */
export function checkMonth(value: string, field = 'month'): string {
  if (!MONTH.test(value)) throw new DomainError('Give the month as YYYY-MM, for example 2026-11', field);
  return value;
}

export function checkBudgetAmount(cents: Cents, field = 'monthly'): Cents {
  if (!Number.isSafeInteger(cents) || cents < 0 || cents > MAX_BUDGET_CENTS) {
    throw new DomainError('A monthly budget is $0.00 to $1,000,000.00', field);
  }
  return cents;
}

function parts(month: string): [number, number] {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return [year, number];
}

/** The month `steps` after `month` (negative: before). */
export function shiftMonthBy(month: string, steps: number): string {
  const [year, number] = parts(month);
  const index = year * 12 + (number - 1) + steps;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** The last day of a month 'YYYY-MM'. */
export function monthEnd(month: string): IsoDate {
  return addDays(`${shiftMonthBy(month, 1)}-01`, -1);
}

function daysInMonthOf(month: string): number {
  const [year, number] = parts(month);
  return daysInMonth(year, number);
}

/** The months from `from` to `to`, both included, oldest first (none when `from` is later). */
export function monthsFrom(from: string, to: string): string[] {
  const months: string[] = [];
  for (let month = from; month <= to; month = shiftMonthBy(month, 1)) months.push(month);
  return months;
}

/** The days left in `month` on `today`, today included: all of a month to come, none of one gone by. */
export function daysLeftIn(month: string, today: IsoDate): number {
  const current = today.slice(0, 7);
  if (month < current) return 0;
  if (month > current) return daysInMonthOf(month);
  return daysInMonthOf(month) - Number(today.slice(8, 10)) + 1;
}

/**
 * A budget's month: what it carries from the month before (with rollover, chained from the month it
 * was set; the first month carries nothing), what was spent, what is left and left a day, and
 * whether it is under, near (80% of what the month holds spent) or over it.
 */
export function budgetMonth(
  budget: BudgetRule,
  spentIn: (month: string) => Cents,
  month: string,
  today: IsoDate,
): MonthProgress {
  let carriedCents = 0;
  if (budget.rollover) {
    for (const earlier of monthsFrom(budget.startsMonth, shiftMonthBy(month, -1))) {
      carriedCents = budget.monthlyCents + carriedCents - spentIn(earlier);
    }
  }
  const spentCents = spentIn(month);
  const holds = budget.monthlyCents + carriedCents;
  const leftCents = holds - spentCents;
  const days = daysLeftIn(month, today);
  const leftPerDayCents = leftCents > 0 && days > 0 ? Math.floor(leftCents / days) : 0;
  const status: BudgetStatus =
    spentCents > holds ? 'OVER' : spentCents > 0 && spentCents >= holds * NEAR_SHARE ? 'NEAR' : 'UNDER';
  return { carriedCents, spentCents, leftCents, leftPerDayCents, status };
}

/**
 * A budget suggested from the last three complete months' spending: their median, rounded up to
 * $5; none unless the category was spent in at least two of them.
 */
export function suggestBudget(lastThreeMonths: readonly Cents[]): Cents | null {
  if (lastThreeMonths.filter((cents) => cents > 0).length < 2) return null;
  const sorted = [...lastThreeMonths].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)] as Cents;
  return Math.ceil(median / 500) * 500;
}

/** The shares of a month's budget whose reaching is told once to each member: 80%, then all of it. */
export type BudgetThreshold = 80 | 100;

/**
 * The thresholds a budget's month has reached: 80 once 80% of what the month holds is spent, 100
 * once all of it is (so a month holding nothing reaches both with its first spending).
 */
export function thresholdsReached(progress: MonthProgress): BudgetThreshold[] {
  const { spentCents, leftCents } = progress;
  if (spentCents <= 0) return [];
  const holds = spentCents + leftCents;
  if (spentCents >= holds) return [80, 100];
  return spentCents >= holds * NEAR_SHARE ? [80] : [];
}

/**
 * What a member is told when a budget reaches a threshold, in one line (an e-mail's and a push's):
 * 'Groceries budget: 84% spent, $80.00 left ($6.66 a day)' or 'Groceries budget: all $500.00
 * spent, $12.40 over'.
 */
export function budgetAlertLine(categoryName: string, progress: MonthProgress): string {
  const { spentCents, leftCents, leftPerDayCents } = progress;
  const holds = spentCents + leftCents;
  // Overspent last month with rollover: the month held nothing to spend.
  if (holds <= 0) return `${categoryName} budget: ${formatMoney(-leftCents)} over`;
  if (leftCents <= 0) {
    const over = leftCents < 0 ? `, ${formatMoney(-leftCents)} over` : '';
    return `${categoryName} budget: all ${formatMoney(holds)} spent${over}`;
  }
  const share = Math.floor((spentCents * 100) / holds);
  return `${categoryName} budget: ${share}% spent, ${formatMoney(leftCents)} left (${formatMoney(leftPerDayCents)} a day)`;
}

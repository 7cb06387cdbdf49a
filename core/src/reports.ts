import { addDays } from './dates';
import { monthEnd, shiftMonthBy } from './budgets';
import type { CategoryKey } from './categories/keys';
import type { Direction } from './categories/builtin';
import { DomainError } from './errors';
import type { Cents, IsoDate } from './types';

/**
 * The year in pictures (docs/product-rules.md §25): cash flow by month, net worth over time and
 * every past pay period, from the ledger, the payment history and the debts. The server sums rows
 * per month or day and category; these functions say what each sum means.
 */

/** At most this many months or pay periods are asked for at once. */
export const REPORT_SPAN_MAX = 36;

export function checkReportSpan(count: number, field: string, what: 'months' | 'periods'): number {
  if (!Number.isInteger(count) || count < 1 || count > REPORT_SPAN_MAX) {
    throw new DomainError(`Ask for 1 to ${REPORT_SPAN_MAX} ${what}`, field);
  }
  return count;
}

/** The `count` months ending with today's, oldest first: 'YYYY-MM'. */
export function lastMonths(today: IsoDate, count: number): string[] {
  const current = today.slice(0, 7);
  return Array.from({ length: count }, (_, index) => shiftMonthBy(current, index - count + 1));
}

/**
 * Money that moved, summed by the server for one bucket (a month or a day) and one top-level
 * category (null: uncategorized), one direction, and whether the rows settled a bill.
 */
export interface FlowSum {
  bucket: string;
  categoryId: string | null;
  /** The built-in key of the top-level category, if it is a built-in. */
  categoryKey: CategoryKey | null;
  direction: Direction;
  settlesBill: boolean;
  cents: Cents;
  count: number;
}

/**
 * What a sum counts as: income (inflows in Income; an outflow there takes pay back), spending
 * (outflows; a refund is an inflow in a spending category and takes away), or nothing (Transfers on
 * both sides, the rows that settled a bill, whose amounts come from the payment history, and
 * inflows no category holds).
 */
export function flowEffect(sum: FlowSum): { income: Cents; spending: Cents } {
  const sign = sum.direction === 'SPENT' ? 1 : -1;
  if (sum.categoryKey === 'TRANSFERS' || sum.settlesBill) return { income: 0, spending: 0 };
  if (sum.categoryKey === 'INCOME') return { income: -sign * sum.cents, spending: 0 };
  if (sum.direction === 'DEPOSITED' && sum.categoryId === null) return { income: 0, spending: 0 };
  return { income: 0, spending: sign * sum.cents };
}

export interface CategoryTotal {
  categoryId: string | null;
  spentCents: Cents;
  count: number;
  /** The average of the three months before, as the Spending tab compares. */
  previousAverageCents: Cents;
}

export interface MonthFlow {
  month: string;
  incomeCents: Cents;
  spendingCents: Cents;
  billsCents: Cents;
  netCents: Cents;
  /** The five categories spent most in, then the household's Other holding the rest. */
  topCategories: CategoryTotal[];
}

/** How many categories a month names before the rest goes to Other. */
export const TOP_CATEGORIES = 5;

function topCategories(totals: readonly CategoryTotal[], otherId: string | null): CategoryTotal[] {
  const ranked = totals
    .filter((total) => total.spentCents > 0)
    .sort((a, b) => b.spentCents - a.spentCents || String(a.categoryId).localeCompare(String(b.categoryId)));
  if (ranked.length <= TOP_CATEGORIES) return ranked;
  const named = ranked.slice(0, TOP_CATEGORIES);
  // Other already among the five takes the rest in; otherwise it is a sixth entry holding it.
  const otherIndex = named.findIndex((total) => total.categoryId === otherId);
  const holder = otherIndex >= 0 ? [named[otherIndex] as CategoryTotal] : [];
  const rest = [...holder, ...ranked.slice(TOP_CATEGORIES)];
  const other: CategoryTotal = {
    categoryId: otherId,
    spentCents: rest.reduce((sum, total) => sum + total.spentCents, 0),
    count: rest.reduce((sum, total) => sum + total.count, 0),
    previousAverageCents: rest.reduce((sum, total) => sum + total.previousAverageCents, 0),
  };
  if (otherIndex >= 0) {
    named[otherIndex] = other;
    return named;
  }
  return [...named, other];
}

/** Each month's spending per category: month → category → spent and count. */
function spendingByMonth(
  sums: readonly FlowSum[],
): Map<string, Map<string | null, { cents: Cents; count: number }>> {
  const months = new Map<string, Map<string | null, { cents: Cents; count: number }>>();
  for (const sum of sums) {
    const { spending } = flowEffect(sum);
    if (spending === 0) continue;
    const month = months.get(sum.bucket) ?? new Map<string | null, { cents: Cents; count: number }>();
    const total = month.get(sum.categoryId) ?? { cents: 0, count: 0 };
    month.set(sum.categoryId, { cents: total.cents + spending, count: total.count + sum.count });
    months.set(sum.bucket, month);
  }
  return months;
}

/**
 * Each month's income, spending, bills and net, oldest first: `sums` bucketed by month (the three
 * months before the first too, for the comparison), `bills` the payment history's PAID amounts by
 * the month they were paid.
 */
export function cashFlowByMonth(
  months: readonly string[],
  sums: readonly FlowSum[],
  bills: ReadonlyMap<string, Cents>,
  otherCategoryId: string | null,
): MonthFlow[] {
  const spent = spendingByMonth(sums);
  const income = new Map<string, Cents>();
  for (const sum of sums) income.set(sum.bucket, (income.get(sum.bucket) ?? 0) + flowEffect(sum).income);
  return months.map((month) => {
    const categories = spent.get(month) ?? new Map<string | null, { cents: Cents; count: number }>();
    const before = [1, 2, 3].map((back) => spent.get(shiftMonthBy(month, -back)));
    const totals = [...categories].map(([categoryId, total]) => ({
      categoryId,
      spentCents: total.cents,
      count: total.count,
      previousAverageCents: Math.round(
        before.reduce((sum, earlier) => sum + (earlier?.get(categoryId)?.cents ?? 0), 0) / before.length,
      ),
    }));
    const incomeCents = income.get(month) ?? 0;
    const spendingCents = totals.reduce((sum, total) => sum + total.spentCents, 0);
    const billsCents = bills.get(month) ?? 0;
    return {
      month,
      incomeCents,
      spendingCents,
      billsCents,
      netCents: incomeCents - billsCents - spendingCents,
      topCategories: topCategories(totals, otherCategoryId),
    };
  });
}

/** A wallet or a debt as it stands today, and the local day it was added. */
export interface Holding {
  id: string;
  balanceCents: Cents;
  addedOn: IsoDate;
}

/** What changed a holding's balance on a day: a wallet's signed movements, a debt's reduction by payments. */
export interface DayChange {
  id: string;
  day: IsoDate;
  cents: Cents;
}

export interface NetWorthPoint {
  date: IsoDate;
  walletsCents: Cents;
  debtsCents: Cents;
  netWorthCents: Cents;
}

/** Each holding's balance at the end of `date`: today's, less what moved it after that day; 0 before it was added. */
function balancesAt(
  date: IsoDate,
  holdings: readonly Holding[],
  changes: readonly DayChange[],
  sign: 1 | -1,
) {
  const later = new Map<string, Cents>();
  for (const change of changes) {
    if (change.day > date) later.set(change.id, (later.get(change.id) ?? 0) + change.cents);
  }
  return holdings.reduce(
    (sum, holding) =>
      holding.addedOn > date ? sum : sum + holding.balanceCents - sign * (later.get(holding.id) ?? 0),
    0,
  );
}

/**
 * Net worth at each month's end and today: the wallets' balances then (today's less the ledger's
 * movements after that day) minus the debts' balances then (today's plus the payments that reduced
 * them since). `walletMovements` are signed (money in > 0); `debtReductions` are what each payment
 * took off its debt's balance.
 */
export function netWorthSeries(
  dates: readonly IsoDate[],
  wallets: readonly Holding[],
  walletMovements: readonly DayChange[],
  debts: readonly Holding[],
  debtReductions: readonly DayChange[],
): NetWorthPoint[] {
  return dates.map((date) => {
    const walletsCents = balancesAt(date, wallets, walletMovements, 1);
    const debtsCents = balancesAt(date, debts, debtReductions, -1);
    return { date, walletsCents, debtsCents, netWorthCents: walletsCents - debtsCents };
  });
}

/** The month ends of the `count` months ending with today's, the current month's end replaced by today. */
export function netWorthDates(today: IsoDate, count: number): IsoDate[] {
  return lastMonths(today, count).map((month) => {
    const end = monthEnd(month);
    return end < today ? end : today;
  });
}

export interface PayPeriod {
  start: IsoDate;
  end: IsoDate;
}

/**
 * The pay periods that have ended, from the days pay was recorded: each runs from one payday to
 * the day before the next, and has ended when the next payday is today or before. The last
 * `count`, oldest first.
 */
export function endedPayPeriods(paydays: readonly IsoDate[], today: IsoDate, count: number): PayPeriod[] {
  const days = [...new Set(paydays)].filter((day) => day <= today).sort();
  const periods: PayPeriod[] = [];
  for (let index = 0; index + 1 < days.length; index += 1) {
    periods.push({ start: days[index] as IsoDate, end: addDays(days[index + 1] as IsoDate, -1) });
  }
  return periods.slice(-count);
}

export interface PeriodResult extends PayPeriod {
  payCents: Cents;
  billsCents: Cents;
  otherSpendingCents: Cents;
  /** §4's true net income for the period: its pay less the bills it owed (paid in it, or due in it and never paid). */
  trueNetIncomeCents: Cents;
  /** What was actually left: pay less the bills paid and the other spending. */
  leftAtEndCents: Cents;
}

export interface PeriodFacts {
  /** Pay recorded, by the pay's date. */
  pay: readonly { day: IsoDate; cents: Cents }[];
  /** The payment history's PAID amounts, by the day they were paid. */
  billsPaid: readonly { day: IsoDate; cents: Cents }[];
  /** Bills due and still not paid, by their due date, at their scheduled amount. */
  unpaid: readonly { day: IsoDate; cents: Cents }[];
  /** The ledger, bucketed by day. */
  sums: readonly FlowSum[];
}

const within = (period: PayPeriod, day: string) => day >= period.start && day <= period.end;
const sumWithin = (period: PayPeriod, rows: readonly { day: IsoDate; cents: Cents }[]) =>
  rows.reduce((sum, row) => (within(period, row.day) ? sum + row.cents : sum), 0);

export function periodResults(periods: readonly PayPeriod[], facts: PeriodFacts): PeriodResult[] {
  return periods.map((period) => {
    const payCents = sumWithin(period, facts.pay);
    const billsCents = sumWithin(period, facts.billsPaid);
    const otherSpendingCents = facts.sums.reduce(
      (sum, flow) => (within(period, flow.bucket) ? sum + flowEffect(flow).spending : sum),
      0,
    );
    return {
      ...period,
      payCents,
      billsCents,
      otherSpendingCents,
      trueNetIncomeCents: payCents - billsCents - sumWithin(period, facts.unpaid),
      leftAtEndCents: payCents - billsCents - otherSpendingCents,
    };
  });
}

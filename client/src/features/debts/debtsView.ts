import { formatDollars } from '../../components/money/money';
import type { DebtStrategy } from '../../gql/graphql';

/**
 * The plan the Debts section opens on, with no extra a month: the hero's 'Debt-free by …' is this
 * plan's until the section shows another.
 */
export const STARTING_STRATEGY: DebtStrategy = 'AVALANCHE';

/** The month a plan is debt-free in ('YYYY-MM'), null if never at its payments; undefined without debts. */
export function debtFreeMonthOf(
  plan: { debts: readonly unknown[]; debtFreeMonth: string | null } | undefined,
): string | null | undefined {
  if (!plan || plan.debts.length === 0) return undefined;
  return plan.debtFreeMonth;
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** 'YYYY-MM' as people say it: 'March 2029'. */
export function monthName(month: string): string {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return `${MONTHS[number - 1]} ${year}`;
}

/** 'Mar 2029', for a table cell. */
export function shortMonth(month: string): string {
  return monthName(month).replace(/^(\w{3})\w*/, '$1');
}

/** Whole dollars for a sentence: '$3,210'. */
function wholeDollars(dollars: number): string {
  return formatDollars(Math.round(dollars)).replace(/\.00$/, '');
}

function monthsWord(months: number): string {
  return months === 1 ? '1 month' : `${months} months`;
}

export interface PlanSummary {
  debtFreeMonth: string | null;
  totalInterest: number;
  interestSavedVsMinimums: number;
  monthsSavedVsMinimums: number;
}

/**
 * The plan's answer in one sentence: 'Debt-free by March 2029: $3,210 of interest, $1,140 less and
 * 9 months sooner than the minimums'.
 */
export function planSentence(plan: PlanSummary): string {
  if (plan.debtFreeMonth === null) {
    return 'At these payments a debt is never paid off: raise its payment or add an extra a month.';
  }
  const start = `Debt-free by ${monthName(plan.debtFreeMonth)}: ${wholeDollars(plan.totalInterest)} of interest`;
  const saved = plan.interestSavedVsMinimums >= 0.5;
  const sooner = plan.monthsSavedVsMinimums > 0;
  if (!saved && !sooner) return start;
  const parts = [
    saved ? `${wholeDollars(plan.interestSavedVsMinimums)} less` : null,
    sooner ? `${monthsWord(plan.monthsSavedVsMinimums)} sooner` : null,
  ].filter(Boolean);
  return `${start}, ${parts.join(' and ')} than the minimums`;
}

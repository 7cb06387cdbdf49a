/**
 * The Reports tab's words and shapes, pure: each chart's one-sentence summary, the categories its
 * stacked chart names, and the CSV behind each table. Amounts arrive in dollars and are summed
 * through cents (money.ts).
 */
import { formatDollars, sumDollars } from '../../components/money/money';
import type { ReportsQuery } from '../../gql/graphql';

export type MonthFlowView = ReportsQuery['cashFlowByMonth'][number];
export type NetWorthView = ReportsQuery['netWorth'][number];
export type PeriodView = ReportsQuery['payPeriodHistory'][number];

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** '2026-11' → 'Nov 2026'; `short`: 'Nov' (a chart's axis, the year shown on January and the first). */
export function monthName(month: string, short = false): string {
  const name = MONTHS[Number(month.slice(5, 7)) - 1] ?? month;
  return short ? name : `${name} ${month.slice(0, 4)}`;
}

/** '2026-11-13' → 'Nov 13' (with the year when it is not `currentYear`). */
export function dayName(date: string, currentYear?: string): string {
  const name = `${MONTHS[Number(date.slice(5, 7)) - 1] ?? ''} ${Number(date.slice(8, 10))}`;
  return currentYear === undefined || date.startsWith(currentYear) ? name : `${name}, ${date.slice(0, 4)}`;
}

const signed = (dollars: number) => (dollars > 0 ? `+${formatDollars(dollars)}` : formatDollars(dollars));

/** Whether any money moved in these months: a chart of nothing is not drawn. */
export function anyFlow(months: readonly MonthFlowView[]): boolean {
  return months.some((month) => month.income !== 0 || month.bills !== 0 || month.spending !== 0);
}

export function cashFlowSummary(months: readonly MonthFlowView[]): string {
  if (!anyFlow(months))
    return 'Nothing came in or went out in these months yet. Import a statement or connect your bank to fill this in.';
  const income = sumDollars(months.map((month) => month.income));
  const out = sumDollars(months.flatMap((month) => [month.bills, month.spending]));
  const net = sumDollars(months.map((month) => month.net));
  const best = months.reduce((top, month) => (month.net > top.net ? month : top));
  const span = months.length === 1 ? 'This month' : `In the last ${months.length} months`;
  const bestPart = best.net > 0 ? ` The best month was ${monthName(best.month)}, ${signed(best.net)}.` : '';
  return `${span}, ${formatDollars(income)} came in and ${formatDollars(out)} went out to bills and spending: ${signed(net)}.${bestPart}`;
}

/** The everything-else series of the stacked chart. */
export const REST = 'rest';

export interface CategorySeries {
  key: string;
  name: string;
}

/**
 * The categories the stacked chart names: the five with the most spending over the months (each
 * month's own top five, summed), then everything else. Uncategorized spending is 'Not sorted yet'.
 */
export function spendingSeries(months: readonly MonthFlowView[]): CategorySeries[] {
  const totals = new Map<string, { name: string; cents: number }>();
  for (const month of months) {
    for (const entry of month.topCategories) {
      const key = entry.category?.id ?? 'none';
      if (entry.category?.key === 'OTHER') continue;
      const total = totals.get(key) ?? { name: entry.category?.name ?? 'Not sorted yet', cents: 0 };
      total.cents += Math.round(entry.spent * 100);
      totals.set(key, total);
    }
  }
  const named = [...totals]
    .sort((a, b) => b[1].cents - a[1].cents)
    .slice(0, 5)
    .map(([key, total]) => ({ key, name: total.name }));
  return [...named, { key: REST, name: 'Everything else' }];
}

/** A month's spending split over the series: each named category's, and the rest. */
export function spendingStack(
  month: MonthFlowView,
  series: readonly CategorySeries[],
): Record<string, number> {
  const stack: Record<string, number> = {};
  let named = 0;
  for (const { key } of series) {
    if (key === REST) continue;
    const entry = month.topCategories.find((candidate) => (candidate.category?.id ?? 'none') === key);
    const cents = Math.max(0, Math.round((entry?.spent ?? 0) * 100));
    stack[key] = cents / 100;
    named += cents;
  }
  stack[REST] = Math.max(0, Math.round(month.spending * 100) - named) / 100;
  return stack;
}

export function spendingSummary(months: readonly MonthFlowView[], series: readonly CategorySeries[]): string {
  const total = sumDollars(months.map((month) => month.spending));
  if (total <= 0) return 'No spending to show yet.';
  const first = series[0];
  if (!first || first.key === REST) return `${formatDollars(total)} spent in these months.`;
  const firstTotal = sumDollars(months.map((month) => spendingStack(month, series)[first.key] ?? 0));
  const share = Math.round((firstTotal / total) * 100);
  return `${formatDollars(total)} spent in these months; ${first.name} took the most, ${formatDollars(firstTotal)} (${share}%).`;
}

export function netWorthSummary(points: readonly NetWorthView[]): string {
  const first = points[0];
  const last = points[points.length - 1];
  if (!first || !last) return 'Nothing to show yet.';
  const change = Math.round((last.netWorth - first.netWorth) * 100) / 100;
  const way = change > 0 ? 'up' : change < 0 ? 'down' : 'unchanged';
  const by = change === 0 ? '' : ` by ${formatDollars(Math.abs(change))}`;
  return `Your net worth is ${formatDollars(last.netWorth)} today (wallets ${formatDollars(last.wallets)}, debts ${formatDollars(last.debts)}), ${way}${by} since ${dayName(first.date, last.date.slice(0, 4))}.`;
}

export function periodsSummary(periods: readonly PeriodView[]): string {
  if (periods.length === 0) return 'No pay period has ended since pay was first recorded.';
  const average = (pick: (period: PeriodView) => number) =>
    Math.round((sumDollars(periods.map(pick)) / periods.length) * 100) / 100;
  const promised = average((period) => period.trueNetIncome);
  const left = average((period) => period.leftAtEnd);
  const all = periods.length === 1 ? 'your last pay period' : `your last ${periods.length} pay periods`;
  const gap = Math.round((promised - left) * 100) / 100;
  const spent =
    gap > 0
      ? `: ${formatDollars(gap)} a period went to spending beyond the bills`
      : ', nothing beyond the bills';
  return `Over ${all}, true net income averaged ${formatDollars(promised)} and ${formatDollars(left)} was left at the end${spent}.`;
}

/** One CSV field: quoted when it holds a comma, a quote or a line break. */
function csvField(value: string | number): string {
  const text = typeof value === 'number' ? value.toFixed(2) : value;
  return /[",\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A table as CSV (RFC 4180, CRLF line ends), amounts in dollars with two decimals. */
export function toCsv(header: readonly string[], rows: readonly (readonly (string | number)[])[]): string {
  return [header, ...rows].map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n';
}

export function cashFlowCsv(months: readonly MonthFlowView[]): string {
  return toCsv(
    ['Month', 'Income', 'Bills', 'Spending', 'Net'],
    months.map((month) => [month.month, month.income, month.bills, month.spending, month.net]),
  );
}

export function spendingCsv(months: readonly MonthFlowView[], series: readonly CategorySeries[]): string {
  return toCsv(
    ['Month', ...series.map((one) => one.name), 'Total'],
    months.map((month) => {
      const stack = spendingStack(month, series);
      return [month.month, ...series.map((one) => stack[one.key] ?? 0), month.spending];
    }),
  );
}

export function netWorthCsv(points: readonly NetWorthView[]): string {
  return toCsv(
    ['Date', 'Wallets', 'Debts', 'Net worth'],
    points.map((point) => [point.date, point.wallets, point.debts, point.netWorth]),
  );
}

export function periodsCsv(periods: readonly PeriodView[]): string {
  return toCsv(
    ['Start', 'End', 'Pay', 'Bills', 'Other spending', 'True net income', 'Left at end'],
    periods.map((period) => [
      period.start,
      period.end,
      period.pay,
      period.bills,
      period.otherSpending,
      period.trueNetIncome,
      period.leftAtEnd,
    ]),
  );
}

/**
 * The forecast in words: what the chart's tooltip, its keyboard announcements, its summary and its
 * table say about the days ahead. Pure, so the chart (loaded lazily) and the page agree.
 */
import { formatDollars } from '../../components/money';
import type { ForecastDayViewFragment } from '../../gql/graphql';
import { displayDate } from '../../kit/dates';

export type ForecastDayView = ForecastDayViewFragment;
type ForecastEventView = ForecastDayView['events'][number];

const KIND_LABEL: Record<ForecastEventView['kind'], string> = {
  INCOME: 'Pay',
  BILL: 'Bill',
  WHAT_IF: 'What if',
};

/** 'Pay: Acme +$2,000.00', 'Bill: Rent -$400.00 (past due)'. */
export function eventLine(event: ForecastEventView): string {
  const sign = event.amount >= 0 ? '+' : '-';
  const label =
    event.kind === 'WHAT_IF' && event.name === 'What if'
      ? 'What if'
      : `${KIND_LABEL[event.kind]}: ${event.name}`;
  const note = event.pastDue ? ' (past due)' : '';
  return `${label} ${sign}${formatDollars(Math.abs(event.amount))}${note}`;
}

/** The lowest end-of-day balance and its earliest day. */
export function lowestDay(days: readonly ForecastDayView[]): ForecastDayView | undefined {
  return days.reduce<ForecastDayView | undefined>(
    (low, day) => (low === undefined || day.balance < low.balance ? day : low),
    undefined,
  );
}

/**
 * One day as a sentence, for the tooltip and the screen reader:
 * 'Sat Jan 10, 2026: $100.00 (-$200.00 with your what-ifs). Bill: Rent -$400.00.'
 */
export function daySentence(day: ForecastDayView, withWhatIfs?: ForecastDayView): string {
  const balance =
    withWhatIfs && withWhatIfs.balance !== day.balance
      ? `${formatDollars(day.balance)} (${formatDollars(withWhatIfs.balance)} with your what-ifs)`
      : formatDollars(day.balance);
  const events = (withWhatIfs ?? day).events.map(eventLine);
  return `${displayDate(day.date)}: ${balance}.${events.length ? ` ${events.join('; ')}.` : ''}`;
}

/** The whole forecast in two sentences: where it starts and ends, and its low point. */
export function forecastSummary(
  days: readonly ForecastDayView[],
  withWhatIfs?: readonly ForecastDayView[],
  heldForBills = 0,
): string {
  const first = days[0];
  const last = days[days.length - 1];
  const low = lowestDay(withWhatIfs ?? days);
  if (!first || !last || !low) return 'No forecast yet.';
  const pays = days.filter((day) => day.events.some((event) => event.kind === 'INCOME')).length;
  const bills = days.reduce(
    (count, day) => count + day.events.filter((event) => event.kind === 'BILL').length,
    0,
  );
  const whatIf = withWhatIfs ? ' with your what-ifs' : '';
  return (
    `${formatDollars(first.balance)} at the end of today, ${formatDollars(last.balance)} on ${displayDate(last.date)}` +
    ` (${pays} ${pays === 1 ? 'pay day' : 'pay days'}, ${bills} ${bills === 1 ? 'bill' : 'bills'}).` +
    ` Lowest${whatIf}: ${formatDollars(low.balance)} on ${displayDate(low.date)}.` +
    // The hero's words: part of the balance drawn is already spoken for by the bills ahead.
    (heldForBills > 0 ? ` Held for bills that come less often: ${formatDollars(heldForBills)}.` : '')
  );
}

/** The days worth a row in the table: today, every day with an event, and the last day. */
export function notableDays(days: readonly ForecastDayView[]): ForecastDayView[] {
  return days.filter((day, index) => index === 0 || index === days.length - 1 || day.events.length > 0);
}

/** '$1.2k', '-$300': the chart's value axis, short enough for a phone. */
export function compactDollars(dollars: number): string {
  const sign = dollars < 0 ? '-' : '';
  const size = Math.abs(dollars);
  if (size >= 1000) return `${sign}$${(size / 1000).toFixed(size >= 10000 ? 0 : 1).replace(/\.0$/, '')}k`;
  return `${sign}$${Math.round(size)}`;
}

/**
 * Where the line's colour changes: the share of the plot's height (from its top) above zero, so a
 * gradient with a hard stop there draws the part below zero in the danger colour.
 */
export function zeroStop(top: number, height: number, zeroY: number): number {
  if (height <= 0) return 1;
  return Math.min(1, Math.max(0, (zeroY - top) / height));
}

/** The day a key moves the chart's cursor to, or null for a key the chart does not use. */
export function keyedDay(key: string, current: number | null, count: number): number | null {
  const at = current ?? -1;
  const moves: Record<string, number> = {
    ArrowRight: at + 1,
    ArrowLeft: current === null ? 0 : at - 1,
    PageDown: at + 7,
    PageUp: current === null ? 0 : at - 7,
    Home: 0,
    End: count - 1,
  };
  const next = moves[key];
  if (next === undefined || count === 0) return null;
  return Math.min(count - 1, Math.max(0, next));
}

export type MarkerKind = ForecastEventView['kind'];

/** Pixels (before the screen's pixel ratio) between the centres of two markers of one day. */
export const MARKER_SPACING = 10;

/**
 * The markers of one day of a line and where each sits, as offsets from the day's x: a pay day on
 * which a bill also falls shows both, side by side, instead of one under the other.
 */
export function dayMarkers(
  day: ForecastDayView,
  kinds: readonly MarkerKind[],
): { kind: MarkerKind; dx: number }[] {
  const present = kinds.filter((kind) => day.events.some((event) => event.kind === kind));
  const first = -((present.length - 1) * MARKER_SPACING) / 2;
  return present.map((kind, index) => ({ kind, dx: first + index * MARKER_SPACING }));
}

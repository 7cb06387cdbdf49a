import { daysBetween } from '../dates';
import { EXPENSE_FREQUENCIES, INCOME_FREQUENCIES } from '../options';
import { fromDayNumber, toDayNumber } from '../day-numbers';
import type { Cents, IsoDate } from '../types';
import { fitCadence, PERIOD_DAYS, SHORTEST_GAP, type CadenceFit } from './cadence';
import { payeeKey, payeeName } from './payee';
import { ownTransfers } from './transfers';
import type { HistoryRow, RecurringFrequency, RecurringKind, RecurringStream } from './types';

/**
 * The recurring streams in a household's statement history (docs/product-rules.md, found in your
 * bank): pure and deterministic, so the same history and today always give the same streams,
 * whatever order the rows come in.
 *
 * Rows of one wallet and direction are grouped by payee key. A group with more rows than any
 * cadence allows is a habit (coffee three times a week) and yields nothing. Otherwise it splits
 * where its amounts, sorted, jump by more than 25% (one payee, two subscriptions), and each part
 * is read as the cadence that explains the most of it.
 */

/** Payments read as the frequencies a bill can have, deposits as those of pay (options.ts). */
const BILL_FREQUENCIES: readonly RecurringFrequency[] = EXPENSE_FREQUENCIES.map((option) => option.code);
const PAY_FREQUENCIES: readonly RecurringFrequency[] = INCOME_FREQUENCIES.map((option) => option.code);

interface Row extends HistoryRow {
  day: number;
  size: Cents;
}

function compareRows(a: Row, b: Row): number {
  return (
    a.day - b.day ||
    a.amountCents - b.amountCents ||
    (a.description < b.description ? -1 : a.description > b.description ? 1 : 0) ||
    (a.walletId < b.walletId ? -1 : a.walletId > b.walletId ? 1 : 0)
  );
}

/** More rows than a weekly cadence could hold over the group's span: a habit, not a bill. */
function isHabit(rows: readonly Row[]): boolean {
  const span = (rows[rows.length - 1] as Row).day - (rows[0] as Row).day;
  return rows.length > Math.floor(span / 6) + 1;
}

/** Sorted by amount, split where the next amount is more than `ratio` above the previous one. */
function splitByAmount(rows: readonly Row[], ratio: number): Row[][] {
  const sorted = [...rows].sort((a, b) => a.size - b.size || compareRows(a, b));
  const parts: Row[][] = [];
  let part: Row[] = [];
  for (const row of sorted) {
    const previous = part[part.length - 1];
    if (previous && row.size > previous.size * ratio) {
      parts.push(part);
      part = [];
    }
    part.push(row);
  }
  parts.push(part);
  return parts.map((rowsOfPart) => rowsOfPart.sort(compareRows));
}

/** Sure enough to suggest without a 'Maybe': 3 occurrences, or 2 of a yearly or twice-yearly bill. */
function isMature(occurrences: number, frequency: RecurringFrequency): boolean {
  return occurrences >= 3 || frequency === 'YEARLY' || frequency === 'TWICE_YEARLY';
}

function withinShare(values: readonly Cents[], center: Cents, share: number): boolean {
  return values.every((value) => Math.abs(value - center) <= center * share);
}

function medianOf(values: readonly Cents[]): Cents {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] as Cents;
}

/** How far a two-occurrence stream's amounts may differ: premiums rise from one year to the next. */
const TWO_OCCURRENCES_AGREE: Partial<Record<RecurringFrequency, number>> = { TWICE_YEARLY: 1.1, YEARLY: 1.1 };

/**
 * Whether a reading makes a stream: it explains at least 80% of the rows, misses at most one
 * occurrence in six, every amount is within 25% of the median, and a two-occurrence stream's
 * amounts agree within 10% (twice yearly and yearly) or 2% (the shorter cadences' EARLY streams).
 */
function acceptable(fit: CadenceFit, rows: readonly Row[]): boolean {
  const count = fit.explained.length;
  if (count < 2 || count * 5 < rows.length * 4 || fit.missed * 6 > count + fit.missed) return false;
  const sizes = fit.explained.map((index) => (rows[index] as Row).size);
  if (!withinShare(sizes, medianOf(sizes), 0.25)) return false;
  return (
    count > 2 || Math.max(...sizes) <= Math.min(...sizes) * (TWO_OCCURRENCES_AGREE[fit.frequency] ?? 1.02)
  );
}

/**
 * The reading that explains the most rows (fewest misses, then the shorter cadence, on a tie).
 * Cadences whose stream could no longer be active on `today` (the rows' last date is older than
 * one period and a week) are not read at all: most of a history's payees stopped long ago.
 */
function bestFit(
  rows: readonly Row[],
  frequencies: readonly RecurringFrequency[],
  today: number,
): CadenceFit | null {
  if (rows.length < 2) return null;
  const days = rows.map((row) => row.day);
  const age = today - (days[days.length - 1] as number);
  const span = (days[days.length - 1] as number) - (days[0] as number);
  let best: CadenceFit | null = null;
  for (const frequency of frequencies) {
    if (age > PERIOD_DAYS[frequency] + 7) continue;
    // At most one occurrence per shortest gap: too few to explain 80% of the rows, never read.
    if ((Math.floor(span / SHORTEST_GAP[frequency]) + 1) * 5 < rows.length * 4) continue;
    const fit = fitCadence(days, frequency);
    if (!acceptable(fit, rows)) continue;
    if (
      best === null ||
      fit.explained.length > best.explained.length ||
      (fit.explained.length === best.explained.length && fit.missed < best.missed)
    ) {
      best = fit;
    }
  }
  return best;
}

function toStream(
  rows: readonly Row[],
  fit: CadenceFit,
  kind: RecurringKind,
  key: string,
  today: IsoDate,
): RecurringStream | null {
  const chosen = fit.explained.map((index) => rows[index] as Row);
  const first = chosen[0] as Row;
  const last = chosen[chosen.length - 1] as Row;
  if (daysBetween(last.date, today) > PERIOD_DAYS[fit.frequency] + 7) return null;
  const sizes = chosen.map((row) => row.size);
  const total = sizes.reduce((sum, size) => sum + size, 0);
  return {
    key: `${first.walletId}|${kind}|${key}|${first.date}|${first.size}`,
    walletId: first.walletId,
    kind,
    payeeKey: key,
    name: payeeName(key),
    frequency: fit.frequency,
    amountCents: last.size,
    averageCents: Math.round(total / chosen.length),
    amountVaries: Math.max(...sizes) > Math.min(...sizes) * 1.02,
    lastDate: last.date,
    nextDate: fromDayNumber(fit.next),
    secondDate: fit.second === null ? null : fromDayNumber(fit.second),
    status: isMature(chosen.length, fit.frequency) ? 'MATURE' : 'EARLY',
    occurrences: chosen.map((row) => ({
      date: row.date,
      amountCents: row.size,
      description: row.description,
    })),
    matchedLiabilityIds: [...new Set(chosen.flatMap((row) => (row.liabilityId ? [row.liabilityId] : [])))],
    matchedIncomeSourceIds: [
      ...new Set(chosen.flatMap((row) => (row.incomeSourceId ? [row.incomeSourceId] : []))),
    ],
  };
}

/** The streams of one payee group: each amount cluster, or its tighter parts when it reads as none. */
function streamsOfGroup(
  rows: readonly Row[],
  kind: RecurringKind,
  key: string,
  today: IsoDate,
): RecurringStream[] {
  if (isHabit(rows)) return [];
  const frequencies = kind === 'BILL' ? BILL_FREQUENCIES : PAY_FREQUENCIES;
  const todayNumber = toDayNumber(today);
  const streams: RecurringStream[] = [];
  for (const cluster of splitByAmount(rows, 1.25)) {
    if (cluster.length < 2) continue;
    const fit = bestFit(cluster, frequencies, todayNumber);
    // A store's random shopping and its yearly membership of one price share a payee and can
    // share a cluster: the membership's exact amounts still read as a stream of their own.
    const parts = fit ? [{ rows: cluster, fit }] : tightParts(cluster, frequencies, todayNumber);
    for (const part of parts) {
      const stream = toStream(part.rows, part.fit, kind, key, today);
      if (stream) streams.push(stream);
    }
  }
  return streams;
}

function tightParts(
  cluster: readonly Row[],
  frequencies: readonly RecurringFrequency[],
  today: number,
): { rows: Row[]; fit: CadenceFit }[] {
  return splitByAmount(cluster, 1.02).flatMap((rows) => {
    // Only a sure reading: two close amounts among random ones are no evidence of a 'Maybe'.
    const fit = rows.length < cluster.length ? bestFit(rows, frequencies, today) : null;
    return fit !== null && isMature(fit.explained.length, fit.frequency) ? [{ rows, fit }] : [];
  });
}

/** Every stream of the history that is still active on `today`, in a stable order. */
export function findRecurringStreams(history: readonly HistoryRow[], today: IsoDate): RecurringStream[] {
  // Rows of one shape, so that sorting and grouping 30,000 of them stays on V8's fast paths.
  const rows: Row[] = history
    .filter((row) => row.amountCents !== 0)
    .map((row) => ({
      walletId: row.walletId,
      date: row.date,
      amountCents: row.amountCents,
      description: row.description,
      liabilityId: row.liabilityId,
      incomeSourceId: row.incomeSourceId,
      day: toDayNumber(row.date),
      size: Math.abs(row.amountCents),
    }))
    .sort(compareRows);
  const keys = new Map<string, string>();
  const moved = ownTransfers(rows);
  const groups = new Map<string, { kind: RecurringKind; key: string; rows: Row[] }>();
  for (const row of rows) {
    if (moved.has(row)) continue;
    const kind: RecurringKind = row.amountCents < 0 ? 'BILL' : 'INCOME';
    let key = keys.get(row.description);
    if (key === undefined) {
      key = payeeKey(row.description);
      keys.set(row.description, key);
    }
    const id = `${row.walletId}\u0000${kind}\u0000${key}`;
    const group = groups.get(id) ?? { kind, key, rows: [] };
    group.rows.push(row);
    groups.set(id, group);
  }
  return [...groups.keys()].sort().flatMap((id) => {
    const group = groups.get(id) as { kind: RecurringKind; key: string; rows: Row[] };
    return streamsOfGroup(group.rows, group.kind, group.key, today);
  });
}

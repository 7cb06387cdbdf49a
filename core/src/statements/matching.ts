import { daysBetween } from '../dates';
import type { Cents, IsoDate } from '../types';
import { payeeKey } from '../recurring/payee';
import { foldDescription } from './dedupe';

/**
 * What an imported row may stand for besides itself (docs/product-rules.md, importing statements):
 * the payment of a bill's unsettled occurrence, a pay not deposited yet, or an entry the person
 * already typed by hand. Each candidate is given to at most one row and each row gets at most one
 * candidate of each kind, the best pairs first, so the same statement always matches the same way.
 */

/** An unsettled bill occurrence paid from the importing wallet. */
export interface BillCandidate {
  liabilityId: string;
  creditorName: string;
  dueDate: IsoDate;
  /** The scheduled payment, positive. */
  scheduledCents: Cents;
  /**
   * The payee of the bank stream the bill was added from (found in your bank): a row of that payee
   * is its payment at any amount within 50%, so a price change is still matched.
   */
  payeeKey?: string | null;
}

/** A pay occurrence of this period not deposited yet, into the importing wallet. */
export interface PayCandidate {
  incomeSourceId: string;
  sourceName: string;
  date: IsoDate;
  expectedCents: Cents;
  /** As a bill's: a deposit of the pay's own payee matches within 50%. */
  payeeKey?: string | null;
}

/** A register entry typed by hand in the importing wallet: signed like a row. */
export interface TypedEntry {
  id: string;
  date: IsoDate;
  amountCents: Cents;
}

/** The part of a row the matcher reads; rows not `open` (already imported, deleted) match nothing. */
export interface MatchableRow {
  date: IsoDate;
  amountCents: Cents;
  description: string;
  open: boolean;
}

export interface RowMatches {
  bill: BillCandidate | null;
  pay: PayCandidate | null;
  similar: TypedEntry | null;
  /**
   * The row could stand for more than one bill or pay (two $49.99 bills), or the one it got could
   * stand for another row too: the best pair was chosen, but only a person can confirm it.
   */
  contested: boolean;
}

/** Within 10% of the expected amount, in whole cents (a $100.00 bill matches $90.00 to $110.00). */
function withinTenPercent(actualCents: Cents, expectedCents: Cents): boolean {
  return Math.abs(actualCents - expectedCents) * 10 <= Math.abs(expectedCents);
}

/**
 * Whether a row's amount may stand for the expected one: within 10%, or within 50% when the row is
 * of the payee the bill or pay was added from.
 */
function amountFits(actualCents: Cents, expectedCents: Cents, ownPayee: boolean): boolean {
  if (withinTenPercent(actualCents, expectedCents)) return true;
  return ownPayee && Math.abs(actualCents - expectedCents) * 2 <= Math.abs(expectedCents);
}

/** Each row's payee key, read once, for candidates that know theirs. */
function payeeKeysOf(rows: readonly MatchableRow[], candidates: readonly { payeeKey?: string | null }[]) {
  const needed = candidates.some((candidate) => candidate.payeeKey);
  return rows.map((row) => (needed ? payeeKey(row.description) : null));
}

interface Pair<C> {
  row: number;
  candidate: number;
  /** Lower ranks first. */
  rank: number[];
  value: C;
}

/** Greedy assignment, best pairs first: each row and each candidate used once. */
function assign<C>(pairs: Pair<C>[], rowCount: number): (C | null)[] {
  pairs.sort((a, b) => {
    for (let i = 0; i < a.rank.length; i += 1) {
      const difference = (a.rank[i] as number) - (b.rank[i] as number);
      if (difference !== 0) return difference;
    }
    return a.row - b.row || a.candidate - b.candidate;
  });
  const result: (C | null)[] = new Array<C | null>(rowCount).fill(null);
  const usedCandidates = new Set<number>();
  for (const pair of pairs) {
    if (result[pair.row] !== null || usedCandidates.has(pair.candidate)) continue;
    result[pair.row] = pair.value;
    usedCandidates.add(pair.candidate);
  }
  return result;
}

/**
 * A payment row (amount < 0) is a bill's payment when its amount is within 10% of the scheduled one
 * and its date from 5 days before to 7 days after the due date: exact amounts first, then rows
 * naming the bill, then the nearest date.
 */
function billPairs(rows: readonly MatchableRow[], bills: readonly BillCandidate[]): Pair<BillCandidate>[] {
  const pairs: Pair<BillCandidate>[] = [];
  const payees = payeeKeysOf(rows, bills);
  bills.forEach((bill, candidate) => {
    const name = foldDescription(bill.creditorName);
    rows.forEach((row, index) => {
      if (!row.open || row.amountCents >= 0) return;
      const paid = -row.amountCents;
      const offset = daysBetween(bill.dueDate, row.date);
      const ownPayee = Boolean(bill.payeeKey) && payees[index] === bill.payeeKey;
      if (offset < -5 || offset > 7 || !amountFits(paid, bill.scheduledCents, ownPayee)) return;
      const named = ownPayee || (name !== '' && foldDescription(row.description).includes(name));
      pairs.push({
        row: index,
        candidate,
        rank: [paid === bill.scheduledCents ? 0 : 1, named ? 0 : 1, Math.abs(offset)],
        value: bill,
      });
    });
  });
  return pairs;
}

/** A deposit row is a pay not deposited yet from 3 days before to 5 days after the pay's date, within 10%. */
function payPairs(rows: readonly MatchableRow[], pays: readonly PayCandidate[]): Pair<PayCandidate>[] {
  const pairs: Pair<PayCandidate>[] = [];
  const payees = payeeKeysOf(rows, pays);
  pays.forEach((pay, candidate) => {
    rows.forEach((row, index) => {
      if (!row.open || row.amountCents <= 0) return;
      const offset = daysBetween(pay.date, row.date);
      const ownPayee = Boolean(pay.payeeKey) && payees[index] === pay.payeeKey;
      if (offset < -3 || offset > 5 || !amountFits(row.amountCents, pay.expectedCents, ownPayee)) return;
      pairs.push({
        row: index,
        candidate,
        rank: [row.amountCents === pay.expectedCents ? 0 : 1, Math.abs(offset)],
        value: pay,
      });
    });
  });
  return pairs;
}

/** A hand-typed entry of the same direction and amount within 7 days either side, nearest first. */
function similarPairs(rows: readonly MatchableRow[], typed: readonly TypedEntry[]): Pair<TypedEntry>[] {
  // By amount first: a 10,000-row statement against a month of typed entries stays linear.
  const byAmount = new Map<Cents, number[]>();
  typed.forEach((entry, candidate) => {
    byAmount.set(entry.amountCents, [...(byAmount.get(entry.amountCents) ?? []), candidate]);
  });
  const pairs: Pair<TypedEntry>[] = [];
  rows.forEach((row, index) => {
    if (!row.open) return;
    for (const candidate of byAmount.get(row.amountCents) ?? []) {
      const entry = typed[candidate] as TypedEntry;
      const offset = Math.abs(daysBetween(entry.date, row.date));
      if (offset <= 7) pairs.push({ row: index, candidate, rank: [offset], value: entry });
    }
  });
  return pairs;
}

/** For each row, whether any of its pairs competes: another candidate for it, or another row for its candidate. */
function contestedRows<C>(pairs: readonly Pair<C>[], rowCount: number): boolean[] {
  const perRow = new Array<number>(rowCount).fill(0);
  const perCandidate = new Map<number, number>();
  for (const pair of pairs) {
    perRow[pair.row] = (perRow[pair.row] as number) + 1;
    perCandidate.set(pair.candidate, (perCandidate.get(pair.candidate) ?? 0) + 1);
  }
  const contested = perRow.map((count) => count > 1);
  for (const pair of pairs) if ((perCandidate.get(pair.candidate) as number) > 1) contested[pair.row] = true;
  return contested;
}

/** Every row's bill, pay and look-alike, each candidate given to one row at most. */
export function matchStatementRows(
  rows: readonly MatchableRow[],
  candidates: {
    bills: readonly BillCandidate[];
    pays: readonly PayCandidate[];
    typed: readonly TypedEntry[];
  },
): RowMatches[] {
  const billChoices = billPairs(rows, candidates.bills);
  const payChoices = payPairs(rows, candidates.pays);
  const billsContested = contestedRows(billChoices, rows.length);
  const paysContested = contestedRows(payChoices, rows.length);
  const bills = assign(billChoices, rows.length);
  const pays = assign(payChoices, rows.length);
  const similar = assign(similarPairs(rows, candidates.typed), rows.length);
  return rows.map((_row, index) => ({
    bill: bills[index] ?? null,
    pay: pays[index] ?? null,
    similar: similar[index] ?? null,
    contested: Boolean(billsContested[index] || paysContested[index]),
  }));
}

/**
 * The switch logic of the analysis tab (the product specification), kept pure so it reads like the rules.
 *
 * Obligations: only the current occurrence of a liability has switches. Its state starts from the
 * server (an auto-paid occurrence due today or earlier is reported paid). Changes are queued until
 * 'Save Paid Info'. Cleared needs paid; unmarking paid resets cleared; past due = due before today
 * and not paid.
 *
 * Income: each received, not yet deposited occurrence has a deposited switch; 'Deposit Pay' takes
 * the ones switched on.
 */
import type { IncomeOccurrenceRowFragment, LiabilityOccurrenceRowFragment } from '../../gql/graphql';
import { sumDollars } from '../../components/money';

export interface PaidSwitches {
  paid: boolean;
  cleared: boolean;
  /** What was actually paid (dollars), typed for a row about to settle; absent: the scheduled amount. */
  amount?: number | null;
}

/** Pending switch changes by liability id; a row whose switches equal the server's is not queued. */
export type PaidChanges = Readonly<Record<string, PaidSwitches>>;

/** What the server says about the row: auto-paid rows are paid. */
export function savedSwitches(row: LiabilityOccurrenceRowFragment): PaidSwitches {
  const paid = row.paid || row.autoPaid;
  return { paid, cleared: paid && row.cleared };
}

export function switchesOf(row: LiabilityOccurrenceRowFragment, changes: PaidChanges): PaidSwitches {
  return changes[row.liabilityId] ?? savedSwitches(row);
}

function withSwitches(
  changes: PaidChanges,
  row: LiabilityOccurrenceRowFragment,
  next: PaidSwitches,
): PaidChanges {
  const saved = savedSwitches(row);
  const rest = { ...changes };
  delete rest[row.liabilityId];
  if (saved.paid === next.paid && saved.cleared === next.cleared) return rest;
  return { ...rest, [row.liabilityId]: next };
}

/** Marking paid keeps cleared as it was; unmarking paid resets cleared too. */
export function setPaid(
  changes: PaidChanges,
  row: LiabilityOccurrenceRowFragment,
  paid: boolean,
): PaidChanges {
  if (!row.current) return changes;
  const current = switchesOf(row, changes);
  return withSwitches(changes, row, { paid, cleared: paid ? current.cleared : false });
}

/** The amount actually paid, for a row switched to paid and cleared (a variable bill). */
export function setAmountPaid(
  changes: PaidChanges,
  row: LiabilityOccurrenceRowFragment,
  amount: number | null,
): PaidChanges {
  const current = changes[row.liabilityId];
  if (!row.current || !current?.cleared) return changes;
  return { ...changes, [row.liabilityId]: { ...current, amount } };
}

/** A row the pending changes will settle (newly paid and cleared): money leaves the wallet. */
export function willSettle(row: LiabilityOccurrenceRowFragment, changes: PaidChanges): boolean {
  return row.current && Boolean(changes[row.liabilityId]?.cleared) && !savedSwitches(row).cleared;
}

/** Cleared can only change while the row is paid. */
export function setCleared(
  changes: PaidChanges,
  row: LiabilityOccurrenceRowFragment,
  cleared: boolean,
): PaidChanges {
  if (!row.current) return changes;
  const current = switchesOf(row, changes);
  if (!current.paid) return changes;
  return withSwitches(changes, row, { paid: true, cleared });
}

/** Past due: due before today and not paid. */
export function isPastDue(row: LiabilityOccurrenceRowFragment, changes: PaidChanges, today: string): boolean {
  if (!row.current) return row.pastDue;
  return row.dueDate < today && !switchesOf(row, changes).paid;
}

/**
 * The queued rows 'Save Paid Info' sends, each with the due date it was set on, so the server can
 * refuse a change to an occurrence that was settled meanwhile (a double submit never pays twice).
 */
export function queuedChanges(
  rows: readonly LiabilityOccurrenceRowFragment[],
  changes: PaidChanges,
): { liabilityId: string; paid: boolean; cleared: boolean; dueDate: string; amount?: number }[] {
  return rows
    .filter((row) => row.current && changes[row.liabilityId] !== undefined)
    .map((row) => {
      const s = switchesOf(row, changes);
      const queued = { liabilityId: row.liabilityId, paid: s.paid, cleared: s.cleared, dueDate: row.dueDate };
      const typed = s.amount;
      return willSettle(row, changes) && typed != null && typed !== row.amount
        ? { ...queued, amount: typed }
        : queued;
    });
}

/** The rows about to settle whose typed amount cannot be paid (zero): the message to show, or null. */
export function amountPaidProblem(
  rows: readonly LiabilityOccurrenceRowFragment[],
  changes: PaidChanges,
): string | null {
  const zero = rows.find((row) => willSettle(row, changes) && changes[row.liabilityId]?.amount === 0);
  return zero ? `The amount paid for ${zero.creditorName} must be more than $0.00` : null;
}

export function hasPendingChanges(changes: PaidChanges): boolean {
  return Object.keys(changes).length > 0;
}

/** The total of rows newly switched to cleared: what saving will take from the wallet. */
export function pendingClearedTotal(
  rows: readonly LiabilityOccurrenceRowFragment[],
  changes: PaidChanges,
): number {
  return sumDollars(
    rows
      .filter((row) => willSettle(row, changes))
      .map((row) => changes[row.liabilityId]?.amount ?? row.amount),
  );
}

/** Key of an income occurrence: deposited belongs to a source's pay date, not to the source. */
export function occurrenceKey(row: Pick<IncomeOccurrenceRowFragment, 'incomeSourceId' | 'date'>): string {
  return `${row.incomeSourceId}|${row.date}`;
}

export type DepositSelection = ReadonlySet<string>;

export function toggleDeposit(
  selection: DepositSelection,
  row: IncomeOccurrenceRowFragment,
  on: boolean,
): DepositSelection {
  if (row.deposited) return selection;
  const next = new Set(selection);
  if (on) next.add(occurrenceKey(row));
  else next.delete(occurrenceKey(row));
  return next;
}

/** The occurrences 'Deposit Pay' sends: switched on and not already deposited. */
export function selectedDeposits(
  rows: readonly IncomeOccurrenceRowFragment[],
  selection: DepositSelection,
): IncomeOccurrenceRowFragment[] {
  return rows.filter((row) => !row.deposited && selection.has(occurrenceKey(row)));
}

export function depositTotal(
  rows: readonly IncomeOccurrenceRowFragment[],
  selection: DepositSelection,
): number {
  return sumDollars(selectedDeposits(rows, selection).map((row) => row.amount));
}

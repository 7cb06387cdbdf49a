/**
 * The rules behind 'Save Paid Info' and 'Deposit Pay', as plans: the server checks ownership,
 * then writes exactly what the plan says in one database transaction. Nothing here touches money
 * twice; refusing a bad request happens before anything is written.
 */
import { formatDisplayDate } from './dates';
import { fromDayNumber, toDayNumber } from './day-numbers';
import { DomainError } from './errors';
import { expenseSchedule, incomeSchedule } from './recurrence';
import { isOccurrence, occurrenceAfter } from './schedules';
import type {
  DepositPlan,
  IncomeSourceInput,
  IsoDate,
  LiabilityInput,
  LiabilityUpdatePlan,
  PaidInfoChange,
  PaymentRecord,
} from './types';

/** The due date one step after the liability's current one, from its anchor. */
function nextDueDate(liability: LiabilityInput): IsoDate {
  const schedule = expenseSchedule(liability.anchorDate, liability.frequency);
  return fromDayNumber(occurrenceAfter(schedule, toDayNumber(liability.dueDate, 'dueDate')));
}

/**
 * A row that became paid and cleared: what was paid (the scheduled payment unless the person typed
 * the amount actually paid) leaves the wallet and the bill moves to its next due date.
 */
function settle(
  liability: LiabilityInput,
  walletId: string,
  amountCents: number | null,
): LiabilityUpdatePlan {
  const spentCents = amountCents ?? liability.paymentCents;
  const balanceCents =
    liability.balanceCents === null ? null : Math.max(0, liability.balanceCents - spentCents);
  return {
    liabilityId: liability.id,
    settled: true,
    spentCents,
    balanceReducedCents: liability.balanceCents === null ? 0 : liability.balanceCents - (balanceCents ?? 0),
    settledDueDate: liability.dueDate,
    spentFromWalletId:
      liability.currentPaid && liability.paidFromWalletId ? liability.paidFromWalletId : walletId,
    next: {
      dueDate: nextDueDate(liability),
      balanceCents,
      currentPaid: false,
      currentCleared: false,
      paidFromWalletId: null,
    },
  };
}

/** A row that only changes its switches: paid (from the selected wallet) or back to unpaid. */
function markPaidState(liability: LiabilityInput, paid: boolean, walletId: string): LiabilityUpdatePlan {
  const keepsWallet = paid && liability.currentPaid && liability.paidFromWalletId;
  return {
    liabilityId: liability.id,
    settled: false,
    spentCents: 0,
    balanceReducedCents: 0,
    settledDueDate: null,
    spentFromWalletId: null,
    next: {
      dueDate: liability.dueDate,
      balanceCents: liability.balanceCents,
      currentPaid: paid,
      currentCleared: false,
      paidFromWalletId: paid ? (keepsWallet ? liability.paidFromWalletId : walletId) : null,
    },
  };
}

/**
 * 'Save Paid Info': the new state of each changed liability. Cleared counts only when paid (an
 * unpaid row is never cleared). A row that becomes paid and cleared is settled: its payment is
 * spent from the wallet, its balance (when set) goes down by the payment but never below 0, its due
 * date advances one step from the anchor and its switches reset for the new current occurrence.
 */
export function planPaidInfo(
  liabilities: LiabilityInput[],
  changes: PaidInfoChange[],
  walletId: string,
): LiabilityUpdatePlan[] {
  const byId = new Map(liabilities.map((liability) => [liability.id, liability]));
  const seen = new Set<string>();
  return changes.map((change) => {
    const liability = byId.get(change.liabilityId);
    if (!liability) throw new DomainError(`Unknown expense: ${change.liabilityId}`, 'liabilityId');
    if (seen.has(change.liabilityId)) {
      throw new DomainError(`Expense ${liability.creditorName} appears twice in the changes`, 'liabilityId');
    }
    seen.add(change.liabilityId);
    const amountCents = change.amountCents ?? null;
    if (change.paid && change.cleared) return settle(liability, walletId, amountCents);
    if (amountCents !== null) {
      throw new DomainError(
        `The amount paid for ${liability.creditorName} is recorded when it is marked paid and cleared`,
        'amount',
      );
    }
    return markPaidState(liability, change.paid, walletId);
  });
}

/** What skipping the current occurrence writes: no money moves, the due date advances one step. */
export interface SkipPlan {
  skippedDueDate: IsoDate;
  nextDueDate: IsoDate;
}

/**
 * 'Skip': the current occurrence does not come this time (a month without a utility bill). Only the
 * current occurrence can be skipped, and not once it is marked paid (unmark it, or settle it).
 */
export function planSkip(liability: LiabilityInput, dueDate: IsoDate): SkipPlan {
  if (dueDate !== liability.dueDate) {
    throw new DomainError(
      `Only the current occurrence of ${liability.creditorName} (due ${formatDisplayDate(liability.dueDate)}) can be skipped`,
      'dueDate',
    );
  }
  if (liability.currentPaid) {
    throw new DomainError(
      `${liability.creditorName} is marked paid for ${liability.dueDate}: unmark it before skipping`,
      'dueDate',
    );
  }
  return { skippedDueDate: liability.dueDate, nextDueDate: nextDueDate(liability) };
}

/** What undoing a settlement writes: the money back, the balance restored, the occurrence current again. */
export interface UndoPlan {
  /** Returned to the paying wallet (0 for a skip). */
  refundCents: number;
  walletId: string | null;
  balanceCents: number | null;
  dueDate: IsoDate;
}

/**
 * 'Undo': reverses the latest settlement (or skip) of a liability. An older one cannot be undone
 * while a later one stands, since the due dates after it were built on it. `latest` is the
 * liability's newest history row; `balanceReducedCents` is how much the settlement lowered the
 * liability's balance.
 */
export function planUndo(
  liability: LiabilityInput,
  payment: PaymentRecord,
  latest: PaymentRecord,
  balanceReducedCents: number,
): UndoPlan {
  if (payment.id !== latest.id) {
    throw new DomainError(
      `Only the latest payment of ${liability.creditorName} (due ${formatDisplayDate(latest.dueDate)}) can be undone`,
      'paymentId',
    );
  }
  if (payment.kind === 'PAID' && payment.walletId === null) {
    throw new DomainError(
      `The wallet ${liability.creditorName} was paid from no longer exists, so the payment cannot be undone`,
      'paymentId',
    );
  }
  return {
    refundCents: payment.kind === 'PAID' ? payment.amountCents : 0,
    walletId: payment.kind === 'PAID' ? payment.walletId : null,
    balanceCents: liability.balanceCents === null ? null : liability.balanceCents + balanceReducedCents,
    dueDate: payment.dueDate,
  };
}

/**
 * 'Deposit Pay': the occurrences to record as deposited and their sum. Each requested date must be
 * a real pay date of its source, not after today and not deposited before, and may appear only once
 * in the request: money is never added twice.
 */
export function planDeposit(
  sources: IncomeSourceInput[],
  requested: { incomeSourceId: string; date: IsoDate }[],
  today: IsoDate,
): DepositPlan {
  if (requested.length === 0) throw new DomainError('Choose at least one pay to deposit', 'occurrences');
  const todayDay = toDayNumber(today, 'today');
  const byId = new Map(sources.map((source) => [source.id, source]));
  const seen = new Set<string>();
  const occurrences: DepositPlan['occurrences'] = [];
  let totalCents = 0;

  for (const { incomeSourceId, date } of requested) {
    const source = byId.get(incomeSourceId);
    if (!source) throw new DomainError(`Unknown income source: ${incomeSourceId}`, 'incomeSourceId');
    const day = toDayNumber(date, 'date');
    if (!isOccurrence(incomeSchedule(source), day)) {
      throw new DomainError(`${date} is not a pay date of ${source.sourceName}`, 'date');
    }
    if (day > todayDay) {
      throw new DomainError(`The ${source.sourceName} pay of ${date} is not due yet`, 'date');
    }
    const key = `${incomeSourceId}|${date}`;
    if (seen.has(key) || source.depositedDates.includes(date)) {
      throw new DomainError(`The ${source.sourceName} pay of ${date} is already deposited`, 'date');
    }
    seen.add(key);
    occurrences.push({ incomeSourceId, date, amountCents: source.paymentCents });
    totalCents += source.paymentCents;
  }
  return { occurrences, totalCents };
}

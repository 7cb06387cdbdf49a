/**
 * The rules behind 'Save Paid Info' and 'Deposit Pay', as plans: the server checks ownership,
 * then writes exactly what the plan says in one database transaction. Nothing here touches money
 * twice; refusing a bad request happens before anything is written.
 */
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
} from './types';

/** A row that became paid and cleared: money leaves the wallet and the bill moves to its next due date. */
function settle(liability: LiabilityInput, walletId: string): LiabilityUpdatePlan {
  const schedule = expenseSchedule(liability.anchorDate, liability.frequency);
  const nextDueDay = occurrenceAfter(schedule, toDayNumber(liability.dueDate, 'dueDate'));
  const balanceCents =
    liability.balanceCents === null ? null : Math.max(0, liability.balanceCents - liability.paymentCents);
  return {
    liabilityId: liability.id,
    settled: true,
    spentCents: liability.paymentCents,
    spentFromWalletId:
      liability.currentPaid && liability.paidFromWalletId ? liability.paidFromWalletId : walletId,
    next: {
      dueDate: fromDayNumber(nextDueDay),
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
    if (change.paid && change.cleared) return settle(liability, walletId);
    return markPaidState(liability, change.paid, walletId);
  });
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

/**
 * The cash-flow analysis of the dashboard (docs/product-rules.md §1-§6): what came in last, when the next pay is
 * due, which bills fall before it, and how much cash is really free. One pure function from the
 * user's data and "today" to the `CashFlowAnalysis`; the server serves it, the client may preview it.
 *
 * It runs on every dashboard load, so the loops work on integer day numbers and each date string is
 * parsed once and formatted once.
 */
import { fromDayNumber, toDayNumber, type DayNumber } from './day-numbers';
import { COMING_DUE_WINDOW_DAYS } from './options';
import { expenseSchedule, incomeDaysAround, incomeSchedule } from './recurrence';
import { occurrenceAfter, occurrenceOnOrBefore } from './schedules';
import { netIncomeAfterSetAside, setAsideFor } from './set-aside';
import type {
  AnalysisInput,
  CashFlowAnalysis,
  Cents,
  IncomeOccurrence,
  IncomeSourceInput,
  LiabilityInput,
  LiabilityOccurrence,
  PaymentRecord,
  WalletInput,
  WalletSummary,
} from './types';

interface IncomeAnalysis {
  lastIncomeReceived: IncomeOccurrence[];
  nextIncome: IncomeOccurrence[];
  nextIncomeDay: DayNumber | null;
}

interface LiabilityAnalysis {
  obligations: LiabilityOccurrence[];
  comingDue: LiabilityOccurrence[];
}

function incomeOccurrence(source: IncomeSourceInput, date: string): IncomeOccurrence {
  return {
    incomeSourceId: source.id,
    sourceName: source.sourceName,
    date,
    // The pay that arrived: a deposit matched to a bank row counts what the bank shows.
    amountCents: source.depositedAmounts?.[date] ?? source.paymentCents,
    deposited: source.depositedDates.includes(date),
    active: source.active,
  };
}

/**
 * The last pay of an inactive source: the latest one on or before the day it stopped (its anchor
 * when that day is unknown). It stays listed through the date its next pay would have been.
 */
function inactiveLastPay(source: IncomeSourceInput, today: DayNumber): DayNumber | null {
  const anchor = toDayNumber(source.nextPmtDate, 'nextPmtDate');
  const stopped = source.inactiveSince ? toDayNumber(source.inactiveSince, 'inactiveSince') : anchor;
  const cutoff = Math.min(today, stopped);
  if (anchor > cutoff) return null;
  const schedule = incomeSchedule(source);
  const last = occurrenceOnOrBefore(schedule, cutoff);
  return today <= occurrenceAfter(schedule, last) ? last : null;
}

function analyzeIncome(sources: IncomeSourceInput[], today: DayNumber): IncomeAnalysis {
  const lastIncomeReceived: IncomeOccurrence[] = [];
  const upcoming: { source: IncomeSourceInput; day: DayNumber }[] = [];
  let nextIncomeDay: DayNumber | null = null;

  for (const source of sources) {
    if (!source.active) {
      const last = inactiveLastPay(source, today);
      if (last !== null) lastIncomeReceived.push(incomeOccurrence(source, fromDayNumber(last)));
      continue;
    }
    const anchor = toDayNumber(source.nextPmtDate, 'nextPmtDate');
    const { last, next } = incomeDaysAround(incomeSchedule(source), anchor, today);
    if (last !== null) lastIncomeReceived.push(incomeOccurrence(source, fromDayNumber(last)));
    upcoming.push({ source, day: next });
    if (nextIncomeDay === null || next < nextIncomeDay) nextIncomeDay = next;
  }

  const nextIncome: IncomeOccurrence[] = [];
  if (nextIncomeDay !== null) {
    const date = fromDayNumber(nextIncomeDay);
    for (const { source, day } of upcoming) {
      if (day === nextIncomeDay) nextIncome.push(incomeOccurrence(source, date));
    }
  }
  lastIncomeReceived.sort(byDateThenSourceName);
  nextIncome.sort(byDateThenSourceName);
  return { lastIncomeReceived, nextIncome, nextIncomeDay };
}

/** The current occurrence, with the switches the user can act on. */
function currentOccurrence(
  liability: LiabilityInput,
  dueDay: DayNumber,
  today: DayNumber,
): LiabilityOccurrence {
  const autoPaid = liability.autoPay && dueDay <= today;
  const paid = liability.currentPaid || autoPaid;
  return {
    liabilityId: liability.id,
    creditorName: liability.creditorName,
    debtType: liability.debtType,
    dueDate: liability.dueDate,
    amountCents: liability.paymentCents,
    current: true,
    paid,
    cleared: paid && liability.currentCleared,
    pastDue: dueDay < today && !paid,
    autoPaid,
    paidFromWalletId: paid ? liability.paidFromWalletId : null,
    ...UNSETTLED,
  };
}

const UNSETTLED = { settled: false, paidOn: null, amountPaidCents: null, paymentId: null } as const;

/** A later occurrence, projected from the anchor: shown as upcoming, with no switches. */
function projectedOccurrence(liability: LiabilityInput, dueDay: DayNumber): LiabilityOccurrence {
  return {
    liabilityId: liability.id,
    creditorName: liability.creditorName,
    debtType: liability.debtType,
    dueDate: fromDayNumber(dueDay),
    amountCents: liability.paymentCents,
    current: false,
    paid: false,
    cleared: false,
    pastDue: false,
    autoPaid: false,
    paidFromWalletId: null,
    ...UNSETTLED,
  };
}

/** A settled occurrence from the payment history: it was paid from this period's money. */
function settledOccurrence(payment: PaymentRecord): LiabilityOccurrence {
  return {
    liabilityId: payment.liabilityId,
    creditorName: payment.creditorName,
    debtType: payment.debtType,
    dueDate: payment.dueDate,
    amountCents: payment.amountCents,
    current: false,
    paid: true,
    cleared: true,
    pastDue: false,
    autoPaid: false,
    paidFromWalletId: payment.walletId,
    settled: true,
    paidOn: payment.paidOn,
    amountPaidCents: payment.amountCents,
    paymentId: payment.id,
  };
}

/**
 * The current pay period runs from S, the earliest last pay received (today when there is none),
 * through today. Every occurrence paid in it counts against this period's pay, whatever its due
 * date: settling a bill due before N leaves the true net income where it was, and paying early a bill
 * due after N lowers it once (the next period starts after it was paid, so it is not counted again).
 * Skipped occurrences are not obligations.
 */
function settledThisPeriod(
  payments: PaymentRecord[],
  periodStart: DayNumber,
  today: DayNumber,
): LiabilityOccurrence[] {
  const settled: LiabilityOccurrence[] = [];
  for (const payment of payments) {
    if (payment.kind !== 'PAID') continue;
    const paidOn = toDayNumber(payment.paidOn, 'paidOn');
    if (paidOn >= periodStart && paidOn <= today) settled.push(settledOccurrence(payment));
  }
  return settled;
}

function periodStartDay(lastIncomeReceived: IncomeOccurrence[], today: DayNumber): DayNumber {
  let start = today;
  for (const occurrence of lastIncomeReceived) start = Math.min(start, toDayNumber(occurrence.date, 'date'));
  return start;
}

/**
 * Unsettled obligations: every occurrence due before the next income date N (T + 30 days, included, when
 * there is no N), past-due ones included. Coming due: occurrences with N ≤ due date ≤ T + 30.
 */
function analyzeLiabilities(
  liabilities: LiabilityInput[],
  today: DayNumber,
  nextIncomeDay: DayNumber | null,
): LiabilityAnalysis {
  const comingDueUntil = today + COMING_DUE_WINDOW_DAYS;
  const lastDayToLookAt =
    nextIncomeDay === null ? comingDueUntil : Math.max(nextIncomeDay - 1, comingDueUntil);
  const obligations: LiabilityOccurrence[] = [];
  const comingDue: LiabilityOccurrence[] = [];

  for (const liability of liabilities) {
    const currentDay = toDayNumber(liability.dueDate, 'dueDate');
    if (currentDay > lastDayToLookAt) continue;
    const schedule = expenseSchedule(liability.anchorDate, liability.frequency);
    for (let day = currentDay; day <= lastDayToLookAt; day = occurrenceAfter(schedule, day)) {
      const isObligation = nextIncomeDay === null || day < nextIncomeDay;
      if (!isObligation && day > comingDueUntil) break;
      const occurrence =
        day === currentDay ? currentOccurrence(liability, day, today) : projectedOccurrence(liability, day);
      (isObligation ? obligations : comingDue).push(occurrence);
    }
  }
  comingDue.sort(byDueDateThenCreditorName);
  return { obligations, comingDue };
}

/**
 * The wallet a bill's or a pay's money moves in: the one named, else the default wallet, else the
 * first; null only when there are no wallets. The analysis and the forecast both ask this, so a
 * payment about to leave counts against the same wallet in each.
 */
export function walletResolver(wallets: WalletInput[]): (named: string | null | undefined) => string | null {
  const fallback = (wallets.find((wallet) => wallet.defaultWallet) ?? wallets[0])?.id ?? null;
  return (named) => named ?? fallback;
}

/** The current occurrence is paid (by hand or auto-paid) and its money has not left the wallet yet. */
export function isPaidNotCleared(liability: LiabilityInput, today: DayNumber): boolean {
  if (liability.currentCleared) return false;
  return liability.currentPaid || (liability.autoPay && toDayNumber(liability.dueDate, 'dueDate') <= today);
}

/**
 * Paid-but-not-cleared payments, by the wallet they are paid from (the wallet chosen when it was
 * marked paid; for an auto-paid bill, its 'Paid from' wallet or the default one): money that is
 * about to leave that wallet, whatever the bill's due date.
 */
function pendingPaymentsByWallet(
  liabilities: LiabilityInput[],
  wallets: WalletInput[],
  today: DayNumber,
): Map<string, Cents> {
  const resolve = walletResolver(wallets);
  const pending = new Map<string, Cents>();
  for (const liability of liabilities) {
    if (!isPaidNotCleared(liability, today)) continue;
    const walletId = resolve(liability.paidFromWalletId ?? liability.walletId);
    if (walletId === null) continue;
    pending.set(walletId, (pending.get(walletId) ?? 0) + liability.paymentCents);
  }
  return pending;
}

function summarizeWallets(wallets: WalletInput[], pending: Map<string, Cents>): WalletSummary[] {
  return wallets.map((wallet) => ({
    walletId: wallet.id,
    walletName: wallet.walletName,
    balanceCents: wallet.balanceCents,
    availableBalanceCents: wallet.balanceCents - (pending.get(wallet.id) ?? 0),
    defaultWallet: wallet.defaultWallet,
    lastUpdate: wallet.lastUpdate,
  }));
}

/** The wallet the dashboard shows: the selected one, else the default, else the first. */
function selectWallet(wallets: WalletSummary[], selectedWalletId: string | null): WalletSummary | null {
  return (
    wallets.find((wallet) => wallet.walletId === selectedWalletId) ??
    wallets.find((wallet) => wallet.defaultWallet) ??
    wallets[0] ??
    null
  );
}

function sum<T>(items: T[], amount: (item: T) => Cents): Cents {
  let total = 0;
  for (const item of items) total += amount(item);
  return total;
}

function compareText(a: string, b: string): number {
  if (a === b) return 0;
  return a < b ? -1 : 1;
}

function byDateThenSourceName(a: IncomeOccurrence, b: IncomeOccurrence): number {
  return compareText(a.date, b.date) || compareText(a.sourceName, b.sourceName);
}

function byDueDateThenCreditorName(a: LiabilityOccurrence, b: LiabilityOccurrence): number {
  return compareText(a.dueDate, b.dueDate) || compareText(a.creditorName, b.creditorName);
}

/** The dashboard's cash-flow analysis for `input.today` (docs/product-rules.md §1-§6 and §3). */
export function analyzeCashFlow(input: AnalysisInput): CashFlowAnalysis {
  const today = toDayNumber(input.today, 'today');
  const { lastIncomeReceived, nextIncome, nextIncomeDay } = analyzeIncome(input.incomeSources, today);
  const periodStart = periodStartDay(lastIncomeReceived, today);
  const { obligations: unsettled, comingDue } = analyzeLiabilities(input.liabilities, today, nextIncomeDay);
  const obligations = [...unsettled, ...settledThisPeriod(input.payments ?? [], periodStart, today)];
  obligations.sort(byDueDateThenCreditorName);

  const pending = pendingPaymentsByWallet(input.liabilities, input.wallets, today);
  const wallets = summarizeWallets(input.wallets, pending);
  const selected = selectWallet(wallets, input.selectedWalletId);

  const lastIncomeTotalCents = sum(lastIncomeReceived, (occurrence) => occurrence.amountCents);
  const obligationsTotalCents = sum(obligations, (occurrence) => occurrence.amountCents);
  // Paid-but-not-cleared payments are already out of the available balances (whatever their due
  // date), so only the unpaid obligations are taken from them: the cash no bill before N has a
  // claim on, which is also the forecast's safe to spend.
  const unpaidObligationsCents = sum(obligations, (occurrence) =>
    occurrence.paid ? 0 : occurrence.amountCents,
  );

  const nextIncomeDate = nextIncomeDay === null ? null : fromDayNumber(nextIncomeDay);
  const setAside = setAsideFor(input.liabilities, fromDayNumber(periodStart), nextIncomeDate, input.today);

  return {
    asOf: input.today,
    periodStart: fromDayNumber(periodStart),
    nextIncomeDate: nextIncomeDay === null ? null : fromDayNumber(nextIncomeDay),
    nextIncomeTotalCents: sum(nextIncome, (occurrence) => occurrence.amountCents),
    lastIncomeTotalCents,
    obligationsTotalCents,
    netIncomeThisPeriodCents: lastIncomeTotalCents - obligationsTotalCents,
    availableCashCents:
      sum(input.wallets, (wallet) => wallet.balanceCents) -
      sum([...pending.values()], (cents) => cents) -
      unpaidObligationsCents,
    walletAvailableBalanceCents: selected === null ? null : selected.availableBalanceCents,
    selectedWalletId: selected === null ? null : selected.walletId,
    lastIncomeReceived,
    nextIncome,
    obligations,
    comingDue,
    wallets,
    setAsideThisPeriodCents: setAside.setAsideThisPeriodCents,
    netIncomeAfterSetAsideCents: netIncomeAfterSetAside(
      lastIncomeTotalCents,
      obligations,
      input.liabilities,
      setAside,
    ),
    heldForBillsCents: setAside.heldForBillsCents,
    setAsideBills: setAside.bills,
  };
}

/**
 * Reminders and the calendar feed (docs/product-rules.md §9): which bills an account is reminded of today, the
 * payday digest, and the events of its calendar feed. Pure functions over the same data the
 * analysis reads; the server decides when to run them and records what was sent.
 */
import { analyzeCashFlow } from './analysis';
import { addDays, addMonthsClamped } from './dates';
import { fromDayNumber, toDayNumber } from './day-numbers';
import { forecastBalances } from './forecast';
import type { FieldErrors } from './validation';
import { formatMoney } from './money';
import { expenseSchedule, incomeOccurrencesBetween } from './recurrence';
import { occurrenceAfter } from './schedules';
import type {
  Cents,
  IncomeSourceInput,
  IsoDate,
  LiabilityInput,
  PaymentKind,
  PaymentRecord,
  WalletInput,
} from './types';

export interface ReminderSettings {
  billReminders: boolean;
  billLeadDays: number;
  pastDueNotices: boolean;
  paydayDigest: boolean;
  /** A budget reaching 80% and then all of its month (docs/product-rules.md §24). */
  budgetAlerts: boolean;
  sendHour: number;
}

export const REMINDER_DEFAULTS: ReminderSettings = {
  billReminders: true,
  billLeadDays: 3,
  pastDueNotices: true,
  paydayDigest: true,
  budgetAlerts: true,
  sendHour: 8,
};
export const BILL_LEAD_DAYS_MAX = 14;
export const REMINDER_MESSAGES = {
  billLeadDays: `Choose from 0 to ${BILL_LEAD_DAYS_MAX} days`,
  sendHour: 'Choose an hour from 0 to 23',
} as const;

/** Lead days 0..14 and a send hour 0..23, whole numbers; per-field messages. */
export function reminderSettingsErrors(settings: ReminderSettings): FieldErrors {
  const errors: FieldErrors = {};
  const { billLeadDays, sendHour } = settings;
  if (!Number.isInteger(billLeadDays) || billLeadDays < 0 || billLeadDays > BILL_LEAD_DAYS_MAX)
    errors.billLeadDays = REMINDER_MESSAGES.billLeadDays;
  if (!Number.isInteger(sendHour) || sendHour < 0 || sendHour > 23)
    errors.sendHour = REMINDER_MESSAGES.sendHour;
  return errors;
}

/**
 * The kinds of reminder; each can be turned off on its own (and unsubscribed from). A budget alert
 * rides in the day's first other reminder; only when there is none is it a reminder of its own,
 * pushed to the account's devices and never e-mailed.
 */
export type ReminderKind = 'BILLS_DUE_SOON' | 'PAST_DUE' | 'PAYDAY_DIGEST' | 'BUDGET_ALERT';
export const REMINDER_KINDS: ReminderKind[] = ['BILLS_DUE_SOON', 'PAST_DUE', 'PAYDAY_DIGEST', 'BUDGET_ALERT'];
/** The setting that turns each kind on or off. */
export const REMINDER_KIND_SETTING = {
  BILLS_DUE_SOON: 'billReminders',
  PAST_DUE: 'pastDueNotices',
  PAYDAY_DIGEST: 'paydayDigest',
  BUDGET_ALERT: 'budgetAlerts',
} as const satisfies Record<ReminderKind, keyof ReminderSettings>;

/** One occurrence of a bill, as a reminder or the feed names it. */
export interface BillOccurrence {
  liabilityId: string;
  creditorName: string;
  dueDate: IsoDate;
  amountCents: Cents;
  autoPay: boolean;
  /** Only the current occurrence can be marked paid (not yet cleared). */
  paid: boolean;
}

/**
 * The unsettled occurrences of the liabilities (the current one, then the projected ones) due from
 * `from` through `to`, earliest first, then by creditor name.
 */
export function unsettledOccurrencesBetween(
  liabilities: LiabilityInput[],
  from: IsoDate,
  to: IsoDate,
): BillOccurrence[] {
  const first = toDayNumber(from, 'from');
  const last = toDayNumber(to, 'to');
  const occurrences: BillOccurrence[] = [];
  for (const liability of liabilities) {
    const currentDay = toDayNumber(liability.dueDate, 'dueDate');
    if (currentDay > last) continue;
    const schedule = expenseSchedule(liability.anchorDate, liability.frequency);
    let day = currentDay < first ? occurrenceAfter(schedule, first - 1) : currentDay;
    for (; day <= last; day = occurrenceAfter(schedule, day)) {
      occurrences.push({
        liabilityId: liability.id,
        creditorName: liability.creditorName,
        dueDate: fromDayNumber(day),
        amountCents: liability.paymentCents,
        autoPay: liability.autoPay,
        paid: day === currentDay && liability.currentPaid,
      });
    }
  }
  return occurrences.sort(byDueDateThenName);
}

function byDueDateThenName(a: BillOccurrence, b: BillOccurrence): number {
  if (a.dueDate !== b.dueDate) return a.dueDate < b.dueDate ? -1 : 1;
  return a.creditorName.localeCompare(b.creditorName, 'en') || Number(a.liabilityId) - Number(b.liabilityId);
}

/** The key a bill occurrence is remembered under, so that it is reminded once. */
export function billOccurrenceKey(occurrence: { liabilityId: string; dueDate: IsoDate }): string {
  return `${occurrence.liabilityId}:${occurrence.dueDate}`;
}

export interface PaydayDigest {
  /** Today's pay of each active source paying today. */
  pay: { incomeSourceId: string; sourceName: string; amountCents: Cents }[];
  payTotalCents: Cents;
  nextIncomeDate: IsoDate | null;
  /** Unsettled bills due before the next payday (past-due ones included). */
  bills: BillOccurrence[];
  billsTotalCents: Cents;
  netIncomeThisPeriodCents: Cents;
  lowestBalanceCents: Cents;
  lowestDate: IsoDate;
  /** The bills that come less often, as shares of the period (set-aside.ts); none: an empty list. */
  setAsideFrequencies: string[];
  netIncomeAfterSetAsideCents: Cents;
  heldForBillsCents: Cents;
}

export interface ReminderPlan {
  billsDueSoon: BillOccurrence[];
  pastDue: BillOccurrence[];
  payday: PaydayDigest | null;
}

export interface ReminderPlanInput {
  today: IsoDate;
  settings: ReminderSettings;
  wallets: WalletInput[];
  incomeSources: IncomeSourceInput[];
  liabilities: LiabilityInput[];
  /** Keys (billOccurrenceKey) of the occurrences already in a reminder. */
  alreadyReminded: ReadonlySet<string>;
  /** Recent payment history rows, as the analysis reads them (settled bills stay this period's). */
  payments?: PaymentRecord[];
}

/** How many days the digest's forecast looks ahead for the lowest balance. */
export const DIGEST_FORECAST_DAYS = 45;

/**
 * What to send an account today, by kind (docs/product-rules.md §9), each kind only when its setting is on:
 * bills due from today through today + lead days not reminded before; unpaid bills due yesterday;
 * on a pay date of an active source, the payday digest.
 */
export function planReminders(input: ReminderPlanInput): ReminderPlan {
  const { today, settings } = input;
  const billsDueSoon = settings.billReminders
    ? unsettledOccurrencesBetween(input.liabilities, today, addDays(today, settings.billLeadDays)).filter(
        (occurrence) => !occurrence.paid && !input.alreadyReminded.has(billOccurrenceKey(occurrence)),
      )
    : [];
  const yesterday = addDays(today, -1);
  const pastDue = settings.pastDueNotices
    ? unsettledOccurrencesBetween(input.liabilities, yesterday, yesterday).filter(
        (occurrence) => !occurrence.paid && !occurrence.autoPay,
      )
    : [];
  return {
    billsDueSoon,
    pastDue,
    payday: settings.paydayDigest ? paydayDigest(input) : null,
  };
}

function paydayDigest(input: ReminderPlanInput): PaydayDigest | null {
  const { today } = input;
  const pay = input.incomeSources
    .filter((source) => source.active && incomeOccurrencesBetween(source, today, today).length > 0)
    .map((source) => ({
      incomeSourceId: source.id,
      sourceName: source.sourceName,
      amountCents: source.paymentCents,
    }))
    .sort((a, b) => a.sourceName.localeCompare(b.sourceName, 'en'));
  if (pay.length === 0) return null;
  const analysis = analyzeCashFlow({
    today,
    wallets: input.wallets,
    incomeSources: input.incomeSources,
    liabilities: input.liabilities,
    payments: input.payments,
    selectedWalletId: null,
  });
  const forecast = forecastBalances({
    today,
    wallets: input.wallets,
    incomeSources: input.incomeSources,
    liabilities: input.liabilities,
    walletId: null,
    days: DIGEST_FORECAST_DAYS,
    whatIfs: [],
  });
  const bills: BillOccurrence[] = analysis.obligations
    .filter((occurrence) => !occurrence.paid && !occurrence.settled)
    .map((occurrence) => ({
      liabilityId: occurrence.liabilityId,
      creditorName: occurrence.creditorName,
      dueDate: occurrence.dueDate,
      amountCents: occurrence.amountCents,
      autoPay: false,
      paid: false,
    }));
  return {
    pay,
    payTotalCents: pay.reduce((sum, item) => sum + item.amountCents, 0),
    nextIncomeDate: analysis.nextIncomeDate,
    bills,
    billsTotalCents: bills.reduce((sum, bill) => sum + bill.amountCents, 0),
    netIncomeThisPeriodCents: analysis.netIncomeThisPeriodCents,
    lowestBalanceCents: forecast.lowestBalanceCents,
    lowestDate: forecast.lowestDate,
    setAsideFrequencies: analysis.setAsideBills.map((bill) => bill.frequency),
    netIncomeAfterSetAsideCents: analysis.netIncomeAfterSetAsideCents,
    heldForBillsCents: analysis.heldForBillsCents,
  };
}

/** The feed's window: 30 days back, 12 months ahead. */
export const FEED_DAYS_BACK = 30;
export const FEED_MONTHS_AHEAD = 12;

export interface CalendarEvent {
  uid: string;
  date: IsoDate;
  summary: string;
  kind: 'BILL' | 'PAYDAY';
}

export interface SettledOccurrence {
  liabilityId: string;
  creditorName: string;
  dueDate: IsoDate;
  amountCents: Cents;
}

/** A payment history row as the feed reads it: settled (PAID, at the amount paid) or SKIPPED. */
export interface HistoryEntry {
  liabilityId: string;
  dueDate: IsoDate;
  kind: PaymentKind;
  amountCents: Cents;
}

export interface CalendarInput {
  today: IsoDate;
  liabilities: LiabilityInput[];
  incomeSources: IncomeSourceInput[];
  includeAmounts: boolean;
  /**
   * The payment history's rows in the window. An occurrence before the current due date was settled
   * or skipped: a history row says which (skipped ones are left out, settled ones show the amount
   * paid); without one (settled before the history existed) it counts as settled.
   */
  history?: HistoryEntry[];
}

const compactDate = (date: IsoDate) => date.replace(/-/g, '');

/**
 * The calendar feed's all-day events from today − 30 days through today + 12 months: each bill
 * occurrence ('Mortgage due $1,400.00', or 'Mortgage paid $1,400.00' once settled or paid) and
 * each pay date of an active source ('Payday: Acme Payroll $2,000.00'); amounts left out when the
 * feed was made without them. UIDs are stable: bill-<liabilityId>-<YYYYMMDD>@truenet and
 * pay-<incomeSourceId>-<YYYYMMDD>@truenet.
 */
export function calendarEvents(input: CalendarInput): CalendarEvent[] {
  const from = addDays(input.today, -FEED_DAYS_BACK);
  const to = addMonthsClamped(input.today, FEED_MONTHS_AHEAD);
  const amount = (cents: Cents) => (input.includeAmounts ? ` ${formatMoney(cents)}` : '');
  const events: CalendarEvent[] = [];
  const bill = (
    occurrence: { liabilityId: string; creditorName: string; dueDate: IsoDate; amountCents: Cents },
    paid: boolean,
  ) =>
    events.push({
      uid: `bill-${occurrence.liabilityId}-${compactDate(occurrence.dueDate)}@truenet`,
      date: occurrence.dueDate,
      summary: `${occurrence.creditorName} ${paid ? 'paid' : 'due'}${amount(occurrence.amountCents)}`,
      kind: 'BILL',
    });
  for (const occurrence of unsettledOccurrencesBetween(input.liabilities, from, to))
    bill(occurrence, occurrence.paid);
  const history = new Map((input.history ?? []).map((entry) => [billOccurrenceKey(entry), entry]));
  for (const occurrence of settledByDueDate(input.liabilities, from)) {
    const entry = history.get(billOccurrenceKey(occurrence));
    if (entry?.kind === 'SKIPPED') continue;
    bill(entry ? { ...occurrence, amountCents: entry.amountCents } : occurrence, true);
  }
  for (const source of input.incomeSources) {
    if (!source.active) continue;
    for (const date of incomeOccurrencesBetween(source, from, to)) {
      events.push({
        uid: `pay-${source.id}-${compactDate(date)}@truenet`,
        date,
        summary: `Payday: ${source.sourceName}${amount(source.paymentCents)}`,
        kind: 'PAYDAY',
      });
    }
  }
  return events.sort((a, b) => (a.date === b.date ? a.uid.localeCompare(b.uid) : a.date < b.date ? -1 : 1));
}

/** Occurrences from the anchor (or `from`) up to, not including, the current due date: settled. */
function settledByDueDate(liabilities: LiabilityInput[], from: IsoDate): SettledOccurrence[] {
  const settled: SettledOccurrence[] = [];
  const first = toDayNumber(from);
  for (const liability of liabilities) {
    const currentDay = toDayNumber(liability.dueDate);
    const anchorDay = toDayNumber(liability.anchorDate);
    if (currentDay <= first || anchorDay >= currentDay) continue;
    const schedule = expenseSchedule(liability.anchorDate, liability.frequency);
    const start = Math.max(anchorDay, first);
    for (
      let day = occurrenceAfter(schedule, start - 1);
      day < currentDay;
      day = occurrenceAfter(schedule, day)
    ) {
      settled.push({
        liabilityId: liability.id,
        creditorName: liability.creditorName,
        dueDate: fromDayNumber(day),
        amountCents: liability.paymentCents,
      });
    }
  }
  return settled;
}

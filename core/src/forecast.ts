/**
 * The balance forecast (docs/product-rules.md §7-§8 "The balance forecast"): where the balance goes, day by day,
 * from today to a horizon, so a household sees its lowest point before payday and can ask
 * "can I afford $300 on Friday?" with what-ifs that change nothing stored.
 *
 * One pure function from the same data the analysis reads. Like the analysis it runs on integer day
 * numbers; events are dropped into one bucket per day, so the cost grows with the number of
 * occurrences in the horizon, not with days × rows.
 */
import { analyzeCashFlow, isPaidNotCleared, walletResolver } from './analysis';
import { COMING_DUE_WINDOW_DAYS } from './options';
import {
  civilFromDayNumber,
  clampedDayInMonth,
  daysInMonth,
  fromDayNumber,
  isoFromCivil,
  monthIndexOf,
  toDayNumber,
  type DayNumber,
} from './day-numbers';
import { DomainError } from './errors';
import { expenseSchedule, incomeSchedule } from './recurrence';
import { occurrenceAfter, type Schedule } from './schedules';
import type {
  Cents,
  IncomeOccurrence,
  IncomeSourceInput,
  IsoDate,
  LiabilityInput,
  WalletInput,
} from './types';
import type { FieldErrors } from './validation';

export const FORECAST_DEFAULT_DAYS = 45;
export const FORECAST_MAX_DAYS = 366;
export const FORECAST_MAX_WHAT_IFS = 20;
export const WHAT_IF_DESCRIPTION_MAX_LENGTH = 255;
/** The name a what-if event carries when the person gave it no description. */
export const WHAT_IF_DEFAULT_NAME = 'What if';

/** A planned spend: it lowers the forecast from its date on; nothing is stored. */
export interface WhatIf {
  date: IsoDate;
  amountCents: Cents;
  description?: string | null;
}

export interface ForecastInput {
  today: IsoDate;
  wallets: WalletInput[];
  incomeSources: IncomeSourceInput[];
  liabilities: LiabilityInput[];
  /** The wallet to forecast; null: all wallets together. */
  walletId: string | null;
  /** Number of days, today included (1..366). */
  days: number;
  whatIfs: WhatIf[];
}

export type ForecastEventKind = 'INCOME' | 'BILL' | 'WHAT_IF';

export interface ForecastEvent {
  kind: ForecastEventKind;
  name: string;
  /** Signed: income > 0, bills and what-ifs < 0. */
  amountCents: Cents;
  /**
   * Always false. Pay not deposited yet is no money in a wallet and is never an event: it is listed
   * in `undepositedIncome` instead (it used to be counted today, which let safe to spend exceed the
   * cash held). Kept for the API's scripts.
   */
  pending: false;
  /** A bill whose due date has passed unpaid, counted today. */
  pastDue: boolean;
}
// Events are shared by the days of one source or bill: read them, never change them.

export interface ForecastDay {
  date: IsoDate;
  /** End-of-day balance. */
  balanceCents: Cents;
  /** Sum of the day's positive events. */
  inflowCents: Cents;
  /** Sum of the day's negative events, as a positive amount. */
  outflowCents: Cents;
  events: ForecastEvent[];
}

/** Mirrors the GraphQL type `BalanceForecast`, in cents. */
export interface BalanceForecast {
  asOf: IsoDate;
  horizon: IsoDate;
  walletId: string | null;
  startBalanceCents: Cents;
  days: ForecastDay[];
  lowestBalanceCents: Cents;
  lowestDate: IsoDate;
  firstNegativeDate: IsoDate | null;
  nextIncomeDate: IsoDate | null;
  safeToSpendCents: Cents;
  /** This period's pay that is not in a wallet yet (of the forecast's wallet, with `walletId`): a to-do, never counted. */
  undepositedIncome: IncomeOccurrence[];
}

/**
 * What is wrong with a forecast request, per field: `days` 1..366, at most 20 what-ifs, each dated
 * from today through the horizon with an amount > 0 and a description of at most 255 characters.
 * Fields of a what-if are named `whatIf[i].date`, so a form can point at the row at fault.
 */
export function forecastRequestErrors(
  request: Pick<ForecastInput, 'today' | 'days' | 'whatIfs'>,
): FieldErrors {
  const errors: FieldErrors = {};
  const { days, whatIfs } = request;
  if (!Number.isInteger(days) || days < 1 || days > FORECAST_MAX_DAYS) {
    errors.days = `days must be a whole number from 1 to ${FORECAST_MAX_DAYS}`;
  }
  if (whatIfs.length > FORECAST_MAX_WHAT_IFS) {
    errors.whatIf = `At most ${FORECAST_MAX_WHAT_IFS} what-ifs can be asked at once`;
    return errors;
  }
  const today = toDayNumber(request.today, 'asOf');
  const horizon = errors.days ? null : today + days - 1;
  whatIfs.forEach((whatIf, index) => {
    const field = `whatIf[${index}]`;
    const day = toDayNumber(whatIf.date, `${field}.date`);
    if (horizon !== null && (day < today || day > horizon)) {
      errors[`${field}.date`] =
        `A what-if must be dated from ${request.today} through ${fromDayNumber(horizon)}`;
    }
    if (!Number.isSafeInteger(whatIf.amountCents) || whatIf.amountCents <= 0) {
      errors[`${field}.amount`] = 'A what-if amount must be greater than 0';
    }
    if ((whatIf.description ?? '').length > WHAT_IF_DESCRIPTION_MAX_LENGTH) {
      errors[`${field}.description`] =
        `A what-if description can have at most ${WHAT_IF_DESCRIPTION_MAX_LENGTH} characters`;
    }
  });
  return errors;
}

/** Events dropped into one bucket per day of the horizon; index 0 is today. */
class DayBuckets {
  readonly events: ForecastEvent[][];

  constructor(
    private readonly today: DayNumber,
    length: number,
  ) {
    this.events = Array.from({ length }, () => []);
  }

  add(day: DayNumber, event: ForecastEvent): void {
    this.events[day - this.today]?.push(event);
  }
}

/** The current occurrence is paid (or auto-paid): it is no event, whether cleared or not. */
function currentIsPaid(liability: LiabilityInput, dueDay: DayNumber, today: DayNumber): boolean {
  return liability.currentPaid || (liability.autoPay && dueDay <= today);
}

/** A liability with its current due date read once, for the start balance and the bills. */
interface Bill {
  liability: LiabilityInput;
  dueDay: DayNumber;
}

function startBalance(
  input: ForecastInput,
  bills: Bill[],
  inScope: (walletId: string | null) => boolean,
  today: DayNumber,
) {
  const resolve = walletResolver(input.wallets);
  let start = 0;
  for (const wallet of input.wallets) if (inScope(wallet.id)) start += wallet.balanceCents;
  for (const { liability } of bills) {
    if (!isPaidNotCleared(liability, today)) continue;
    if (inScope(resolve(liability.paidFromWalletId ?? liability.walletId))) start -= liability.paymentCents;
  }
  return start;
}

/**
 * Every pay date of an active source from tomorrow on (today's pay is already received: it is in a
 * wallet once deposited, and listed as undeposited until then). Answers this period's pay not
 * deposited yet.
 */
function addIncome(
  input: ForecastInput,
  lastIncomeReceived: IncomeOccurrence[],
  buckets: DayBuckets,
  inScope: (walletId: string | null) => boolean,
  today: DayNumber,
  last: DayNumber,
): IncomeOccurrence[] {
  const resolve = walletResolver(input.wallets);
  const byId = new Map(input.incomeSources.map((source) => [source.id, source]));
  const undepositedIncome = lastIncomeReceived.filter((occurrence) => {
    const source = byId.get(occurrence.incomeSourceId) as IncomeSourceInput;
    return !occurrence.deposited && inScope(resolve(source.walletId));
  });
  for (const source of byName(input.incomeSources, (source) => source.sourceName)) {
    if (!source.active || !inScope(resolve(source.walletId))) continue;
    const schedule = incomeSchedule(source);
    // Before a future anchor there is no pay: the anchor itself is the first one.
    const anchor = toDayNumber(source.nextPmtDate, 'nextPmtDate');
    // Every pay date of a source reads the same: one event, shared by its days.
    const payday: ForecastEvent = {
      kind: 'INCOME',
      name: source.sourceName,
      amountCents: source.paymentCents,
      pending: false,
      pastDue: false,
    };
    const first = anchor > today ? anchor : occurrenceAfter(schedule, today);
    eachOccurrence(schedule, first, last, (day) => buckets.add(day, payday));
  }
  return undepositedIncome;
}

/**
 * Every unsettled occurrence (the current one, then the projected ones) through the horizon. One due
 * today or earlier and unpaid counts today (`pastDue` when earlier); a paid current one is already in
 * the start balance (or gone, when cleared) and is skipped.
 */
function addBills(
  input: ForecastInput,
  bills: Bill[],
  buckets: DayBuckets,
  inScope: (walletId: string | null) => boolean,
  today: DayNumber,
  horizon: DayNumber,
): void {
  const resolve = walletResolver(input.wallets);
  for (const { liability, dueDay: currentDay } of bills) {
    if (!inScope(resolve(liability.walletId))) continue;
    if (currentDay > horizon) continue;
    const schedule = expenseSchedule(liability.anchorDate, liability.frequency);
    // Its occurrences read the same, past due or not: two events, shared by their days.
    const due: ForecastEvent = {
      kind: 'BILL',
      name: liability.creditorName,
      amountCents: -liability.paymentCents,
      pending: false,
      pastDue: false,
    };
    const pastDue: ForecastEvent = { ...due, pastDue: true };
    const first = currentIsPaid(liability, currentDay, today)
      ? occurrenceAfter(schedule, currentDay)
      : currentDay;
    eachOccurrence(schedule, first, horizon, (day) =>
      buckets.add(Math.max(day, today), day < today ? pastDue : due),
    );
  }
}

function addWhatIfs(whatIfs: WhatIf[], buckets: DayBuckets): void {
  const named = whatIfs.map((whatIf) => ({
    whatIf,
    name: whatIf.description?.trim() || WHAT_IF_DEFAULT_NAME,
  }));
  for (const { whatIf, name } of byName(named, (item) => item.name)) {
    buckets.add(toDayNumber(whatIf.date), {
      kind: 'WHAT_IF',
      name,
      amountCents: -whatIf.amountCents,
      pending: false,
      pastDue: false,
    });
  }
}

/**
 * Calls `visit` for `first` and every occurrence after it through `last`. Monthly steps walk the
 * month index from the first true occurrence, instead of converting each day back to a calendar
 * date: the forecast steps through a year of a few hundred bills on every request.
 */
function eachOccurrence(
  schedule: Schedule,
  first: DayNumber,
  last: DayNumber,
  visit: (day: DayNumber) => void,
): void {
  if (first > last) return;
  visit(first);
  // `first` may be off the schedule (a due date entered by hand); `day` is on it.
  let day = occurrenceAfter(schedule, first);
  if (schedule.kind === 'days') {
    for (; day <= last; day += schedule.step) visit(day);
    return;
  }
  if (schedule.kind === 'twiceMonthly') {
    for (; day <= last; day = occurrenceAfter(schedule, day)) visit(day);
    return;
  }
  for (let month = monthIndexOf(civilFromDayNumber(day)); day <= last;) {
    visit(day);
    month += schedule.step;
    day = clampedDayInMonth(month, schedule.anchorDay);
  }
}

/** `count` dates from `first` on, stepping the calendar by hand (no day-number conversion per day). */
function consecutiveDates(first: DayNumber, count: number): IsoDate[] {
  let { year, month, day } = civilFromDayNumber(first);
  let monthPrefix = isoFromCivil({ year, month, day }).slice(0, 8);
  let monthLength = daysInMonth(year, month);
  const dates: IsoDate[] = [];
  for (let i = 0; i < count; i += 1) {
    dates.push(monthPrefix + (day < 10 ? `0${day}` : String(day)));
    day += 1;
    if (day <= monthLength) continue;
    day = 1;
    month += 1;
    if (month > 12) {
      month = 1;
      year += 1;
    }
    monthPrefix = isoFromCivil({ year, month, day }).slice(0, 8);
    monthLength = daysInMonth(year, month);
  }
  return dates;
}

/**
 * A copy sorted by name. Income, then bills, then what-ifs are dropped into the days in this order,
 * so every day but today (where past-due bills join) is already in display order.
 */
function byName<T>(items: T[], name: (item: T) => string): T[] {
  return items.slice().sort((a, b) => compareText(name(a), name(b)));
}

function compareText(a: string, b: string): number {
  if (a === b) return 0;
  return a < b ? -1 : 1;
}

/**
 * The balance forecast for `input.today` through `today + days - 1`: end-of-day balances from the
 * available balance, the lowest one and its (earliest) date, the first day below zero, and what is
 * safe to spend: the lowest end-of-day balance from today through the day before the next payday N
 * (through today + 30 days without N, the window of the analysis' obligations), never below 0.
 * That window may reach past the horizon: its bills count all the same, so safe to spend does not
 * depend on how many days are drawn, and with every wallet and no what-if it equals the analysis'
 * available cash (never below 0). Pay not deposited yet is no money in a wallet: it is listed in
 * `undepositedIncome`, never counted.
 *
 * With `walletId`, only that wallet's money: its available balance, and the income and bills that
 * name it (or name none, when it is the default wallet). What-ifs always count: they are the spend
 * being asked about.
 */
export function forecastBalances(input: ForecastInput): BalanceForecast {
  const errors = Object.entries(forecastRequestErrors(input));
  if (errors.length > 0) {
    const [field, message] = errors[0] as [string, string];
    throw new DomainError(message, field);
  }
  if (input.walletId !== null && !input.wallets.some((wallet) => wallet.id === input.walletId)) {
    throw new DomainError('Wallet not found', 'walletId');
  }
  const today = toDayNumber(input.today, 'today');
  const horizon = today + input.days - 1;
  const inScope = (walletId: string | null) => input.walletId === null || walletId === input.walletId;

  const income = analyzeCashFlow({
    today: input.today,
    wallets: [],
    incomeSources: input.incomeSources,
    liabilities: [],
    selectedWalletId: null,
  });
  const { nextIncomeDate } = income;
  const safeUntil =
    nextIncomeDate === null ? today + COMING_DUE_WINDOW_DAYS : toDayNumber(nextIncomeDate) - 1;
  const lastDay = Math.max(horizon, safeUntil);

  const buckets = new DayBuckets(today, lastDay - today + 1);
  const undepositedIncome = addIncome(input, income.lastIncomeReceived, buckets, inScope, today, lastDay);
  const bills = byName(input.liabilities, (liability) => liability.creditorName).map((liability) => ({
    liability,
    dueDay: toDayNumber(liability.dueDate, 'dueDate'),
  }));
  addBills(input, bills, buckets, inScope, today, lastDay);
  addWhatIfs(input.whatIfs, buckets);

  const startBalanceCents = startBalance(input, bills, inScope, today);
  const dates = consecutiveDates(today, input.days);
  const days: ForecastDay[] = [];
  let balance = startBalanceCents;
  let lowestBalanceCents = Number.POSITIVE_INFINITY;
  let lowestDay = today;
  let firstNegativeDay: DayNumber | null = null;
  let safeToSpend = Number.POSITIVE_INFINITY;

  for (let day = today; day <= lastDay; day += 1) {
    const index = day - today;
    const events = buckets.events[index] as ForecastEvent[];
    let inflowCents = 0;
    let outflowCents = 0;
    for (const event of events) {
      if (event.amountCents > 0) inflowCents += event.amountCents;
      else outflowCents -= event.amountCents;
    }
    balance += inflowCents - outflowCents;
    if (day <= safeUntil && balance < safeToSpend) safeToSpend = balance;
    if (day > horizon) continue;
    if (index === 0) events.sort(byKindThenName);
    days.push({ date: dates[index] as IsoDate, balanceCents: balance, inflowCents, outflowCents, events });
    if (balance < lowestBalanceCents) {
      lowestBalanceCents = balance;
      lowestDay = day;
    }
    if (balance < 0 && firstNegativeDay === null) firstNegativeDay = day;
  }

  return {
    asOf: input.today,
    horizon: fromDayNumber(horizon),
    walletId: input.walletId,
    startBalanceCents,
    days,
    lowestBalanceCents,
    lowestDate: fromDayNumber(lowestDay),
    firstNegativeDate: firstNegativeDay === null ? null : fromDayNumber(firstNegativeDay),
    nextIncomeDate,
    safeToSpendCents: Math.max(0, safeToSpend),
    undepositedIncome,
  };
}

const KIND_ORDER: Record<ForecastEventKind, number> = { INCOME: 0, BILL: 1, WHAT_IF: 2 };

/** Income first, then bills (past due before today's), then what-ifs; by name inside each. */
function byKindThenName(a: ForecastEvent, b: ForecastEvent): number {
  return (
    KIND_ORDER[a.kind] - KIND_ORDER[b.kind] ||
    Number(b.pastDue) - Number(a.pastDue) ||
    compareText(a.name, b.name)
  );
}

/**
 * Pay dates of income sources and due dates of liabilities (docs/product-rules.md §1-§6 "Recurrence"). Every
 * date is computed from the anchor the user entered, forward or backward, never chained from the
 * previous one, so a Jan 31 monthly bill is due Feb 28, then Mar 31 again.
 */
import { fromDayNumber, toDayNumber, type DayNumber } from './day-numbers';
import { DomainError } from './errors';
import {
  everyDays,
  everyMonths,
  isOccurrence,
  occurrenceAfter,
  occurrenceOnOrBefore,
  twiceMonthly,
  type Schedule,
} from './schedules';
import type { ExpenseFrequency, IncomeFrequency, IncomeSourceInput, IsoDate, LiabilityInput } from './types';

/** Just what recurrence needs of an income source. */
export type IncomeSchedule = Pick<IncomeSourceInput, 'frequency' | 'nextPmtDate' | 'biMonthlyPayDate'>;

/** Days between two occurrences, for the frequencies that step by days. */
export const INCOME_STEP_DAYS: Partial<Record<IncomeFrequency, number>> = { WEEKLY: 7, BIWEEKLY: 14 };
export const EXPENSE_STEP_DAYS: Partial<Record<ExpenseFrequency, number>> = { WEEKLY: 7, BIWEEKLY: 14 };
/** Months between two occurrences, for the frequencies that step by months. */
export const EXPENSE_STEP_MONTHS: Partial<Record<ExpenseFrequency, number>> = {
  MONTHLY: 1,
  BIMONTHLY: 2,
  QUARTERLY: 3,
  TWICE_YEARLY: 6,
  YEARLY: 12,
};

/**
 * The schedule of an income source, anchored on its `nextPmtDate` ('Last Pay Date'). A Twice
 * Monthly source pays on the day of `nextPmtDate` and on the day of `biMonthlyPayDate` every month;
 * without a second date it falls back to monthly.
 */
export function incomeSchedule(source: IncomeSchedule): Schedule {
  const anchor = toDayNumber(source.nextPmtDate, 'nextPmtDate');
  switch (source.frequency) {
    case 'WEEKLY':
      return everyDays(anchor, 7);
    case 'BIWEEKLY':
      return everyDays(anchor, 14);
    case 'TWICE_MONTHLY':
      if (source.biMonthlyPayDate === null) return everyMonths(anchor, 1);
      return twiceMonthly(anchor, toDayNumber(source.biMonthlyPayDate, 'biMonthlyPayDate'));
    case 'MONTHLY':
      return everyMonths(anchor, 1);
    default:
      throw new DomainError(`Unknown income frequency: ${String(source.frequency)}`, 'incomeFrequency');
  }
}

/** The schedule of a liability, anchored on the date the user first entered. */
export function expenseSchedule(anchorDate: IsoDate, frequency: ExpenseFrequency): Schedule {
  const anchor = toDayNumber(anchorDate, 'anchorDate');
  const days = EXPENSE_STEP_DAYS[frequency];
  if (days !== undefined) return everyDays(anchor, days);
  const months = EXPENSE_STEP_MONTHS[frequency];
  if (months !== undefined) return everyMonths(anchor, months);
  throw new DomainError(`Unknown expense frequency: ${String(frequency)}`, 'frequency');
}

/**
 * Last and next pay days of a source for `today`, as day numbers. Before a future anchor there is
 * no pay: the source has no last occurrence and its next one is the anchor itself.
 */
export function incomeDaysAround(
  schedule: Schedule,
  anchor: DayNumber,
  today: DayNumber,
): { last: DayNumber | null; next: DayNumber } {
  if (anchor > today) return { last: null, next: anchor };
  return { last: occurrenceOnOrBefore(schedule, today), next: occurrenceAfter(schedule, today) };
}

/** The latest pay date on or before `today`; null when the anchor is in the future. */
export function lastIncomeOccurrence(source: IncomeSchedule, today: IsoDate): IsoDate | null {
  const { last } = incomeDaysAround(
    incomeSchedule(source),
    toDayNumber(source.nextPmtDate, 'nextPmtDate'),
    toDayNumber(today, 'today'),
  );
  return last === null ? null : fromDayNumber(last);
}

/** The earliest pay date after `today` (the anchor itself when it is in the future). */
export function nextIncomeOccurrence(source: IncomeSchedule, today: IsoDate): IsoDate {
  const { next } = incomeDaysAround(
    incomeSchedule(source),
    toDayNumber(source.nextPmtDate, 'nextPmtDate'),
    toDayNumber(today, 'today'),
  );
  return fromDayNumber(next);
}

/** Every pay date of the source from `from` to `to`, both included, earliest first. */
export function incomeOccurrencesBetween(source: IncomeSchedule, from: IsoDate, to: IsoDate): IsoDate[] {
  const schedule = incomeSchedule(source);
  const last = toDayNumber(to, 'to');
  const dates: IsoDate[] = [];
  for (let day = occurrenceAfter(schedule, toDayNumber(from, 'from') - 1); day <= last;) {
    dates.push(fromDayNumber(day));
    day = occurrenceAfter(schedule, day);
  }
  return dates;
}

/** True when `date` is one of the source's pay dates (before or after its anchor). */
export function isIncomeOccurrence(source: IncomeSchedule, date: IsoDate): boolean {
  return isOccurrence(incomeSchedule(source), toDayNumber(date));
}

/** The due date that follows `currentDueDate`, computed from the anchor by the frequency. */
export function nextExpenseDueDate(
  anchorDate: IsoDate,
  currentDueDate: IsoDate,
  frequency: ExpenseFrequency,
): IsoDate {
  const schedule = expenseSchedule(anchorDate, frequency);
  return fromDayNumber(occurrenceAfter(schedule, toDayNumber(currentDueDate, 'dueDate')));
}

/**
 * The liability's due dates from `fromDueDate` (its current occurrence, included) through `until`
 * (included): the current one, then the projected ones.
 */
export function expenseOccurrencesThrough(
  liability: Pick<LiabilityInput, 'anchorDate' | 'frequency'>,
  fromDueDate: IsoDate,
  until: IsoDate,
): IsoDate[] {
  const schedule = expenseSchedule(liability.anchorDate, liability.frequency);
  const last = toDayNumber(until, 'until');
  const dates: IsoDate[] = [];
  for (let day = toDayNumber(fromDueDate, 'dueDate'); day <= last; day = occurrenceAfter(schedule, day)) {
    dates.push(fromDayNumber(day));
  }
  return dates;
}

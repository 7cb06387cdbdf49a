/**
 * Calendar dates are `YYYY-MM-DD` strings. "Today" is read from an instant in the user's IANA time
 * zone, by the caller: nothing here reads the clock. Arithmetic runs on integer day numbers
 * (./day-numbers), never on Date objects.
 */
import {
  civilFromDayNumber,
  clampedDayInMonth,
  fromDayNumber,
  monthIndexOf,
  parseIsoDate,
  toDayNumber,
  weekdayOf,
} from './day-numbers';
import { DomainError } from './errors';
import type { IsoDate } from './types';

/** A user-entered date is valid from 2 years before today to 3 years after (inclusive). */
export const VALID_DATE_YEARS_BACK = 2;
export const VALID_DATE_YEARS_AHEAD = 3;

export function isIsoDate(value: unknown): value is IsoDate {
  return parseIsoDate(value) !== null;
}

/** Throws a DomainError naming `field` unless `value` is a real `YYYY-MM-DD` date. */
export function assertIsoDate(value: unknown, field = 'date'): asserts value is IsoDate {
  if (!isIsoDate(value)) throw new DomainError(`${field} must be a calendar date written YYYY-MM-DD`, field);
}

// One formatter per zone: building an Intl.DateTimeFormat is far slower than using one.
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat | null {
  const cached = formatters.get(timeZone);
  if (cached) return cached;
  if (typeof timeZone !== 'string' || timeZone === '') return null;
  try {
    const formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    formatters.set(timeZone, formatter);
    return formatter;
  } catch {
    return null;
  }
}

/** True for an IANA time zone name the runtime knows ('America/Los_Angeles', 'UTC', ...). */
export function isValidTimeZone(timeZone: unknown): boolean {
  return typeof timeZone === 'string' && formatterFor(timeZone) !== null;
}

/**
 * A zone's date changes only at its midnight, so "today" is remembered per zone for a quarter of
 * an hour of UTC, when the date is the same at both ends of it: asking ICU costs microseconds,
 * and every dashboard request asks (issue #23). Both ends are checked rather than assuming that
 * offsets are whole quarter hours, which old local mean times were not.
 */
const DAY_WINDOW_MS = 15 * 60 * 1000;
const dayWindows = new Map<string, { start: number; day: IsoDate }>();

function dateAt(formatter: Intl.DateTimeFormat, milliseconds: number): IsoDate {
  const parts: Record<string, string> = {};
  for (const part of formatter.formatToParts(milliseconds)) parts[part.type] = part.value;
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/** The calendar date at `instant` in `timeZone`: the user's "today". */
export function todayInZone(instant: Date | number, timeZone: string): IsoDate {
  const formatter = formatterFor(timeZone);
  if (!formatter) throw new DomainError(`Unknown time zone: ${timeZone}`, 'timeZone');
  const milliseconds = typeof instant === 'number' ? instant : instant.getTime();
  if (!Number.isFinite(milliseconds)) throw new DomainError('Invalid instant', 'instant');
  const start = Math.floor(milliseconds / DAY_WINDOW_MS) * DAY_WINDOW_MS;
  const window = dayWindows.get(timeZone);
  if (window?.start === start) return window.day;
  const day = dateAt(formatter, milliseconds);
  if (dateAt(formatter, start) === day && dateAt(formatter, start + DAY_WINDOW_MS - 1) === day) {
    dayWindows.set(timeZone, { start, day });
  }
  return day;
}

export function addDays(date: IsoDate, days: number): IsoDate {
  return fromDayNumber(toDayNumber(date) + days);
}

/**
 * `months` months after (or before) `anchor`, keeping the anchor's day clamped to the target
 * month's length: Jan 31 + 1 → Feb 28 (29 in leap years), + 2 → Mar 31. Always compute from the
 * anchor, never chain: chaining would drift Jan 31 → Feb 28 → Mar 28.
 */
export function addMonthsClamped(anchor: IsoDate, months: number): IsoDate {
  const parts = parseIsoDate(anchor);
  if (!parts) throw new DomainError('anchor must be a calendar date written YYYY-MM-DD', 'anchor');
  return fromDayNumber(clampedDayInMonth(monthIndexOf(parts) + months, parts.day));
}

/** Negative when a is before b, 0 when equal, positive after (ISO strings sort as dates). */
export function compareIsoDates(a: IsoDate, b: IsoDate): number {
  return toDayNumber(a, 'a') - toDayNumber(b, 'b');
}

/** Days from a to b: positive when b is later. */
export function daysBetween(a: IsoDate, b: IsoDate): number {
  return toDayNumber(b, 'b') - toDayNumber(a, 'a');
}

/** The first and last valid user-entered dates for `today`: 2 years back, 3 years ahead. */
export function validDateWindow(today: IsoDate): { from: IsoDate; to: IsoDate } {
  return {
    from: addMonthsClamped(today, -12 * VALID_DATE_YEARS_BACK),
    to: addMonthsClamped(today, 12 * VALID_DATE_YEARS_AHEAD),
  };
}

/** A user-entered date is valid between 2 years before and 3 years after today, inclusive. */
export function isWithinValidWindow(date: IsoDate, today: IsoDate): boolean {
  if (!isIsoDate(date)) return false;
  const { from, to } = validDateWindow(today);
  return date >= from && date <= to;
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A day on a chart's axis: '2026-11-20' → 'Nov 20'. */
export function formatShortDate(date: IsoDate): string {
  const { month, day } = civilFromDayNumber(toDayNumber(date));
  return `${MONTHS[month - 1]} ${day}`;
}

/** The specification's display format 'ddd MMM D, YYYY': '2026-11-20' → 'Fri Nov 20, 2026'. */
export function formatDisplayDate(date: IsoDate): string {
  const dayNumber = toDayNumber(date);
  const { year, month, day } = civilFromDayNumber(dayNumber);
  return `${WEEKDAYS[weekdayOf(dayNumber)]} ${MONTHS[month - 1]} ${day}, ${year}`;
}

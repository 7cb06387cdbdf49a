import { formatDisplayDate, todayInZone } from '@truenet/core';

/*
 * Nothing here builds an Intl date formatter on the way to the dashboard's first screen: the first
 * one a page builds sets up ICU's date formatting, 50-150 ms on the test machine before Lighthouse's
 * 4x slowdown, one long task on a phone. Temporal names the zone without it; the browser's own
 * zone's date comes from the clock's local fields; the time of day is written by hand.
 */

/** The part of Temporal used here, where the browser has it. */
interface TemporalNow {
  Now: { timeZoneId(): string };
}

/** The browser's IANA time zone, sent with every call that depends on "today". */
export function browserTimeZone(): string {
  const temporal = (globalThis as { Temporal?: TemporalNow }).Temporal;
  return temporal ? temporal.Now.timeZoneId() : Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** Today's calendar date (`YYYY-MM-DD`) in the given zone. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  return timeZone === browserTimeZone() ? localIsoDate(now) : todayInZone(now, timeZone);
}

/** The calendar date of an instant in the browser's own zone. */
function localIsoDate(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** 'ddd MMM D, YYYY' of a calendar date, e.g. 'Wed Jan 7, 2026'. */
export function displayDate(isoDate: string | null | undefined): string {
  if (!isoDate) return '';
  return formatDisplayDate(isoDate.slice(0, 10));
}

/** A time of day as the app writes it (en-US): (0, 0) → '12:00 AM', (15, 5) → '3:05 PM'. */
export function clockTime(hour: number, minute: number): string {
  return `${hour % 12 === 0 ? 12 : hour % 12}:${String(minute).padStart(2, '0')} ${hour < 12 ? 'AM' : 'PM'}`;
}

/** A timestamp in the browser's local time: the specification's date, then the time ('Mon Jan 5, 2026 3:00 PM'). */
export function displayDateTime(instant: string | null | undefined): string {
  if (!instant) return '';
  const date = new Date(instant);
  return `${formatDisplayDate(localIsoDate(date))} ${clockTime(date.getHours(), date.getMinutes())}`;
}

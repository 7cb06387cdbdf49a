import { formatDisplayDate, todayInZone } from '@truenet/core';

/** The browser's IANA time zone, sent with every call that depends on "today". */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** Today's calendar date (`YYYY-MM-DD`) in the given zone. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  return todayInZone(now, timeZone);
}

/** 'ddd MMM D, YYYY' of a calendar date, e.g. 'Wed Jan 7, 2026'. */
export function displayDate(isoDate: string | null | undefined): string {
  if (!isoDate) return '';
  return formatDisplayDate(isoDate.slice(0, 10));
}

const timeOfDay = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });

/** A timestamp in the browser's local time: the specification's date, then the time ('Mon Jan 5, 2026 3:00 PM'). */
export function displayDateTime(instant: string | null | undefined): string {
  if (!instant) return '';
  const date = new Date(instant);
  const pad = (n: number) => String(n).padStart(2, '0');
  const localDate = `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
  return `${formatDisplayDate(localDate)} ${timeOfDay.format(date)}`;
}

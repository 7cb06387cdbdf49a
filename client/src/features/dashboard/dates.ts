import dayjs from 'dayjs';

/** The browser's IANA time zone, sent with every call that depends on "today". */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** Today's calendar date (`YYYY-MM-DD`) in the given zone. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

/** 'ddd MMM D, YYYY' of a calendar date, e.g. 'Wed Jan 7, 2026'. */
export function displayDate(isoDate: string | null | undefined): string {
  if (!isoDate) return '';
  return dayjs(isoDate.slice(0, 10)).format('ddd MMM D, YYYY');
}

/** A timestamp shown in the browser's local time. */
export function displayDateTime(instant: string | null | undefined): string {
  if (!instant) return '';
  return dayjs(instant).format('ddd MMM D, YYYY h:mm A');
}

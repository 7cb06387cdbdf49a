/**
 * Calendar dates as integer day numbers (days since 1970-01-01 in the proleptic Gregorian calendar).
 * The analysis runs on these: adding days is an addition, comparing is `<`, and no Date object or
 * time zone is ever involved. The conversions are Howard Hinnant's `days_from_civil` /
 * `civil_from_days` algorithms.
 */
import { DomainError } from './errors';
import type { IsoDate } from './types';

export type DayNumber = number;

/** A calendar date split into its parts; `month` is 1..12. */
export interface CivilDate {
  year: number;
  month: number;
  day: number;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

/** Parts of a `YYYY-MM-DD` string, or null when it is not a real calendar date. */
export function parseIsoDate(value: unknown): CivilDate | null {
  if (typeof value !== 'string') return null;
  const match = ISO_DATE.exec(value);
  if (!match) return null;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  return { year, month, day };
}

export function dayNumberFromCivil(year: number, month: number, day: number): DayNumber {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146097 + dayOfEra - 719468;
}

export function civilFromDayNumber(dayNumber: DayNumber): CivilDate {
  const z = dayNumber + 719468;
  const era = Math.floor(z / 146097);
  const dayOfEra = z - era * 146097;
  const yearOfEra = Math.floor(
    (dayOfEra - Math.floor(dayOfEra / 1460) + Math.floor(dayOfEra / 36524) - Math.floor(dayOfEra / 146096)) /
      365,
  );
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const shiftedMonth = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * shiftedMonth + 2) / 5) + 1;
  const month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9;
  const year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0);
  return { year, month, day };
}

/** The day number of a `YYYY-MM-DD` string; a DomainError names `field` when it is not a date. */
export function toDayNumber(value: IsoDate, field = 'date'): DayNumber {
  const parts = parseIsoDate(value);
  if (!parts) throw new DomainError(`${field} must be a calendar date written YYYY-MM-DD`, field);
  return dayNumberFromCivil(parts.year, parts.month, parts.day);
}

function pad(value: number, width: number): string {
  return String(value).padStart(width, '0');
}

export function isoFromCivil({ year, month, day }: CivilDate): IsoDate {
  return `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`;
}

export function fromDayNumber(dayNumber: DayNumber): IsoDate {
  return isoFromCivil(civilFromDayNumber(dayNumber));
}

/** Months counted from year 0: one integer per calendar month, so month steps are additions. */
export function monthIndexOf(date: CivilDate): number {
  return date.year * 12 + date.month - 1;
}

/** The day number of `day` in the month `monthIndex`, clamped to that month's length. */
export function clampedDayInMonth(monthIndex: number, day: number): DayNumber {
  const year = Math.floor(monthIndex / 12);
  const month = monthIndex - year * 12 + 1;
  return dayNumberFromCivil(year, month, Math.min(day, daysInMonth(year, month)));
}

/** 0 = Sunday ... 6 = Saturday. 1970-01-01 was a Thursday. */
export function weekdayOf(dayNumber: DayNumber): number {
  return (((dayNumber + 4) % 7) + 7) % 7;
}

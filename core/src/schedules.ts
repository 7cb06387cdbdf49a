/**
 * A recurring series of dates, infinite in both directions, on integer day numbers. Income sources
 * and liabilities each build one from their anchor and frequency; the analysis then asks only two
 * questions of it, both answered in constant time: the latest occurrence on or before a day, and
 * the earliest one after it.
 */
import {
  civilFromDayNumber,
  clampedDayInMonth,
  daysInMonth,
  monthIndexOf,
  type CivilDate,
  type DayNumber,
} from './day-numbers';

export type Schedule =
  /** Every `step` days from `anchor` (weekly, bi-weekly). */
  | { kind: 'days'; anchor: DayNumber; step: number }
  /** Every `step` months from the anchor month, on the anchor day clamped to each month's length. */
  | { kind: 'months'; anchorMonthIndex: number; anchorDay: number; step: number }
  /** Two days of every month, each clamped to the month's length (15 and 31 → Feb 28/29). */
  | { kind: 'twiceMonthly'; firstDay: number; secondDay: number };

export function everyDays(anchor: DayNumber, step: number): Schedule {
  return { kind: 'days', anchor, step };
}

export function everyMonths(anchor: DayNumber, step: number): Schedule {
  const parts = civilFromDayNumber(anchor);
  return { kind: 'months', anchorMonthIndex: monthIndexOf(parts), anchorDay: parts.day, step };
}

export function twiceMonthly(firstPayDay: DayNumber, secondPayDay: DayNumber): Schedule {
  return {
    kind: 'twiceMonthly',
    firstDay: civilFromDayNumber(firstPayDay).day,
    secondDay: civilFromDayNumber(secondPayDay).day,
  };
}

/** The pay days of a Twice Monthly schedule in one month, earliest first (one when they coincide). */
function twiceMonthlyDays(schedule: { firstDay: number; secondDay: number }, date: CivilDate): number[] {
  const length = daysInMonth(date.year, date.month);
  const first = Math.min(schedule.firstDay, length);
  const second = Math.min(schedule.secondDay, length);
  if (first === second) return [first];
  return first < second ? [first, second] : [second, first];
}

/** The latest occurrence on or before `day`. */
export function occurrenceOnOrBefore(schedule: Schedule, day: DayNumber): DayNumber {
  switch (schedule.kind) {
    case 'days':
      return schedule.anchor + Math.floor((day - schedule.anchor) / schedule.step) * schedule.step;
    case 'months': {
      const target = monthIndexOf(civilFromDayNumber(day));
      let steps = Math.floor((target - schedule.anchorMonthIndex) / schedule.step);
      let occurrence = clampedDayInMonth(
        schedule.anchorMonthIndex + steps * schedule.step,
        schedule.anchorDay,
      );
      if (occurrence > day) {
        steps -= 1;
        occurrence = clampedDayInMonth(schedule.anchorMonthIndex + steps * schedule.step, schedule.anchorDay);
      }
      return occurrence;
    }
    case 'twiceMonthly': {
      const date = civilFromDayNumber(day);
      const days = twiceMonthlyDays(schedule, date);
      for (let i = days.length - 1; i >= 0; i -= 1) {
        const payDay = days[i] as number;
        if (payDay <= date.day) return day - date.day + payDay;
      }
      const lastOfPreviousMonth = day - date.day;
      const previous = civilFromDayNumber(lastOfPreviousMonth);
      const previousDays = twiceMonthlyDays(schedule, previous);
      return lastOfPreviousMonth - previous.day + (previousDays[previousDays.length - 1] as number);
    }
  }
}

/** The earliest occurrence strictly after `day`. */
export function occurrenceAfter(schedule: Schedule, day: DayNumber): DayNumber {
  switch (schedule.kind) {
    case 'days':
      return occurrenceOnOrBefore(schedule, day) + schedule.step;
    case 'months': {
      const target = monthIndexOf(civilFromDayNumber(day));
      let steps = Math.floor((target - schedule.anchorMonthIndex) / schedule.step);
      let occurrence = clampedDayInMonth(
        schedule.anchorMonthIndex + steps * schedule.step,
        schedule.anchorDay,
      );
      while (occurrence <= day) {
        steps += 1;
        occurrence = clampedDayInMonth(schedule.anchorMonthIndex + steps * schedule.step, schedule.anchorDay);
      }
      return occurrence;
    }
    case 'twiceMonthly': {
      const date = civilFromDayNumber(day);
      for (const payDay of twiceMonthlyDays(schedule, date)) {
        if (payDay > date.day) return day - date.day + payDay;
      }
      const firstOfNextMonth = day - date.day + daysInMonth(date.year, date.month) + 1;
      const next = civilFromDayNumber(firstOfNextMonth);
      return firstOfNextMonth - 1 + (twiceMonthlyDays(schedule, next)[0] as number);
    }
  }
}

export function isOccurrence(schedule: Schedule, day: DayNumber): boolean {
  return occurrenceOnOrBefore(schedule, day) === day;
}

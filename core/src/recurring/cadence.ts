import {
  civilFromDayNumber,
  clampedDayInMonth,
  daysInMonth,
  monthIndexOf,
  weekdayOf,
  type DayNumber,
} from '../day-numbers';
import type { RecurringFrequency } from './types';

/**
 * How a cluster of one payee's dates is read as a cadence (docs/product-rules.md, found in your
 * bank). Day cadences are chains of gaps within a range (weekly 7±1 days, biweekly 14±2,
 * bimonthly 56-66, quarterly 84-98, twice yearly 175-190, yearly 355-375), one missed occurrence
 * being a gap of twice the range. Calendar cadences are the same day of each month: monthly ±4
 * days with month ends as one day, twice monthly two days ±3. Each reading says which dates it
 * explains, how many occurrences it misses, and when the next one falls.
 */
export interface CadenceFit {
  frequency: RecurringFrequency;
  /** Indexes of the explained dates, oldest first. */
  explained: number[];
  missed: number;
  next: DayNumber;
  /** Twice monthly: the occurrence after `next`, on the other usual day. */
  second: DayNumber | null;
}

/** Days that make a stream stale: its last occurrence is older than one period plus a week. */
export const PERIOD_DAYS: Readonly<Record<RecurringFrequency, number>> = {
  WEEKLY: 7,
  BIWEEKLY: 14,
  TWICE_MONTHLY: 16,
  MONTHLY: 31,
  BIMONTHLY: 62,
  QUARTERLY: 92,
  TWICE_YEARLY: 183,
  YEARLY: 366,
};

/**
 * The shortest gap between two occurrences each cadence allows (monthly: the 27th to the 19th of
 * the next month, both within 4 days of a usual 23rd). Dates closer than that cannot all be one
 * stream's, which lets a reading be skipped when it could never explain 80% of them.
 */
export const SHORTEST_GAP: Readonly<Record<RecurringFrequency, number>> = {
  WEEKLY: 6,
  BIWEEKLY: 12,
  TWICE_MONTHLY: 8,
  MONTHLY: 20,
  BIMONTHLY: 56,
  QUARTERLY: 84,
  TWICE_YEARLY: 175,
  YEARLY: 355,
};

export const OCCURRENCES_A_YEAR: Readonly<Record<RecurringFrequency, number>> = {
  WEEKLY: 52,
  BIWEEKLY: 26,
  TWICE_MONTHLY: 24,
  MONTHLY: 12,
  BIMONTHLY: 6,
  QUARTERLY: 4,
  TWICE_YEARLY: 2,
  YEARLY: 1,
};

type DayCadence = Exclude<RecurringFrequency, 'MONTHLY' | 'TWICE_MONTHLY'>;

const GAP_RANGES: Readonly<Record<DayCadence, readonly [number, number]>> = {
  WEEKLY: [6, 8],
  BIWEEKLY: [12, 16],
  BIMONTHLY: [56, 66],
  QUARTERLY: [84, 98],
  TWICE_YEARLY: [175, 190],
  YEARLY: [355, 375],
};

const MONTHS_OF: Readonly<Record<'BIMONTHLY' | 'QUARTERLY' | 'TWICE_YEARLY' | 'YEARLY', number>> = {
  BIMONTHLY: 2,
  QUARTERLY: 3,
  TWICE_YEARLY: 6,
  YEARLY: 12,
};

/** A date's day of the month, the last day of any month read as 31 ('month ends as one day'). */
function usualDayOf(day: DayNumber): number {
  const civil = civilFromDayNumber(day);
  return civil.day === daysInMonth(civil.year, civil.month) ? 31 : civil.day;
}

/** The day of the month the dates fall on most often; on a tie, the latest date's. */
function usualDayOfMonth(days: readonly DayNumber[]): number {
  const counts = new Map<number, number>();
  for (const day of days) counts.set(usualDayOf(day), (counts.get(usualDayOf(day)) ?? 0) + 1);
  let usual = usualDayOf(days[days.length - 1] as number);
  for (const [day, count] of counts) if (count > (counts.get(usual) as number)) usual = day;
  return usual;
}

/**
 * The longest chain of dates whose gaps are one period (or two: one missed occurrence), fewest
 * misses on a tie, ending as late as possible. Dates are sorted; each date looks back only as far
 * as two periods, so a long weekly history stays linear.
 */
function longestChain(days: readonly DayNumber[], [low, high]: readonly [number, number]) {
  const count = days.map(() => 1);
  const missed = days.map(() => 0);
  const previous = days.map(() => -1);
  for (let j = 1; j < days.length; j += 1) {
    for (let i = j - 1; i >= 0; i -= 1) {
      const gap = (days[j] as number) - (days[i] as number);
      if (gap > 2 * high) break;
      const steps = gap >= low && gap <= high ? 1 : gap >= 2 * low ? 2 : 0;
      if (steps === 0) continue;
      const total = (count[i] as number) + 1;
      const misses = (missed[i] as number) + steps - 1;
      if (total > (count[j] as number) || (total === count[j] && misses < (missed[j] as number))) {
        count[j] = total;
        missed[j] = misses;
        previous[j] = i;
      }
    }
  }
  let end = 0;
  days.forEach((_day, j) => {
    const better = (count[j] as number) > (count[end] as number);
    const asGood = count[j] === count[end] && (missed[j] as number) <= (missed[end] as number);
    if (better || asGood) end = j;
  });
  const explained: number[] = [];
  for (let at = end; at >= 0; at = previous[at] as number) explained.unshift(at);
  return { explained, missed: missed[end] as number };
}

/** The next date of a day cadence: a week or two on, on the weekday the stream usually falls. */
function nextOnWeekday(days: readonly DayNumber[], last: DayNumber, period: number): DayNumber {
  const counts = new Array<number>(7).fill(0);
  for (const day of days) counts[weekdayOf(day)] = (counts[weekdayOf(day)] as number) + 1;
  const usual = counts.indexOf(Math.max(...counts));
  const target = last + period;
  const shift = (((usual - weekdayOf(target)) % 7) + 7) % 7;
  return shift <= 3 ? target + shift : target + shift - 7;
}

function fitDayCadence(days: readonly DayNumber[], frequency: DayCadence): CadenceFit {
  const { explained, missed } = longestChain(days, GAP_RANGES[frequency]);
  const chained = explained.map((index) => days[index] as number);
  const last = chained[chained.length - 1] as number;
  let next: DayNumber;
  if (frequency === 'WEEKLY' || frequency === 'BIWEEKLY') {
    next = nextOnWeekday(chained, last, frequency === 'WEEKLY' ? 7 : 14);
  } else {
    const day = usualDayOfMonth(chained);
    next = clampedDayInMonth(monthIndexOf(civilFromDayNumber(last)) + MONTHS_OF[frequency], day);
  }
  return { frequency, explained, missed, next, second: null };
}

interface SlotReading {
  explained: number[];
  missed: number;
  distance: number;
  lastSlot: number;
}

/**
 * Dates read against usual days of the month: each date goes to the nearest slot (a month's
 * usual day, in its month or the next or previous one, so the 1st paid on the 30th before still
 * counts) within `tolerance` days, each slot keeps its nearest date, and the slots between the
 * first and the last that hold none are missed occurrences.
 */
function readSlots(
  days: readonly DayNumber[],
  months: readonly number[],
  dayIn: (month: number, usual: number) => DayNumber,
  usualDays: readonly number[],
  tolerance: number,
): SlotReading {
  const perMonth = usualDays.length;
  const nearest = new Map<number, { index: number; distance: number }>();
  days.forEach((day, index) => {
    const month = months[index] as number;
    let slot = 0;
    let distance = Infinity;
    for (let m = month - 1; m <= month + 1; m += 1) {
      for (let position = 0; position < perMonth; position += 1) {
        const off = Math.abs(day - dayIn(m, usualDays[position] as number));
        if (off < distance) {
          distance = off;
          slot = m * perMonth + position;
        }
      }
    }
    if (distance > tolerance) return;
    const held = nearest.get(slot);
    if (!held || distance < held.distance) nearest.set(slot, { index, distance });
  });
  const slots = [...nearest.keys()].sort((a, b) => a - b);
  if (slots.length === 0) return { explained: [], missed: 0, distance: 0, lastSlot: 0 };
  const first = slots[0] as number;
  const lastSlot = slots[slots.length - 1] as number;
  return {
    explained: slots.map((slot) => (nearest.get(slot) as { index: number }).index),
    missed: lastSlot - first + 1 - slots.length,
    distance: slots.reduce((sum, slot) => sum + (nearest.get(slot) as { distance: number }).distance, 0),
    lastSlot,
  };
}

function betterReading(a: SlotReading, b: SlotReading | null): boolean {
  if (b === null) return true;
  if (a.explained.length !== b.explained.length) return a.explained.length > b.explained.length;
  if (a.missed !== b.missed) return a.missed < b.missed;
  return a.distance < b.distance;
}

function fitCalendarCadence(days: readonly DayNumber[], frequency: 'MONTHLY' | 'TWICE_MONTHLY'): CadenceFit {
  const observed = [...new Set(days.map(usualDayOf))].sort((a, b) => a - b);
  const candidates: number[][] =
    frequency === 'MONTHLY'
      ? observed.map((day) => [day])
      : observed.flatMap((first) =>
          observed
            .filter((second) => second - first >= 10 && second - first <= 20)
            .map((second) => [first, second]),
        );
  // Each date's month and each month's usual days worked out once, not once per candidate.
  const months = days.map((day) => monthIndexOf(civilFromDayNumber(day)));
  const known = new Map<number, DayNumber>();
  const dayIn = (month: number, usual: number) => {
    let day = known.get(month * 32 + usual);
    if (day === undefined) {
      day = clampedDayInMonth(month, usual);
      known.set(month * 32 + usual, day);
    }
    return day;
  };
  let best: { usual: number[]; reading: SlotReading } | null = null;
  for (const usual of candidates) {
    const reading = readSlots(days, months, dayIn, usual, frequency === 'MONTHLY' ? 4 : 3);
    if (betterReading(reading, best?.reading ?? null)) best = { usual, reading };
  }
  if (best === null) return { frequency, explained: [], missed: 0, next: 0, second: null };
  const { usual, reading } = best;
  const slotDay = (slot: number) =>
    clampedDayInMonth(Math.floor(slot / usual.length), usual[slot % usual.length] as number);
  return {
    frequency,
    explained: reading.explained,
    missed: reading.missed,
    next: slotDay(reading.lastSlot + 1),
    second: frequency === 'TWICE_MONTHLY' ? slotDay(reading.lastSlot + 2) : null,
  };
}

/** The reading of sorted dates as `frequency`. */
export function fitCadence(days: readonly DayNumber[], frequency: RecurringFrequency): CadenceFit {
  return frequency === 'MONTHLY' || frequency === 'TWICE_MONTHLY'
    ? fitCalendarCadence(days, frequency)
    : fitDayCadence(days, frequency);
}

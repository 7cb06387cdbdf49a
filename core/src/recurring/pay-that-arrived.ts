import { addDays, daysBetween } from '../dates';
import { INCOME_FREQUENCIES } from '../options';
import { incomeOccurrencesBetween } from '../recurrence';
import type { IsoDate } from '../types';

/** How far the bank's latest pay may be from the schedule's pay date and still be that pay. */
export const SAME_PAY_DAYS = 5;

/** A pay stream found at the bank, and the schedule it is about to be added with. */
export interface ArrivingPay {
  /** The stream's cadence (a pay source takes only the income frequencies). */
  frequency: string;
  /** The stream's latest payment at the bank. */
  lastDate: IsoDate;
  /** The schedule's next pay date, and its other day when paid twice a month. */
  nextDate: IsoDate;
  secondDate: IsoDate | null;
}

/**
 * The pay that already arrived, for pay added from the bank (docs/product-rules.md §18): the
 * schedule's pay date before `nextDate`, when the latest payment at the bank is that pay (give or
 * take a weekend) and it is not after `today`. Null otherwise, and for a cadence no pay source
 * takes (the add form's checks refuse that one).
 */
export function payThatArrived(pay: ArrivingPay, today: IsoDate): IsoDate | null {
  const frequency = INCOME_FREQUENCIES.find((option) => option.code === pay.frequency)?.code;
  if (frequency === undefined) return null;
  const schedule = { frequency, nextPmtDate: pay.nextDate, biMonthlyPayDate: pay.secondDate };
  const before = incomeOccurrencesBetween(schedule, addDays(pay.nextDate, -45), addDays(pay.nextDate, -1)).at(
    -1,
  );
  if (before === undefined || before > today) return null;
  return Math.abs(daysBetween(pay.lastDate, before)) <= SAME_PAY_DAYS ? before : null;
}

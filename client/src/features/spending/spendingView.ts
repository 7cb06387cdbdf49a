import { addDays, addMonthsClamped, learningKey, payeeName } from '@truenet/core';
import { formatDollars } from '../../components/money/money';
import type { CategoryViewFragment } from '../../gql/graphql';

/** A span of days, both ends included. */
export interface DayRange {
  from: string;
  to: string;
}

/** This pay period: from its first day to the day before the next pay (today, when none is planned). */
export function payPeriodRange(period: {
  periodStart: string;
  asOf: string;
  nextIncomeDate?: string | null;
}): DayRange {
  const end = period.nextIncomeDate ? addDays(period.nextIncomeDate, -1) : period.asOf;
  return { from: period.periodStart, to: end < period.periodStart ? period.periodStart : end };
}

/** A month ('YYYY-MM') as a range of days. */
export function monthRange(month: string): DayRange {
  const from = `${month}-01`;
  return { from, to: addDays(addMonthsClamped(from, 1), -1) };
}

/** The month `steps` months from `month`. */
export function shiftMonth(month: string, steps: number): string {
  return addMonthsClamped(`${month}-01`, steps).slice(0, 7);
}

export function monthLabel(month: string): string {
  return new Date(`${month}-01T12:00:00Z`).toLocaleDateString('en-US', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/** 'Nov 13' or 'Nov 13, 2025' outside the current year. */
export function shortDate(date: string, currentYear: string): string {
  const options: Intl.DateTimeFormatOptions = { month: 'short', day: 'numeric', timeZone: 'UTC' };
  if (!date.startsWith(currentYear)) options.year = 'numeric';
  return new Date(`${date}T12:00:00Z`).toLocaleDateString('en-US', options);
}

/** How this range's spending in a category compares with the three ranges before it, in words. */
export function changeFromUsual(
  spent: number,
  previousAverage: number,
): { text: string; tone: 'more' | 'less' | 'same' } {
  const difference = Math.round((spent - previousAverage) * 100) / 100;
  if (previousAverage <= 0 && spent > 0) return { text: 'Nothing here before', tone: 'same' };
  if (Math.abs(difference) < Math.max(1, previousAverage * 0.05))
    return { text: 'About as usual', tone: 'same' };
  return difference > 0
    ? { text: `${formatDollars(difference)} more than usual`, tone: 'more' }
    : { text: `${formatDollars(-difference)} less than usual`, tone: 'less' };
}

/** A category's name as a picker shows it: a child after its parent ('Dining › Coffee'). */
export function categoryLabel(category: CategoryViewFragment, all: readonly CategoryViewFragment[]): string {
  const parent = category.parentId ? all.find((candidate) => candidate.id === category.parentId) : undefined;
  return parent ? `${parent.name} › ${category.name}` : category.name;
}

/** The categories a row can be put in: not archived, each child after its parent, as listed. */
export function pickableCategories(all: readonly CategoryViewFragment[]): CategoryViewFragment[] {
  return all.filter((category) => !category.archived);
}

/**
 * The next category whose name starts with `letter` after the one at `from` (wrapping), as a
 * keyboard walks a list by first letters; -1 when none does.
 */
export function nextByLetter(names: readonly string[], letter: string, from: number): number {
  const wanted = letter.toLowerCase();
  for (let step = 1; step <= names.length; step += 1) {
    const index = (from + step + names.length) % names.length;
    if (names[index]?.toLowerCase().startsWith(wanted)) return index;
  }
  return -1;
}

/** '12 rows to sort', '1 row to sort'. */
export function rowsToSort(count: number): string {
  return `${count} ${count === 1 ? 'row' : 'rows'} to sort`;
}

/**
 * The payee 'Always for' teaches, as a person reads it: without the town a card purchase ends with
 * ('Kims Tampa Fl' is taught as Kims, for every town), as the server keeps it.
 */
export function taughtPayee(payee: string): string {
  return payeeName(learningKey(payee.toLowerCase()));
}

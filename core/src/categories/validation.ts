import { addDays, daysBetween } from '../dates';
import { DomainError } from '../errors';
import type { Cents, IsoDate } from '../types';

export const MAX_SPLIT_PARTS = 20;
export const CATEGORY_NAME_MAX = 40;

export interface SplitPart {
  categoryId: string;
  amountCents: Cents;
}

/** A split's parts: each above zero, at most 20, summing to the row exactly (an empty list removes the split). */
export function checkSplit(rowAmountCents: Cents, parts: readonly SplitPart[]): void {
  if (parts.length === 0) return;
  if (parts.length === 1) throw new DomainError('A split needs at least two parts', 'parts');
  if (parts.length > MAX_SPLIT_PARTS) {
    throw new DomainError(`A row can be split in at most ${MAX_SPLIT_PARTS} parts`, 'parts');
  }
  if (parts.some((part) => !Number.isSafeInteger(part.amountCents) || part.amountCents <= 0)) {
    throw new DomainError('Each part of a split must be more than $0.00', 'parts');
  }
  const sum = parts.reduce((total, part) => total + part.amountCents, 0);
  if (sum !== rowAmountCents) {
    const difference = (Math.abs(sum - rowAmountCents) / 100).toFixed(2);
    throw new DomainError(
      `The parts must add up to the row's amount: they are $${difference} ${sum > rowAmountCents ? 'over' : 'short'}`,
      'parts',
    );
  }
}

/** A category's name, trimmed; refused when empty or too long. Duplicates are the caller's to find among siblings. */
export function categoryName(raw: string): string {
  const name = raw.replace(/\s+/g, ' ').trim();
  if (name === '') throw new DomainError('Enter a name for the category', 'name');
  if (name.length > CATEGORY_NAME_MAX) {
    throw new DomainError(`A category's name can be at most ${CATEGORY_NAME_MAX} characters`, 'name');
  }
  return name;
}

/** How a name is compared with its siblings': case and spacing do not make two names different. */
export function foldCategoryName(name: string): string {
  return name.replace(/\s+/g, ' ').trim().toLowerCase();
}

/**
 * The three ranges just before [from, to], each as long as it (both ends inclusive), newest first:
 * what a category's spending is compared with.
 */
export function previousRanges(from: IsoDate, to: IsoDate, count = 3): { from: IsoDate; to: IsoDate }[] {
  const days = daysBetween(from, to) + 1;
  const ranges: { from: IsoDate; to: IsoDate }[] = [];
  for (let index = 1; index <= count; index += 1) {
    ranges.push({ from: addDays(from, -days * index), to: addDays(to, -days * index) });
  }
  return ranges;
}

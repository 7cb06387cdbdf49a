import { amountChangeLine } from '@truenet/core';
import { dollarsToCents } from '../../components/money/money';
import type { RecurringFrequency, RecurringKind } from '../../gql/graphql';
import { BILL_LIST, MONEY_VIEWS, PAY_LIST } from '../../kit/moneyViews';

/** The dashboard's card (how many were found) and the open review (each with its evidence). */
export const RECURRING_LISTS = ['FoundInYourBank', 'RecurringReview'];

/**
 * What a change made from the bank's history makes stale (accepting or dismissing a suggestion,
 * applying or dismissing an amount change): the suggestions, the bill and pay lists, and every
 * figure built on them.
 */
export const AFTER_RECURRING_CHANGE = [...RECURRING_LISTS, BILL_LIST, PAY_LIST, ...MONEY_VIEWS];

/** How often, as a person says it. */
export const FREQUENCY_WORDS: Record<RecurringFrequency, string> = {
  WEEKLY: 'Every week',
  BIWEEKLY: 'Every 2 weeks',
  TWICE_MONTHLY: 'Twice a month',
  MONTHLY: 'Every month',
  BIMONTHLY: 'Every 2 months',
  QUARTERLY: 'Every 3 months',
  TWICE_YEARLY: 'Twice a year',
  YEARLY: 'Every year',
};

function counted(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** 'Found in your bank: 4 bills and 1 pay'. */
export function foundHeadline(kinds: readonly RecurringKind[]): string {
  const bills = kinds.filter((kind) => kind === 'BILL').length;
  const pays = kinds.length - bills;
  const parts = [
    ...(bills > 0 ? [counted(bills, 'bill', 'bills')] : []),
    ...(pays > 0 ? [counted(pays, 'pay', 'pays')] : []),
  ];
  return `Found in your bank: ${parts.join(' and ')}`;
}

/** What the evidence amounts to: 'Paid 13 times since Nov 14, 2025' or 'Received 26 times …'. */
export function evidenceSummary(kind: RecurringKind, times: number, since: string): string {
  return `${kind === 'BILL' ? 'Paid' : 'Received'} ${counted(times, 'time', 'times')} since ${since}`;
}

/** 'Netflix went up: $15.49 → $17.99', worded by core as the reminders word it. */
export function amountChangeHeadline(name: string, scheduled: number, actual: number): string {
  return amountChangeLine(name, dollarsToCents(scheduled), dollarsToCents(actual));
}

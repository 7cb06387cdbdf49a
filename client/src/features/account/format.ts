import { formatDisplayDate } from '@truenet/core';
import type { SubscriptionStatus } from '../../gql/graphql';

/** The calendar date (in the browser's zone) of an instant, as `YYYY-MM-DD`. */
export function localIsoDate(instant: string): string {
  const date = new Date(instant);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** An instant shown in the specification's date format 'ddd MMM D, YYYY'. */
export function displayInstant(instant: string | null | undefined): string {
  return instant ? formatDisplayDate(localIsoDate(instant)) : '';
}

export const SUBSCRIPTION_STATUS_LABELS: Record<SubscriptionStatus, string> = {
  INCOMPLETE: 'Payment not completed',
  TRIALING: 'Free trial',
  ACTIVE: 'Active',
  PAST_DUE: 'Past due',
  CANCELED: 'Cancelled',
  UNPAID: 'Unpaid',
};

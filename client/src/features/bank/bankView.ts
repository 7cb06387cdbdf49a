import type { BankConnectionStatus } from '../../gql/graphql';

export const STATUS_LABELS: Record<BankConnectionStatus, string> = {
  OK: 'Connected',
  NEEDS_ATTENTION: 'Needs attention',
  DISCONNECTED: 'Disconnected',
};

export const STATUS_VARIANTS: Record<BankConnectionStatus, string> = {
  OK: 'success',
  NEEDS_ATTENTION: 'warning',
  DISCONNECTED: 'danger',
};

/** What a sync did, in one sentence. */
export function syncSummary(result: {
  imported: number;
  duplicates: number;
  pending: number;
  billsSettled: number;
  toReview: number;
}): string {
  const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  const parts = [`imported ${plural(result.imported, 'transaction', 'transactions')}`];
  if (result.billsSettled > 0) parts.push(`paid ${plural(result.billsSettled, 'bill', 'bills')}`);
  if (result.toReview > 0)
    parts.push(`${plural(result.toReview, 'transaction waits', 'transactions wait')} for your review`);
  if (result.pending > 0)
    parts.push(`${plural(result.pending, 'charge is', 'charges are')} pending at the bank`);
  const sentence = parts.join(', ');
  return `Synced: ${sentence}.`;
}

/** The dashboard's line for waiting rows: '3 bank transactions to review'. */
export function reviewHeadline(rows: number): string {
  return rows === 1 ? '1 bank transaction to review' : `${rows} bank transactions to review`;
}

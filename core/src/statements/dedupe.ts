import type { StatementRow } from './types';

/** A description compared as a person would: spaces folded, case ignored. */
export function foldDescription(description: string): string {
  return description.replace(/\s+/g, ' ').trim().toLowerCase();
}

/**
 * The key each row is known by in a wallet's import ledger. A row with a bank id is keyed by it
 * ('id:' + id), so rows whose ids differ are never duplicates. A row without one is keyed by its
 * date, amount and folded description, with n counting identical rows within the file: two
 * identical coffees on one day are two rows (n 1 and 2), and the same file imported again finds
 * both already there.
 */
export function ledgerKeys(rows: readonly StatementRow[]): string[] {
  const counts = new Map<string, number>();
  return rows.map((row) => {
    if (row.bankId) return `id:${row.bankId}`;
    const base = `fp:${row.date}|${row.amountCents}|${foldDescription(row.description)}`;
    const n = (counts.get(base) ?? 0) + 1;
    counts.set(base, n);
    return `${base}|${n}`;
  });
}

import {
  builtInCategory,
  matchStatementRows,
  payeeKey,
  type BillCandidate,
  type CategoryKey,
  type PayCandidate,
  type StatementRow,
  type TypedEntry,
} from '@truenet/core';
import type { ImportRowStatus, PreviewRowData } from './imports.rows';

/** A statement row with what its words say of its payee and built-in category. */
export type RowWithWords = StatementRow & { payeeKey: string; builtInKey: CategoryKey | null };

/**
 * The rows a preview checks: those that move money (a row of $0.00 has nothing to import), each
 * with its payee key and the built-in category its words give.
 */
export function rowsOfMoney(rows: readonly StatementRow[]): RowWithWords[] {
  return rows
    .filter((row) => row.amountCents !== 0)
    .map((row) => ({
      ...row,
      payeeKey: payeeKey(row.description),
      builtInKey: builtInCategory(row.description, row.amountCents < 0 ? 'SPENT' : 'DEPOSITED'),
    }));
}

/** What the wallet's ledger knows of a row's key: imported before, imported and deleted, or neither. */
export type KnownKeys = Record<string, { deleted: boolean }>;

export interface MatchCandidates {
  bills: BillCandidate[];
  pays: PayCandidate[];
  typed: TypedEntry[];
}

/**
 * The preview's rows (pure: no database): each row's status against the keys the ledger knows, the
 * bill, pay or typed entry it matches, and its payee and built-in category. Run on the request
 * thread for a bank's few rows (bank.service) and on the heavy threads for a file's thousands.
 */
export function previewRows(
  rows: readonly RowWithWords[],
  keys: readonly string[],
  known: KnownKeys,
  candidates: MatchCandidates,
): PreviewRowData[] {
  const statuses = keys.map<ImportRowStatus>((key) => {
    const entry = known[key];
    return entry === undefined ? 'NEW' : entry.deleted ? 'DELETED_BEFORE' : 'DUPLICATE';
  });
  const matches = matchStatementRows(
    rows.map((row, index) => ({ ...row, open: statuses[index] === 'NEW' })),
    candidates,
  );
  return rows.map((row, index) => {
    const match = matches[index] as (typeof matches)[number];
    const status: ImportRowStatus =
      statuses[index] === 'NEW' && match.similar
        ? 'POSSIBLE_DUPLICATE'
        : (statuses[index] as ImportRowStatus);
    return {
      line: row.line,
      date: row.date,
      amountCents: row.amountCents,
      description: row.description,
      bankId: row.bankId,
      key: keys[index] as string,
      status,
      selected: status === 'NEW',
      similarTransactionId: match.similar?.id ?? null,
      bill: match.bill,
      pay: match.pay,
      contested: match.contested,
      payeeKey: row.payeeKey,
      builtInKey: row.builtInKey,
    };
  });
}

/** The first and last dates of the rows, which the typed entries to match are read between. */
export function dateSpan(rows: readonly { date: string }[]): { first: string; last: string } | null {
  if (rows.length === 0) return null;
  let [first, last] = [rows[0]!.date, rows[0]!.date];
  for (const { date } of rows) {
    if (date < first) first = date;
    if (date > last) last = date;
  }
  return { first, last };
}

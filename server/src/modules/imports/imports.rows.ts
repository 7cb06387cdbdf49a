import type { BillCandidate, CategoryKey, CsvMapping, PayCandidate, StatementFormat } from '@truenet/core';

export type ImportFormat = StatementFormat | 'SIMPLEFIN';
export type ImportRowStatus = 'NEW' | 'DUPLICATE' | 'POSSIBLE_DUPLICATE' | 'DELETED_BEFORE' | 'PENDING';

/** One row of a preview as stored (JSON in import_preview.rows) and answered. */
export interface PreviewRowData {
  line: number;
  date: string;
  /** Signed: deposits > 0, payments < 0. */
  amountCents: number;
  description: string;
  bankId: string | null;
  /** The row's key in the wallet's import ledger (dedupe.ts). */
  key: string;
  status: ImportRowStatus;
  selected: boolean;
  similarTransactionId: string | null;
  bill: BillCandidate | null;
  pay: PayCandidate | null;
  /** More than one bill or pay could be this row's, or its match another row's (core's matcher). */
  contested?: boolean;
  /** A bank's row older than 30 days on a sync: kept in the statement history, never in the register. */
  historyOnly?: boolean;
  /**
   * core's reading of the row's words, made once at the preview so that the confirmation only
   * applies what the household taught (absent from previews stored before categories).
   */
  payeeKey?: string;
  builtInKey?: CategoryKey | null;
}

export const PREVIEW_COLUMNS = `id, household_id, wallet_id, file_name, format, encoding, csv_mapping, rows,
  statement_balance_cents, statement_balance_date::text AS statement_balance_date, created_at, expires_at, batch_id,
  review, balance_kept`;

export interface PreviewRecord {
  id: string;
  wallet_id: number;
  file_name: string;
  format: ImportFormat;
  encoding: string;
  csv_mapping: CsvMapping | null;
  rows: PreviewRowData[];
  statement_balance_cents: string | number | null;
  statement_balance_date: string | null;
  created_at: Date;
  expires_at: Date;
  batch_id: string | null;
  review: boolean;
  balance_kept: boolean;
}

export const BATCH_COLUMNS = `id, wallet_id, file_name, format, created_at, imported_count, skipped_count,
  bills_settled, deposits_marked, balance_set_to_cents, balance_adjustment_cents, undone_at, moved_balance,
  (SELECT e.first_name FROM debtor e WHERE e.id = import_batch.entered_by) AS entered_by_name`;

export interface BatchRow {
  id: string;
  /** The first name of the member who imported it (null: unknown, or an account since deleted). */
  entered_by_name: string | null;
  wallet_id: number;
  file_name: string;
  format: ImportFormat;
  created_at: Date;
  imported_count: number;
  skipped_count: number;
  bills_settled: number;
  deposits_marked: number;
  balance_set_to_cents: string | number | null;
  balance_adjustment_cents: string | number;
  undone_at: Date | null;
  moved_balance: boolean;
}

import type { Cents, IsoDate } from '../types';

export type StatementFormat = 'OFX' | 'QIF' | 'CSV' | 'CAMT053';
export type DateOrder = 'MDY' | 'DMY' | 'YMD';

/** One transaction as the bank wrote it: deposits > 0, payments < 0. */
export interface StatementRow {
  /** The line of the file it starts on (1-based, header lines counted), for messages. */
  line: number;
  date: IsoDate;
  amountCents: Cents;
  description: string;
  /** The bank's own id (OFX FITID, camt AcctSvcrRef, a CSV id column); null when it gives none. */
  bankId: string | null;
}

export interface ParsedStatement {
  format: StatementFormat;
  rows: StatementRow[];
  /** The closing balance the statement states (OFX LEDGERBAL, camt CLBD), with its date. */
  statementBalanceCents: Cents | null;
  statementBalanceDate: IsoDate | null;
}

/** Why a file could not be read, said by its line: 'Line 14: "31/02/2026" is not a date (DD/MM/YYYY)'. */
export class StatementError extends Error {
  constructor(
    message: string,
    /** A code the API passes on: DATE_ORDER_NEEDED and ACCOUNT_CHOICE_NEEDED ask for a choice. */
    readonly code: 'BAD_FILE' | 'DATE_ORDER_NEEDED' | 'ACCOUNT_CHOICE_NEEDED' | 'UNKNOWN_FORMAT' = 'BAD_FILE',
    /** The accounts of a file that holds several (ACCOUNT_CHOICE_NEEDED). */
    readonly accounts: string[] = [],
  ) {
    super(message);
    this.name = 'StatementError';
  }
}

export const UNKNOWN_FORMAT_MESSAGE = 'TrueNet reads OFX, QFX, QIF, CSV and camt.053 files.';

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

/**
 * The statements of the account to import from a file that may hold several: all of them when they
 * are of one account (several days), else those of `statementAccount`, else ACCOUNT_CHOICE_NEEDED
 * naming the accounts for the person to choose.
 */
export function statementsOfAccount<T>(
  statements: readonly T[],
  accountOf: (statement: T) => string,
  statementAccount: string | null | undefined,
): readonly T[] {
  const accounts = [...new Set(statements.map(accountOf))];
  if (accounts.length <= 1) return statements;
  const chosen = statements.filter((statement) => accountOf(statement) === statementAccount);
  if (chosen.length > 0) return chosen;
  throw new StatementError(
    `This file holds ${accounts.length} accounts (${accounts.join(', ')}): choose the one to import.`,
    'ACCOUNT_CHOICE_NEEDED',
    accounts,
  );
}

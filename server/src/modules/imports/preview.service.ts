import {
  addDays,
  ledgerKeys,
  StatementError,
  walletResolver,
  type CsvMapping,
  type DateOrder,
  type StatementRow,
} from '@truenet/core';
import type { AppDeps } from '../../deps';
import { admitDatabaseWork } from '../../heavy/admission';
import { runHeavy } from '../../heavy/heavy-pool';
import type { Ledger } from '../auth/request-user';
import { queryOne, queryRows, type Queryable } from '../../db/sql';
import { AppError } from '../../errors';
import { consumeRateLimit, RATE_LIMITS } from '../../rate-limit';
import type { UserDay } from '../../input/today';
import { analyzeSnapshot, loadFinanceSnapshot } from '../analysis/analysis.service';
import { analysisIncomeSource } from '../income/income.rows';
import { analysisLiability } from '../liabilities/liabilities.rows';
import { analysisWallet } from '../wallets/wallets.rows';
import { findWallet } from '../wallets/wallets.service';
import { householdPlan } from '../recurring/recurring.service';
import { dateSpan, previewRows, rowsOfMoney, type KnownKeys, type MatchCandidates } from './preview-rows';
import { PREVIEW_COLUMNS, type PreviewRecord, type PreviewRowData } from './imports.rows';

/** How long a preview waits for its confirmation. */
export const PREVIEW_LIFETIME_MS = 60 * 60 * 1000;
/** A bank sync's rows wait for a person as long as it takes. */
const REVIEW_EXPIRES_AT = new Date('9999-12-31T00:00:00Z');

export interface StoredRows {
  walletId: number;
  fileName: string;
  format: 'SIMPLEFIN';
  rows: PreviewRowData[];
  statementBalanceCents: number | null;
  statementBalanceDate: string | null;
  /** Rows waiting for a person (a bank sync's review), kept until confirmed. */
  review: boolean;
  /** The wallet already equals the bank: confirming writes entries and matches, not money. */
  balanceKept: boolean;
}

/** A preview of rows that came from a bank connection rather than a file (bank.service). */
export async function storeRowsPreview(deps: AppDeps, db: Queryable, ledger: Ledger, stored: StoredRows) {
  return (await queryOne<PreviewRecord>(
    db,
    `INSERT INTO import_preview (household_id, wallet_id, file_name, format, encoding, rows, statement_balance_cents,
                                 statement_balance_date, created_at, expires_at, review, balance_kept, entered_by)
     VALUES ($1, $2, $3, $4, 'UTF-8', $5, $6, $7, $8, $9, $10, $11, $12)
     RETURNING ${PREVIEW_COLUMNS}`,
    [
      ledger.householdId,
      stored.walletId,
      stored.fileName,
      stored.format,
      JSON.stringify(stored.rows),
      stored.statementBalanceCents,
      stored.statementBalanceDate,
      deps.clock.now(),
      stored.review ? REVIEW_EXPIRES_AT : new Date(deps.clock.now().getTime() + PREVIEW_LIFETIME_MS),
      stored.review,
      stored.balanceKept,
      ledger.memberId,
    ],
  )) as PreviewRecord;
}

export interface PreviewRequest {
  walletId: number;
  fileName: string;
  bytes: Uint8Array;
  csv: CsvMapping | null;
  qifDateOrder: DateOrder | null;
  statementAccount: string | null;
}

export interface PreviewResult {
  preview: PreviewRecord;
  /** A CSV file read without a mapping: its columns and the wallet's saved mapping. */
  csvColumns: { header: string[]; sample: string[][] } | null;
  savedMapping: CsvMapping | null;
}

/** A file that cannot be read, said as the API says it: the reason a client can act on, and where. */
function fileError(error: StatementError): AppError {
  return new AppError(error.message, 'BAD_USER_INPUT', {
    field: 'file',
    reason: error.code,
    ...(error.accounts.length > 0 ? { accounts: error.accounts } : {}),
  });
}

/** At most 20 previews an hour per account: reading a 5 MiB file is the API's costliest request. */
async function countPreview(deps: AppDeps, ledger: Ledger): Promise<void> {
  try {
    await consumeRateLimit(deps.dataSource, RATE_LIMITS.importPreview, ledger.memberId);
  } catch (error) {
    if (!(error instanceof AppError) || error.code !== 'RATE_LIMITED') throw error;
    const minutes = Math.ceil(Number(error.details.retryAfterSeconds) / 60);
    throw new AppError(
      `You have read 20 statements in the last hour. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      'RATE_LIMITED',
      error.details,
    );
  }
}

/**
 * What may stand behind the rows (core's matchStatementRows): the current occurrence of every bill
 * paid from this wallet, this period's pay into it not deposited yet, and the entries typed by hand
 * around the statement's dates, and the payees of bills and pay added from the bank. Four reads,
 * whatever the size of the file.
 */
async function matchCandidates(
  db: Queryable,
  householdId: string,
  walletId: number,
  span: { first: string; last: string } | null,
  today: string,
): Promise<MatchCandidates> {
  // One after the other: `db` may be a transaction's single connection.
  const snapshot = await loadFinanceSnapshot(db, householdId, today);
  // Bills and pay added from the bank match their payee's rows after a price change too.
  const payeeOf = new Map(
    (await householdPlan(db, householdId)).map((item) => [`${item.kind}:${item.id}`, item.payeeKey]),
  );
  const walletOf = walletResolver(snapshot.wallets.map(analysisWallet));
  const here = String(walletId);
  const bills = snapshot.liabilities
    .map(analysisLiability)
    .filter((liability) => walletOf(liability.walletId) === here && liability.paymentCents > 0)
    .map((liability) => ({
      liabilityId: liability.id,
      creditorName: liability.creditorName,
      dueDate: liability.dueDate,
      scheduledCents: liability.paymentCents,
      payeeKey: payeeOf.get(`BILL:${liability.id}`) ?? null,
    }));
  const sourceWallet = new Map(
    snapshot.incomeSources.map(analysisIncomeSource).map((source) => [source.id, walletOf(source.walletId)]),
  );
  const pays = analyzeSnapshot(snapshot, today, null)
    .lastIncomeReceived.filter((pay) => !pay.deposited && sourceWallet.get(pay.incomeSourceId) === here)
    .map((pay) => ({
      incomeSourceId: pay.incomeSourceId,
      sourceName: pay.sourceName,
      date: pay.date,
      expectedCents: pay.amountCents,
      payeeKey: payeeOf.get(`INCOME:${pay.incomeSourceId}`) ?? null,
    }));
  const typed =
    span === null
      ? []
      : await queryRows<{ id: string; occurred_on: string; signed_cents: string }>(
          db,
          `SELECT id::text AS id, occurred_on::text AS occurred_on,
                  CASE direction WHEN 'spent' THEN -amount_cents ELSE amount_cents END AS signed_cents
             FROM register_entry
            WHERE wallet_id = $1 AND household_id = $2 AND kind = 'transaction' AND import_batch_id IS NULL
              AND occurred_on BETWEEN $3 AND $4
            -- The column, not the text alias above: as text, entry 10 would come before entry 9.
            ORDER BY register_entry.id`,
          [walletId, householdId, addDays(span.first, -7), addDays(span.last, 7)],
        );
  return {
    bills,
    pays,
    typed: typed.map((entry) => ({
      id: entry.id,
      date: entry.occurred_on,
      amountCents: Number(entry.signed_cents),
    })),
  };
}

/** Each row's status against the wallet's import ledger and the register, and its matches. */
export async function checkRows(
  db: Queryable,
  householdId: string,
  walletId: number,
  statementRows: readonly StatementRow[],
  today: string,
): Promise<PreviewRowData[]> {
  const rows = rowsOfMoney(statementRows);
  const keys = ledgerKeys(rows);
  const known = await knownKeys(db, walletId, keys);
  const candidates = await matchCandidates(db, householdId, walletId, dateSpan(rows), today);
  return previewRows(rows, keys, known, candidates);
}

/** The keys of `keys` the wallet's ledger holds, imported and kept or imported and deleted. */
async function knownKeys(db: Queryable, walletId: number, keys: readonly string[]): Promise<KnownKeys> {
  const known = await queryRows<{ key: string; deleted: boolean }>(
    db,
    `SELECT key, deleted_at IS NOT NULL AS deleted FROM import_ledger WHERE wallet_id = $1 AND key = ANY($2::text[])`,
    [walletId, keys],
  );
  return Object.fromEntries(known.map((entry) => [entry.key, { deleted: entry.deleted }]));
}

/**
 * `previewImport` (docs/product-rules.md §14): reads the file (core's readStatement, pure), checks
 * every row against the wallet's ledger, register, bills and pay, and keeps the result an hour for
 * its confirmation. Nothing of the wallet changes. The wallet is checked first, so another
 * person's wallet answers NOT_FOUND before anything is read or counted.
 */
export async function previewImport(
  deps: AppDeps,
  ledger: Ledger,
  request: PreviewRequest,
  day: UserDay,
): Promise<PreviewResult> {
  const wallet = await findWallet(deps.dataSource, ledger.householdId, request.walletId);
  // Reading a year's statement is heavy work: admitted first (a refusal counts nothing against the
  // hourly limit), and read on the heavy threads, off the thread every household's requests share.
  return admitDatabaseWork(ledger.householdId, async () => {
    await countPreview(deps, ledger);
    const read = await runHeavy('readStatementFile', {
      fileName: request.fileName,
      bytes: request.bytes,
      options: {
        csv: request.csv,
        qifDateOrder: request.qifDateOrder,
        statementAccount: request.statementAccount,
      },
    });
    if (read.kind === 'refused') {
      throw fileError(new StatementError(read.message, read.code, read.accounts));
    }
    const saved = await queryOne<{ import_csv_mapping: CsvMapping | null }>(
      deps.dataSource,
      'SELECT import_csv_mapping FROM wallet WHERE id = $1 AND household_id = $2',
      [wallet.id, ledger.householdId],
    );
    // The rows stay JSON text on this thread: the heavy thread read them and writes the preview's.
    const rowsJson =
      read.kind === 'statement'
        ? await runHeavy('previewRowsJson', {
            rowsJson: read.rowsJson,
            keys: read.keys,
            known: await knownKeys(deps.dataSource, wallet.id, read.keys),
            candidates: await matchCandidates(
              deps.dataSource,
              ledger.householdId,
              wallet.id,
              read.span,
              day.today,
            ),
          })
        : '[]';
    const statement = read.kind === 'statement' ? read.statement : null;
    const preview = (await queryOne<PreviewRecord>(
      deps.dataSource,
      `INSERT INTO import_preview (household_id, wallet_id, file_name, format, encoding, csv_mapping, rows,
                                   statement_balance_cents, statement_balance_date, created_at, expires_at, entered_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
       RETURNING ${PREVIEW_COLUMNS}`,
      [
        ledger.householdId,
        wallet.id,
        request.fileName,
        statement?.format ?? 'CSV',
        read.encoding,
        read.kind === 'statement' && statement?.format === 'CSV' ? JSON.stringify(request.csv) : null,
        rowsJson,
        statement?.statementBalanceCents ?? null,
        statement?.statementBalanceDate ?? null,
        deps.clock.now(),
        new Date(deps.clock.now().getTime() + PREVIEW_LIFETIME_MS),
        ledger.memberId,
      ],
    )) as PreviewRecord;
    return {
      preview,
      csvColumns: read.kind === 'csvColumns' ? { header: read.header, sample: read.sample } : null,
      savedMapping: saved?.import_csv_mapping ?? null,
    };
  });
}

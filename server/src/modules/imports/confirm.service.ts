import { DomainError, formatDisplayDate, planPaidInfo, type IsoDate } from '@truenet/core';
import type { AppDeps } from '../../deps';
import type { Ledger } from '../auth/request-user';
import { queryOne, queryRows, type Queryable } from '../../db/sql';
import { AppError, notFound } from '../../errors';
import { translateBalanceOverflow } from '../../input/constraints';
import { rememberZone, type UserDay } from '../../input/today';
import { analysisLiability, LIABILITY_COLUMNS, type LiabilityRow } from '../liabilities/liabilities.rows';
import { loadCategorizer, transfersAcrossWallets } from '../categories/categorizer';
import { recordPayments, writeLiabilityStates } from '../liabilities/paid-info.service';
import { changeWalletBalance, findWallet } from '../wallets/wallets.service';
import {
  BATCH_COLUMNS,
  PREVIEW_COLUMNS,
  type BatchRow,
  type PreviewRecord,
  type PreviewRowData,
} from './imports.rows';

/** A person's choice for one row; rows not chosen keep the preview's selection and matches. */
export interface RowChoice {
  index: number;
  import: boolean;
  settleLiabilityId: number | null;
  markIncomeSourceId: number | null;
}

/** What confirming does with one row. */
interface PlannedRow {
  row: PreviewRowData;
  /** A tombstoned row the person chose to bring back. */
  revive: boolean;
  settleLiabilityId: number | null;
  markIncomeSourceId: number | null;
}

export const PREVIEW_EXPIRED_MESSAGE = 'This preview has expired. Choose the file again.';

/** A register entry's description is the bank's, kept to a length a register line can show. */
const DESCRIPTION_LIMIT = 200;
/** The statement history keeps the bank's words longer: they are what recurring payees are read from. */
const HISTORY_DESCRIPTION_LIMIT = 1000;

async function batchById(db: Queryable, householdId: string, batchId: string): Promise<BatchRow> {
  return (await queryOne<BatchRow>(
    db,
    `SELECT ${BATCH_COLUMNS} FROM import_batch WHERE id = $1 AND household_id = $2`,
    [batchId, householdId],
  )) as BatchRow;
}

/**
 * The person's choices applied to the preview: which rows are imported, which bill each settles and
 * which pay each records. Ids are checked as the person's first (another person's bill or income
 * source is NOT_FOUND, like a missing one), then each choice against its row.
 */
async function planRows(
  m: Queryable,
  householdId: string,
  rows: PreviewRowData[],
  choices: RowChoice[],
): Promise<{ planned: PlannedRow[]; liabilities: Map<number, LiabilityRow> }> {
  const byIndex = new Map<number, RowChoice>();
  for (const choice of choices) {
    if (byIndex.has(choice.index)) throw new DomainError(`Row ${choice.index + 1} is chosen twice`, 'rows');
    byIndex.set(choice.index, choice);
  }
  const planned: PlannedRow[] = [];
  rows.forEach((row, index) => {
    const choice = byIndex.get(index);
    const chosen = choice ? choice.import : row.selected;
    // A row already in the ledger is never imported again, whatever is asked.
    if (!chosen || row.status === 'DUPLICATE' || row.status === 'PENDING') return;
    planned.push({
      row,
      revive: row.status === 'DELETED_BEFORE',
      settleLiabilityId: choice ? choice.settleLiabilityId : row.bill ? Number(row.bill.liabilityId) : null,
      markIncomeSourceId: choice
        ? choice.markIncomeSourceId
        : row.pay
          ? Number(row.pay.incomeSourceId)
          : null,
    });
  });

  const liabilityIds = [
    ...new Set(
      choices.map((choice) => choice.settleLiabilityId).concat(planned.map((p) => p.settleLiabilityId)),
    ),
  ].filter((id): id is number => id !== null);
  const liabilityRows = await queryRows<LiabilityRow>(
    m,
    `SELECT ${LIABILITY_COLUMNS} FROM liability l WHERE l.household_id = $1 AND l.id = ANY($2::int[]) ORDER BY l.id FOR UPDATE`,
    [householdId, liabilityIds],
  );
  if (liabilityRows.length !== liabilityIds.length) throw notFound('Expense');
  const sourceIds = [
    ...new Set(
      choices.map((choice) => choice.markIncomeSourceId).concat(planned.map((p) => p.markIncomeSourceId)),
    ),
  ].filter((id): id is number => id !== null);
  const sources = await queryRows<{ id: number }>(
    m,
    'SELECT id FROM income_source WHERE household_id = $1 AND id = ANY($2::int[])',
    [householdId, sourceIds],
  );
  if (sources.length !== sourceIds.length) throw notFound('Income source');

  for (const choice of choices) {
    if (!Number.isInteger(choice.index) || choice.index < 0 || choice.index >= rows.length) {
      throw new DomainError(`Row ${choice.index + 1} is not in this preview`, 'rows');
    }
  }
  const liabilities = new Map(liabilityRows.map((row) => [row.id, row]));
  const settled = new Set<number>();
  const marked = new Set<string>();
  for (const { row, settleLiabilityId, markIncomeSourceId } of planned) {
    const place = `Line ${row.line}`;
    if (settleLiabilityId !== null) {
      const liability = liabilities.get(settleLiabilityId) as LiabilityRow;
      if (row.amountCents >= 0) throw new DomainError(`${place} is a deposit: it cannot pay a bill`, 'rows');
      if (settled.has(settleLiabilityId)) {
        throw new DomainError(`${liability.creditor_name} is chosen for two rows: pick one`, 'rows');
      }
      if (row.bill?.liabilityId === String(settleLiabilityId) && row.bill.dueDate !== liability.due_date) {
        throw new DomainError(
          `${liability.creditor_name} was updated meanwhile (now due ${formatDisplayDate(liability.due_date)}): choose the file again`,
          'rows',
        );
      }
      settled.add(settleLiabilityId);
    }
    if (markIncomeSourceId !== null) {
      if (row.pay?.incomeSourceId !== String(markIncomeSourceId)) {
        throw new DomainError(`${place} does not match a pay of this period from that income source`, 'rows');
      }
      const occurrence = `${markIncomeSourceId}|${row.pay.date}`;
      if (marked.has(occurrence))
        throw new DomainError(`${row.pay.sourceName} is chosen for two rows`, 'rows');
      marked.add(occurrence);
    }
  }
  return { planned, liabilities };
}

/**
 * Register entries and ledger rows (the statement history) for the planned rows, in one statement:
 * the ledger's primary key lets a row in only once per wallet, so a row another import took
 * meanwhile is skipped here (and none of its settlements happen). A history-only row gets its
 * ledger row and no register entry. Answers the keys written to the register, with their amounts,
 * and how many rows went to the history only.
 */
async function writeRows(
  m: Queryable,
  ledger: Ledger,
  walletId: number,
  batchId: string,
  planned: PlannedRow[],
): Promise<{ register: Map<string, number>; historyOnly: number }> {
  const revived = planned.filter((p) => p.revive).map((p) => p.row.key);
  if (revived.length > 0) {
    await queryRows(
      m,
      'DELETE FROM import_ledger WHERE wallet_id = $1 AND key = ANY($2::text[]) AND deleted_at IS NOT NULL',
      [walletId, revived],
    );
  }
  const kindOf = (p: PlannedRow) =>
    p.settleLiabilityId !== null
      ? 'bill_payment'
      : p.markIncomeSourceId !== null
        ? 'pay_deposit'
        : 'transaction';
  // Each row categorized as it is written (docs/product-rules.md §20); the category is kept on the
  // statement-history row, which is the ledger's row for it and its register entry alike.
  const categorizer = await loadCategorizer(m, ledger.householdId);
  const transfers = await transfersAcrossWallets(
    m,
    ledger.householdId,
    walletId,
    planned.map((p) => ({ key: p.row.key, date: p.row.date, amountCents: p.row.amountCents })),
    categorizer,
  );
  const categorized = planned.map((p) =>
    categorizer.categorize({
      walletId,
      direction: p.row.amountCents < 0 ? 'SPENT' : 'DEPOSITED',
      amountCents: Math.abs(p.row.amountCents),
      description: p.row.description,
      liabilityId: p.settleLiabilityId,
      incomeSourceId: p.markIncomeSourceId,
      transfer: transfers.has(p.row.key),
      payeeKey: p.row.payeeKey,
      builtInKey: p.row.builtInKey,
    }),
  );
  const written = await queryRows<{ key: string; signed_cents: string | null }>(
    m,
    `WITH input AS (
       SELECT * FROM unnest($4::text[], $5::date[], $6::bigint[], $7::text[], $8::text[], $10::text[], $11::text[],
                            $12::boolean[], $13::int[], $14::int[], $15::int[], $16::text[], $17::text[], $18::text[])
                WITH ORDINALITY
                AS t(key, occurred_on, amount_cents, description, kind, bank_description, bank_id, history_only,
                     liability_id, income_source_id, category_id, category_source, payee_key, learning_key, ord)
     ), ledger AS (
       INSERT INTO import_ledger (wallet_id, key, household_id, batch_id, amount_cents, occurred_on, description,
                                  bank_id, history_only, liability_id, income_source_id, category_id, category_source,
                                  payee_key, learning_key)
       SELECT $2, key, $1, $3, amount_cents, occurred_on, bank_description, bank_id, history_only, liability_id,
              income_source_id, category_id, category_source, payee_key, learning_key
         FROM input
       ON CONFLICT (wallet_id, key) DO NOTHING
       RETURNING key, history_only
     ), register AS (
       INSERT INTO register_entry (household_id, entered_by, wallet_id, direction, amount_cents, kind, description,
                                   occurred_on, import_batch_id, import_key)
       SELECT $1, $9, $2, CASE WHEN i.amount_cents < 0 THEN 'spent' ELSE 'deposited' END, abs(i.amount_cents),
              i.kind, i.description, i.occurred_on, $3, i.key
         FROM input i JOIN ledger l ON l.key = i.key AND NOT l.history_only
        -- In the file's order, whatever order the join yields: the register lists entries by id.
        ORDER BY i.ord
       RETURNING import_key, CASE direction WHEN 'spent' THEN -amount_cents ELSE amount_cents END AS signed_cents
     )
     SELECT l.key, r.signed_cents FROM ledger l LEFT JOIN register r ON r.import_key = l.key`,
    [
      ledger.householdId,
      walletId,
      batchId,
      planned.map((p) => p.row.key),
      planned.map((p) => p.row.date),
      planned.map((p) => p.row.amountCents),
      planned.map((p) => p.row.description.slice(0, DESCRIPTION_LIMIT) || 'Imported transaction'),
      planned.map(kindOf),
      ledger.memberId,
      planned.map((p) => p.row.description.slice(0, HISTORY_DESCRIPTION_LIMIT)),
      planned.map((p) => p.row.bankId),
      planned.map((p) => p.row.historyOnly === true),
      planned.map((p) => p.settleLiabilityId),
      planned.map((p) => p.markIncomeSourceId),
      categorized.map((c) => c.categoryId),
      categorized.map((c) => c.source),
      categorized.map((c) => c.payeeKey),
      categorized.map((c) => c.learningKey),
    ],
  );
  const register = new Map<string, number>();
  for (const row of written) if (row.signed_cents !== null) register.set(row.key, Number(row.signed_cents));
  return { register, historyOnly: written.length - register.size };
}

/** Bills paid by imported rows: each settled through the payment history, the wallet moved by the row alone. */
async function settleBills(
  m: Queryable,
  ledger: Ledger,
  walletId: number,
  batchId: string,
  rows: PlannedRow[],
  liabilities: Map<number, LiabilityRow>,
): Promise<number> {
  const settling = rows.filter((p) => p.settleLiabilityId !== null);
  if (settling.length === 0) return 0;
  const plans = planPaidInfo(
    settling.map((p) => analysisLiability(liabilities.get(p.settleLiabilityId as number) as LiabilityRow)),
    settling.map((p) => ({
      liabilityId: String(p.settleLiabilityId),
      paid: true,
      cleared: true,
      amountCents: -p.row.amountCents,
    })),
    String(walletId),
  );
  await writeLiabilityStates(m, ledger.householdId, plans);
  await recordPayments(
    m,
    ledger,
    plans.map((plan, index) => {
      const row = liabilities.get(Number(plan.liabilityId)) as LiabilityRow;
      return {
        liabilityId: row.id,
        creditorName: row.creditor_name,
        debtType: row.debt_type,
        dueDate: plan.settledDueDate as IsoDate,
        kind: 'PAID' as const,
        amountCents: plan.spentCents,
        balanceReducedCents: plan.balanceReducedCents,
        walletId,
        paidOn: (settling[index] as PlannedRow).row.date,
        importBatchId: batchId,
      };
    }),
  );
  return plans.length;
}

/**
 * Pays recorded as deposited by imported rows, with the amount that arrived: this period's income
 * is what the bank shows (the schedule keeps its amount for later periods). A pay deposited by
 * hand meanwhile refuses the whole import rather than count the money twice.
 */
async function markDeposits(
  m: Queryable,
  householdId: string,
  walletId: number,
  batchId: string,
  rows: PlannedRow[],
): Promise<number> {
  const marking = rows.filter((p) => p.markIncomeSourceId !== null && p.row.pay);
  if (marking.length === 0) return 0;
  const inserted = await queryRows(
    m,
    `INSERT INTO income_deposit (income_source_id, occurrence_date, household_id, wallet_id, amount_cents, import_batch_id)
     SELECT source_id, occurrence_date, $1::uuid, $2::int, amount_cents, $3::uuid
       FROM unnest($4::int[], $5::date[], $6::bigint[]) AS t(source_id, occurrence_date, amount_cents)
     ON CONFLICT (income_source_id, occurrence_date) DO NOTHING
     RETURNING income_source_id`,
    [
      householdId,
      walletId,
      batchId,
      marking.map((p) => p.markIncomeSourceId),
      marking.map((p) => p.row.pay?.date),
      marking.map((p) => p.row.amountCents),
    ],
  );
  if (inserted.length !== marking.length) {
    throw new DomainError('A pay in this file was deposited meanwhile: choose the file again', 'rows');
  }
  return inserted.length;
}

/**
 * A statement's (or a bank's) balance applied: the wallet is set to it plus what the register holds
 * after its date that this import did not write, with a 'Balance updated' entry for the difference.
 * Answers the balance set and the difference (what an undo takes back).
 */
async function setBalanceFromStatement(
  m: Queryable,
  ledger: Ledger,
  walletId: number,
  batchId: string | null,
  statement: { balanceCents: number; balanceDate: IsoDate },
  today: IsoDate,
): Promise<{ balanceSetTo: number; adjustment: number }> {
  const { later, balance } = (await queryOne<{ later: string; balance: string }>(
    m,
    `SELECT COALESCE((SELECT sum(CASE direction WHEN 'spent' THEN -amount_cents ELSE amount_cents END)
                        FROM register_entry
                       WHERE wallet_id = $1 AND occurred_on > $2
                         AND import_batch_id IS DISTINCT FROM $3), 0) AS later,
            (SELECT balance_cents FROM wallet WHERE id = $1) AS balance`,
    [walletId, statement.balanceDate, batchId],
  )) as { later: string; balance: string };
  const balanceSetTo = statement.balanceCents + Number(later);
  const adjustment = balanceSetTo - Number(balance);
  if (adjustment !== 0) {
    await changeWalletBalance(m, ledger.householdId, walletId, adjustment);
    await queryRows(
      m,
      `INSERT INTO register_entry (household_id, entered_by, wallet_id, direction, amount_cents, kind, description,
                                   occurred_on, import_batch_id)
       VALUES ($1, $7, $2, $3, $4, 'adjustment', 'Balance updated', $5, $6)`,
      [
        ledger.householdId,
        walletId,
        adjustment < 0 ? 'spent' : 'deposited',
        Math.abs(adjustment),
        today,
        batchId,
        ledger.memberId,
      ],
    );
  }
  return { balanceSetTo, adjustment };
}

/** The statement's closing balance, on request (OFX LEDGERBAL, camt CLBD, a bank connection's). */
async function applyStatementBalance(
  m: Queryable,
  ledger: Ledger,
  walletId: number,
  batchId: string,
  preview: PreviewRecord,
  today: IsoDate,
): Promise<{ balanceSetTo: number; adjustment: number }> {
  if (preview.statement_balance_cents === null || preview.statement_balance_date === null) {
    throw new DomainError('This statement states no closing balance to apply', 'applyStatementBalance');
  }
  return setBalanceFromStatement(
    m,
    ledger,
    walletId,
    batchId,
    { balanceCents: Number(preview.statement_balance_cents), balanceDate: preview.statement_balance_date },
    today,
  );
}

/**
 * 'Keep this wallet's balance equal to the bank's' on a sync that imported nothing: the wallet set
 * to the bank's balance, in one transaction of its own, with its 'Balance updated' entry.
 */
export async function setWalletToBankBalance(
  deps: AppDeps,
  ledger: Ledger,
  walletId: number,
  statement: { balanceCents: number; balanceDate: IsoDate },
  today: IsoDate,
): Promise<void> {
  await deps.dataSource
    .transaction(async (m) => {
      await findWallet(m, ledger.householdId, walletId, true);
      await setBalanceFromStatement(m, ledger, walletId, null, statement, today);
    })
    .catch(translateBalanceOverflow);
}

/**
 * `confirmImport` (docs/product-rules.md §14), one transaction: the chosen rows into the register
 * and the ledger, the balance moved by their sum, the bills and pays they stand for settled, and on
 * request the statement's balance. The preview is locked first, so two confirms of one preview run
 * one after the other and the second answers the first's batch. Bills, then the wallet, are locked
 * in the order 'Save Paid Info' takes them, so the two never wait on each other in a circle. A
 * constant number of statements, whatever the number of rows.
 */
export async function confirmImport(
  deps: AppDeps,
  ledger: Ledger,
  previewId: string,
  choices: RowChoice[],
  withStatementBalance: boolean,
  day: UserDay,
): Promise<BatchRow> {
  return deps.dataSource
    .transaction(async (m) => {
      await rememberZone(m, ledger.memberId, day);
      const preview = await queryOne<PreviewRecord>(
        m,
        `SELECT ${PREVIEW_COLUMNS} FROM import_preview WHERE id = $1 AND household_id = $2 FOR UPDATE`,
        [previewId, ledger.householdId],
      );
      if (!preview) throw notFound('Import preview');
      if (preview.batch_id) return batchById(m, ledger.householdId, preview.batch_id);
      const { planned, liabilities } = await planRows(m, ledger.householdId, preview.rows, choices);
      if (preview.expires_at.getTime() <= deps.clock.now().getTime()) {
        throw new AppError(PREVIEW_EXPIRED_MESSAGE, 'PREVIEW_EXPIRED');
      }
      if (preview.rows.length === 0 && preview.format === 'CSV' && preview.csv_mapping === null) {
        throw new DomainError('Choose the columns of this file first', 'csv');
      }
      await findWallet(m, ledger.householdId, preview.wallet_id, true);
      const batch = (await queryOne<{ id: string }>(
        m,
        `INSERT INTO import_batch (household_id, wallet_id, preview_id, file_name, format, moved_balance, entered_by)
         VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
        [
          ledger.householdId,
          preview.wallet_id,
          preview.id,
          preview.file_name,
          preview.format,
          !preview.balance_kept,
          ledger.memberId,
        ],
      )) as { id: string };

      const { register: written, historyOnly } = await writeRows(
        m,
        ledger,
        preview.wallet_id,
        batch.id,
        planned,
      );
      const imported = planned.filter((p) => written.has(p.row.key));
      const total = [...written.values()].reduce((sum, cents) => sum + cents, 0);
      // A bank's rows confirmed after the wallet was set to the bank's balance are in it already.
      if (written.size > 0 && !preview.balance_kept)
        await changeWalletBalance(m, ledger.householdId, preview.wallet_id, total);
      const billsSettled = await settleBills(m, ledger, preview.wallet_id, batch.id, imported, liabilities);
      const depositsMarked = await markDeposits(m, ledger.householdId, preview.wallet_id, batch.id, imported);
      const balance = withStatementBalance
        ? await applyStatementBalance(m, ledger, preview.wallet_id, batch.id, preview, day.today)
        : null;
      if (preview.format === 'CSV' && preview.csv_mapping) {
        await queryRows(m, 'UPDATE wallet SET import_csv_mapping = $3 WHERE id = $1 AND household_id = $2', [
          preview.wallet_id,
          ledger.householdId,
          JSON.stringify(preview.csv_mapping),
        ]);
      }
      await queryRows(m, 'UPDATE import_preview SET batch_id = $2 WHERE id = $1', [preview.id, batch.id]);
      return (await queryOne<BatchRow>(
        m,
        `UPDATE import_batch
            SET imported_count = $2, skipped_count = $3, bills_settled = $4, deposits_marked = $5,
                balance_set_to_cents = $6, balance_adjustment_cents = $7
          WHERE id = $1 RETURNING ${BATCH_COLUMNS}`,
        [
          batch.id,
          written.size,
          preview.rows.length - written.size - historyOnly,
          billsSettled,
          depositsMarked,
          balance?.balanceSetTo ?? null,
          balance?.adjustment ?? 0,
        ],
      )) as BatchRow;
    })
    .catch(translateBalanceOverflow);
}

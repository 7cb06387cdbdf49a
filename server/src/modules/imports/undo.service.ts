import { DomainError, formatDisplayDate, planUndo } from '@truenet/core';
import type { AppDeps } from '../../deps';
import type { Ledger } from '../auth/request-user';
import { queryOne, queryRows, type Queryable } from '../../db/sql';
import { notFound } from '../../errors';
import { translateBalanceOverflow } from '../../input/constraints';
import { rememberZone, type UserDay } from '../../input/today';
import { analysisLiability, LIABILITY_COLUMNS, type LiabilityRow } from '../liabilities/liabilities.rows';
import { PAYMENT_COLUMNS, paymentRecord, type PaymentRow } from '../liabilities/payments.rows';
import { changeWalletBalance, findWallet } from '../wallets/wallets.service';
import { BATCH_COLUMNS, PREVIEW_COLUMNS, type BatchRow, type PreviewRecord } from './imports.rows';

/** The account's confirmed imports, newest first: of one wallet (NOT_FOUND when not the person's), or of all. */
export async function listImportBatches(
  db: Queryable,
  householdId: string,
  walletId: number | null,
): Promise<BatchRow[]> {
  if (walletId !== null) await findWallet(db, householdId, walletId);
  return queryRows<BatchRow>(
    db,
    `SELECT ${BATCH_COLUMNS} FROM import_batch
      WHERE household_id = $1 AND ($2::int IS NULL OR wallet_id = $2)
      ORDER BY created_at DESC, id DESC`,
    [householdId, walletId],
  );
}

/** Bank transactions waiting for a person: the open reviews bank syncs left, oldest first. */
export async function listImportReviews(db: Queryable, householdId: string): Promise<PreviewRecord[]> {
  return queryRows<PreviewRecord>(
    db,
    `SELECT ${PREVIEW_COLUMNS} FROM import_preview
      WHERE household_id = $1 AND review AND batch_id IS NULL ORDER BY created_at, id`,
    [householdId],
  );
}

/**
 * The bills an import settled, put back as they were: each must still be its bill's latest payment
 * (core's planUndo says so), its due date and balance restored, its history row removed. No money
 * moves here: the imported row that paid it is reversed with the others.
 */
async function unsettleBills(m: Queryable, householdId: string, batchId: string): Promise<void> {
  const payments = await queryRows<PaymentRow & { latest_id: string }>(
    m,
    `SELECT ${PAYMENT_COLUMNS},
            (SELECT q.id::text FROM liability_payment q WHERE q.liability_id = p.liability_id
              ORDER BY q.due_date DESC LIMIT 1) AS latest_id
       FROM liability_payment p WHERE p.import_batch_id = $1 AND p.household_id = $2 AND p.liability_id IS NOT NULL
      ORDER BY p.liability_id`,
    [batchId, householdId],
  );
  if (payments.length === 0) return;
  const liabilities = await queryRows<LiabilityRow>(
    m,
    `SELECT ${LIABILITY_COLUMNS} FROM liability l WHERE l.household_id = $1 AND l.id = ANY($2::int[]) ORDER BY l.id FOR UPDATE`,
    [householdId, payments.map((payment) => payment.liability_id)],
  );
  const byId = new Map(liabilities.map((row) => [row.id, row]));
  const plans = payments.map((payment) => {
    const liability = byId.get(payment.liability_id as number) as LiabilityRow;
    if (payment.latest_id !== payment.id) {
      throw new DomainError(
        `${payment.creditor_name} was paid again after this import (due ${formatDisplayDate(payment.due_date)} is not its latest payment): undo that payment first`,
        'id',
      );
    }
    const record = paymentRecord(payment);
    return {
      liability,
      plan: planUndo(analysisLiability(liability), record, record, Number(payment.balance_reduced_cents)),
    };
  });
  await queryRows(
    m,
    `UPDATE liability l
        SET due_date = u.due_date, balance_cents = u.balance_cents, current_paid = false, current_cleared = false,
            paid_wallet_id = NULL, updated_at = now()
       FROM unnest($2::int[], $3::date[], $4::bigint[]) AS u(id, due_date, balance_cents)
      WHERE l.id = u.id AND l.household_id = $1`,
    [
      householdId,
      plans.map(({ liability }) => liability.id),
      plans.map(({ plan }) => plan.dueDate),
      plans.map(({ plan }) => plan.balanceCents),
    ],
  );
  await queryRows(m, 'DELETE FROM liability_payment WHERE import_batch_id = $1 AND household_id = $2', [
    batchId,
    householdId,
  ]);
}

/**
 * `undoImportBatch` (docs/product-rules.md §14), one transaction: the bills it settled and the pays
 * it marked, its register entries, the balance it moved (its rows still in the ledger, whatever
 * the register's purge removed since, and the statement balance it set), and its ledger rows, so
 * the file can be imported again. Undoing an undone import answers it unchanged.
 */
export async function undoImportBatch(
  deps: AppDeps,
  ledger: Ledger,
  batchId: string,
  day: UserDay,
): Promise<BatchRow> {
  return deps.dataSource
    .transaction(async (m) => {
      await rememberZone(m, ledger.memberId, day);
      const batch = await queryOne<BatchRow>(
        m,
        `SELECT ${BATCH_COLUMNS} FROM import_batch WHERE id = $1 AND household_id = $2 FOR UPDATE`,
        [batchId, ledger.householdId],
      );
      if (!batch) throw notFound('Import');
      if (batch.undone_at) return batch;
      await unsettleBills(m, ledger.householdId, batchId);
      await findWallet(m, ledger.householdId, batch.wallet_id, true);
      await queryRows(m, 'DELETE FROM income_deposit WHERE import_batch_id = $1 AND household_id = $2', [
        batchId,
        ledger.householdId,
      ]);
      const moved = (await queryOne<{ cents: string }>(
        m,
        `SELECT COALESCE(sum(amount_cents), 0) AS cents FROM import_ledger WHERE batch_id = $1 AND deleted_at IS NULL`,
        [batchId],
      )) as { cents: string };
      const rowsMoved = batch.moved_balance ? Number(moved.cents) : 0;
      const reversal = -rowsMoved - Number(batch.balance_adjustment_cents);
      await queryRows(m, 'DELETE FROM register_entry WHERE import_batch_id = $1 AND household_id = $2', [
        batchId,
        ledger.householdId,
      ]);
      await queryRows(m, 'DELETE FROM import_ledger WHERE batch_id = $1', [batchId]);
      if (reversal !== 0) await changeWalletBalance(m, ledger.householdId, batch.wallet_id, reversal);
      return (await queryOne<BatchRow>(
        m,
        `UPDATE import_batch SET undone_at = $2 WHERE id = $1 RETURNING ${BATCH_COLUMNS}`,
        [batchId, deps.clock.now()],
      )) as BatchRow;
    })
    .catch(translateBalanceOverflow);
}

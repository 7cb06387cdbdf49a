import { DomainError, formatDisplayDate, planSkip, planUndo, type IsoDate } from '@truenet/core';
import type { AppDeps } from '../../deps';
import type { Ledger } from '../auth/request-user';
import { queryOne, queryRows, type Queryable } from '../../db/sql';
import { notFound } from '../../errors';
import { translateBalanceOverflow } from '../../input/constraints';
import { writeRegisterEntries } from '../wallets/wallets.service';
import { analysisLiability, LIABILITY_COLUMNS, type LiabilityRow } from './liabilities.rows';
import { moveWalletBalances, recordPayments } from './paid-info.service';
import { PAYMENT_COLUMNS, paymentRecord, type PaymentRow } from './payments.rows';
import { rememberZone, type UserDay } from '../../input/today';

/**
 * The payment history (docs/product-rules.md §7-§8): every settled or skipped occurrence, kept for good. Settling
 * writes it (`savePaidInfo`); this module reads it, skips an occurrence and undoes the latest one.
 */

export interface PaymentFilter {
  liabilityId: number | null;
  from: IsoDate | null;
  to: IsoDate | null;
}

/** The user's payment history, newest first, optionally for one liability and a `paidOn` range. */
export async function listLiabilityPayments(
  db: Queryable,
  householdId: string,
  filter: PaymentFilter,
): Promise<PaymentRow[]> {
  if (filter.from && filter.to && filter.from > filter.to) {
    throw new DomainError('The start date must be on or before the end date', 'from');
  }
  if (filter.liabilityId !== null) {
    const owned = await queryOne(db, 'SELECT 1 FROM liability WHERE id = $1 AND household_id = $2', [
      filter.liabilityId,
      householdId,
    ]);
    if (!owned) throw notFound('Expense');
  }
  return queryRows<PaymentRow>(
    db,
    `SELECT ${PAYMENT_COLUMNS} FROM liability_payment p
      WHERE p.household_id = $1
        AND ($2::int IS NULL OR p.liability_id = $2)
        AND ($3::date IS NULL OR p.paid_on >= $3)
        AND ($4::date IS NULL OR p.paid_on <= $4)
      ORDER BY p.paid_on DESC, p.id DESC`,
    [householdId, filter.liabilityId, filter.from, filter.to],
  );
}

async function lockLiability(m: Queryable, householdId: string, liabilityId: number): Promise<LiabilityRow> {
  const row = await queryOne<LiabilityRow>(
    m,
    `SELECT ${LIABILITY_COLUMNS} FROM liability l WHERE l.id = $1 AND l.household_id = $2 FOR UPDATE`,
    [liabilityId, householdId],
  );
  if (!row) throw notFound('Expense');
  return row;
}

/**
 * 'Skip': the current occurrence does not come this time. Its due date advances one step, no money
 * moves, and the history keeps it as SKIPPED, in one transaction.
 */
export async function skipLiabilityOccurrence(
  deps: AppDeps,
  ledger: Ledger,
  liabilityId: number,
  dueDate: IsoDate,
  day: UserDay,
): Promise<PaymentRow> {
  return deps.dataSource.transaction(async (m) => {
    await rememberZone(m, ledger.memberId, day);
    const row = await lockLiability(m, ledger.householdId, liabilityId);
    const plan = planSkip(analysisLiability(row), dueDate);
    const [paymentId] = await recordPayments(m, ledger, [
      {
        liabilityId,
        creditorName: row.creditor_name,
        debtType: row.debt_type,
        dueDate: plan.skippedDueDate,
        kind: 'SKIPPED',
        amountCents: 0,
        balanceReducedCents: 0,
        walletId: null,
        paidOn: day.today,
      },
    ]);
    await queryRows(
      m,
      `UPDATE liability SET due_date = $3, current_paid = false, current_cleared = false, paid_wallet_id = NULL,
              updated_at = now()
        WHERE id = $1 AND household_id = $2`,
      [liabilityId, ledger.householdId, plan.nextDueDate],
    );
    return (await paymentById(m, ledger.householdId, paymentId as string)) as PaymentRow;
  });
}

async function paymentById(
  m: Queryable,
  householdId: string,
  paymentId: string,
): Promise<PaymentRow | undefined> {
  return queryOne<PaymentRow>(
    m,
    `SELECT ${PAYMENT_COLUMNS} FROM liability_payment p WHERE p.id = $1 AND p.household_id = $2`,
    [paymentId, householdId],
  );
}

/**
 * 'Undo': reverses the latest settlement (or skip) of a liability in one transaction. The paying
 * wallet gets the amount back with a register entry that explains it, the liability's balance is
 * restored, and its current occurrence is the undone one again, unpaid and not cleared. The history
 * row goes, so the occurrence can be paid again. Returns the row as it was.
 */
export async function undoLiabilityPayment(
  deps: AppDeps,
  ledger: Ledger,
  paymentId: string,
  day: UserDay,
): Promise<PaymentRow> {
  return deps.dataSource
    .transaction(async (m) => {
      await rememberZone(m, ledger.memberId, day);
      const payment = await paymentById(m, ledger.householdId, paymentId);
      if (!payment) throw notFound('Payment');
      if (payment.liability_id === null) {
        throw new DomainError(
          `${payment.creditor_name} was deleted, so its payment can no longer be undone`,
          'paymentId',
        );
      }
      const liability = await lockLiability(m, ledger.householdId, payment.liability_id);
      // Read under the liability's lock: no settlement of it can commit in between.
      const latest = (await queryOne<PaymentRow>(
        m,
        `SELECT ${PAYMENT_COLUMNS} FROM liability_payment p
          WHERE p.liability_id = $1 AND p.household_id = $2 ORDER BY p.due_date DESC LIMIT 1`,
        [payment.liability_id, ledger.householdId],
      )) as PaymentRow;
      const plan = planUndo(
        analysisLiability(liability),
        paymentRecord(payment),
        paymentRecord(latest),
        Number(payment.balance_reduced_cents),
      );
      await queryRows(m, 'DELETE FROM liability_payment WHERE id = $1 AND household_id = $2', [
        paymentId,
        ledger.householdId,
      ]);
      await queryRows(
        m,
        `UPDATE liability SET due_date = $3, balance_cents = $4, current_paid = false, current_cleared = false,
                paid_wallet_id = NULL, updated_at = now()
          WHERE id = $1 AND household_id = $2`,
        [liability.id, ledger.householdId, plan.dueDate, plan.balanceCents],
      );
      if (plan.refundCents > 0 && plan.walletId !== null) {
        const walletId = Number(plan.walletId);
        await writeRegisterEntries(m, ledger, [
          {
            walletId,
            direction: 'deposited',
            amountCents: plan.refundCents,
            kind: 'bill_payment',
            liabilityId: payment.liability_id ?? undefined,
            description: `Undone: ${payment.creditor_name} (due ${formatDisplayDate(payment.due_date as IsoDate)})`,
            occurredOn: day.today,
          },
        ]);
        await moveWalletBalances(m, ledger, [{ walletId, deltaCents: plan.refundCents }]);
      }
      return payment;
    })
    .catch(translateBalanceOverflow);
}

import {
  DomainError,
  formatDisplayDate,
  planPaidInfo,
  type IsoDate,
  type LiabilityUpdatePlan,
  type PaidInfoChange,
} from '@truenet/core';
import type { AppDeps } from '../../deps';
import type { Ledger } from '../auth/request-user';
import { firstTimeApplied } from '../../db/change-once';
import { queryRows, type Queryable } from '../../db/sql';
import { notFound } from '../../errors';
import { translateBalanceOverflow } from '../../input/constraints';
import { findWallet, writeRegisterEntries, type RegisterLine } from '../wallets/wallets.service';
import { analysisLiability, LIABILITY_COLUMNS, type LiabilityRow } from './liabilities.rows';
import { rememberZone, type UserDay } from '../../input/today';

export interface PaidInfoRequest {
  liabilityId: number;
  paid: boolean;
  cleared: boolean;
  /** The due date the client showed; a mismatch means the row moved on meanwhile. */
  dueDate: IsoDate | null;
  /** What was actually paid, in cents, for a row that settles; null: the scheduled payment. */
  amountCents?: number | null;
}

/**
 * 'Save Paid Info' (docs/product-rules.md §1-§6 and §4): stores the paid/cleared switches of the changed rows, in
 * one transaction. A row that becomes paid and cleared is settled as core's plan says: a 'spent'
 * register entry of what was paid on the paying wallet, that wallet's balance down, the liability's
 * balance down (never below 0), a payment history row, its due date one step on from the anchor and
 * its switches reset.
 *
 * The rows are locked FOR UPDATE before planning, so two saves of the same row run one after the
 * other; a change carrying the due date it was made on is refused once the row has moved on, and the
 * history's unique (liability, due date) refuses paying one occurrence twice. However many rows, the
 * writes take a constant number of statements.
 */
export async function savePaidInfo(
  deps: AppDeps,
  ledger: Ledger,
  walletId: number,
  changes: PaidInfoRequest[],
  day: UserDay,
): Promise<void> {
  if (changes.length === 0) throw new DomainError('There are no changes to save', 'changes');
  for (const change of changes) {
    if (change.amountCents != null && change.amountCents <= 0) {
      throw new DomainError('The amount paid must be more than $0.00', 'amount');
    }
  }
  await deps.dataSource
    .transaction(async (m) => {
      if (!(await firstTimeApplied(m, ledger.memberId, 'savePaidInfo', [walletId, changes]))) return;
      await rememberZone(m, ledger.memberId, day);
      await findWallet(m, ledger.householdId, walletId);
      const ids = [...new Set(changes.map((change) => change.liabilityId))];
      const rows = await queryRows<LiabilityRow>(
        m,
        `SELECT ${LIABILITY_COLUMNS} FROM liability l
          WHERE l.household_id = $1 AND l.id = ANY($2::int[]) ORDER BY l.id FOR UPDATE`,
        [ledger.householdId, ids],
      );
      if (rows.length !== ids.length) throw notFound('Expense');
      const byId = new Map(rows.map((row) => [row.id, row]));
      for (const change of changes) {
        const row = byId.get(change.liabilityId) as LiabilityRow;
        if (change.dueDate !== null && change.dueDate !== row.due_date) {
          throw new DomainError(
            `${row.creditor_name} was updated meanwhile (now due ${formatDisplayDate(row.due_date)}): reload and try again`,
            'dueDate',
          );
        }
      }

      const plans = planPaidInfo(
        rows.map(analysisLiability),
        changes.map<PaidInfoChange>((change) => ({
          liabilityId: String(change.liabilityId),
          paid: change.paid,
          cleared: change.cleared,
          amountCents: change.amountCents ?? null,
        })),
        String(walletId),
      );
      await writeLiabilityStates(m, ledger.householdId, plans);
      const settled = plans.filter((plan) => plan.settled);
      if (settled.length === 0) return;
      const payments = settled.map((plan) => {
        const row = byId.get(Number(plan.liabilityId)) as LiabilityRow;
        return { plan, row, walletId: Number(plan.spentFromWalletId ?? walletId) };
      });
      await recordPayments(
        m,
        ledger,
        payments.map(({ plan, row, walletId: paidFrom }) => ({
          liabilityId: row.id,
          creditorName: row.creditor_name,
          debtType: row.debt_type,
          dueDate: plan.settledDueDate as IsoDate,
          kind: 'PAID',
          amountCents: plan.spentCents,
          balanceReducedCents: plan.balanceReducedCents,
          walletId: paidFrom,
          paidOn: day.today,
        })),
      );
      await writeRegisterEntries(
        m,
        ledger,
        payments.map<RegisterLine>(({ plan, row, walletId: paidFrom }) => ({
          walletId: paidFrom,
          direction: 'spent',
          amountCents: plan.spentCents,
          kind: 'bill_payment',
          liabilityId: row.id,
          description: `Paid: ${row.creditor_name} (due ${formatDisplayDate(plan.settledDueDate as IsoDate)})`,
          occurredOn: day.today,
        })),
      );
      await moveWalletBalances(
        m,
        ledger,
        payments.map(({ plan, walletId: paidFrom }) => ({
          walletId: paidFrom,
          deltaCents: -plan.spentCents,
        })),
      );
    })
    .catch(translateBalanceOverflow);
}

/** Writes the new state of every planned liability in one statement. */
export async function writeLiabilityStates(
  m: Queryable,
  householdId: string,
  plans: LiabilityUpdatePlan[],
): Promise<void> {
  await queryRows(
    m,
    `UPDATE liability l
        SET due_date = u.due_date, balance_cents = u.balance_cents, current_paid = u.current_paid,
            current_cleared = u.current_cleared, paid_wallet_id = u.paid_wallet_id, updated_at = now()
       FROM unnest($2::int[], $3::date[], $4::bigint[], $5::boolean[], $6::boolean[], $7::int[])
            AS u(id, due_date, balance_cents, current_paid, current_cleared, paid_wallet_id)
      WHERE l.id = u.id AND l.household_id = $1`,
    [
      householdId,
      plans.map((plan) => Number(plan.liabilityId)),
      plans.map((plan) => plan.next.dueDate),
      plans.map((plan) => plan.next.balanceCents),
      plans.map((plan) => plan.next.currentPaid),
      plans.map((plan) => plan.next.currentCleared),
      plans.map((plan) => (plan.next.paidFromWalletId === null ? null : Number(plan.next.paidFromWalletId))),
    ],
  );
}

export interface PaymentLine {
  liabilityId: number;
  creditorName: string;
  debtType: string;
  dueDate: IsoDate;
  kind: 'PAID' | 'SKIPPED';
  amountCents: number;
  balanceReducedCents: number;
  walletId: number | null;
  paidOn: IsoDate;
  /** The statement import that settled it, so that undoing the import undoes it too. */
  importBatchId?: string | null;
}

/**
 * Adds payment history rows in one statement. An occurrence already in the history (paid or skipped
 * before) is refused: the whole action rolls back, so an occurrence is never paid twice.
 */
export async function recordPayments(m: Queryable, ledger: Ledger, lines: PaymentLine[]): Promise<string[]> {
  const inserted = await queryRows<{ id: string; liability_id: number }>(
    m,
    `INSERT INTO liability_payment
            (household_id, entered_by, liability_id, creditor_name, debt_type, due_date, kind, amount_cents,
             balance_reduced_cents, wallet_id, paid_on, import_batch_id)
     SELECT $1::uuid, $12::int, * FROM unnest($2::int[], $3::text[], $4::text[], $5::date[], $6::text[], $7::bigint[],
                                   $8::bigint[], $9::int[], $10::date[], $11::uuid[])
     ON CONFLICT (liability_id, due_date) DO NOTHING
     RETURNING id::text AS id, liability_id`,
    [
      ledger.householdId,
      lines.map((line) => line.liabilityId),
      lines.map((line) => line.creditorName),
      lines.map((line) => line.debtType),
      lines.map((line) => line.dueDate),
      lines.map((line) => line.kind),
      lines.map((line) => line.amountCents),
      lines.map((line) => line.balanceReducedCents),
      lines.map((line) => line.walletId),
      lines.map((line) => line.paidOn),
      lines.map((line) => line.importBatchId ?? null),
      ledger.memberId,
    ],
  );
  if (inserted.length !== lines.length) {
    const done = new Set(inserted.map((row) => row.liability_id));
    const twice = lines.find((line) => !done.has(line.liabilityId)) as PaymentLine;
    throw new DomainError(
      `${twice.creditorName} due ${formatDisplayDate(twice.dueDate)} is already in the payment history`,
      'dueDate',
    );
  }
  return inserted.map((row) => row.id);
}

/** Moves several wallets' balances atomically in one statement (deltas of one wallet are summed). */
export async function moveWalletBalances(
  m: Queryable,
  ledger: Ledger,
  moves: { walletId: number; deltaCents: number }[],
): Promise<void> {
  const byWallet = new Map<number, number>();
  for (const move of moves) byWallet.set(move.walletId, (byWallet.get(move.walletId) ?? 0) + move.deltaCents);
  const moved = await queryRows<{ id: number }>(
    m,
    `UPDATE wallet w SET balance_cents = w.balance_cents + d.delta_cents, last_update = now()
       FROM unnest($2::int[], $3::bigint[]) AS d(id, delta_cents)
      WHERE w.id = d.id AND w.household_id = $1
      RETURNING w.id`,
    [ledger.householdId, [...byWallet.keys()], [...byWallet.values()]],
  );
  if (moved.length !== byWallet.size) throw notFound('Wallet');
}

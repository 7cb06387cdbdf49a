import { DomainError, planPaidInfo, type IsoDate, type PaidInfoChange } from '@truenet/core';
import type { AppDeps } from '../../deps';
import { queryRows } from '../../db/sql';
import { notFound } from '../../graphql/errors';
import { translateBalanceOverflow } from '../analysis/finance-input';
import { changeWalletBalance, findWallet, writeRegisterEntries } from '../wallets/wallets.service';
import { analysisLiability, LIABILITY_COLUMNS, type LiabilityRow } from './liabilities.presenter';

export interface PaidInfoRequest {
  liabilityId: number;
  paid: boolean;
  cleared: boolean;
  /** The due date the client showed; a mismatch means the row moved on meanwhile. */
  dueDate: IsoDate | null;
}

/**
 * 'Save Paid Info' (DESIGN.md §2): stores the paid/cleared switches of the changed rows, in one
 * transaction. A row that becomes paid and cleared is settled as core's plan says: a 'spent'
 * register entry of its payment on the paying wallet, that wallet's balance down, the liability's
 * balance down (never below 0), its due date one step on from the anchor and its switches reset.
 *
 * The rows are locked FOR UPDATE before planning, so two saves of the same row run one after the
 * other; a change carrying the due date it was made on is refused once the row has moved on, so a
 * double submit settles a bill once.
 */
export async function savePaidInfo(
  deps: AppDeps,
  debtorId: number,
  walletId: number,
  changes: PaidInfoRequest[],
  today: IsoDate,
): Promise<void> {
  if (changes.length === 0) throw new DomainError('There are no changes to save', 'changes');
  await deps.dataSource
    .transaction(async (m) => {
      await findWallet(m, debtorId, walletId);
      const ids = [...new Set(changes.map((change) => change.liabilityId))];
      const rows = await queryRows<LiabilityRow>(
        m,
        `SELECT ${LIABILITY_COLUMNS} FROM liability l
          WHERE l.debtor_id = $1 AND l.id = ANY($2::int[]) ORDER BY l.id FOR UPDATE`,
        [debtorId, ids],
      );
      if (rows.length !== ids.length) throw notFound('Expense');
      const byId = new Map(rows.map((row) => [row.id, row]));
      for (const change of changes) {
        const row = byId.get(change.liabilityId) as LiabilityRow;
        if (change.dueDate !== null && change.dueDate !== row.due_date) {
          throw new DomainError(
            `${row.creditor_name} was updated meanwhile (now due ${row.due_date}): reload and try again`,
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
        })),
        String(walletId),
      );
      for (const plan of plans) {
        const id = Number(plan.liabilityId);
        await queryRows(
          m,
          `UPDATE liability SET due_date = $3, balance_cents = $4, current_paid = $5, current_cleared = $6,
                  paid_wallet_id = $7, updated_at = now()
            WHERE id = $1 AND debtor_id = $2`,
          [
            id,
            debtorId,
            plan.next.dueDate,
            plan.next.balanceCents,
            plan.next.currentPaid,
            plan.next.currentCleared,
            plan.next.paidFromWalletId === null ? null : Number(plan.next.paidFromWalletId),
          ],
        );
        if (!plan.settled || plan.spentCents === 0) continue;
        const payingWalletId = Number(plan.spentFromWalletId ?? walletId);
        const row = byId.get(id) as LiabilityRow;
        await writeRegisterEntries(m, debtorId, [
          {
            walletId: payingWalletId,
            direction: 'spent',
            amountCents: plan.spentCents,
            kind: 'bill_payment',
            description: `Paid: ${row.creditor_name} (due ${row.due_date})`,
            occurredOn: today,
          },
        ]);
        await changeWalletBalance(m, debtorId, payingWalletId, -plan.spentCents);
      }
    })
    .catch(translateBalanceOverflow);
}

import type { DebtType, ExpenseFrequency, IsoDate } from '@truenet/core';
import type { AppDeps } from '../../deps';
import type { Ledger } from '../auth/request-user';
import { activityParams, loggedChange } from '../households/activity.service';
import { queryOne, queryRows, type Queryable } from '../../db/sql';
import { notFound } from '../../errors';
import {
  translateWalletReference,
  type CategoryChoice,
  type WalletChoice,
} from '../wallets/wallet-reference';
import { LIABILITY_COLUMNS, type LiabilityRow } from './liabilities.rows';
import { withRememberedZone, type UserDay } from '../../input/today';

/**
 * Liabilities, the recurring expenses (docs/product-rules.md §1-§6 "Liabilities"). The entered due date is also
 * the anchor later due dates are stepped from. Every query carries `household_id`, so another user's
 * expense reads as not found.
 */

export interface LiabilityFields {
  creditorName: string;
  creditorUrl: string | null;
  description: string | null;
  debtType: DebtType;
  frequency: ExpenseFrequency;
  dueDate: IsoDate;
  balanceCents: number | null;
  paymentCents: number;
  autoPay: boolean;
  /** 'Paid from': a wallet id, null for the default wallet, undefined to keep it (on update). */
  walletId?: WalletChoice;
  /** A debt's APR; null: not known; undefined: kept (on update), none (on add). */
  apr?: number | null;
  /** Its category; null: its type's; undefined: kept (on update), its type's (on add). */
  categoryId?: CategoryChoice;
}

export async function listLiabilities(db: Queryable, householdId: string): Promise<LiabilityRow[]> {
  return queryRows<LiabilityRow>(
    db,
    `SELECT ${LIABILITY_COLUMNS} FROM liability l WHERE l.household_id = $1 ORDER BY l.due_date, l.id`,
    [householdId],
  );
}

/** The expense's fields in the order both statements below take them ($2.. and $3..). */
function values(fields: LiabilityFields): unknown[] {
  return [
    fields.creditorName,
    fields.creditorUrl,
    fields.description,
    fields.debtType,
    fields.frequency,
    fields.dueDate,
    fields.paymentCents,
    fields.balanceCents,
    fields.autoPay,
    fields.walletId ?? null,
  ];
}

/**
 * Inserts a bill with its activity line, in one statement of `db`. `payeeKey`: the payee of the
 * statement-history stream it was accepted from (found in your bank), so later rows of that payee
 * are offered as its payments.
 */
export async function insertLiability(
  db: Queryable,
  ledger: Ledger,
  fields: LiabilityFields,
  payeeKey: string | null = null,
): Promise<LiabilityRow> {
  const row = await queryOne<LiabilityRow>(
    db,
    loggedChange(
      `INSERT INTO liability AS l (household_id, creditor_name, creditor_url, description, debt_type, frequency,
       anchor_date, due_date, payment_cents, balance_cents, auto_pay, wallet_id, payee_key, apr, category_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $7, $8, $9, $10, $11, $12, $13, $14) RETURNING ${LIABILITY_COLUMNS}`,
      15,
      'changed.creditor_name',
    ),
    [
      ledger.householdId,
      ...values(fields),
      payeeKey,
      fields.apr ?? null,
      fields.categoryId ?? null,
      ...activityParams(ledger, 'Added a bill'),
    ],
  ).catch(translateWalletReference);
  return row as LiabilityRow;
}

export async function addLiability(
  deps: AppDeps,
  ledger: Ledger,
  fields: LiabilityFields,
  day: Pick<UserDay, 'newZone'>,
): Promise<LiabilityRow> {
  return withRememberedZone(deps.dataSource, ledger.memberId, day, (db) =>
    insertLiability(db, ledger, fields),
  );
}

/**
 * Replaces the expense's fields. A changed due date (or frequency) restarts the schedule there:
 * the entered date becomes the new anchor. The paid/cleared switches are kept.
 */
export async function updateLiability(
  deps: AppDeps,
  ledger: Ledger,
  liabilityId: number,
  fields: LiabilityFields,
  day: Pick<UserDay, 'newZone'>,
): Promise<LiabilityRow> {
  const row = await withRememberedZone(deps.dataSource, ledger.memberId, day, (db) =>
    queryOne<LiabilityRow>(
      db,
      loggedChange(
        `UPDATE liability AS l SET creditor_name = $3, creditor_url = $4, description = $5, debt_type = $6,
         anchor_date = CASE WHEN l.due_date <> $8::date OR l.frequency <> $7 THEN $8::date ELSE l.anchor_date END,
         frequency = $7, due_date = $8, payment_cents = $9, balance_cents = $10, auto_pay = $11,
         wallet_id = CASE WHEN $13::boolean THEN $12::integer ELSE l.wallet_id END,
         apr = CASE WHEN $15::boolean THEN $14::numeric ELSE l.apr END,
         category_id = CASE WHEN $17::boolean THEN $16::integer ELSE l.category_id END, updated_at = now()
         WHERE l.id = $1 AND l.household_id = $2 RETURNING ${LIABILITY_COLUMNS}`,
        18,
        'changed.creditor_name',
      ),
      [
        liabilityId,
        ledger.householdId,
        ...values(fields),
        fields.walletId !== undefined,
        fields.apr ?? null,
        fields.apr !== undefined,
        fields.categoryId ?? null,
        fields.categoryId !== undefined,
        ...activityParams(ledger, 'Changed a bill'),
      ],
    ).catch(translateWalletReference),
  );
  if (!row) throw notFound('Expense');
  return row;
}

export async function deleteLiability(deps: AppDeps, ledger: Ledger, liabilityId: number): Promise<void> {
  const deleted = await queryRows(
    deps.dataSource,
    loggedChange(
      'DELETE FROM liability WHERE id = $1 AND household_id = $2 RETURNING id, creditor_name',
      3,
      'changed.creditor_name',
    ),
    [liabilityId, ledger.householdId, ...activityParams(ledger, 'Deleted a bill')],
  );
  if (deleted.length === 0) throw notFound('Expense');
}

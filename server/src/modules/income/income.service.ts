import type { IncomeFrequency, IsoDate } from '@truenet/core';
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
import { INCOME_SOURCE_COLUMNS, type IncomeSourceRow } from './income.rows';
import { withRememberedZone, type UserDay } from '../../input/today';

/**
 * Income sources (docs/product-rules.md §1-§6 "Income"). Every query carries `household_id`, so another user's
 * source reads as not found.
 */

export interface IncomeSourceFields {
  sourceName: string;
  sourceUrl: string | null;
  description: string | null;
  frequency: IncomeFrequency;
  nextPmtDate: IsoDate;
  /** Only for Twice Monthly; null otherwise. */
  biMonthlyPayDate: IsoDate | null;
  paymentCents: number;
  active: boolean;
  /** 'Deposits to': a wallet id, null for the default wallet, undefined to keep it (on update). */
  walletId?: WalletChoice;
  /** Its category; null: Income; undefined: kept (on update), Income (on add). */
  categoryId?: CategoryChoice;
}

export async function listIncomeSources(db: Queryable, householdId: string): Promise<IncomeSourceRow[]> {
  return queryRows<IncomeSourceRow>(
    db,
    `SELECT ${INCOME_SOURCE_COLUMNS} FROM income_source s WHERE s.household_id = $1 ORDER BY s.id`,
    [householdId],
  );
}

function values(fields: IncomeSourceFields): unknown[] {
  return [
    fields.sourceName,
    fields.sourceUrl,
    fields.description,
    fields.frequency,
    fields.nextPmtDate,
    fields.biMonthlyPayDate,
    fields.paymentCents,
    fields.active,
    fields.walletId ?? null,
  ];
}

/**
 * Inserts a pay source with its activity line, in one statement of `db`. `payeeKey`: the payee of
 * the statement-history stream it was accepted from, so later deposits of that payee match it.
 */
export async function insertIncomeSource(
  db: Queryable,
  ledger: Ledger,
  fields: IncomeSourceFields,
  payeeKey: string | null = null,
): Promise<IncomeSourceRow> {
  const row = await queryOne<IncomeSourceRow>(
    db,
    loggedChange(
      `INSERT INTO income_source AS s (household_id, source_name, source_url, description, frequency,
       next_pmt_date, bi_monthly_pay_date, payment_cents, active, wallet_id, payee_key, category_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) RETURNING ${INCOME_SOURCE_COLUMNS}`,
      13,
      'changed.source_name',
    ),
    [
      ledger.householdId,
      ...values(fields),
      payeeKey,
      fields.categoryId ?? null,
      ...activityParams(ledger, 'Added income'),
    ],
  ).catch(translateWalletReference);
  return row as IncomeSourceRow;
}

export async function addIncomeSource(
  deps: AppDeps,
  ledger: Ledger,
  fields: IncomeSourceFields,
  day: Pick<UserDay, 'newZone'>,
): Promise<IncomeSourceRow> {
  return withRememberedZone(deps.dataSource, ledger.memberId, day, (db) =>
    insertIncomeSource(db, ledger, fields),
  );
}

/** Replaces the source's fields; its deposited occurrences stay recorded. */
export async function updateIncomeSource(
  deps: AppDeps,
  ledger: Ledger,
  sourceId: number,
  fields: IncomeSourceFields,
  day: Pick<UserDay, 'newZone'>,
): Promise<IncomeSourceRow> {
  const row = await withRememberedZone(deps.dataSource, ledger.memberId, day, (db) =>
    queryOne<IncomeSourceRow>(
      db,
      loggedChange(
        `UPDATE income_source AS s SET source_name = $3, source_url = $4, description = $5, frequency = $6,
         next_pmt_date = $7, bi_monthly_pay_date = $8, payment_cents = $9, active = $10,
         wallet_id = CASE WHEN $12::boolean THEN $11::integer ELSE s.wallet_id END,
         category_id = CASE WHEN $14::boolean THEN $13::integer ELSE s.category_id END, updated_at = now()
         WHERE s.id = $1 AND s.household_id = $2 RETURNING ${INCOME_SOURCE_COLUMNS}`,
        15,
        'changed.source_name',
      ),
      [
        sourceId,
        ledger.householdId,
        ...values(fields),
        fields.walletId !== undefined,
        fields.categoryId ?? null,
        fields.categoryId !== undefined,
        ...activityParams(ledger, 'Changed income'),
      ],
    ).catch(translateWalletReference),
  );
  if (!row) throw notFound('Income source');
  return row;
}

/** Deletes the source and its deposit records; money already deposited stays in the wallets. */
export async function deleteIncomeSource(deps: AppDeps, ledger: Ledger, sourceId: number): Promise<void> {
  const deleted = await queryRows(
    deps.dataSource,
    loggedChange(
      'DELETE FROM income_source WHERE id = $1 AND household_id = $2 RETURNING id, source_name',
      3,
      'changed.source_name',
    ),
    [sourceId, ledger.householdId, ...activityParams(ledger, 'Deleted income')],
  );
  if (deleted.length === 0) throw notFound('Income source');
}

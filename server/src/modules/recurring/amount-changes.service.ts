import { changedAmount, type RecurringKind } from '@truenet/core';
import type { AppDeps } from '../../deps';
import type { Ledger } from '../auth/request-user';
import { queryOne, queryRows, type Queryable } from '../../db/sql';
import { notFound } from '../../errors';
import { rememberZone, type UserDay } from '../../input/today';
import { activityParams, loggedChange } from '../households/activity.service';

/**
 * Amount changes (docs/product-rules.md §18): a bill or pay source whose two latest rows matched
 * from the bank (the statement history's links) agree on another amount than the plan's. One
 * statement reads them all; applying one writes the new amount from the next unsettled occurrence
 * on (the payment history keeps what was paid).
 */
export interface AmountChangeRow {
  id: string;
  kind: RecurringKind;
  itemId: number;
  name: string;
  scheduledCents: number;
  actualCents: number;
  since: string;
}

function changeId(kind: RecurringKind, itemId: number, cents: number): string {
  return `${kind === 'BILL' ? 'bill' : 'pay'}-${itemId}-${cents}`;
}

/** Every amount change of the households, those a person chose to keep hidden left out: one statement. */
export async function amountChangesOf(
  db: Queryable,
  householdIds: readonly string[],
): Promise<(AmountChangeRow & { householdId: string })[]> {
  const rows = await queryRows<{
    household_id: string;
    kind: RecurringKind;
    item_id: number;
    name: string;
    scheduled: string;
    latest: string;
    previous: string;
    since: string;
    dismissed: string | null;
  }>(
    db,
    `WITH matched AS (
       SELECT household_id, 'BILL' AS kind, liability_id AS item_id, occurred_on, abs(amount_cents) AS cents, key
         FROM import_ledger
        WHERE household_id = ANY($1::uuid[]) AND deleted_at IS NULL AND liability_id IS NOT NULL
       UNION ALL
       SELECT household_id, 'INCOME', income_source_id, occurred_on, abs(amount_cents), key
         FROM import_ledger
        WHERE household_id = ANY($1::uuid[]) AND deleted_at IS NULL AND income_source_id IS NOT NULL
     ), ranked AS (
       SELECT *, row_number() OVER (PARTITION BY household_id, kind, item_id ORDER BY occurred_on DESC, key DESC) AS n
         FROM matched
     ), plan AS (
       SELECT household_id, 'BILL' AS kind, id, creditor_name AS name, payment_cents
         FROM liability WHERE household_id = ANY($1::uuid[])
       UNION ALL
       SELECT household_id, 'INCOME', id, source_name, payment_cents
         FROM income_source WHERE household_id = ANY($1::uuid[]) AND active
     )
     SELECT p.household_id, p.kind, p.id AS item_id, p.name, p.payment_cents AS scheduled, latest.cents AS latest,
            previous.cents AS previous, previous.occurred_on::text AS since, d.amount_cents AS dismissed
       FROM plan p
       JOIN ranked latest
         ON latest.household_id = p.household_id AND latest.kind = p.kind AND latest.item_id = p.id AND latest.n = 1
       JOIN ranked previous
         ON previous.household_id = p.household_id AND previous.kind = p.kind AND previous.item_id = p.id
        AND previous.n = 2
       LEFT JOIN amount_change_dismissal d
         ON d.household_id = p.household_id AND d.kind = p.kind AND d.item_id = p.id
      ORDER BY p.household_id, p.kind, p.name, p.id`,
    [householdIds],
  );
  return rows.flatMap((row) => {
    const actual = changedAmount(Number(row.scheduled), Number(row.latest), Number(row.previous));
    if (actual === null || (row.dismissed !== null && Number(row.dismissed) === actual)) return [];
    return [
      {
        id: changeId(row.kind, row.item_id, actual),
        householdId: row.household_id,
        kind: row.kind,
        itemId: row.item_id,
        name: row.name,
        scheduledCents: Number(row.scheduled),
        actualCents: actual,
        since: row.since,
      },
    ];
  });
}

/** The household's amount changes, as the API lists them. */
export async function amountChanges(db: Queryable, householdId: string): Promise<AmountChangeRow[]> {
  return amountChangesOf(db, [householdId]);
}

async function changeById(db: Queryable, householdId: string, id: string): Promise<AmountChangeRow> {
  const found = (await amountChanges(db, householdId)).find((change) => change.id === id);
  if (!found) throw notFound('Amount change');
  return found;
}

/** Follows the bank: the new amount from the next unsettled occurrence on, in one transaction. */
export async function applyAmountChange(
  deps: AppDeps,
  ledger: Ledger,
  id: string,
  day: UserDay,
): Promise<AmountChangeRow> {
  return deps.dataSource.transaction(async (m) => {
    await rememberZone(m, ledger.memberId, day);
    const change = await changeById(m, ledger.householdId, id);
    const statement =
      change.kind === 'BILL'
        ? `UPDATE liability SET payment_cents = $3, updated_at = now() WHERE id = $1 AND household_id = $2
           RETURNING creditor_name AS name`
        : `UPDATE income_source SET payment_cents = $3, updated_at = now() WHERE id = $1 AND household_id = $2
           RETURNING source_name AS name`;
    await queryOne(m, loggedChange(statement, 4, "changed.name || ': amount follows the bank'"), [
      change.itemId,
      ledger.householdId,
      change.actualCents,
      ...activityParams(ledger, change.kind === 'BILL' ? 'Updated a bill' : 'Updated income'),
    ]);
    return change;
  });
}

/** Keeps the plan's amount: this change stays hidden until yet another amount appears. */
export async function dismissAmountChange(deps: AppDeps, ledger: Ledger, id: string): Promise<void> {
  const change = await changeById(deps.dataSource, ledger.householdId, id);
  await queryRows(
    deps.dataSource,
    `INSERT INTO amount_change_dismissal (household_id, kind, item_id, amount_cents) VALUES ($1, $2, $3, $4)
     ON CONFLICT (household_id, kind, item_id) DO UPDATE SET amount_cents = EXCLUDED.amount_cents, at = now()`,
    [ledger.householdId, change.kind, change.itemId, change.actualCents],
  );
}

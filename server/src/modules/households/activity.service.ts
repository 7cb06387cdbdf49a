import { formatMoney } from '@truenet/core';
import { queryRows, type Queryable } from '../../db/sql';
import type { Ledger } from '../auth/request-user';

/**
 * A household's activity (docs/product-rules.md §16): membership and the household's records as
 * `household_activity` rows, and the money moved as the register and the statement imports hold
 * it, merged newest first. Every member reads it.
 */
export interface ActivityRow {
  at: Date;
  who: string | null;
  action: string;
  summary: string;
}

/** Records one change in the household's activity, in the transaction of the change itself. */
export async function recordActivity(
  db: Queryable,
  householdId: string,
  memberId: number | null,
  action: string,
  summary: string,
): Promise<void> {
  await queryRows(
    db,
    'INSERT INTO household_activity (household_id, entered_by, action, summary) VALUES ($1, $2, $3, $4)',
    [householdId, memberId, action, summary.slice(0, 200)],
  );
}

/**
 * A change of one of the household's records with its line in the activity, in the one statement
 * of the change (a data-modifying CTE): `statement` is an INSERT, UPDATE or DELETE … RETURNING,
 * `summary` an SQL expression over its returned row, and the activity's household, member and
 * action are the parameters from `$first` on (`activityParams`).
 */
export function loggedChange(statement: string, first: number, summary: string): string {
  return `WITH changed AS (${statement}),
     logged AS (INSERT INTO household_activity (household_id, entered_by, action, summary)
                SELECT $${first}::uuid, $${first + 1}::int, $${first + 2}::text, left(${summary}, 200) FROM changed)
     SELECT * FROM changed`;
}

export function activityParams(ledger: Ledger, action: string): unknown[] {
  return [ledger.householdId, ledger.memberId, action];
}

export const ACTIVITY_LIMIT_MAX = 200;

/** The household's latest changes, newest first: 3 index scans merged, at most `limit` rows. */
export async function householdActivity(
  db: Queryable,
  householdId: string,
  limit: number,
): Promise<ActivityRow[]> {
  const rows = await queryRows<{
    at: Date;
    who: string | null;
    action: string;
    summary: string | null;
    amount_cents: string | null;
    direction: string | null;
    wallet: string | null;
  }>(
    db,
    `SELECT x.at, e.first_name AS who, x.action, x.summary, x.amount_cents, x.direction, x.wallet
       FROM (
         (SELECT a.at, a.entered_by, a.action, a.summary, NULL::bigint AS amount_cents, NULL AS direction,
                 NULL AS wallet, a.id AS tiebreak
            FROM household_activity a WHERE a.household_id = $1
           ORDER BY a.at DESC, a.id DESC LIMIT $2)
         UNION ALL
         (SELECT r.created_at, r.entered_by, r.kind, r.description, r.amount_cents, r.direction, w.name, r.id
            FROM register_entry r JOIN wallet w ON w.id = r.wallet_id
           WHERE r.household_id = $1 AND r.import_batch_id IS NULL
           ORDER BY r.created_at DESC LIMIT $2)
         UNION ALL
         (SELECT b.created_at, b.entered_by, 'import', b.file_name, b.imported_count, NULL, w.name, 0
            FROM import_batch b JOIN wallet w ON w.id = b.wallet_id
           WHERE b.household_id = $1
           ORDER BY b.created_at DESC LIMIT $2)
       ) x
       LEFT JOIN debtor e ON e.id = x.entered_by
      ORDER BY x.at DESC, x.tiebreak DESC
      LIMIT $2`,
    [householdId, limit],
  );
  return rows.map((row) => ({ at: row.at, who: row.who, ...described(row) }));
}

/** A register entry or an import in words; a recorded activity as it was written. */
function described(row: {
  action: string;
  summary: string | null;
  amount_cents: string | null;
  direction: string | null;
  wallet: string | null;
}): { action: string; summary: string } {
  if (row.wallet === null) return { action: row.action, summary: row.summary ?? '' };
  if (row.action === 'import') {
    const count = Number(row.amount_cents);
    return {
      action: 'Imported a statement',
      summary: `${count} transaction${count === 1 ? '' : 's'} from ${row.summary ?? 'a file'} into ${row.wallet}`,
    };
  }
  const amount = formatMoney(Number(row.amount_cents));
  const note = row.summary ? `: ${row.summary}` : '';
  const ACTIONS: Record<string, string> = {
    transaction: row.direction === 'spent' ? 'Spent' : 'Deposited',
    adjustment: 'Updated a balance',
    pay_deposit: 'Deposited pay',
    bill_payment: 'Paid a bill',
  };
  const action = ACTIONS[row.action] ?? 'Changed a wallet';
  const preposition = row.direction === 'spent' ? 'from' : 'into';
  return { action, summary: `${amount} ${preposition} ${row.wallet}${note}` };
}

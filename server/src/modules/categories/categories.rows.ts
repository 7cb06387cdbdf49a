import type { CategoryKey, CategorySource, IsoDate } from '@truenet/core';

/** The columns every read of a category selects (alias c). */
export const CATEGORY_COLUMNS = 'c.id, c.key, c.name, c.parent_id, c.archived, c.position';

export interface CategoryRow {
  id: number;
  key: CategoryKey | null;
  name: string;
  parent_id: number | null;
  archived: boolean;
  position: number;
}

export const RULE_COLUMNS = `r.id, r.description_contains, r.payee, r.amount_min_cents::text AS amount_min_cents,
  r.amount_max_cents::text AS amount_max_cents, r.direction, r.wallet_id, r.category_id`;

export interface RuleRow {
  id: number;
  description_contains: string | null;
  payee: string | null;
  amount_min_cents: string | null;
  amount_max_cents: string | null;
  direction: 'SPENT' | 'DEPOSITED' | null;
  wallet_id: number | null;
  category_id: number;
}

/**
 * One row of the ledger (docs/product-rules.md §20): a statement-history row (with its register
 * entry, if the register still has it) or a register entry that came from no statement. Its id
 * says which: 'h' and the history row's id, or 'r' and the entry's.
 */
export interface LedgerRecord {
  id: string;
  history_id: string | null;
  entry_id: string | null;
  wallet_id: number;
  occurred_on: IsoDate;
  direction: 'SPENT' | 'DEPOSITED';
  amount_cents: string;
  description: string;
  category_id: number | null;
  category_source: CategorySource | null;
  payee_key: string | null;
}

/**
 * The ledger as one relation for household $1: history rows (amount signed, never 0) and the
 * register entries no statement wrote (balance adjustments are corrections, not movements).
 * `occurred_on` is the date as text (what the API shows), `day` the same as a date (what SQL compares).
 * `extra` columns are added to both sides, written for the aliases l (history) and r (entry).
 */
export function ledgerRelation(
  extra: { history: string; entry: string } = { history: '', entry: '' },
): string {
  return `
    SELECT 'h' || l.id AS id, l.id::text AS history_id, r.id::text AS entry_id, l.wallet_id,
           l.occurred_on::text AS occurred_on, l.occurred_on AS day,
           CASE WHEN l.amount_cents < 0 THEN 'SPENT' ELSE 'DEPOSITED' END AS direction,
           abs(l.amount_cents)::text AS amount_cents, coalesce(l.description, '') AS description,
           l.category_id, l.category_source, l.payee_key${extra.history}
      FROM import_ledger l
      LEFT JOIN register_entry r
        ON r.household_id = l.household_id AND r.wallet_id = l.wallet_id AND r.import_key = l.key
       AND r.import_batch_id = l.batch_id
     WHERE l.household_id = $1 AND l.deleted_at IS NULL AND l.occurred_on IS NOT NULL AND l.amount_cents <> 0
    UNION ALL
    SELECT 'r' || r.id, NULL, r.id::text, r.wallet_id, r.occurred_on::text, r.occurred_on, upper(r.direction), r.amount_cents::text,
           coalesce(r.description, ''), r.category_id, r.category_source, r.payee_key${extra.entry}
      FROM register_entry r
     WHERE r.household_id = $1 AND r.kind <> 'adjustment' AND r.import_key IS NULL`;
}

export interface SplitRecord {
  history_id: string | null;
  entry_id: string | null;
  category_id: number;
  amount_cents: string;
}

import { ownTransfers, type CategoryRule, type CategorySource } from '@truenet/core';
import { EntityManager } from 'typeorm';
import { execute, queryOne, queryRows, type Queryable } from '../../db/sql';
import { runHeavy } from '../../heavy/heavy-pool';
import { loadCategorizer, type Categorizer } from './categorizer';

/** A row no person chose and nobody split: what the household's teaching may move. */
interface MovableRow {
  table: 'h' | 'r';
  id: string;
  wallet_id: number;
  occurred_on: string;
  signed_cents: string;
  description: string;
  liability_id: number | null;
  income_source_id: number | null;
  category_id: number | null;
  category_source: CategorySource | null;
  payee_key: string | null;
}

const NOT_SPLIT_HISTORY = 'NOT EXISTS (SELECT 1 FROM ledger_split s WHERE s.history_id = l.id)';
const NOT_SPLIT_ENTRY = 'NOT EXISTS (SELECT 1 FROM ledger_split s WHERE s.entry_id = r.id)';

/** The household's movable rows, in one statement. */
async function movableRows(db: Queryable, householdId: string): Promise<MovableRow[]> {
  return queryRows<MovableRow>(
    db,
    `SELECT 'h' AS table, l.id::text, l.wallet_id, l.occurred_on::text AS occurred_on, l.amount_cents::text AS signed_cents,
            coalesce(l.description, '') AS description, l.liability_id, l.income_source_id, l.category_id,
            l.category_source, l.payee_key
       FROM import_ledger l
      WHERE l.household_id = $1 AND l.deleted_at IS NULL AND l.occurred_on IS NOT NULL AND l.amount_cents <> 0
        AND l.category_source IS DISTINCT FROM 'PERSON' AND ${NOT_SPLIT_HISTORY}
     UNION ALL
     SELECT 'r', r.id::text, r.wallet_id, r.occurred_on::text,
            (CASE r.direction WHEN 'spent' THEN -r.amount_cents ELSE r.amount_cents END)::text,
            coalesce(r.description, ''), NULL, NULL, r.category_id, r.category_source, r.payee_key
       FROM register_entry r
      WHERE r.household_id = $1 AND r.kind <> 'adjustment' AND r.import_key IS NULL
        AND r.category_source IS DISTINCT FROM 'PERSON' AND ${NOT_SPLIT_ENTRY}`,
    [householdId],
  );
}

interface Assignment {
  table: 'h' | 'r';
  id: string;
  categoryId: number | null;
  source: CategorySource | null;
  payeeKey: string;
  learningKey: string;
}

/** Writes rows' categories and keys: one statement per table, whatever the number of rows. */
export async function writeAssignments(
  db: Queryable,
  householdId: string,
  assignments: Assignment[],
): Promise<void> {
  for (const [table, name] of [
    ['h', 'import_ledger'],
    ['r', 'register_entry'],
  ] as const) {
    const rows = assignments.filter((assignment) => assignment.table === table);
    if (rows.length === 0) continue;
    await execute(
      db,
      `UPDATE ${name} t SET category_id = u.category_id, category_source = u.source, payee_key = u.payee_key,
              learning_key = u.learning_key
         FROM unnest($2::bigint[], $3::int[], $4::text[], $5::text[], $6::text[])
              AS u(id, category_id, source, payee_key, learning_key)
        WHERE t.id = u.id AND t.household_id = $1`,
      [
        householdId,
        rows.map((row) => row.id),
        rows.map((row) => row.categoryId),
        rows.map((row) => row.source),
        rows.map((row) => row.payeeKey),
        rows.map((row) => row.learningKey),
      ],
    );
  }
}

/**
 * Every row no person chose, categorized again with what the household knows now. A register
 * entry keeps a category its bill or pay gave it when written (the register does not keep which
 * bill it paid).
 */
export async function recategorizeAll(
  db: Queryable,
  householdId: string,
  categorizer?: Categorizer,
): Promise<number> {
  const chooser = categorizer ?? (await loadCategorizer(db, householdId));
  const rows = await movableRows(db, householdId);
  // Transfers between the household's own wallets, among the bank's rows.
  const transfers = ownTransfers(
    rows
      .filter((row) => row.table === 'h')
      .map((row) => ({
        row,
        walletId: String(row.wallet_id),
        date: row.occurred_on,
        amountCents: Number(row.signed_cents),
      })),
  );
  const transferred = new Set([...transfers].map((entry) => entry.row));
  const changed: Assignment[] = [];
  for (const row of rows) {
    const signed = Number(row.signed_cents);
    const result = chooser.categorize({
      walletId: row.wallet_id,
      direction: signed < 0 ? 'SPENT' : 'DEPOSITED',
      amountCents: Math.abs(signed),
      description: row.description,
      liabilityId: row.liability_id,
      incomeSourceId: row.income_source_id,
      planCategoryId: row.table === 'r' && row.category_source === 'PLAN' ? row.category_id : null,
      transfer: transferred.has(row),
    });
    if (
      result.categoryId !== row.category_id ||
      result.source !== row.category_source ||
      result.payeeKey !== row.payee_key
    ) {
      changed.push({ table: row.table, id: row.id, ...result });
    }
  }
  await writeAssignments(db, householdId, changed);
  return changed.length;
}

/**
 * Rows written before categories existed are categorized the first time the household's ledger is
 * read, once (the household row locked, so two first reads do the work once).
 */
export async function ensureCategorized(db: Queryable, householdId: string): Promise<void> {
  const pending = await queryOne<{ pending: boolean }>(
    db,
    'SELECT categorized_at IS NULL AS pending FROM household WHERE id = $1',
    [householdId],
  );
  if (!pending?.pending) return;
  const work = async (m: Queryable) => {
    const locked = await queryOne<{ pending: boolean }>(
      m,
      'SELECT categorized_at IS NULL AS pending FROM household WHERE id = $1 FOR UPDATE',
      [householdId],
    );
    if (!locked?.pending) return;
    await recategorizeAll(m, householdId);
    await execute(m, 'UPDATE household SET categorized_at = now() WHERE id = $1', [householdId]);
  };
  if (db instanceof EntityManager && db.queryRunner?.isTransactionActive) await work(db);
  else await db.transaction(work);
}

/**
 * 'Always for' applied to the past: the payee's rows that no person chose and nobody split move to
 * the category (LEARNED), but for `exceptHistory`/`exceptEntry` (the row the person chose on).
 */
export async function applyPayeeToPast(
  db: Queryable,
  householdId: string,
  learningKey: string,
  categoryId: number,
  except: { history: string | null; entry: string | null },
): Promise<number> {
  const history = await queryRows(
    db,
    `UPDATE import_ledger l SET category_id = $3, category_source = 'LEARNED'
      WHERE l.household_id = $1 AND l.learning_key = $2 AND l.deleted_at IS NULL
        AND l.category_source IS DISTINCT FROM 'PERSON' AND l.id IS DISTINCT FROM $4::bigint AND ${NOT_SPLIT_HISTORY}
     RETURNING 1`,
    [householdId, learningKey, categoryId, except.history],
  );
  const entries = await queryRows(
    db,
    `UPDATE register_entry r SET category_id = $3, category_source = 'LEARNED'
      WHERE r.household_id = $1 AND r.learning_key = $2 AND r.import_key IS NULL AND r.kind <> 'adjustment'
        AND r.category_source IS DISTINCT FROM 'PERSON' AND r.id IS DISTINCT FROM $4::bigint AND ${NOT_SPLIT_ENTRY}
     RETURNING 1`,
    [householdId, learningKey, categoryId, except.entry],
  );
  return history.length + entries.length;
}

/**
 * The ledger's rows a rule reads, as one JSON text of [table, id, wallet, signed cents, description,
 * payee key] arrays (heavy-tasks.ts ledgerRowsOf): the request thread passes it on unparsed.
 * `movable`: only the rows no person chose and nobody split.
 */
async function ruleRowsText(db: Queryable, householdId: string, movable: boolean): Promise<string> {
  const history = movable ? `AND l.category_source IS DISTINCT FROM 'PERSON' AND ${NOT_SPLIT_HISTORY}` : '';
  const entries = movable ? `AND r.category_source IS DISTINCT FROM 'PERSON' AND ${NOT_SPLIT_ENTRY}` : '';
  const row = await queryOne<{ rows: string }>(
    db,
    `SELECT coalesce(json_agg(json_build_array(t, id, wallet_id, signed_cents, description, payee_key)), '[]')::text AS rows
       FROM (SELECT 'h' AS t, l.id::text AS id, l.wallet_id, l.amount_cents::text AS signed_cents,
                    coalesce(l.description, '') AS description, l.payee_key
               FROM import_ledger l
              WHERE l.household_id = $1 AND l.deleted_at IS NULL AND l.occurred_on IS NOT NULL AND l.amount_cents <> 0
                ${history}
             UNION ALL
             SELECT 'r', r.id::text, r.wallet_id,
                    (CASE r.direction WHEN 'spent' THEN -r.amount_cents ELSE r.amount_cents END)::text,
                    coalesce(r.description, ''), r.payee_key
               FROM register_entry r
              WHERE r.household_id = $1 AND r.kind <> 'adjustment' AND r.import_key IS NULL ${entries}) rows`,
    [householdId],
  );
  return row?.rows ?? '[]';
}

/**
 * A rule applied to the past: the rows it matches that no person chose move to its category (RULE).
 * Matching 30,000 rows holds a thread for a while: not the request thread (heavy-tasks.ts).
 */
export async function applyRuleToPast(
  db: Queryable,
  householdId: string,
  rule: CategoryRule,
): Promise<number> {
  const rows = await ruleRowsText(db, householdId, true);
  const matched = await runHeavy('rowsMatchingRule', { rows, rule });
  await writeAssignments(
    db,
    householdId,
    matched.map((match) => ({ ...match, categoryId: Number(rule.categoryId), source: 'RULE' as const })),
  );
  return matched.length;
}

/** How many rows of the ledger each rule matches now, whoever chose their category. */
export async function ruleMatchCounts(
  db: Queryable,
  householdId: string,
  rules: CategoryRule[],
): Promise<number[]> {
  if (rules.length === 0) return [];
  const rows = await ruleRowsText(db, householdId, false);
  return runHeavy('ruleMatchCounts', { rows, rules });
}

// TypeORM loads migrations as CommonJS; the down step restores the previous function from its own file.
const FinanceSnapshotReadsTheAccount1795800000000 = require('./1795800000000-finance-snapshot-reads-the-account');

/**
 * Households, second slice (docs/product-rules.md §16): the finance data moves from accounts to
 * households. Every finance table gets `household_id`, filled with its owner's personal household,
 * and it takes `debtor_id`'s place in every key, index and foreign key (composite keys such as
 * (wallet_id, household_id) keep a row from pointing into another household), so the data can be
 * distributed by household one day with each analysis still one single-shard statement.
 *
 * Where a row records who made it (register entries, payments, imports and their previews, bank
 * connections), `debtor_id` becomes `entered_by`: the member, kept by name when they leave, and
 * emptied (not cascaded) when their account is deleted, since the row is the household's.
 * Elsewhere it goes. API tokens and calendar feeds stay the person's, bound to the household they
 * were made in.
 *
 * The keys are rewritten from the catalog's own definitions (debtor_id → household_id,
 * debtor(id) → household(id)) so that every constraint and index is carried over exactly as it
 * was reviewed, with nothing left pointing at the account.
 */
const FINANCE_TABLES = [
  'wallet',
  'income_source',
  'income_deposit',
  'liability',
  'liability_payment',
  'register_entry',
  'import_preview',
  'import_batch',
  'import_ledger',
  'bank_connection',
  'bank_account',
  'bank_request',
];
const ENTERED_BY = [
  'register_entry',
  'liability_payment',
  'import_preview',
  'import_batch',
  'bank_connection',
];
const BOUND_TO_HOUSEHOLD = ['api_token', 'calendar_feed'];

async function keysNaming(q, tables, column) {
  const constraints = await q.query(
    `SELECT conrelid::regclass::text AS tbl, conname AS name, contype AS type,
            pg_get_constraintdef(oid) AS def
       FROM pg_constraint
      WHERE conrelid = ANY($1::regclass[]) AND pg_get_constraintdef(oid) ~ $2
      ORDER BY contype = 'f' DESC, conname`,
    [tables, `\\m${column}\\M`],
  );
  const indexes = await q.query(
    `SELECT i.tablename AS tbl, i.indexname AS name, i.indexdef AS def
       FROM pg_indexes i
      WHERE i.schemaname = current_schema() AND i.tablename = ANY($1) AND i.indexdef ~ $2
        AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)
      ORDER BY i.indexname`,
    [tables, `\\m${column}\\M`],
  );
  return { constraints, indexes };
}

/** Drops the keys, runs `between`, and recreates them with `rewrite` applied to names and definitions. */
async function rewriteKeys(q, tables, column, rewriteName, rewriteDef, between) {
  const { constraints, indexes } = await keysNaming(q, tables, column);
  // Foreign keys first: a unique key cannot go while a foreign key still leans on it.
  for (const c of constraints) await q.query(`ALTER TABLE ${c.tbl} DROP CONSTRAINT ${c.name}`);
  for (const i of indexes) await q.query(`DROP INDEX ${i.name}`);
  await between();
  // Unique and primary keys before the foreign keys that reference them.
  for (const c of [...constraints].reverse()) {
    await q.query(`ALTER TABLE ${c.tbl} ADD CONSTRAINT ${rewriteName(c.name)} ${rewriteDef(c.def)}`);
  }
  for (const i of indexes) {
    await q.query(rewriteDef(i.def).replace(`INDEX ${i.name} `, `INDEX ${rewriteName(i.name)} `));
  }
}

module.exports = class FinanceInHouseholds1796400000000 {
  name = 'FinanceInHouseholds1796400000000';

  async up(q) {
    for (const table of [...FINANCE_TABLES, ...BOUND_TO_HOUSEHOLD]) {
      await q.query(`ALTER TABLE ${table} ADD COLUMN household_id uuid`);
      await q.query(
        `UPDATE ${table} t SET household_id = h.id FROM household h WHERE h.personal_of = t.debtor_id`,
      );
      await q.query(`ALTER TABLE ${table} ALTER COLUMN household_id SET NOT NULL`);
    }
    for (const table of BOUND_TO_HOUSEHOLD) {
      await q.query(
        `ALTER TABLE ${table} ADD CONSTRAINT ${table}_household_fkey
           FOREIGN KEY (household_id) REFERENCES household (id) ON DELETE CASCADE`,
      );
    }
    await q.query('DROP FUNCTION finance_snapshot(integer, date)');
    await rewriteKeys(
      q,
      FINANCE_TABLES,
      'debtor_id',
      (name) => name.replace(/debtor/g, 'household'),
      (def) =>
        def
          .replace(/\bdebtor_id\b/g, 'household_id')
          .replace(/REFERENCES (public\.)?debtor\(id\)/, 'REFERENCES household(id)'),
      async () => {
        for (const table of FINANCE_TABLES) {
          if (ENTERED_BY.includes(table)) {
            await q.query(`ALTER TABLE ${table} RENAME COLUMN debtor_id TO entered_by`);
            await q.query(`ALTER TABLE ${table} ALTER COLUMN entered_by DROP NOT NULL`);
            await q.query(
              `ALTER TABLE ${table} ADD CONSTRAINT ${table}_entered_by_fkey
                 FOREIGN KEY (entered_by) REFERENCES debtor (id) ON DELETE SET NULL`,
            );
          } else {
            await q.query(`ALTER TABLE ${table} DROP COLUMN debtor_id`);
          }
        }
      },
    );
    await q.query('CREATE INDEX import_preview_entered_by ON import_preview (entered_by, created_at)');
    await q.query('CREATE INDEX api_token_household ON api_token (household_id)');
    await q.query('CREATE INDEX calendar_feed_household ON calendar_feed (household_id)');
    // The analysis' one statement: the household's three tables as JSON, planned once per
    // connection inside the function (issue #23). With an account, it reads through the account's
    // row and its membership of the household (`in_household`, an API token's; null: the account's
    // current one) and answers no row when the account is gone or is not a member; without one
    // (`account` null) it reads the household a service has already checked the caller against.
    await q.query(`
      CREATE FUNCTION finance_snapshot(account integer, in_household uuid, since date)
        RETURNS TABLE (time_zone text, household_id uuid, wallets json, income_sources json, liabilities json)
        LANGUAGE plpgsql STABLE
      AS $body$
      #variable_conflict use_column
      BEGIN
        RETURN QUERY
        WITH chosen AS (
          SELECT d.time_zone AS zone, m.household_id AS id
            FROM debtor d
            JOIN household_member m
              ON m.debtor_id = d.id AND m.household_id = COALESCE(in_household, d.current_household_id)
           WHERE d.id = account
          UNION ALL
          SELECT NULL::text, in_household WHERE account IS NULL
        )
        SELECT c.zone, c.id,
          (SELECT COALESCE(json_agg(wallet_rows ORDER BY wallet_rows.id), '[]')
             FROM (SELECT w.id, w.name, w.description, w.balance_cents, w.is_default, w.last_update
                     FROM wallet w WHERE w.household_id = c.id) wallet_rows),
          (SELECT COALESCE(json_agg(income_rows ORDER BY income_rows.id), '[]')
             FROM (SELECT s.id, s.source_name, s.source_url, s.description, s.frequency,
                          s.next_pmt_date::text AS next_pmt_date,
                          s.bi_monthly_pay_date::text AS bi_monthly_pay_date,
                          s.payment_cents, s.active, s.wallet_id,
                          COALESCE(array_agg(i.occurrence_date::text ORDER BY i.occurrence_date)
                                     FILTER (WHERE i.occurrence_date IS NOT NULL), '{}') AS deposited_dates
                     FROM income_source s
                     LEFT JOIN income_deposit i
                       ON i.income_source_id = s.id AND i.household_id = s.household_id
                      AND i.occurrence_date >= since
                    WHERE s.household_id = c.id
                    GROUP BY s.id) income_rows),
          (SELECT COALESCE(json_agg(liability_rows ORDER BY liability_rows.due_date, liability_rows.id), '[]')
             FROM (SELECT l.id, l.creditor_name, l.creditor_url, l.description, l.debt_type, l.frequency,
                          l.anchor_date::text AS anchor_date, l.due_date::text AS due_date,
                          l.payment_cents, l.balance_cents, l.auto_pay, l.current_paid,
                          l.current_cleared, l.paid_wallet_id, l.wallet_id,
                          COALESCE((SELECT json_agg(json_build_object(
                                             'id', p.id::text, 'due_date', p.due_date::text, 'kind', p.kind,
                                             'amount_cents', p.amount_cents,
                                             'balance_reduced_cents', p.balance_reduced_cents,
                                             'wallet_id', p.wallet_id, 'paid_on', p.paid_on::text)
                                           ORDER BY p.paid_on, p.id)
                                      FROM liability_payment p
                                     WHERE p.liability_id = l.id AND p.household_id = l.household_id
                                       AND p.kind = 'PAID' AND p.paid_on >= since),
                                   '[]') AS recent_payments
                     FROM liability l WHERE l.household_id = c.id) liability_rows)
          FROM chosen c;
      END
      $body$`);
  }

  async down(q) {
    await q.query('DROP FUNCTION finance_snapshot(integer, uuid, date)');
    await q.query('DROP INDEX calendar_feed_household');
    await q.query('DROP INDEX api_token_household');
    await q.query('DROP INDEX import_preview_entered_by');
    // Each row goes back to its household's owner (a shared household's rows to its owner).
    await rewriteKeys(
      q,
      FINANCE_TABLES,
      'household_id',
      (name) => name.replace(/household/g, 'debtor'),
      (def) =>
        def
          .replace(/\bhousehold_id\b/g, 'debtor_id')
          .replace(/REFERENCES (public\.)?household\(id\)/, 'REFERENCES debtor(id)'),
      async () => {
        for (const table of FINANCE_TABLES) {
          if (ENTERED_BY.includes(table)) {
            await q.query(`ALTER TABLE ${table} DROP CONSTRAINT ${table}_entered_by_fkey`);
            await q.query(`ALTER TABLE ${table} RENAME COLUMN entered_by TO debtor_id`);
          } else {
            await q.query(`ALTER TABLE ${table} ADD COLUMN debtor_id integer`);
          }
          await q.query(
            `UPDATE ${table} t SET debtor_id = m.debtor_id
               FROM household_member m WHERE m.household_id = t.household_id AND m.role = 'OWNER'`,
          );
          if (table === 'wallet') {
            // An account that owns several households (one given to it by a transfer, beside its
            // own) had a default wallet in each; an account had one: its oldest stays the default.
            await q.query(
              `UPDATE wallet w SET is_default = false
                WHERE w.is_default
                  AND EXISTS (SELECT 1 FROM wallet o WHERE o.debtor_id = w.debtor_id AND o.is_default AND o.id < w.id)`,
            );
          }
          await q.query(`ALTER TABLE ${table} ALTER COLUMN debtor_id SET NOT NULL`);
          await q.query(`ALTER TABLE ${table} DROP COLUMN household_id`);
        }
      },
    );
    for (const table of BOUND_TO_HOUSEHOLD) await q.query(`ALTER TABLE ${table} DROP COLUMN household_id`);
    // The previous version's up step replaces a function of its own signature.
    await q.query(
      'CREATE FUNCTION finance_snapshot(integer, date) RETURNS void LANGUAGE sql AS $$ SELECT $$',
    );
    await new FinanceSnapshotReadsTheAccount1795800000000().up(q);
  }
};

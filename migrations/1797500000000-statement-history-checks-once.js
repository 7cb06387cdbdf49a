/**
 * The statement history and the register are written 10,000 rows at a time (a statement's
 * confirmation, a bank's first sync), and every foreign key checks each row on its own, even a
 * row whose key is null. Two changes make those checks cheaper and no weaker (bench/README.md,
 * statement import):
 * - on the history, one key to the wallet *and* its household replaces the two separate keys, so a
 *   history row can no longer name a wallet of another household (the register was held to this);
 * - a row's category is checked once per statement, over all the rows it wrote, instead of once per
 *   row. Categories are archived, never deleted, so the check on the rows' side is the whole rule.
 */
const TABLES = ['import_ledger', 'register_entry'];

module.exports = class StatementHistoryChecksOnce1797500000000 {
  name = 'StatementHistoryChecksOnce1797500000000';

  async up(q) {
    await q.query(`
      ALTER TABLE import_ledger
        DROP CONSTRAINT import_ledger_household_id_fkey,
        DROP CONSTRAINT import_ledger_wallet_id_fkey,
        ADD CONSTRAINT import_ledger_wallet FOREIGN KEY (wallet_id, household_id)
          REFERENCES wallet (id, household_id) ON DELETE CASCADE`);
    // Invoker's rights on purpose: under the household wall a row can only take a category the
    // household itself can see.
    await q.query(`
      CREATE FUNCTION ledger_categories_exist() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF EXISTS (SELECT 1 FROM written w
                    WHERE w.category_id IS NOT NULL
                      AND NOT EXISTS (SELECT 1 FROM category c
                                       WHERE c.id = w.category_id AND c.household_id = w.household_id)) THEN
          RAISE EXCEPTION '% names a category its household does not have', TG_TABLE_NAME
            USING ERRCODE = 'foreign_key_violation', CONSTRAINT = TG_TABLE_NAME || '_category';
        END IF;
        RETURN NULL;
      END $$`);
    for (const table of TABLES) {
      await q.query(`ALTER TABLE ${table} DROP CONSTRAINT ${table}_category`);
      // A trigger with a transition table answers one event: one for rows written, one for rows changed.
      for (const event of ['INSERT', 'UPDATE']) {
        await q.query(`
          CREATE TRIGGER ${table}_category_on_${event.toLowerCase()} AFTER ${event} ON ${table}
            REFERENCING NEW TABLE AS written FOR EACH STATEMENT EXECUTE FUNCTION ledger_categories_exist()`);
      }
    }
  }

  async down(q) {
    for (const table of TABLES) {
      await q.query(`DROP TRIGGER ${table}_category_on_update ON ${table}`);
      await q.query(`DROP TRIGGER ${table}_category_on_insert ON ${table}`);
      await q.query(`
        ALTER TABLE ${table} ADD CONSTRAINT ${table}_category FOREIGN KEY (category_id, household_id)
          REFERENCES category (id, household_id)`);
    }
    await q.query('DROP FUNCTION ledger_categories_exist()');
    await q.query(`
      ALTER TABLE import_ledger
        DROP CONSTRAINT import_ledger_wallet,
        ADD CONSTRAINT import_ledger_wallet_id_fkey FOREIGN KEY (wallet_id) REFERENCES wallet (id) ON DELETE CASCADE,
        ADD CONSTRAINT import_ledger_household_id_fkey FOREIGN KEY (household_id)
          REFERENCES household (id) ON DELETE CASCADE`);
  }
};

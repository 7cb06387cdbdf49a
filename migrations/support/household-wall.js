/**
 * The second wall between households (docs/product-rules.md, "The wall between households"): a
 * table with a `household_id` shows the role `truenet_app` only the rows of the household named by
 * the transaction's `app.household_id` setting, and nothing when none is named. The login role
 * that ran the migrations (the tables' owner) keeps a policy of its own for the work that spans
 * households (the reminder scan, the bank sync job, backups, sign-in).
 *
 * A migration that creates a table with a `household_id` calls joinHouseholdWall(q, 'its_table').
 */
const APP_ROLE = 'truenet_app';

/** The household the transaction answers for, read once per statement; unset or empty: none. */
const CURRENT_HOUSEHOLD = `(SELECT nullif(current_setting('app.household_id', true), '')::uuid)`;

async function joinHouseholdWall(q, table) {
  await q.query(`ALTER TABLE ${table} ENABLE ROW LEVEL SECURITY`);
  await q.query(`ALTER TABLE ${table} FORCE ROW LEVEL SECURITY`);
  await q.query(
    `CREATE POLICY household_wall ON ${table} TO ${APP_ROLE}
       USING (household_id = ${CURRENT_HOUSEHOLD}) WITH CHECK (household_id = ${CURRENT_HOUSEHOLD})`,
  );
  await q.query(`CREATE POLICY across_households ON ${table} TO CURRENT_USER USING (true) WITH CHECK (true)`);
}

async function leaveHouseholdWall(q, table) {
  await q.query(`DROP POLICY IF EXISTS across_households ON ${table}`);
  await q.query(`DROP POLICY IF EXISTS household_wall ON ${table}`);
  await q.query(`ALTER TABLE ${table} NO FORCE ROW LEVEL SECURITY`);
  await q.query(`ALTER TABLE ${table} DISABLE ROW LEVEL SECURITY`);
}

module.exports = { APP_ROLE, joinHouseholdWall, leaveHouseholdWall };

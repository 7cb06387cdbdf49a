const { APP_ROLE, joinHouseholdWall, leaveHouseholdWall } = require('./support/household-wall');

/**
 * A second wall between households, in PostgreSQL itself: every table with a `household_id` but the
 * two that decide which household a request may use (household_member, household_invitation) shows
 * a request only its household's rows (support/household-wall.js). The app's requests run as the
 * NOLOGIN role truenet_app, which owns nothing and cannot bypass row security; it is made here and
 * granted to the login role when the login role may (superuser or CREATEROLE). Otherwise this stops
 * with the two statements an operator runs once as a superuser (README, "Database roles").
 */
const WALLED_TABLES = [
  'amount_change_dismissal',
  'amount_change_notice',
  'api_token',
  'bank_account',
  'bank_connection',
  'bank_request',
  'calendar_feed',
  'household_activity',
  'import_batch',
  'import_ledger',
  'import_preview',
  'income_deposit',
  'income_source',
  'liability',
  'liability_payment',
  'recurring_dismissal',
  'register_entry',
  'wallet',
];

module.exports = class HouseholdWall1797000000000 {
  name = 'HouseholdWall1797000000000';

  async up(q) {
    await ensureAppRole(q);
    await q.query(`GRANT USAGE ON SCHEMA public TO ${APP_ROLE}`);
    await q.query(`GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO ${APP_ROLE}`);
    await q.query(`GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA public TO ${APP_ROLE}`);
    await q.query(`REVOKE ALL ON typeorm_migrations FROM ${APP_ROLE}`);
    // Tables and sequences the later migrations make are the app's to use as well.
    await q.query(
      `ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO ${APP_ROLE}`,
    );
    await q.query(
      `ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT, UPDATE ON SEQUENCES TO ${APP_ROLE}`,
    );
    for (const table of WALLED_TABLES) await joinHouseholdWall(q, table);
  }

  async down(q) {
    for (const table of WALLED_TABLES) await leaveHouseholdWall(q, table);
    await q.query(`ALTER DEFAULT PRIVILEGES IN SCHEMA public REVOKE ALL ON SEQUENCES FROM ${APP_ROLE}`);
    await q.query(`ALTER DEFAULT PRIVILEGES IN SCHEMA public REVOKE ALL ON TABLES FROM ${APP_ROLE}`);
    await q.query(`REVOKE ALL ON ALL SEQUENCES IN SCHEMA public FROM ${APP_ROLE}`);
    await q.query(`REVOKE ALL ON ALL TABLES IN SCHEMA public FROM ${APP_ROLE}`);
    await q.query(`REVOKE USAGE ON SCHEMA public FROM ${APP_ROLE}`);
    // The role itself stays: it is shared by every database of the server.
  }
};

/**
 * The role is the server's, shared by its databases (several test databases make it at once: a
 * second maker finds it made). A login role that may not make roles is told what to run instead.
 */
async function ensureAppRole(q) {
  const [login] = await q.query(
    `SELECT current_user AS name, rolsuper OR rolcreaterole AS may,
            EXISTS (SELECT FROM pg_roles WHERE rolname = '${APP_ROLE}') AS role_exists
       FROM pg_roles WHERE rolname = current_user`,
  );
  if (!login.may) {
    if (login.role_exists && (await isMember(q))) return;
    throw new Error(
      `TrueNet's requests run as the database role ${APP_ROLE}, which the login role "${login.name}" may not ` +
        `create or be granted. Run these two statements once as a superuser, then start again:\n` +
        `  CREATE ROLE ${APP_ROLE} NOLOGIN;\n  GRANT ${APP_ROLE} TO "${login.name}";`,
    );
  }
  await q.query(`
    DO $$
    BEGIN
      CREATE ROLE ${APP_ROLE} NOLOGIN;
    EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
    END $$`);
  await q.query(`
    DO $$
    BEGIN
      EXECUTE format('GRANT ${APP_ROLE} TO %I', current_user);
    EXCEPTION WHEN unique_violation THEN NULL;
    END $$`);
}

async function isMember(q) {
  const [row] = await q.query(`SELECT pg_has_role(current_user, '${APP_ROLE}', 'MEMBER') AS member`);
  return row.member;
}

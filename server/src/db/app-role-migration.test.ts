import { randomBytes } from 'node:crypto';
import { createDataSource } from './data-source';
import { onServer } from '../test/server-database';

/**
 * The wall's role on a PostgreSQL where TrueNet's login role is no superuser (as in production): the
 * migrations stop with the two statements an operator runs once, then go through; the login role,
 * owner of the tables, still reads across households (the jobs), and as truenet_app one household.
 * On this machine's PostgreSQL, with a login role and a database of its own.
 */
const serverUrl = process.env.TEST_DATABASE_URL;

(serverUrl ? describe : describe.skip)('the role truenet_app for a login role that is no superuser', () => {
  const suffix = `${Date.now()}_${randomBytes(3).toString('hex')}`;
  const login = `truenet_login_${suffix}`;
  const database = `truenet_roles_${suffix}`;
  const url = () => {
    const target = new URL(serverUrl as string);
    target.username = login;
    target.password = 'not-a-secret';
    target.pathname = `/${database}`;
    return target.toString();
  };

  beforeAll(async () => {
    await onServer(`CREATE ROLE ${login} LOGIN PASSWORD 'not-a-secret' NOSUPERUSER NOCREATEROLE`);
    await onServer(`CREATE DATABASE ${database} OWNER ${login}`);
  });
  afterAll(async () => {
    await onServer(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await onServer(`DROP OWNED BY ${login} CASCADE`).catch(() => undefined);
    await onServer(`DROP ROLE IF EXISTS ${login}`);
  });

  it('stops with the statements to run, then migrates once they have run, and walls its requests', async () => {
    // Another database of the server may have made the role already: this login is no member of it.
    await onServer(
      `DO $$ BEGIN CREATE ROLE truenet_app NOLOGIN; EXCEPTION WHEN duplicate_object THEN NULL; END $$`,
    );
    const first = createDataSource(url(), { poolSize: 1 });
    await first.initialize();
    try {
      await expect(first.runMigrations({ transaction: 'each' })).rejects.toThrow(
        `CREATE ROLE truenet_app NOLOGIN;\n  GRANT truenet_app TO "${login}";`,
      );
    } finally {
      await first.destroy();
    }

    await onServer(`GRANT truenet_app TO ${login}`);
    const ds = createDataSource(url(), { poolSize: 1 });
    await ds.initialize();
    try {
      await ds.runMigrations({ transaction: 'each' });
      expect(await ds.showMigrations()).toBe(false);
      const one = async (sql: string, params: unknown[] = []) =>
        ((await ds.query(sql, params)) as { id: string }[])[0]!.id;
      const ours = await one(`INSERT INTO household (name) VALUES ('Ours') RETURNING id`);
      const theirs = await one(`INSERT INTO household (name) VALUES ('Theirs') RETURNING id`);
      for (const household of [ours, theirs]) {
        await ds.query(
          `INSERT INTO wallet (household_id, name, balance_cents, is_default) VALUES ($1, 'Checking', 0, true)`,
          [household],
        );
      }
      // The login role owns the tables and row security is forced on them: its own policy shows all.
      const across = (await ds.query('SELECT household_id FROM wallet')) as unknown[];
      expect(across).toHaveLength(2);
      const walled = await ds.transaction(async (m) => {
        await m.query(`SET LOCAL ROLE truenet_app; SELECT set_config('app.household_id', '${ours}', true)`);
        return (await m.query('SELECT household_id FROM wallet')) as { household_id: string }[];
      });
      expect(walled).toEqual([{ household_id: ours }]);
    } finally {
      await ds.destroy();
    }
  });
});

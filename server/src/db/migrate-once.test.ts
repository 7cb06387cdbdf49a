import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../config';
import { createDataSource } from './data-source';
import { EMPTY_EMBEDDED_DB_ENV } from '../test/test-database';
import { startReminderQueue } from '../modules/reminders/reminder-queue';
import { runMigrationsOnce } from './migrate-once';
import { onServer } from '../test/server-database';

const serverUrl = process.env.TEST_DATABASE_URL;
const RECORDED = 'SELECT name, count(*)::int AS times FROM typeorm_migrations GROUP BY name';

/** A fresh, empty database: a new one on TEST_DATABASE_URL's server, else an in-memory embedded one. */
async function emptyDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  if (!serverUrl) {
    // Started by globalSetup (PGlite cannot start inside Jest's sandbox) and stopped by its teardown.
    const url = process.env[EMPTY_EMBEDDED_DB_ENV];
    if (!url)
      throw new Error(`${EMPTY_EMBEDDED_DB_ENV} is not set: run this test through jest's globalSetup`);
    return { url, drop: async () => undefined };
  }
  const name = `truenet_migrate_once_${Date.now()}_${randomBytes(3).toString('hex')}`;
  await onServer(`CREATE DATABASE ${name}`);
  const target = new URL(serverUrl);
  target.pathname = `/${name}`;
  return { url: target.toString(), drop: () => onServer(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

describe('migrations on an empty database', () => {
  const files = readdirSync(path.join(REPO_ROOT, 'migrations')).filter((f) => f.endsWith('.js'));

  it('run once, whether several instances start together (PostgreSQL) or one (embedded)', async () => {
    const database = await emptyDatabase();
    // Several instances only exist over a real PostgreSQL; the embedded one belongs to one process.
    const instances = (serverUrl ? [1, 2, 3] : [1]).map(() =>
      createDataSource(database.url, { poolSize: serverUrl ? 3 : 1 }),
    );
    try {
      await Promise.all(instances.map((ds) => ds.initialize()));
      await Promise.all(instances.map((ds) => runMigrationsOnce(ds, { embedded: !serverUrl })));
      const recorded: { name: string; times: number }[] = await instances[0]!.query(RECORDED);
      expect(recorded).toHaveLength(files.length);
      expect(recorded.every((row) => row.times === 1)).toBe(true);
      expect(await instances[instances.length - 1]!.showMigrations()).toBe(false);
    } finally {
      await Promise.all(instances.map((ds) => (ds.isInitialized ? ds.destroy() : undefined)));
      await database.drop();
    }
  });
});

describe('the job queue on an empty database', () => {
  // Several instances only exist over a real PostgreSQL.
  (serverUrl ? it : it.skip)('installs once when instances start it together', async () => {
    for (let round = 0; round < 3; round += 1) {
      const database = await emptyDatabase();
      const instances = [1, 2, 3].map(() => createDataSource(database.url, { poolSize: 3 }));
      try {
        await Promise.all(instances.map((ds) => ds.initialize()));
        const queues = await Promise.all(
          instances.map((ds) => startReminderQueue(ds, undefined, undefined, { serializeStart: true })),
        );
        const versions: unknown[] = await instances[0]!.query('SELECT version FROM pgboss.version');
        expect(versions).toHaveLength(1);
        await Promise.all(queues.map((queue) => queue.stop()));
      } finally {
        await Promise.all(instances.map((ds) => (ds.isInitialized ? ds.destroy() : undefined)));
        await database.drop();
      }
    }
  });
});

import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { Client } from 'pg';
import { createDataSource } from '../db/data-source';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../db/embedded';

/** The URL every test worker connects to; set by globalSetup. */
export const TEST_DB_ENV = 'TRUENET_TEST_DB_URL';

/**
 * An embedded database left empty (no migrations) for the one test that migrates from nothing.
 * PGlite loads its WebAssembly through a dynamic import, which Jest's module sandbox refuses, so
 * it can only be started here in globalSetup, outside the sandbox.
 */
export const EMPTY_EMBEDDED_DB_ENV = 'TRUENET_EMPTY_EMBEDDED_DB_URL';

export interface TestDatabase {
  url: string;
  drop(): Promise<void>;
}

/**
 * A fresh database for one test run: a new database on TEST_DATABASE_URL's server (CI), or an
 * in-memory embedded PostgreSQL when none is configured. Migrations are applied once here.
 */
export async function createTestDatabase(serverUrl: string | undefined): Promise<TestDatabase> {
  let url: string;
  let drop: () => Promise<void>;
  if (serverUrl) {
    const name = `truenet_test_${Date.now()}_${randomBytes(3).toString('hex')}`;
    const admin = new Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const target = new URL(serverUrl);
    target.pathname = `/${name}`;
    url = target.toString();
    drop = async () => {
      const client = new Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    };
  } else {
    const embedded: Pick<EmbeddedPostgres, 'url' | 'stop'> = await startEmbeddedPostgresProcess();
    url = embedded.url;
    drop = () => embedded.stop();
  }
  const dataSource = createDataSource(url, { poolSize: 1 });
  await dataSource.initialize();
  await dataSource.runMigrations({ transaction: 'each' });
  await dataSource.destroy();
  return { url, drop };
}

/**
 * A database of the caller's own for a test that starts the background jobs. They scan every
 * account, so on a run whose workers share one database (TEST_DATABASE_URL) they would claim other
 * test files' reminders and bank connections. Without it each worker's database is its own already.
 */
export async function databaseForJobs(): Promise<TestDatabase | null> {
  return process.env.TEST_DATABASE_URL ? createTestDatabase(process.env.TEST_DATABASE_URL) : null;
}

/** An embedded PostgreSQL with nothing in it, started outside Jest's sandbox (see EMPTY_EMBEDDED_DB_ENV). */
export async function createEmptyEmbeddedDatabase(): Promise<TestDatabase> {
  const embedded = await startEmbeddedPostgres(undefined);
  return { url: embedded.url, drop: () => embedded.stop() };
}

/** The name of the variable that gives Jest worker `id` its own database (see setup-env.ts). */
export function workerDbEnv(id: number | string): string {
  return `${TEST_DB_ENV}_${id}`;
}

/**
 * An embedded PostgreSQL in a child process (embedded-db-process.mjs), so that each Jest worker's
 * database runs on a core of its own instead of all of them on the one thread of this process.
 */
function startEmbeddedPostgresProcess(): Promise<Pick<EmbeddedPostgres, 'url' | 'stop'>> {
  const child = fork(path.join(__dirname, 'embedded-db-process.mjs'), [], { stdio: 'inherit' });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`the embedded database process exited with ${code}`)));
    child.once('message', (message: { url: string }) =>
      resolve({
        url: message.url,
        async stop() {
          child.disconnect();
          await exited;
        },
      }),
    );
  });
}

import { execFileSync } from 'node:child_process';
import path from 'node:path';
import {
  createEmptyEmbeddedDatabase,
  createTestDatabase,
  EMPTY_EMBEDDED_DB_ENV,
  TEST_DB_ENV,
  workerDbEnv,
  type TestDatabase,
} from './test-database';

/**
 * A fresh, migrated database for the run: one on TEST_DATABASE_URL's server, shared by the workers;
 * without it, one embedded database per worker, each in its own process (workerDbEnv, read by
 * setup-env.ts), since one embedded database serializes every query.
 */
export default async function globalSetup(globalConfig: { maxWorkers: number }) {
  // The heavy threads (heavy/heavy-pool.ts) run the sources through tsx, and read core from its
  // build: up to date here (a no-op when it is).
  const root = path.resolve(__dirname, '../../..');
  execFileSync(process.execPath, [path.join(root, 'node_modules/typescript/bin/tsc'), '-b', 'core'], {
    cwd: root,
    stdio: 'inherit',
  });
  const databases: TestDatabase[] = [];
  if (process.env.TEST_DATABASE_URL) {
    const db = await createTestDatabase(process.env.TEST_DATABASE_URL);
    databases.push(db);
    process.env[TEST_DB_ENV] = db.url;
  } else {
    const workers = Math.max(1, globalConfig.maxWorkers);
    const perWorker = await Promise.all(Array.from({ length: workers }, () => createTestDatabase(undefined)));
    databases.push(...perWorker);
    perWorker.forEach((db, index) => (process.env[workerDbEnv(index + 1)] = db.url));
    process.env[TEST_DB_ENV] = (perWorker[0] as TestDatabase).url;
    const empty = await createEmptyEmbeddedDatabase();
    databases.push(empty);
    process.env[EMPTY_EMBEDDED_DB_ENV] = empty.url;
  }
  (globalThis as { __truenetTestDbs?: TestDatabase[] }).__truenetTestDbs = databases;
}

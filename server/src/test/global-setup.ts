import {
  createEmptyEmbeddedDatabase,
  createTestDatabase,
  EMPTY_EMBEDDED_DB_ENV,
  TEST_DB_ENV,
  type TestDatabase,
} from './test-database';

export default async function globalSetup() {
  const databases: TestDatabase[] = [];
  const db = await createTestDatabase(process.env.TEST_DATABASE_URL);
  databases.push(db);
  process.env[TEST_DB_ENV] = db.url;
  if (!process.env.TEST_DATABASE_URL) {
    const empty = await createEmptyEmbeddedDatabase();
    databases.push(empty);
    process.env[EMPTY_EMBEDDED_DB_ENV] = empty.url;
  }
  (globalThis as { __truenetTestDbs?: TestDatabase[] }).__truenetTestDbs = databases;
}

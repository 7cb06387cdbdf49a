import { createTestDatabase, TEST_DB_ENV } from './test-database';

export default async function globalSetup() {
  const db = await createTestDatabase(process.env.TEST_DATABASE_URL);
  process.env[TEST_DB_ENV] = db.url;
  (globalThis as { __truenetTestDb?: typeof db }).__truenetTestDb = db;
}

import type { TestDatabase } from './test-database';

export default async function globalTeardown() {
  const databases = (globalThis as { __truenetTestDbs?: TestDatabase[] }).__truenetTestDbs ?? [];
  await Promise.all(databases.map((db) => db.drop()));
}

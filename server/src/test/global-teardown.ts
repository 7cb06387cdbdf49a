import type { TestDatabase } from './test-database';

export default async function globalTeardown() {
  await (globalThis as { __truenetTestDb?: TestDatabase }).__truenetTestDb?.drop();
}

import { loadConfig } from '../config';
import { DataDirInUseError } from '../db/data-dir-lock';
import { openDatabase } from '../db/database';

/** `npm run migrate`: applies pending migrations (a no-op when there are none). */
async function main() {
  const config = loadConfig();
  const db = await openDatabase(config);
  const pending = await db.dataSource.showMigrations();
  console.log(pending ? 'Migrations still pending.' : 'Database is up to date.');
  await db.close();
}

main().catch((error: Error) => {
  console.error(
    error instanceof DataDirInUseError ? `truenet: ${error.message}` : `Migration failed: ${error.message}`,
  );
  process.exit(1);
});

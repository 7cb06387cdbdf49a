import path from 'node:path';
import { RestoreRefused, restoreBackup } from '../backup/restore-backup';
import { ConfigError, loadConfig } from '../config';
import { DataDirInUseError } from '../db/data-dir-lock';

const USAGE = 'Usage: npm run restore -- FILE [--replace]';

/** `npm run restore -- FILE [--replace]`: see backup/restore-backup.ts; says what it did in plain words. */
async function main() {
  const args = process.argv.slice(2);
  const replace = args.includes('--replace');
  const files = args.filter((arg) => arg !== '--replace');
  if (files.length !== 1 || files[0]!.startsWith('-')) throw new RestoreRefused(USAGE);
  const config = loadConfig();
  const file = path.resolve(files[0]!);
  const restored = await restoreBackup(config, file, { replace, now: new Date(), say: console.log });
  const target = config.databaseUrl
    ? 'the database of DATABASE_URL'
    : `the embedded database in ${config.dataDir}`;
  console.log(
    `Restored ${path.basename(file)} (taken ${restored.backup.takenAt.toISOString()}) into ${target}: ` +
      `${restored.tables} tables, ${restored.rows} rows.`,
  );
  if (restored.migratedTo > restored.backup.schemaVersion)
    console.log(
      `It was migrated forward from schema ${restored.backup.schemaVersion} to ${restored.migratedTo}.`,
    );
  if (restored.replacedBackup) console.log(`What it replaced is saved in ${restored.replacedBackup}.`);
  console.log(
    'Bank connections stay encrypted with the secrets key, which backups never hold: set the same SECRETS_KEY ' +
      '(or copy the old DATA_DIR/secrets-key into this DATA_DIR) for them to sync again.',
  );
}

main().catch((error: Error) => {
  console.error(
    error instanceof RestoreRefused || error instanceof ConfigError || error instanceof DataDirInUseError
      ? `truenet: ${error.message}`
      : `Restore failed: ${error.message}`,
  );
  process.exit(1);
});

import path from 'node:path';
import type { DataSource } from 'typeorm';
import type { BackupSource } from '../backup/take-backup';
import type { Config } from '../config';
import { acquireDataDirLock } from './data-dir-lock';
import { createDataSource } from './data-source';
import { startEmbeddedPostgres } from './embedded';
import { runMigrationsOnce } from './migrate-once';

export interface Database {
  dataSource: DataSource;
  embedded: boolean;
  /** What `npm run backup` and the daily backup read. */
  backupSource: BackupSource;
  close(): Promise<void>;
}

/**
 * Connects to DATABASE_URL, or starts the embedded database under DATA_DIR (./data/), then runs
 * migrations (once, when several instances start together: see migrate-once.ts). The embedded
 * directory is locked first: a second process on it is refused with a DataDirInUseError before
 * anything is read or written (docs/product-rules.md §12). `takesBackups` (the server): the lock
 * file says where this process writes the backups `npm run backup` asks it for.
 */
export async function openDatabase(
  config: Pick<Config, 'databaseUrl' | 'databasePoolSize' | 'dataDir' | 'backup'>,
  { takesBackups = false }: { takesBackups?: boolean } = {},
): Promise<Database> {
  const lock = config.databaseUrl
    ? undefined
    : acquireDataDirLock(config.dataDir, takesBackups ? { backupDir: config.backup.dir } : {});
  const embedded = config.databaseUrl
    ? undefined
    : await startEmbeddedPostgres(path.join(config.dataDir, 'pg')).catch((error: unknown) => {
        lock?.release();
        throw error;
      });
  const url = config.databaseUrl ?? embedded!.url;
  const dataSource = createDataSource(url, { poolSize: embedded ? 1 : config.databasePoolSize });
  try {
    await dataSource.initialize();
    await runMigrationsOnce(dataSource, { embedded: Boolean(embedded) });
  } catch (error) {
    if (dataSource.isInitialized) await dataSource.destroy();
    await embedded?.stop();
    lock?.release();
    throw error;
  }
  return {
    dataSource,
    embedded: Boolean(embedded),
    backupSource: embedded
      ? { kind: 'embedded', dump: () => embedded.dump() }
      : { kind: 'postgres', url: config.backup.databaseUrl ?? url },
    async close() {
      await dataSource.destroy();
      await embedded?.stop();
      lock?.release();
    },
  };
}

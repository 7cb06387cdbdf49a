import path from 'node:path';
import type { DataSource } from 'typeorm';
import type { Config } from '../config';
import { createDataSource } from './data-source';
import { startEmbeddedPostgres } from './embedded';

export interface Database {
  dataSource: DataSource;
  embedded: boolean;
  close(): Promise<void>;
}

/** Connects to DATABASE_URL, or starts the embedded database under ./data/, then runs migrations. */
export async function openDatabase(config: Pick<Config, 'databaseUrl' | 'dataDir'>): Promise<Database> {
  const embedded = config.databaseUrl
    ? undefined
    : await startEmbeddedPostgres(path.join(config.dataDir, 'pg'));
  const url = config.databaseUrl ?? embedded!.url;
  const dataSource = createDataSource(url, { poolSize: embedded ? 1 : 10 });
  try {
    await dataSource.initialize();
    await dataSource.runMigrations({ transaction: 'each' });
  } catch (error) {
    if (dataSource.isInitialized) await dataSource.destroy();
    await embedded?.stop();
    throw error;
  }
  return {
    dataSource,
    embedded: Boolean(embedded),
    async close() {
      await dataSource.destroy();
      await embedded?.stop();
    },
  };
}

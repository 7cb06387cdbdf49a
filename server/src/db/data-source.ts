import 'reflect-metadata';
import path from 'node:path';
import { DataSource } from 'typeorm';
import { REPO_ROOT } from '../config';
import { entities } from './entities';
import { HouseholdWallSubscriber } from './household-wall';

export const MIGRATIONS_GLOB = path.join(REPO_ROOT, 'migrations', '*.js');

/** A TypeORM DataSource on the PostgreSQL wire protocol (a real server or the embedded one). */
export function createDataSource(url: string, options: { poolSize: number; logging?: boolean }): DataSource {
  return new DataSource({
    type: 'postgres',
    url,
    entities,
    subscribers: [HouseholdWallSubscriber],
    migrations: [MIGRATIONS_GLOB],
    migrationsTableName: 'typeorm_migrations',
    migrationsTransactionMode: 'each',
    synchronize: false,
    uuidExtension: 'pgcrypto',
    installExtensions: false,
    logging: options.logging ?? false,
    extra: { max: options.poolSize, idleTimeoutMillis: 30_000 },
  });
}

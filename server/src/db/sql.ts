import { DataSource, type EntityManager } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver';

export type Queryable = DataSource | EntityManager;

interface PgPool {
  query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

/**
 * Where a statement runs: inside a transaction, on the manager's own connection (through TypeORM);
 * outside one, straight on the DataSource's pg pool, which checks a connection out and back in by
 * itself. TypeORM's query runner around a lone statement (one created, connected, broadcast to and
 * released per statement) cost about 0.1 ms of the API's CPU per analysis (issue #23), and its
 * answer shapes differ by statement kind. Errors are pg's own, which people-errors.ts reads as it
 * reads TypeORM's QueryFailedError.
 */
async function run(db: Queryable, sql: string, params: unknown[]): Promise<unknown> {
  if (db instanceof DataSource) {
    const pool = (db.driver as PostgresDriver).master as PgPool;
    return (await pool.query(sql, params)).rows;
  }
  return db.query(sql, params);
}

/**
 * Runs raw SQL and returns its rows. TypeORM answers UPDATE/DELETE with `[rows, rowCount]` but
 * SELECT/INSERT with `rows`; this hides the difference so `RETURNING` reads the same everywhere.
 */
export async function queryRows<T>(db: Queryable, sql: string, params: unknown[] = []): Promise<T[]> {
  const result = await run(db, sql, params);
  if (
    Array.isArray(result) &&
    result.length === 2 &&
    Array.isArray(result[0]) &&
    typeof result[1] === 'number'
  ) {
    return result[0] as T[];
  }
  return result as T[];
}

export async function queryOne<T>(
  db: Queryable,
  sql: string,
  params: unknown[] = [],
): Promise<T | undefined> {
  return (await queryRows<T>(db, sql, params))[0];
}

/** Runs a statement whose rows nobody reads (UPDATE, DELETE, INSERT without RETURNING, a lock). */
export async function execute(db: Queryable, sql: string, params: unknown[] = []): Promise<void> {
  await run(db, sql, params);
}

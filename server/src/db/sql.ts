import type { DataSource, EntityManager } from 'typeorm';

export type Queryable = DataSource | EntityManager;

/**
 * Runs raw SQL and returns its rows. TypeORM answers UPDATE/DELETE with `[rows, rowCount]` but
 * SELECT/INSERT with `rows`; this hides the difference so `RETURNING` reads the same everywhere.
 */
export async function queryRows<T>(db: Queryable, sql: string, params: unknown[] = []): Promise<T[]> {
  const result: unknown = await db.query(sql, params);
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
  await db.query(sql, params);
}

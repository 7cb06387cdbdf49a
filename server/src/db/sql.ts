import { DataSource, type EntityManager } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver';
import { currentWall, wallSettings, type RequestWall } from './household-wall';

export type Queryable = DataSource | EntityManager;

interface PgClient {
  query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

interface PgPool extends PgClient {
  connect(): Promise<
    PgClient & {
      release(error?: Error): void;
      on(event: 'error', listener: (error: Error) => void): void;
      off(event: 'error', listener: (error: Error) => void): void;
    }
  >;
}

/**
 * A checked-out connection that loses its server (a failover, a restart) emits 'error' besides
 * failing its statement; pg's pool listens only to idle connections, and an unheard 'error' would
 * end the process. The statement's own failure is what the caller handles.
 */
const heardThroughTheStatement = () => undefined;

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
    const wall = currentWall();
    return wall ? runBehindTheWall(pool, wall, sql, params) : (await pool.query(sql, params)).rows;
  }
  return db.query(sql, params);
}

/**
 * A request's lone statement, in a transaction of its own put behind the wall between households
 * (household-wall.ts): the settings travel with BEGIN in one round trip, and COMMIT is one more.
 */
async function runBehindTheWall(pool: PgPool, wall: RequestWall, sql: string, params: unknown[]) {
  const client = await pool.connect();
  client.on('error', heardThroughTheStatement);
  try {
    await client.query(`BEGIN; ${wallSettings(wall)}`);
    const { rows } = await client.query(sql, params);
    await client.query('COMMIT');
    client.off('error', heardThroughTheStatement);
    client.release();
    return rows;
  } catch (error) {
    // A connection whose transaction could not be closed is not handed to the next request.
    const rolledBack = await client.query('ROLLBACK').then(
      () => undefined,
      (rollbackError: Error) => rollbackError,
    );
    client.off('error', heardThroughTheStatement);
    client.release(rolledBack);
    throw error;
  }
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

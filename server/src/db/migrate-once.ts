import type { DataSource } from 'typeorm';

/** Advisory-lock key under which migrations run (the register purge uses 7_020_001). */
export const MIGRATION_LOCK = 7_020_000;

/** Advisory-lock key under which the job queue installs its schema (pg-boss's start). */
export const JOB_QUEUE_START_LOCK = 7_020_002;

/**
 * Runs the pending migrations once, however many instances start together against one database.
 *
 * TypeORM takes no lock of its own: two instances starting at once would both create the same
 * tables, and one would fail. A session advisory lock (`pg_advisory_lock`) is no answer behind
 * PgBouncer in transaction mode, where consecutive statements may run on different server
 * connections. So a dedicated connection opens a transaction and takes the transaction-scoped
 * `pg_advisory_xact_lock`: PgBouncer keeps one server connection for a transaction, so the lock
 * is held until that transaction ends, and a crashed instance's lock goes with its connection.
 * Meanwhile the migrations run in their own transactions on other connections; an instance that
 * waited for the lock then finds nothing pending.
 *
 * The embedded database belongs to one process and serializes every connection on one session,
 * so a lock-holding transaction there would stall the migrations it guards: it migrates directly.
 */
export async function runMigrationsOnce(dataSource: DataSource, options: { embedded: boolean }) {
  if (options.embedded) {
    await dataSource.runMigrations({ transaction: 'each' });
    return;
  }
  await whileHoldingStartupLock(dataSource, MIGRATION_LOCK, () =>
    dataSource.runMigrations({ transaction: 'each' }).then(() => undefined),
  );
}

/**
 * Runs `work` while a dedicated connection holds the transaction-scoped advisory lock `key` (the
 * mechanism described above), so that instances starting together against one PostgreSQL do
 * `work` one after another. Not for the embedded database (one connection: it would wait on itself).
 */
export async function whileHoldingStartupLock<T>(
  dataSource: DataSource,
  key: number,
  work: () => Promise<T>,
): Promise<T> {
  const holder = dataSource.createQueryRunner('master');
  await holder.connect();
  try {
    await holder.startTransaction();
    await holder.query('SELECT pg_advisory_xact_lock($1)', [key]);
    const result = await work();
    await holder.commitTransaction();
    return result;
  } catch (error) {
    if (holder.isTransactionActive) await holder.rollbackTransaction().catch(() => undefined);
    throw error;
  } finally {
    await holder.release();
  }
}

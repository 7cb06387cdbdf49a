import { REGISTER_RETENTION_DAYS } from '@truenet/core';
import type { DataSource } from 'typeorm';
import { queryOne, queryRows } from '../db/sql';
import type { Clock } from '../deps';

/** Advisory-lock key of the purge: one instance at a time deletes, whatever the number of instances. */
export const REGISTER_PURGE_LOCK = 7_020_001;
export const REGISTER_PURGE_BATCH = 1000;

export interface PurgeResult {
  /** False when another instance held the lock, so this one left the work to it. */
  ran: boolean;
  deleted: number;
}

/**
 * Deletes register entries older than 28 days (the product's register retention), in batches of
 * short transactions so that the table is never locked for long. Each batch takes a transaction-
 * scoped advisory lock with `pg_try_advisory_xact_lock`: when another instance is purging, this
 * one stops instead of waiting, and a crashed instance never leaves a lock behind.
 */
export async function purgeOldRegisterEntries(
  dataSource: DataSource,
  clock: Clock,
  batchSize = REGISTER_PURGE_BATCH,
): Promise<PurgeResult> {
  const cutoff = new Date(clock.now().getTime() - REGISTER_RETENTION_DAYS * 86_400_000);
  let deleted = 0;
  for (;;) {
    const batch = await dataSource.transaction(async (m) => {
      const lock = await queryOne<{ locked: boolean }>(m, 'SELECT pg_try_advisory_xact_lock($1) AS locked', [
        REGISTER_PURGE_LOCK,
      ]);
      if (!lock?.locked) return null;
      const rows = await queryRows(
        m,
        `DELETE FROM register_entry WHERE id IN (
           SELECT id FROM register_entry WHERE created_at < $1 ORDER BY created_at LIMIT $2)
         RETURNING id`,
        [cutoff, batchSize],
      );
      return rows.length;
    });
    if (batch === null) return { ran: deleted > 0, deleted };
    deleted += batch;
    if (batch < batchSize) return { ran: true, deleted };
  }
}

/**
 * Statement previews a day past their hour: they were never confirmed (or were, and their batch
 * keeps what they did). One statement; no lock is needed, as deleting twice deletes nothing more.
 */
export async function purgeExpiredImportPreviews(dataSource: DataSource, clock: Clock): Promise<number> {
  const cutoff = new Date(clock.now().getTime() - 86_400_000);
  const rows = await queryRows(dataSource, 'DELETE FROM import_preview WHERE expires_at < $1 RETURNING id', [
    cutoff,
  ]);
  return rows.length;
}

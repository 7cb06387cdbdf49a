import type { AppDeps } from '../deps';
import { listBackups, pruneBackups } from './backup-files';
import { holdsAccounts, takeBackup, type BackupSource } from './take-backup';

/** Advisory-lock key of the daily backup (migrations use 7_020_000, the purge 7_020_001, the queue 7_020_002). */
export const BACKUP_LOCK = 7_020_003;

/** How often an instance asks whether a backup is due. */
const CHECK_EVERY_MS = 10 * 60_000;
const DAY_MS = 24 * 60 * 60_000;

export interface DailyBackups {
  /** A backup now, whether or not one is due (`npm run backup` asks a running server with SIGUSR2). */
  takeNow(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Due: no backup yet, or none for 24 hours (also at start-up), or BACKUP_HOUR (UTC) has come and
 * today's is not taken.
 */
export function backupDue(newest: Date | undefined, now: Date, hour: number): boolean {
  if (!newest || now.getTime() - newest.getTime() >= DAY_MS) return true;
  const todaysHour = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), hour);
  return now.getTime() >= todaysHour && newest.getTime() < todaysHour;
}

/**
 * The backup the server takes itself each day. Every instance checks; on PostgreSQL a
 * transaction-scoped advisory lock (held on a connection of its own while pg_dump runs, safe behind
 * PgBouncer) makes one take it and the others find it taken. A database that holds no account yet
 * has nothing to keep. Runs beside requests, never in their way; a failure is logged and counted.
 */
/** With `scheduled` false (BACKUPS=off) it takes only the backups asked for with takeNow. */
export function startDailyBackups(deps: AppDeps, source: BackupSource, scheduled = true): DailyBackups {
  const { config, logger, metrics } = deps;
  let running: Promise<void> = Promise.resolve();
  let busy = false;

  async function backUp(force: boolean): Promise<string> {
    const now = deps.clock.now();
    const due = backupDue(listBackups(config.backup.dir)[0]?.takenAt, now, config.backup.hour);
    if (!force && !(due && (await holdsAccounts(deps.dataSource)))) return 'idle';
    if (source.kind === 'embedded') return take(now);
    const holder = deps.dataSource.createQueryRunner('master');
    await holder.connect();
    try {
      await holder.startTransaction();
      const [lock] = (await holder.query('SELECT pg_try_advisory_xact_lock($1) AS mine', [BACKUP_LOCK])) as {
        mine: boolean;
      }[];
      // Another instance is taking it; the next check finds its file (with a shared BACKUP_DIR).
      const outcome = lock?.mine ? await take(now) : 'skipped';
      await holder.commitTransaction();
      return outcome;
    } catch (error) {
      if (holder.isTransactionActive) await holder.rollbackTransaction().catch(() => undefined);
      throw error;
    } finally {
      await holder.release();
    }
  }

  async function take(now: Date): Promise<string> {
    const taken = await takeBackup(deps.dataSource, source, config.backup.dir, now);
    const pruned = pruneBackups(config.backup.dir, config.backup.keep);
    logger.info({ file: taken.file, bytes: taken.bytes, pruned: pruned.length }, 'backup taken');
    return 'done';
  }

  const check = (force = false): Promise<void> => {
    if (busy) return force ? running.then(() => check(true)) : running;
    busy = true;
    running = backUp(force)
      .then((outcome) => metrics.job('backup', outcome))
      .catch((error: unknown) => {
        metrics.job('backup', 'failed');
        logger.error({ err: error }, 'backup failed');
      })
      .finally(() => {
        busy = false;
      });
    return running;
  };

  const first = scheduled ? setTimeout(() => void check(), 5_000) : undefined;
  const every = scheduled ? setInterval(() => void check(), CHECK_EVERY_MS) : undefined;
  first?.unref();
  every?.unref();
  return {
    takeNow: () => check(true),
    async stop() {
      clearTimeout(first);
      clearInterval(every);
      await running;
    },
  };
}

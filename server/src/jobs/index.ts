import { startDailyBackups } from '../backup/daily-backups';
import type { BackupSource } from '../backup/take-backup';
import type { AppDeps } from '../deps';
import type { JobName } from '../observability/metrics';
import { deliverReminder } from '../modules/reminders/reminder-delivery';
import { startReminderQueue, type ReminderQueue } from '../modules/reminders/reminder-queue';
import { runReminderScan } from '../modules/reminders/reminder-scan';
import { syncDueConnections } from '../modules/bank/bank.service';
import { deliverReminderPushes } from '../modules/push/reminder-push';
import { purgeExpiredImportPreviews, purgeOldRegisterEntries } from './register-purge';
import { purgeOldChangeKeys } from '../db/change-once';

/**
 * Counts one run of a queued job under its outcome ('failed' when it throws; the queue retries it)
 * and passes the result or the failure on.
 */
async function counted<T>(
  deps: AppDeps,
  job: JobName,
  run: Promise<T>,
  outcomeOf: (result: T) => string = String,
): Promise<T> {
  try {
    const result = await run;
    deps.metrics.job(job, outcomeOf(result));
    return result;
  } catch (error) {
    deps.metrics.job(job, 'failed');
    throw error;
  }
}

export interface Jobs {
  /** A backup now (SIGUSR2: `npm run backup` asking the running server); none when BACKUPS=off. */
  backUpNow(): Promise<void>;
  stop(): Promise<void>;
}

/** The first purge runs shortly after start-up (sooner when the interval is shorter), then every interval. */
const FIRST_RUN_DELAY_MS = 60_000;

/**
 * Background jobs. Every instance runs them; PostgreSQL makes each effect happen once:
 * - the register purge takes a transaction-scoped advisory lock per batch, so one instance deletes
 *   and the others step aside; statement previews a day past their hour go with it (the import
 *   ledger never does);
 * - the reminder scan (at start-up, then every REMINDER_SCAN_SECONDS) claims accounts with
 *   FOR UPDATE SKIP LOCKED and queues each mail once (modules/reminders/reminder-scan.ts);
 * - the reminder deliveries run from pg-boss's queue, one instance per job, retried with backoff;
 *   their pushes to devices from a queue of their own, each device claimed once per reminder.
 */
export async function startJobs(deps: AppDeps, backupSource?: BackupSource): Promise<Jobs> {
  let purging: Promise<unknown> = Promise.resolve();
  const purge = () => {
    purging = purgeOldRegisterEntries(deps.dataSource, deps.clock)
      .then(async (result) => {
        if (result.deleted > 0) deps.logger.info({ deleted: result.deleted }, 'register purge');
        const previews = await purgeExpiredImportPreviews(deps.dataSource, deps.clock);
        if (previews > 0) deps.logger.info({ deleted: previews }, 'statement preview purge');
        const keys = await purgeOldChangeKeys(deps.dataSource, deps.clock.now());
        if (keys > 0) deps.logger.info({ deleted: keys }, 'idempotency key purge');
      })
      .catch((error: unknown) => deps.logger.error({ err: error }, 'register purge failed'));
  };
  const intervalMs = deps.config.jobs.registerPurgeSeconds * 1000;
  const first = setTimeout(purge, Math.min(FIRST_RUN_DELAY_MS, intervalMs));
  const every = setInterval(purge, intervalMs);
  first.unref();
  every.unref();

  const reminders = deps.config.jobs.reminders ? await startReminders(deps) : null;
  const bankSync = startBankSync(deps);
  const backups = backupSource ? startDailyBackups(deps, backupSource, deps.config.backup.daily) : undefined;

  return {
    backUpNow: () => backups?.takeNow() ?? Promise.resolve(),
    async stop() {
      await backups?.stop();
      clearTimeout(first);
      clearInterval(every);
      await bankSync.stop();
      await reminders?.stop();
      await purging;
    },
  };
}

/**
 * Bank connections are synced every 6 hours: each instance looks for due ones every
 * BANK_SYNC_SCAN_SECONDS, and claiming them (FOR UPDATE SKIP LOCKED) gives each to one instance.
 */
function startBankSync(deps: AppDeps) {
  let running: Promise<unknown> = Promise.resolve();
  let busy = false;
  const scan = () => {
    if (busy) return;
    busy = true;
    running = syncDueConnections(deps)
      .then((synced) => deps.metrics.job('bank_sync', synced > 0 ? 'done' : 'idle'))
      .catch((error: unknown) => {
        deps.metrics.job('bank_sync', 'failed');
        deps.logger.error({ err: error }, 'bank sync scan failed');
      })
      .finally(() => {
        busy = false;
      });
  };
  const every = setInterval(scan, deps.config.bank.syncScanSeconds * 1000);
  every.unref();
  return {
    async stop() {
      clearInterval(every);
      await running;
    },
  };
}

async function startReminders(deps: AppDeps) {
  const queue = await startReminderQueue(
    deps.dataSource,
    undefined,
    (error) => deps.logger.error({ err: error }, 'reminder queue error'),
    // The embedded database has one connection: a held lock would wait on itself.
    { serializeStart: Boolean(deps.config.databaseUrl) },
  );
  await queue.work((reminderId) => counted(deps, 'reminder_delivery', deliverReminder(deps, reminderId)));
  await queue.workPushes((reminderId) =>
    counted(deps, 'reminder_push', deliverReminderPushes(deps, reminderId), (sent) =>
      sent > 0 ? 'sent' : 'idle',
    ),
  );
  const scanner = reminderScanner(deps, queue);
  return {
    async stop() {
      await scanner.stop();
      await queue.stop();
    },
  };
}

/** Scans at once, then every REMINDER_SCAN_SECONDS; never two scans of this instance at a time. */
function reminderScanner(deps: AppDeps, queue: ReminderQueue) {
  let scanning: Promise<unknown> | null = null;
  const scan = () => {
    if (scanning) return;
    scanning = runReminderScan(deps, queue)
      .then((result) => {
        deps.metrics.job('reminder_scan', result.queued > 0 ? 'done' : 'idle');
        if (result.queued > 0) deps.logger.info(result, 'reminder scan queued mails');
      })
      .catch((error: unknown) => {
        deps.metrics.job('reminder_scan', 'failed');
        deps.logger.error({ err: error }, 'reminder scan failed');
      })
      .finally(() => {
        scanning = null;
      });
  };
  scan();
  const every = setInterval(scan, deps.config.jobs.reminderScanSeconds * 1000);
  every.unref();
  return {
    async stop() {
      clearInterval(every);
      await scanning;
    },
  };
}

import PgBoss from 'pg-boss';
import type { DataSource, EntityManager } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver';
import type { PostgresQueryRunner } from 'typeorm/driver/postgres/PostgresQueryRunner';
import { JOB_QUEUE_START_LOCK, whileHoldingStartupLock } from '../../db/migrate-once';

/**
 * The delivery queue of the reminder e-mails: pg-boss 10 (its tables in the `pgboss` schema of
 * the same database). Why it fits docs/product-rules.md §13: pg-boss 10 sends only unnamed statements, takes
 * only transaction-scoped advisory locks (its maintenance runs as one BEGIN … COMMIT string), uses
 * no LISTEN/NOTIFY, and fetches jobs with SELECT … FOR UPDATE SKIP LOCKED, so it works behind
 * PgBouncer in transaction pooling mode and on the embedded PGlite served over the wire protocol.
 * It runs over the app's own pool (its `db` option), so the embedded database keeps its single
 * connection, and a job is inserted in the caller's transaction, beside the row it delivers.
 */
export const REMINDER_QUEUE = 'reminder-mail';
/** The same reminders pushed to devices: a queue of its own, so a dead device never delays a mail. */
export const REMINDER_PUSH_QUEUE = 'reminder-push';

export interface ReminderQueueOptions {
  /** Retries after a failed SMTP delivery, with exponential backoff from retryDelaySeconds. */
  retryLimit: number;
  retryDelaySeconds: number;
  /** A delivery still active after this long (its instance died) is retried. */
  expireInSeconds: number;
  pollingIntervalSeconds: number;
  /** Jobs fetched at once, and how many of them are delivered at the same time. */
  batchSize: number;
  concurrency: number;
}

export const DEFAULT_QUEUE_OPTIONS: ReminderQueueOptions = {
  retryLimit: 10,
  retryDelaySeconds: 60,
  expireInSeconds: 300,
  pollingIntervalSeconds: 2,
  batchSize: 50,
  concurrency: 5,
};

interface PgBossDb {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[]; rowCount: number }>;
}

/** pg-boss over the DataSource's own pg pool (unnamed statements, one pool for everything). */
function poolDb(dataSource: DataSource): PgBossDb {
  const pool = (dataSource.driver as PostgresDriver).master as {
    query(text: string, values?: unknown[]): Promise<{ rows: unknown[]; rowCount: number }>;
  };
  return { executeSql: (text, values) => pool.query(text, values) };
}

/** pg-boss inside a TypeORM transaction: the job commits or rolls back with the caller's rows. */
function transactionDb(manager: EntityManager): PgBossDb {
  return {
    async executeSql(text, values) {
      const client = (await (manager.queryRunner as PostgresQueryRunner).connect()) as {
        query(text: string, values?: unknown[]): Promise<{ rows: unknown[]; rowCount: number }>;
      };
      return client.query(text, values);
    },
  };
}

export interface ReminderQueue {
  options: ReminderQueueOptions;
  /**
   * Queues the deliveries of these reminder_mail ids inside the caller's transaction: e-mail and
   * push for `reminderIds`, push alone for `pushOnlyIds`.
   */
  enqueue(manager: EntityManager, reminderIds: string[], pushOnlyIds?: string[]): Promise<void>;
  /** Starts delivering: `deliver` is called once per job; a throw retries that job with backoff. */
  work(deliver: (reminderId: string) => Promise<unknown>): Promise<void>;
  /** Starts pushing, as `work` delivers mail. */
  workPushes(push: (reminderId: string) => Promise<unknown>): Promise<void>;
  stop(): Promise<void>;
  boss: PgBoss;
}

/** PostgreSQL's codes for a deadlock and a unique violation. */
const RACE_CODES = new Set(['40P01', '23505']);

/**
 * Creates the queue, however many instances start at once. pg-boss's `create_queue` adds the
 * queue's row and its partition: two instances doing it at the same moment deadlock (PostgreSQL
 * breaks the tie by failing one) or collide on the unique name. The loser tries again and finds
 * the queue there, which createQueue accepts.
 */
async function createQueueOnce(create: () => Promise<unknown>, attempts = 5): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await create();
      return;
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (!code || !RACE_CODES.has(code) || attempt >= attempts) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt + Math.random() * 100));
    }
  }
}

export async function startReminderQueue(
  dataSource: DataSource,
  options: ReminderQueueOptions = DEFAULT_QUEUE_OPTIONS,
  onError: (error: Error) => void = () => undefined,
  { serializeStart = false }: { serializeStart?: boolean } = {},
): Promise<ReminderQueue> {
  const boss = new PgBoss({
    db: poolDb(dataSource),
    schema: 'pgboss',
    // No cron: the scan has its own interval; maintenance (expiry, archive) stays on.
    schedule: false,
    supervise: true,
  } as PgBoss.ConstructorOptions);
  boss.on('error', onError);
  // pg-boss installs its schema under a lock of its own, but an instance that looked for it before
  // the other created it can still collide on CREATE SCHEMA IF NOT EXISTS (a unique violation
  // pg-boss does not take for its race, seen in test:scale): on a shared PostgreSQL, instances
  // start it one after another, the later one finding it installed.
  if (serializeStart) await whileHoldingStartupLock(dataSource, JOB_QUEUE_START_LOCK, () => boss.start());
  else await boss.start();
  for (const name of [REMINDER_QUEUE, REMINDER_PUSH_QUEUE]) {
    await createQueueOnce(() =>
      boss.createQueue(name, {
        name,
        retryLimit: options.retryLimit,
        retryDelay: options.retryDelaySeconds,
        retryBackoff: true,
        expireInSeconds: options.expireInSeconds,
      }),
    );
  }
  // pg-boss fails a whole batch when its handler throws: each job is failed on its own instead,
  // and the jobs that went through are completed when the handler returns.
  const workQueue = (name: string, handle: (reminderId: string) => Promise<unknown>) =>
    boss.work<{ reminderId: string }>(
      name,
      { batchSize: options.batchSize, pollingIntervalSeconds: options.pollingIntervalSeconds },
      async (jobs) => {
        const pending = [...jobs];
        const runner = async () => {
          for (let job = pending.shift(); job; job = pending.shift()) {
            try {
              await handle(job.data.reminderId);
            } catch (error) {
              await boss.fail(name, job.id, { message: (error as Error).message });
            }
          }
        };
        await Promise.all(Array.from({ length: Math.min(options.concurrency, jobs.length) }, runner));
      },
    );
  return {
    options,
    boss,
    async enqueue(manager, reminderIds, pushOnlyIds = []) {
      if (reminderIds.length === 0 && pushOnlyIds.length === 0) return;
      const job = (name: string, id: string) => ({
        id,
        name,
        data: { reminderId: id },
        retryLimit: options.retryLimit,
        retryDelay: options.retryDelaySeconds,
        retryBackoff: true,
        expireInSeconds: options.expireInSeconds,
      });
      // One statement for both queues (pg-boss joins each job to its queue by name). Each queue is
      // a partition of its own: the push job keeps the reminder's id.
      await boss.insert(
        [
          ...reminderIds.flatMap((id) => [job(REMINDER_QUEUE, id), job(REMINDER_PUSH_QUEUE, id)]),
          ...pushOnlyIds.map((id) => job(REMINDER_PUSH_QUEUE, id)),
        ],
        { db: transactionDb(manager) } as PgBoss.InsertOptions,
      );
    },
    async work(deliver) {
      await workQueue(REMINDER_QUEUE, deliver);
    },
    async workPushes(push) {
      await workQueue(REMINDER_PUSH_QUEUE, push);
    },
    async stop() {
      await boss.stop({ graceful: true, wait: true, timeout: 10_000, close: false });
    },
  };
}

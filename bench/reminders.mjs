/**
 * Reminders and the calendar feed (docs/product-rules.md §9) in the bench, on the production build:
 * - one reminder scan over the large data set (every user verified, active, in a US zone, at
 *   12:00-15:00 local on the data's "today", so every account is due): its time, the accounts
 *   claimed, the mails queued, and every SQL statement it sent (pg's Client.query wrapped, as in
 *   sql-count.mjs); a second scan the same day must claim nothing;
 * - the calendar feed's generation (core calendarEvents + ical-generator) for an account with 40
 *   bills and 3 income sources: 30 days back to 12 months ahead, median and p99.
 * Run last: the scan writes reminder rows and pg-boss jobs (no worker consumes them here).
 */
import { fromServer } from './lib/paths.mjs';
import { recordStatements, workStatements } from './lib/statements.mjs';
import { percentile } from './lib/stats.mjs';

export const SCAN_STATEMENTS_PER_BATCH_BUDGET = 10;

export async function reminderScanBench({ databaseUrl, today }) {
  const { loadConfig } = fromServer('config.js');
  const { openDatabase } = fromServer('db/database.js');
  const { createLogger } = fromServer('logger.js');
  const { createMetrics } = fromServer('observability/metrics.js');
  const { createMailer } = fromServer('modules/mail/mailer.js');
  const { createBillingProvider } = fromServer('modules/billing/billing-provider.js');
  const { startReminderQueue } = fromServer('modules/reminders/reminder-queue.js');
  const { runReminderScan, SCAN_BATCH_SIZE } = fromServer('modules/reminders/reminder-scan.js');
  const config = loadConfig({
    NODE_ENV: 'production',
    SECRETS_KEY: '5ec2e75ec2e75ec2e75ec2e75ec2e75ec2e75ec2e75ec2e75ec2e75ec2e75ec2',
    DATABASE_URL: databaseUrl,
    JWT_SECRET: 'bench-reminders-bench-reminders-bench-0123',
    BILLING: 'offline',
    LOG_LEVEL: 'silent',
  });
  const db = await openDatabase(config);
  const logger = createLogger('silent');
  const deps = {
    config,
    dataSource: db.dataSource,
    logger,
    mailer: createMailer(config, db.dataSource, logger),
    billing: createBillingProvider(config),
    // 20:00 UTC on the data's today: 10:00 to 15:00 in the generated US zones, past every send hour.
    clock: { now: () => new Date(`${today}T20:00:00Z`) },
    metrics: createMetrics(config.metrics.enabled),
  };
  const queue = await startReminderQueue(db.dataSource);
  try {
    const { recorded, restore } = recordStatements();
    let first;
    let second;
    let seconds;
    let secondSeconds;
    try {
      let t = performance.now();
      first = await runReminderScan(deps, queue);
      seconds = (performance.now() - t) / 1000;
      const firstCount = recorded.length;
      t = performance.now();
      second = await runReminderScan(deps, queue);
      secondSeconds = (performance.now() - t) / 1000;
      const work = workStatements;
      const kinds = await db.dataSource.query(
        `SELECT kind, count(*)::int AS count FROM reminder_mail GROUP BY kind ORDER BY kind`,
      );
      return {
        batchSize: SCAN_BATCH_SIZE,
        first: { ...first, seconds, statements: work(recorded.slice(0, firstCount)), total: firstCount },
        second: { ...second, seconds: secondSeconds, statements: work(recorded.slice(firstCount)) },
        mailsByKind: Object.fromEntries(kinds.map((row) => [row.kind, row.count])),
      };
    } finally {
      restore();
    }
  } finally {
    await queue.stop();
    await db.close();
  }
}

/** One account with 40 bills (mixed frequencies) and 3 sources; the feed rendered `runs` times. */
export function feedGenerationBench({ today, runs = 100 }) {
  const { calendarFeed, renderCalendarFeed } = fromServer('modules/calendar/calendar-feed.js');
  const frequencies = [
    'MONTHLY',
    'MONTHLY',
    'MONTHLY',
    'WEEKLY',
    'BIWEEKLY',
    'QUARTERLY',
    'YEARLY',
    'BIMONTHLY',
  ];
  const day = (offset) =>
    new Date(Date.parse(`${today}T00:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);
  const liabilities = Array.from({ length: 40 }, (_, i) => ({
    id: String(i + 1),
    creditorName: `Creditor ${i + 1}`,
    debtType: 'MISC_BILL',
    frequency: frequencies[i % frequencies.length],
    anchorDate: day(-60 + (i % 28)),
    dueDate: day(-2 + (i % 28)),
    paymentCents: 1_000 + i * 1_234,
    balanceCents: null,
    autoPay: i % 5 === 0,
    currentPaid: false,
    currentCleared: false,
    paidFromWalletId: null,
  }));
  const incomeSources = ['WEEKLY', 'BIWEEKLY', 'MONTHLY'].map((frequency, i) => ({
    id: String(i + 1),
    sourceName: `Employer ${i + 1}`,
    frequency,
    nextPmtDate: day(-10 + i),
    biMonthlyPayDate: null,
    paymentCents: 150_000,
    active: true,
    depositedDates: [],
  }));
  const input = { today, liabilities, incomeSources, includeAmounts: true };
  let events = 0;
  let bytes = 0;
  for (let i = 0; i < 20; i += 1) renderCalendarFeed(input); // warm-up
  const times = [];
  for (let i = 0; i < runs; i += 1) {
    const t = performance.now();
    const { body } = renderCalendarFeed(input);
    times.push(performance.now() - t);
    events = body.split('BEGIN:VEVENT').length - 1;
    bytes = Buffer.byteLength(body);
  }
  times.sort((a, b) => a - b);
  // What a conditional poll costs: the ETag alone (answered 304 without rendering).
  const etagTimes = [];
  for (let i = 0; i < runs; i += 1) {
    const t = performance.now();
    calendarFeed(input);
    etagTimes.push(performance.now() - t);
  }
  etagTimes.sort((a, b) => a - b);
  return {
    runs,
    events,
    bytes,
    medianMs: percentile(times, 50),
    p99Ms: percentile(times, 99),
    etagMedianMs: percentile(etagTimes, 50),
  };
}

export function tabulateReminders(report, { scan, feed, LARGE }) {
  report.section(`Reminders: one scan over ${LARGE} users (every account due), then a second the same day`);
  const batches = scan.first.batches;
  const perBatch = scan.first.statements / batches;
  report.add(
    'first scan: accounts / mails queued / time',
    `${scan.first.accounts} / ${scan.first.queued} / ${scan.first.seconds.toFixed(1)} s`,
    '',
    undefined,
    'reminder-scan-time',
  );
  report.add(
    `SQL statements (${batches} batches of ${scan.batchSize}), per batch`,
    `${scan.first.statements} (${perBatch.toFixed(1)})`,
    `<= ${SCAN_STATEMENTS_PER_BATCH_BUDGET} per batch`,
    perBatch <= SCAN_STATEMENTS_PER_BATCH_BUDGET,
    'reminder-scan-statements',
  );
  report.add(
    'second scan the same day: accounts / statements / time',
    `${scan.second.accounts} / ${scan.second.statements} / ${(scan.second.seconds * 1000).toFixed(0)} ms`,
    '0 accounts',
    scan.second.accounts === 0,
    'reminder-rescan',
  );
  report.section('Calendar feed: 40 bills + 3 sources, 30 days back to 12 months ahead');
  report.add(
    `generation (${feed.events} events, ${Math.round(feed.bytes / 1024)} KiB), median (p99)`,
    `${feed.medianMs.toFixed(2)} ms (${feed.p99Ms.toFixed(2)} ms)`,
    '',
    undefined,
    'feed-generation',
  );
  report.add(
    'ETag alone (a conditional poll answered 304), median',
    `${feed.etagMedianMs.toFixed(2)} ms`,
    '',
    undefined,
  );
}

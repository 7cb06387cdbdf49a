import { createDataSource } from '../../db/data-source';
import { queryRows } from '../../db/sql';
import type { AppDeps } from '../../deps';
import {
  buildDebtor,
  buildIncomeSource,
  buildLiability,
  buildWallet,
  householdOf,
  joinHousehold,
} from '../../test/factories';
import { startCuttableProxy, type CuttableProxy } from '../../test/cuttable-proxy';
import { eventually } from '../../test/eventually';
import { startTestApp, type TestApp } from '../../test/harness';
import { decodedText, startSmtpSink, type ReceivedMail, type SmtpSink } from '../../test/smtp-sink';
import { TEST_DB_ENV } from '../../test/test-database';
import { deliverReminder } from './reminder-delivery';
import { startReminderQueue, type ReminderQueue, type ReminderQueueOptions } from './reminder-queue';
import { runReminderScan } from './reminder-scan';
import { signUnsubscribeToken } from './unsubscribe-token';

/**
 * Reminders end to end (docs/product-rules.md §9): the scan by zone and send hour, the three kinds, exactly
 * once through PostgreSQL (two instances, a crash between queue and send, a restart), delivery over
 * real SMTP with retries, and the one-click unsubscribe. Each test scans only its own accounts
 * (the database is shared with other test files running at the same time).
 */

// Tue Nov 24 2026, 09:00 in New York (14:00 UTC): past the default send hour (8).
const clock = { at: new Date('2026-11-24T14:00:00Z'), now: () => clock.at };
const FAST: ReminderQueueOptions = {
  retryLimit: 4,
  retryDelaySeconds: 1,
  expireInSeconds: 60,
  pollingIntervalSeconds: 0.5,
  batchSize: 50,
  concurrency: 5,
};

let sink: SmtpSink;
/** Between the app and the mail server, to make it slow or silent. */
let neighbour: CuttableProxy;
let t: TestApp;
const queues: ReminderQueue[] = [];

beforeAll(async () => {
  sink = await startSmtpSink();
  neighbour = await startCuttableProxy(`smtp://127.0.0.1:${sink.port}`);
  t = await startTestApp({
    clock,
    env: {
      SMTP_URL: `smtp://127.0.0.1:${neighbour.port}`,
      MAIL_FROM: 'TrueNet <no-reply@truenet.test>',
      APP_URL: 'https://app.truenet.test',
    },
  });
});
afterEach(async () => {
  clock.at = new Date('2026-11-24T14:00:00Z');
  neighbour.restore();
  await Promise.all(queues.splice(0).map((queue) => queue.stop()));
});
afterAll(async () => {
  await t.close();
  await neighbour.close();
  await sink.close();
});

async function queue(deps: AppDeps = t.deps, options = FAST): Promise<ReminderQueue> {
  const started = await startReminderQueue(deps.dataSource, options);
  queues.push(started);
  return started;
}

async function deliverWith(started: ReminderQueue, deps: AppDeps = t.deps) {
  await started.work((id) => deliverReminder(deps, id));
}

/** An account with a bill due tomorrow, one due yesterday (unpaid) and a payday today. */
async function household(overrides: Parameters<typeof buildDebtor>[2] = {}) {
  const { debtor, accessToken } = await buildDebtor(t.deps.dataSource, t.deps.config, overrides);
  await buildWallet(t.deps.dataSource, debtor.id, {
    name: 'Checking',
    balanceCents: 250_000,
    isDefault: true,
  });
  const mortgage = await buildLiability(t.deps.dataSource, debtor.id, {
    creditorName: 'Mortgage',
    dueDate: '2026-11-25',
    paymentCents: 140_000,
  });
  const power = await buildLiability(t.deps.dataSource, debtor.id, {
    creditorName: 'Power & Light',
    dueDate: '2026-11-23',
    paymentCents: 9_000,
  });
  await buildIncomeSource(t.deps.dataSource, debtor.id, {
    sourceName: 'Acme Payroll',
    frequency: 'BIWEEKLY',
    nextPmtDate: '2026-11-10',
    paymentCents: 200_000,
  });
  return { debtor, accessToken, mortgage, power };
}

const scan = (started: Pick<ReminderQueue, 'enqueue'>, debtorIds: number[], deps: AppDeps = t.deps) =>
  runReminderScan(deps, started, { debtorIds });

const mailsTo = (email: string) => sink.received.filter((mail) => mail.to.includes(email));

function header(mail: ReceivedMail, name: string): string | undefined {
  const unfolded = mail.raw.split(/\r?\n\r?\n/)[0]?.replace(/\r?\n[ \t]+/g, ' ') ?? '';
  return new RegExp(`^${name}: (.*)$`, 'mi').exec(unfolded)?.[1];
}

const subjectOf = (mail: ReceivedMail) => header(mail, 'Subject');

async function waitForCount(email: string, count: number, timeoutMs = 8000) {
  const deadline = Date.now() + timeoutMs;
  while (mailsTo(email).length < count) {
    if (Date.now() > deadline)
      throw new Error(`expected ${count} mails to ${email}, got ${mailsTo(email).length}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  // Anything more would arrive within a few polls.
  await new Promise((resolve) => setTimeout(resolve, 1200));
  return mailsTo(email);
}

const mailRows = (debtorId: number) =>
  queryRows<{ kind: string; status: string; attempts: number; local_date: string }>(
    t.deps.dataSource,
    `SELECT kind, status, attempts, local_date::text AS local_date FROM reminder_mail WHERE debtor_id = $1 ORDER BY kind`,
    [debtorId],
  );

describe('the scan and the mails', () => {
  it('sends the three kinds over SMTP: text and HTML, the money and date formats, the dashboard link, one-click unsubscribe', async () => {
    const { debtor } = await household();
    const started = await queue();
    expect(await scan(started, [debtor.id])).toMatchObject({ accounts: 1, queued: 3 });
    await deliverWith(started);
    const mails = await waitForCount(debtor.email, 3);
    expect(mails).toHaveLength(3);

    const soon = mails.find((mail) => subjectOf(mail)?.startsWith('Mortgage'));
    expect(subjectOf(soon!)).toBe('Mortgage $1,400.00 is due Wed Nov 25, 2026');
    const past = mails.find((mail) => subjectOf(mail)?.startsWith('Past due'));
    expect(subjectOf(past!)).toBe('Past due: Power & Light $90.00 was due Mon Nov 23, 2026');
    const digest = mails.find((mail) => subjectOf(mail)?.startsWith('Payday'));
    expect(subjectOf(digest!)).toBe('Payday: $2,000.00 expected today, true net income $510.00');

    for (const mail of mails) {
      expect(mail.from).toBe('no-reply@truenet.test');
      expect(mail.raw).toMatch(/Content-Type: text\/plain; charset=utf-8/i);
      expect(mail.raw).toMatch(/Content-Type: text\/html; charset=utf-8/i);
      expect(header(mail, 'List-Unsubscribe')).toMatch(
        /^<https:\/\/app\.truenet\.test\/reminders\/unsubscribe\?token=[^>]+>$/,
      );
      expect(header(mail, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
      expect(header(mail, 'Message-ID')).toMatch(/^<reminder-[0-9a-f-]{36}@app\.truenet\.test>$/);
      const body = decodedText(mail.raw);
      expect(body).toContain('Open your dashboard: https://app.truenet.test/#/userhome');
      expect(body).toContain('href="https://app.truenet.test/#/userhome"');
    }
    const soonBody = decodedText(soon!.raw);
    expect(soonBody).toContain('- Wed Nov 25, 2026  Mortgage  $1,400.00');
    expect(soonBody).toContain(
      'Unsubscribe from bill reminders: https://app.truenet.test/reminders/unsubscribe?token=',
    );
    expect(decodedText(past!.raw)).toContain('Power &amp; Light'); // escaped in the HTML part
    const digestBody = decodedText(digest!.raw);
    expect(digestBody).toContain('Pay expected today: $2,000.00');
    expect(digestBody).toContain('- Acme Payroll  $2,000.00');
    expect(digestBody).toContain('Bills due before your next payday, Tue Dec 8, 2026:');
    expect(digestBody).toContain('True net income this period: $510.00');
    expect(digestBody).toMatch(/Lowest forecast balance: \$[\d,]+\.\d{2} on \w{3} \w{3} \d{1,2}, 2026/);

    expect((await mailRows(debtor.id)).map((row) => [row.kind, row.status, row.local_date])).toEqual([
      ['BILLS_DUE_SOON', 'sent', '2026-11-24'],
      ['PAST_DUE', 'sent', '2026-11-24'],
      ['PAYDAY_DIGEST', 'sent', '2026-11-24'],
    ]);
  });

  it("tells the dashboard's own true net income in the digest, a pay that arrived at another amount included", async () => {
    const { debtor, accessToken } = await household();
    // Today's pay arrived $200.00 short: the dashboard counts what arrived, and so must the mail.
    await t.deps.dataSource.query(
      `INSERT INTO income_deposit (income_source_id, occurrence_date, amount_cents, household_id)
       SELECT s.id, '2026-11-24', 180000, s.household_id FROM income_source s WHERE s.household_id = $1`,
      [await householdOf(t.deps.dataSource, debtor.id)],
    );
    const started = await queue();
    await scan(started, [debtor.id]);
    await deliverWith(started);
    const digest = (await waitForCount(debtor.email, 3)).find((mail) =>
      subjectOf(mail)?.startsWith('Payday'),
    );

    const { data } = await t.gql<{ cashFlowAnalysis: { netIncomeThisPeriod: number } }>(
      'query { cashFlowAnalysis { netIncomeThisPeriod } }',
      {},
      { token: accessToken },
    );
    const dashboard = data!.cashFlowAnalysis.netIncomeThisPeriod;
    expect(dashboard).toBe(310);
    expect(decodedText(digest!.raw)).toContain('True net income this period: $310.00');
  });

  it("waits for the account's own send hour in its own zone, and skips unverified or lapsed accounts", async () => {
    const { debtor } = await household();
    const tokyo = await household({ timeZone: 'Asia/Tokyo' }); // 23:00 on Nov 24 there
    const unverified = await household({ status: 999 });
    const lapsed = await household({ subscriptionStatus: 'canceled' });
    const pastDue = await household({ subscriptionStatus: 'past_due' });
    await t.deps.dataSource.query('INSERT INTO reminder_settings (debtor_id, send_hour) VALUES ($1, 10)', [
      debtor.id,
    ]);
    const started = await queue();
    const ids = [debtor.id, tokyo.debtor.id, unverified.debtor.id, lapsed.debtor.id, pastDue.debtor.id];
    expect(await scan(started, ids)).toMatchObject({ accounts: 2 });
    expect(await mailRows(debtor.id)).toEqual([]);
    expect(await mailRows(unverified.debtor.id)).toEqual([]);
    expect(await mailRows(lapsed.debtor.id)).toEqual([]);
    expect((await mailRows(pastDue.debtor.id)).length).toBe(3);
    // Tokyo: Nov 24 23:00 local, so tomorrow's mortgage is due "tomorrow" there as well.
    expect((await mailRows(tokyo.debtor.id)).map((row) => row.local_date)).toContain('2026-11-24');

    clock.at = new Date('2026-11-24T15:00:00Z'); // 10:00 in New York
    expect(await scan(started, ids)).toMatchObject({ accounts: 1 });
    expect((await mailRows(debtor.id)).length).toBe(3);
  });
});

describe('households', () => {
  it("reminds a member of every household whose owner's subscription is live, each part under its name", async () => {
    const ada = await household({ firstName: 'Ada' });
    const bob = await household({ firstName: 'Bob', subscriptionStatus: 'canceled' });
    const cat = await household({ firstName: 'Cat' });
    const shared = await householdOf(t.deps.dataSource, ada.debtor.id);
    // Neither works in Ada's household now: reminders follow membership, not the last switch.
    await joinHousehold(t.deps.dataSource, bob.debtor.id, shared, 'VIEWER', false);
    await joinHousehold(t.deps.dataSource, cat.debtor.id, shared, 'EDITOR', false);
    const started = await queue();
    expect(await scan(started, [bob.debtor.id, cat.debtor.id])).toMatchObject({ accounts: 2, queued: 6 });
    await deliverWith(started);

    // Bob's own household has lapsed: he hears of Ada's alone, named as a person alone would be.
    const bobs = await waitForCount(bob.debtor.email, 3);
    expect(bobs.map(subjectOf).sort()).toEqual([
      'Mortgage $1,400.00 is due Wed Nov 25, 2026',
      'Past due: Power & Light $90.00 was due Mon Nov 23, 2026',
      'Payday: $2,000.00 expected today, true net income $510.00',
    ]);
    expect(decodedText(bobs[0]!.raw)).not.toContain("Ada's household");

    // Cat is in two live households: one mail of each kind, her own first, each part named.
    const cats = await waitForCount(cat.debtor.email, 3);
    expect(cats.map(subjectOf).sort()).toEqual([
      '2 bills due soon in 2 households: $2,800.00 by Wed Nov 25, 2026',
      'Past due: 2 bills in 2 households, $180.00, were due Mon Nov 23, 2026',
      'Payday: $4,000.00 expected today in 2 households',
    ]);
    const soon = decodedText(cats.find((mail) => subjectOf(mail)?.startsWith('2 bills'))!.raw);
    expect(soon).toMatch(
      /Cat's household:\s+- Wed Nov 25, 2026 {2}Mortgage {2}\$1,400\.00\s+Total: \$1,400\.00\s+Ada's household:/,
    );
    expect(soon).toMatch(/<h2 style="[^"]*">Ada&#39;s household<\/h2>/);
    // Each occurrence is remembered once: tomorrow's scan reminds Cat of neither mortgage again.
    const reminded = await queryRows<{ count: string }>(
      t.deps.dataSource,
      `SELECT count(*) AS count FROM reminder_occurrence WHERE debtor_id = $1 AND kind = 'BILLS_DUE_SOON'`,
      [cat.debtor.id],
    );
    expect(reminded[0]?.count).toBe('2');
  });
});

describe('exactly once', () => {
  it('two instances scanning at once queue each mail once, and a later scan or a restart queues nothing', async () => {
    const accounts = await Promise.all([household(), household(), household()]);
    const ids = accounts.map((account) => account.debtor.id);
    const others = await Promise.all(
      [1, 2].map(async () => {
        const dataSource = createDataSource(process.env[TEST_DB_ENV] as string, { poolSize: 2 });
        await dataSource.initialize();
        return { ...t.deps, dataSource } as AppDeps;
      }),
    );
    try {
      const results = await Promise.all(
        others.map(async (deps) => runReminderScan(deps, await queue(deps), { debtorIds: ids }, 1)),
      );
      expect(results.reduce((sum, result) => sum + result.queued, 0)).toBe(9);
      expect(results.reduce((sum, result) => sum + result.accounts, 0)).toBe(3);
      // A restart: a new queue, a new scan, the same day.
      expect(await scan(await queue(), ids)).toEqual({ accounts: 0, queued: 0, batches: 1 });
      const jobs = await queryRows<{ count: string }>(
        t.deps.dataSource,
        `SELECT count(*) AS count FROM pgboss.job WHERE name = 'reminder-mail' AND data->>'reminderId' IN (
           SELECT id::text FROM reminder_mail WHERE debtor_id = ANY($1))`,
        [ids],
      );
      expect(Number(jobs[0]?.count)).toBe(9);
    } finally {
      await Promise.all(queues.splice(0).map((started) => started.stop()));
      await Promise.all(others.map((deps) => deps.dataSource.destroy()));
    }
    for (const id of ids) expect(await mailRows(id)).toHaveLength(3);
  });

  it('a crash between queue and send: after the restart each queued mail goes out once', async () => {
    const { debtor } = await household();
    const crashed = await queue();
    expect(await scan(crashed, [debtor.id])).toMatchObject({ queued: 3 });
    await crashed.stop(); // the instance dies before any delivery
    queues.splice(queues.indexOf(crashed), 1);
    expect(mailsTo(debtor.email)).toEqual([]);

    await deliverWith(await queue());
    expect(await waitForCount(debtor.email, 3)).toHaveLength(3);
  });

  it('a crash after the send was recorded: the retried job sends nothing again', async () => {
    const { debtor } = await household();
    const started = await queue();
    await scan(started, [debtor.id]);
    const [first] = await queryRows<{ id: string }>(
      t.deps.dataSource,
      `SELECT id FROM reminder_mail WHERE debtor_id = $1 AND kind = 'PAST_DUE'`,
      [debtor.id],
    );
    expect(await deliverReminder(t.deps, first!.id)).toBe('sent');
    expect(await deliverReminder(t.deps, first!.id)).toBe('already-sent');
    await deliverWith(started);
    const mails = await waitForCount(debtor.email, 3);
    expect(mails.filter((mail) => subjectOf(mail)?.startsWith('Past due'))).toHaveLength(1);
  });

  it('retries a failed SMTP delivery with backoff until it goes through', async () => {
    const { debtor } = await household({ timeZone: 'UTC' }); // 14:00 there
    await t.deps.dataSource.query(
      'INSERT INTO reminder_settings (debtor_id, past_due_notices, payday_digest) VALUES ($1, false, false)',
      [debtor.id],
    );
    const started = await queue();
    await scan(started, [debtor.id]);
    sink.failNext(2);
    await deliverWith(started);
    const [mail] = await waitForCount(debtor.email, 1, 15_000);
    expect(subjectOf(mail!)).toBe('Mortgage $1,400.00 is due Wed Nov 25, 2026');
    expect(await mailRows(debtor.id)).toEqual([
      { kind: 'BILLS_DUE_SOON', status: 'sent', attempts: 3, local_date: '2026-11-24' },
    ]);
  });

  /** One bill due tomorrow, nothing else: one mail. */
  async function oneMailHousehold() {
    const { debtor } = await household({ timeZone: 'UTC' }); // 14:00 there
    await t.deps.dataSource.query(
      'INSERT INTO reminder_settings (debtor_id, past_due_notices, payday_digest) VALUES ($1, false, false)',
      [debtor.id],
    );
    return debtor;
  }

  it('a mail server that answers only after 10 s still gets the reminder, once', async () => {
    const debtor = await oneMailHousehold();
    const started = await queue();
    await scan(started, [debtor.id]);
    neighbour.slowBy(10_000);
    await deliverWith(started);
    expect(await waitForCount(debtor.email, 1, 60_000)).toHaveLength(1);
    expect(await mailRows(debtor.id)).toEqual([
      { kind: 'BILLS_DUE_SOON', status: 'sent', attempts: 1, local_date: '2026-11-24' },
    ]);
  }, 90_000);

  it('a silent mail server: the delivery gives up, is retried with backoff, and goes out once when it answers', async () => {
    const debtor = await oneMailHousehold();
    const started = await queue();
    await scan(started, [debtor.id]);
    neighbour.silence();
    await deliverWith(started);
    const failed = await eventually(async () => {
      const [row] = await queryRows<{ attempts: number; last_error: string | null }>(
        t.deps.dataSource,
        'SELECT attempts, last_error FROM reminder_mail WHERE debtor_id = $1',
        [debtor.id],
      );
      return row && row.attempts >= 1 ? row : undefined;
    }, 'the first delivery to give up');
    expect(failed.last_error).toMatch(/greeting never received/i);
    expect(mailsTo(debtor.email)).toEqual([]);
    neighbour.restore();
    expect(await waitForCount(debtor.email, 1, 60_000)).toHaveLength(1);
    const [row] = await mailRows(debtor.id);
    expect(row).toMatchObject({ status: 'sent' });
    expect(row!.attempts).toBeGreaterThanOrEqual(2);
  }, 120_000);

  it('reminds each occurrence once: the next day only what is new comes', async () => {
    const { debtor } = await household();
    await t.deps.dataSource.query(
      'INSERT INTO reminder_settings (debtor_id, past_due_notices, payday_digest) VALUES ($1, false, false)',
      [debtor.id],
    );
    const started = await queue();
    expect(await scan(started, [debtor.id])).toMatchObject({ queued: 1 });
    clock.at = new Date('2026-11-25T14:00:00Z');
    expect(await scan(started, [debtor.id])).toMatchObject({ queued: 0 });
    await buildLiability(t.deps.dataSource, debtor.id, { creditorName: 'Phone', dueDate: '2026-11-27' });
    clock.at = new Date('2026-11-26T14:00:00Z');
    expect(await scan(started, [debtor.id])).toMatchObject({ queued: 1 });
    const reminded = await queryRows<{ liability_id: number; due_date: string }>(
      t.deps.dataSource,
      `SELECT liability_id, due_date::text AS due_date FROM reminder_occurrence WHERE debtor_id = $1 ORDER BY due_date`,
      [debtor.id],
    );
    expect(reminded.map((row) => row.due_date)).toEqual(['2026-11-25', '2026-11-27']);
  });
});

describe('amounts that changed at the bank', () => {
  it('ride along once in the next reminder mail and its push', async () => {
    const { debtor, mortgage } = await household();
    await t.deps.dataSource.query(
      'INSERT INTO reminder_settings (debtor_id, past_due_notices, payday_digest) VALUES ($1, false, false)',
      [debtor.id],
    );
    // The mortgage paid twice from statements at $1,450.00: what imports record in the history.
    const home = await householdOf(t.deps.dataSource, debtor.id);
    const [wallet] = await queryRows<{ wallet_id: number }>(
      t.deps.dataSource,
      'SELECT id AS wallet_id FROM wallet WHERE household_id = $1',
      [home],
    );
    const [batch] = await queryRows<{ id: string }>(
      t.deps.dataSource,
      `INSERT INTO import_batch (household_id, wallet_id, preview_id, file_name, format)
       VALUES ($1, $2, gen_random_uuid(), 'bank.ofx', 'OFX') RETURNING id`,
      [home, wallet!.wallet_id],
    );
    await t.deps.dataSource.query(
      `INSERT INTO import_ledger (household_id, wallet_id, key, batch_id, amount_cents, occurred_on, description, liability_id)
       VALUES ($1, $2, 'id:m1', $3, -145000, '2026-09-25', 'MORTGAGE CO', $4),
              ($1, $2, 'id:m2', $3, -145000, '2026-10-25', 'MORTGAGE CO', $4)`,
      [home, wallet!.wallet_id, batch!.id, mortgage.id],
    );
    const started = await queue();
    expect(await scan(started, [debtor.id])).toMatchObject({ queued: 1 });
    await deliverWith(started);
    const [first] = await waitForCount(debtor.email, 1);
    expect(decodedText(first!.raw)).toMatch(/At the bank:\r?\n- Mortgage went up: \$1,400\.00 → \$1,450\.00/);
    expect(decodedText(first!.raw)).toContain('<li>Mortgage went up: $1,400.00 → $1,450.00</li>');
    const [row] = await queryRows<{ push_body: string | null }>(
      t.deps.dataSource,
      'SELECT push_body FROM reminder_mail WHERE debtor_id = $1',
      [debtor.id],
    );
    expect(row?.push_body).toBe('Mortgage went up: $1,400.00 → $1,450.00');

    // The next reminder tells of the new bill only.
    await buildLiability(t.deps.dataSource, debtor.id, { creditorName: 'Phone', dueDate: '2026-11-27' });
    clock.at = new Date('2026-11-26T14:00:00Z');
    expect(await scan(started, [debtor.id])).toMatchObject({ queued: 1 });
    await deliverWith(started);
    const mails = await waitForCount(debtor.email, 2);
    expect(decodedText(mails[1]!.raw)).not.toContain('went up');
  });
});

describe('budget alerts', () => {
  /** A Groceries budget of $100.00 set this month, and $spent of groceries bought on Nov 20. */
  async function budgeted(debtorId: number, spentCents: number) {
    const home = await householdOf(t.deps.dataSource, debtorId);
    const [row] = await queryRows<{ wallet_id: number; category_id: number }>(
      t.deps.dataSource,
      `SELECT (SELECT id FROM wallet WHERE household_id = $1 LIMIT 1) AS wallet_id,
              (SELECT id FROM category WHERE household_id = $1 AND key = 'GROCERIES') AS category_id`,
      [home],
    );
    const [budget] = await queryRows<{ id: number }>(
      t.deps.dataSource,
      `INSERT INTO budget (household_id, category_id, monthly_cents, starts_month) VALUES ($1, $2, 10000, '2026-11')
       RETURNING id`,
      [home, row!.category_id],
    );
    const spend = (cents: number) =>
      t.deps.dataSource.query(
        `INSERT INTO register_entry (household_id, entered_by, wallet_id, direction, amount_cents, description, occurred_on,
                                     category_id, category_source)
         VALUES ($1, $2, $3, 'spent', $4, 'KING SOOPERS', '2026-11-20', $5, 'PERSON')`,
        [home, debtorId, row!.wallet_id, cents, row!.category_id],
      );
    await spend(spentCents);
    return { home, budgetId: budget!.id, spend };
  }

  const notices = (debtorId: number) =>
    queryRows<{ month: string; threshold: number }>(
      t.deps.dataSource,
      'SELECT month, threshold FROM budget_alert_notice WHERE debtor_id = $1 ORDER BY threshold',
      [debtorId],
    );

  it('rides once in the next reminder e-mail at 80%, then again at all of the month', async () => {
    const { debtor } = await household();
    await t.deps.dataSource.query(
      'INSERT INTO reminder_settings (debtor_id, past_due_notices, payday_digest) VALUES ($1, false, false)',
      [debtor.id],
    );
    const { spend } = await budgeted(debtor.id, 8_500);
    const started = await queue();
    expect(await scan(started, [debtor.id])).toMatchObject({ queued: 1 });
    await deliverWith(started);
    const [first] = await waitForCount(debtor.email, 1);
    // Tue Nov 24: 7 days left, today included; $15.00 / 7 = $2.14 a day.
    const line = 'Groceries budget: 85% spent, $15.00 left ($2.14 a day)';
    expect(decodedText(first!.raw)).toMatch(
      new RegExp(`Your budgets this month:\\r?\\n- ${line.replace(/[$().]/g, '\\$&')}`),
    );
    expect(decodedText(first!.raw)).toContain(`<li>${line}</li>`);
    expect(await notices(debtor.id)).toEqual([{ month: '2026-11', threshold: 80 }]);

    // The next day's reminder does not say it again; past all of it, it says that once.
    await buildLiability(t.deps.dataSource, debtor.id, { creditorName: 'Phone', dueDate: '2026-11-27' });
    clock.at = new Date('2026-11-25T14:00:00Z');
    await scan(started, [debtor.id]);
    await deliverWith(started);
    expect(decodedText((await waitForCount(debtor.email, 2))[1]!.raw)).not.toContain('budget');
    await spend(2_000);
    await buildLiability(t.deps.dataSource, debtor.id, { creditorName: 'Water', dueDate: '2026-11-28' });
    clock.at = new Date('2026-11-26T14:00:00Z');
    await scan(started, [debtor.id]);
    await deliverWith(started);
    expect(decodedText((await waitForCount(debtor.email, 3))[2]!.raw)).toContain(
      'Groceries budget: all $100.00 spent, $5.00 over',
    );
    expect(await notices(debtor.id)).toEqual([
      { month: '2026-11', threshold: 80 },
      { month: '2026-11', threshold: 100 },
    ]);
  });

  it('with no reminder that day: pushed alone to a device, else kept for the next e-mail; off when turned off', async () => {
    const withDevice = await household();
    const without = await household();
    const turnedOff = await household();
    for (const { debtor } of [withDevice, without, turnedOff]) {
      await t.deps.dataSource.query(
        `INSERT INTO reminder_settings (debtor_id, bill_reminders, past_due_notices, payday_digest, budget_alerts)
         VALUES ($1, false, false, false, $2)`,
        [debtor.id, debtor !== turnedOff.debtor],
      );
      await budgeted(debtor.id, 12_000);
    }
    for (const { debtor } of [withDevice, turnedOff]) {
      await t.deps.dataSource.query(
        `INSERT INTO push_device (debtor_id, endpoint, p256dh, auth, name)
         VALUES ($1, 'https://push.example/phone', 'AAAA', 'AAAA', 'Phone')`,
        [debtor.id],
      );
    }
    const ids = [withDevice, without, turnedOff].map(({ debtor }) => debtor.id);
    const started = await queue();
    expect(await scan(started, ids)).toMatchObject({ queued: 1 });
    const [alert] = await queryRows<{
      id: string;
      kind: string;
      status: string;
      subject: string;
      push_body: string;
    }>(
      t.deps.dataSource,
      'SELECT id, kind, status, subject, push_body FROM reminder_mail WHERE debtor_id = $1',
      [withDevice.debtor.id],
    );
    expect(alert).toMatchObject({
      kind: 'BUDGET_ALERT',
      status: 'push_only',
      subject: 'A budget to look at',
      push_body: 'Groceries budget: all $100.00 spent, $20.00 over',
    });
    const jobs = await queryRows<{ name: string }>(
      t.deps.dataSource,
      `SELECT name FROM pgboss.job WHERE data->>'reminderId' = $1`,
      [alert!.id],
    );
    expect(jobs.map((job) => job.name)).toEqual(['reminder-push']);
    expect(await notices(withDevice.debtor.id)).toHaveLength(2);
    for (const id of [without.debtor.id, turnedOff.debtor.id]) {
      expect(await mailRows(id)).toEqual([]);
      expect(await notices(id)).toEqual([]);
    }
  });
});

describe('one-click unsubscribe', () => {
  const settingsOf = async (debtorId: number) =>
    (
      await queryRows<Record<string, unknown>>(
        t.deps.dataSource,
        'SELECT bill_reminders, past_due_notices, payday_digest FROM reminder_settings WHERE debtor_id = $1',
        [debtorId],
      )
    )[0];

  it('POST List-Unsubscribe=One-Click turns off that kind only; its queued mail is not sent; GET only asks', async () => {
    const { debtor } = await household();
    const started = await queue();
    await scan(started, [debtor.id]);
    const [row] = await queryRows<{ unsubscribe_url: string }>(
      t.deps.dataSource,
      `SELECT unsubscribe_url FROM reminder_mail WHERE debtor_id = $1 AND kind = 'PAYDAY_DIGEST'`,
      [debtor.id],
    );
    const url = row!.unsubscribe_url.replace('https://app.truenet.test', t.url);

    const page = await fetch(url);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Unsubscribe from payday digests?');
    expect(await settingsOf(debtor.id)).toEqual({
      bill_reminders: true,
      past_due_notices: true,
      payday_digest: true,
    });

    const oneClick = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.status).toBe(200);
    expect(await oneClick.text()).toContain('You will no longer get payday digests by e-mail.');
    expect(await settingsOf(debtor.id)).toEqual({
      bill_reminders: true,
      past_due_notices: true,
      payday_digest: false,
    });

    await deliverWith(started);
    const mails = await waitForCount(debtor.email, 2);
    expect(mails.map(subjectOf).some((subject) => subject?.startsWith('Payday'))).toBe(false);
    expect((await mailRows(debtor.id)).find((mail) => mail.kind === 'PAYDAY_DIGEST')?.status).toBe(
      'cancelled',
    );
  });

  it('a forged, altered or expired token changes nothing', async () => {
    const { debtor } = await household();
    await t.deps.dataSource.query('INSERT INTO reminder_settings (debtor_id) VALUES ($1)', [debtor.id]);
    const before = await settingsOf(debtor.id);
    const genuine = signUnsubscribeToken(t.deps.config.jwtSecret, debtor.id, 'PAST_DUE', clock.now());
    const forged = signUnsubscribeToken(
      'another-secret-another-secret-0123456789',
      debtor.id,
      'PAST_DUE',
      clock.now(),
    );
    const otherKind = genuine.replace('PAST_DUE', 'PAYDAY_DIGEST');
    const otherAccount = genuine.replace(/^\d+/, String(debtor.id + 1));
    const expired = signUnsubscribeToken(
      t.deps.config.jwtSecret,
      debtor.id,
      'PAST_DUE',
      new Date('2026-06-01T00:00:00Z'),
    );
    for (const token of [forged, otherKind, otherAccount, expired, 'nonsense', '']) {
      for (const method of ['GET', 'POST']) {
        const response = await fetch(`${t.url}/reminders/unsubscribe?token=${encodeURIComponent(token)}`, {
          method,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: method === 'POST' ? 'List-Unsubscribe=One-Click' : undefined,
        });
        expect({ token, method, status: response.status }).toEqual({ token, method, status: 400 });
        expect(await response.text()).toContain(
          'This unsubscribe link is not valid or has expired. Nothing was changed.',
        );
      }
    }
    expect(await settingsOf(debtor.id)).toEqual(before);
  });
});

describe('reminder settings over GraphQL', () => {
  const UPDATE = `mutation($input: ReminderSettingsInput!) { updateReminderSettings(input: $input) { billReminders billLeadDays pastDueNotices paydayDigest sendHour } }`;
  const input = {
    billReminders: true,
    billLeadDays: 5,
    pastDueNotices: false,
    paydayDigest: true,
    sendHour: 18,
  };

  it('answers the defaults, then stores a valid change', async () => {
    const { accessToken } = await buildDebtor(t.deps.dataSource, t.deps.config);
    const read = await t.gql(
      '{ reminderSettings { billReminders billLeadDays pastDueNotices paydayDigest sendHour } }',
      {},
      { token: accessToken },
    );
    expect(read.data).toEqual({
      reminderSettings: {
        billReminders: true,
        billLeadDays: 3,
        pastDueNotices: true,
        paydayDigest: true,
        sendHour: 8,
      },
    });
    expect((await t.gql(UPDATE, { input }, { token: accessToken })).data).toEqual({
      updateReminderSettings: input,
    });
    const again = await t.gql(
      '{ reminderSettings { billLeadDays sendHour pastDueNotices } }',
      {},
      { token: accessToken },
    );
    expect(again.data).toEqual({
      reminderSettings: { billLeadDays: 5, sendHour: 18, pastDueNotices: false },
    });
  });

  it.each([
    [{ billLeadDays: 15 }, 'billLeadDays', 'Choose from 0 to 14 days'],
    [{ billLeadDays: -1 }, 'billLeadDays', 'Choose from 0 to 14 days'],
    [{ sendHour: 24 }, 'sendHour', 'Choose an hour from 0 to 23'],
    [{ sendHour: -3 }, 'sendHour', 'Choose an hour from 0 to 23'],
  ])('refuses %j with a message on %s and changes nothing', async (change, field, message) => {
    const { debtor, accessToken } = await buildDebtor(t.deps.dataSource, t.deps.config);
    const response = await t.gql(UPDATE, { input: { ...input, ...change } }, { token: accessToken });
    expect(response.errors?.[0]).toMatchObject({ message, extensions: { code: 'BAD_USER_INPUT', field } });
    expect(
      await queryRows(t.deps.dataSource, 'SELECT 1 FROM reminder_settings WHERE debtor_id = $1', [debtor.id]),
    ).toEqual([]);
  });
});

/**
 * `npm run test:scale`: docs/product-rules.md §13 proven on the real engines. PostgreSQL, PgBouncer 1.18 in
 * transaction pooling mode, two production builds of the app, HAProxy round-robin with a /readyz
 * health check; every scenario runs through the balancer. The scenarios run in order on one
 * cluster (the last one kills an instance).
 */
import assert from 'node:assert/strict';
import http from 'node:http';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { stripeEvent, stripeSubscription } from '../../server/src/test/stripe-double';
import {
  checkEngines,
  METRICS_TOKEN,
  REPO_ROOT,
  sleep,
  startCluster,
  waitUntil,
  type Cluster,
} from './cluster';
import { checkPrometheus, startPrometheus } from './prometheus';
import {
  addWallet,
  deliverWebhook,
  gql,
  moveMoney,
  ok,
  PASSWORD,
  readyUser,
  servedCounts,
  TIME_ZONE,
  type Answer,
  type ScaleUser,
} from './client';

/** RATE_LIMITS.loginAccount.points in server/src/rate-limit.ts. */
const LOGIN_ATTEMPTS_PER_ACCOUNT = 10;
/** graphql-armor's alias limit in server/src/graphql/server.ts. */
const ALIASES_PER_REQUEST = 5;

let cluster: Cluster;
let startedAt: number;

before(async () => {
  const engines = checkEngines();
  console.log(`# engines: ${engines.pgbouncer}; ${engines.haproxy}; ${checkPrometheus()}`);
  startedAt = Date.now();
  cluster = await startCluster();
  console.log(`# cluster up in ${((Date.now() - startedAt) / 1000).toFixed(1)} s: ${cluster.url}`);
});

after(async () => {
  await cluster?.stop();
});

/** Signed amounts of a wallet's register, and its balance, in cents (read from the database). */
async function walletLedger(walletId: string) {
  const { rows } = await cluster.db.query<{ balance: string; entries: number; total: string }>(
    `SELECT w.balance_cents AS balance, count(r.id)::int AS entries,
            coalesce(sum(CASE r.direction WHEN 'deposited' THEN r.amount_cents ELSE -r.amount_cents END), 0) AS total
       FROM wallet w LEFT JOIN register_entry r ON r.wallet_id = w.id
      WHERE w.id = $1 GROUP BY w.id`,
    [walletId],
  );
  const row = rows[0]!;
  return { balance: Number(row.balance), entries: row.entries, total: Number(row.total) };
}

test('both instances started at once against an empty database migrate it once', async () => {
  const files = readdirSync(path.join(REPO_ROOT, 'migrations')).filter((f) => f.endsWith('.js'));
  const { rows } = await cluster.db.query<{ name: string; times: number }>(
    'SELECT name, count(*)::int AS times FROM typeorm_migrations GROUP BY name',
  );
  assert.equal(rows.length, files.length, 'every migration recorded');
  assert.ok(
    rows.every((row) => row.times === 1),
    'each recorded once',
  );
  for (const app of cluster.apps) {
    assert.deepEqual(app.errors(), [], `${app.name} logged no error while starting`);
    assert.equal(await cluster.serverStatus(app.name), 'UP', `${app.name} in the balancer`);
  }
});

test('sign in on one instance, refresh and call the API on the other; logout on one ends it on both', async () => {
  const user = await readyUser(cluster.url, 'sess');
  const login = await gql<{ login: { accessToken: string } }>(
    cluster.url,
    `mutation ($u: String!, $p: String!) { login(userName: $u, userPassword: $p) { accessToken } }`,
    { u: user.userName, p: PASSWORD },
    // A client cannot choose its IP: the balancer appends the real one, the app trusts one hop.
    { instance: 'app1', headers: { 'x-forwarded-for': '203.0.113.9' } },
  );
  assert.equal(login.servedBy, 'app1');
  const signIns = await cluster.db.query<{ ip: string }>(
    `SELECT ip FROM audit_log WHERE debtor_id = $1 AND event = 'sign_in' ORDER BY id DESC LIMIT 1`,
    [user.uid],
  );
  assert.equal(signIns.rows[0]?.ip, '127.0.0.1', 'the client IP HAProxy saw, not the forged one');
  assert.ok(ok(login).login.accessToken && login.refreshCookie, 'signed in with a refresh cookie');

  const REFRESH = 'mutation { refreshSession { accessToken uid } }';
  const refreshed = await gql<{ refreshSession: { accessToken: string; uid: number } }>(
    cluster.url,
    REFRESH,
    {},
    { cookie: login.refreshCookie, instance: 'app2' },
  );
  assert.equal(refreshed.servedBy, 'app2');
  assert.equal(ok(refreshed).refreshSession.uid, user.uid, 'app2 renewed the session app1 opened');
  assert.ok(refreshed.refreshCookie, 'a rotated refresh cookie');

  const me = await gql<{ me: { userName: string } }>(
    cluster.url,
    '{ me { userName } }',
    {},
    { token: refreshed.data!.refreshSession.accessToken, instance: 'app2' },
  );
  assert.equal(ok(me).me.userName, user.userName, 'app2 serves the API with the renewed token');
  const meOnApp1 = await gql<{ me: { userName: string } }>(
    cluster.url,
    '{ me { userName } }',
    {},
    { token: refreshed.data!.refreshSession.accessToken, instance: 'app1' },
  );
  assert.equal(ok(meOnApp1).me.userName, user.userName, 'and app1 accepts the token app2 issued');

  const logout = await gql<{ logout: boolean }>(
    cluster.url,
    'mutation { logout }',
    {},
    { cookie: refreshed.refreshCookie, instance: 'app1' },
  );
  assert.equal(ok(logout).logout, true);
  for (const instance of ['app2', 'app1']) {
    const ended: Answer<unknown> = await gql(
      cluster.url,
      REFRESH,
      {},
      { cookie: refreshed.refreshCookie, instance },
    );
    assert.equal(ended.servedBy, instance);
    assert.equal(ended.errors[0]?.extensions?.code, 'UNAUTHENTICATED', `the session is over on ${instance}`);
  }
});

/**
 * Wrong sign-ins for one account, each request 5 aliased logins. Mutations run one after another
 * and stop at the first failed non-null field, so each request makes exactly one attempt (the
 * server's auth tests show aliased attempts are counted one by one).
 */
async function wrongSignIns(user: ScaleUser, requests: number, instance?: string) {
  const fields = Array.from(
    { length: ALIASES_PER_REQUEST },
    (_, i) => `a${i}: login(userName: $u, userPassword: $p) { accessToken }`,
  ).join('\n');
  const answers: Answer<unknown>[] = [];
  // One request at a time, so the order of attempts is the order of requests.
  for (let i = 0; i < requests; i++) {
    answers.push(
      await gql(
        cluster.url,
        `mutation ($u: String!, $p: String!) { ${fields} }`,
        { u: user.userName, p: 'Wrong!pass1' },
        { instance },
      ),
    );
  }
  return {
    codes: answers.map((answer) => answer.errors.map((error) => error.extensions?.code).join(',')),
    served: servedCounts(answers),
  };
}

test('aliased wrong sign-ins spread over both instances hit the rate limit at the same count as one', async () => {
  const REQUESTS = LOGIN_ATTEMPTS_PER_ACCOUNT + 2;
  const spread = await wrongSignIns(await readyUser(cluster.url, 'rl2'), REQUESTS);
  const single = await wrongSignIns(await readyUser(cluster.url, 'rl1'), REQUESTS, 'app1');
  const refusedBeforeLimit = (codes: string[]) => codes.indexOf('RATE_LIMITED');
  console.log(
    `# wrong sign-ins: spread ${JSON.stringify(spread.served)} limited after ${refusedBeforeLimit(spread.codes)}; one instance after ${refusedBeforeLimit(single.codes)}`,
  );
  assert.ok(
    (spread.served.app1 ?? 0) > 2 && (spread.served.app2 ?? 0) > 2,
    'both instances counted attempts',
  );
  assert.deepEqual(single.served, { app1: REQUESTS });
  const expected = [
    ...Array(LOGIN_ATTEMPTS_PER_ACCOUNT).fill('UNAUTHENTICATED'),
    'RATE_LIMITED',
    'RATE_LIMITED',
  ];
  assert.deepEqual(spread.codes, expected);
  assert.deepEqual(single.codes, spread.codes, 'the same count as one instance');
});

test('the same Stripe webhook event delivered to both instances at the same moment is applied once', async () => {
  const user = await readyUser(cluster.url, 'hook');
  const { rows } = await cluster.db.query<{ sub: string; cus: string }>(
    'SELECT provider_subscription_id AS sub, provider_customer_id AS cus FROM subscription WHERE debtor_id = $1',
    [user.uid],
  );
  const event = stripeEvent(
    'customer.subscription.trial_will_end',
    stripeSubscription({ id: rows[0]!.sub, customer: rows[0]!.cus }),
  );
  const answers = await Promise.all(
    ['app1', 'app2'].map((instance) => deliverWebhook(cluster.url, event, instance)),
  );

  assert.deepEqual(
    answers.map((answer) => [answer.servedBy, answer.status]),
    [
      ['app1', 200],
      ['app2', 200],
    ],
  );
  assert.deepEqual(answers.map((answer) => answer.body.duplicate).sort(), [false, true], 'one applied it');
  const processed = await cluster.db.query('SELECT 1 FROM processed_webhook_event WHERE event_id = $1', [
    event.id,
  ]);
  assert.equal(processed.rowCount, 1);
  await cluster.mail.waitFor(user.email, /free trial ends soon/i);
  await sleep(1000); // a second mail, if one were coming, would have arrived by now
  const trialMails = cluster.mail.messages.filter(
    (m) => m.to.includes(user.email.toLowerCase()) && /free trial ends soon/i.test(m.raw),
  );
  assert.equal(trialMails.length, 1, 'one trial-ending e-mail');
});

test('200 concurrent Spent/Deposited on one wallet spread over both end at the exact balance with 200 register entries', async () => {
  const user = await readyUser(cluster.url, 'conc');
  const walletId = await addWallet(cluster.url, user, 'Shared checking', 1000);
  const moves = Array.from({ length: 200 }, (_, i) => ({
    direction: i % 2 === 0 ? ('DEPOSITED' as const) : ('SPENT' as const),
    cents: 101 + i * 7,
  }));
  const answers = await Promise.all(
    moves.map((move) => moveMoney(cluster.url, user, walletId, move.direction, move.cents / 100)),
  );
  const served = servedCounts(answers);
  console.log(`# 200 concurrent balance changes served: ${JSON.stringify(served)}`);
  assert.deepEqual(
    answers.flatMap((answer) => answer.errors.map((e) => e.message)),
    [],
  );
  assert.ok((served.app1 ?? 0) > 50 && (served.app2 ?? 0) > 50, 'spread over both instances');

  const expectedCents =
    100_000 +
    moves.reduce((sum, move) => sum + (move.direction === 'DEPOSITED' ? move.cents : -move.cents), 0);
  const wallets = ok(
    await gql<{ wallets: { id: string; balance: number }[] }>(
      cluster.url,
      '{ wallets { id balance } }',
      {},
      {
        token: user.token,
      },
    ),
  );
  assert.equal(Math.round(wallets.wallets.find((w) => w.id === walletId)!.balance * 100), expectedCents);
  const register = ok(
    await gql<{ walletRegister: { amount: number }[] }>(
      cluster.url,
      'query ($id: ID!) { walletRegister(walletId: $id) { amount } }',
      { id: walletId },
      { token: user.token },
    ),
  );
  assert.equal(register.walletRegister.length, 200);
  const ledger = await walletLedger(walletId);
  assert.equal(ledger.balance, expectedCents);
  assert.equal(ledger.balance, 100_000 + ledger.total, 'the balance is its register');
});

test('the register purge runs on both instances and takes effect once', async () => {
  const user = await readyUser(cluster.url, 'purge');
  const walletId = await addWallet(cluster.url, user, 'Old wallet', 0);
  await moveMoney(cluster.url, user, walletId, 'DEPOSITED', 12.34);
  const OLD = 2500; // more than two of the purge's 1000-row batches
  await cluster.db.query(
    `INSERT INTO register_entry (household_id, wallet_id, direction, amount_cents, kind, description, occurred_on, created_at)
     SELECT (SELECT current_household_id FROM debtor WHERE id = $1), $2, 'spent', 100, 'transaction', 'old', (now() - interval '40 days')::date, now() - interval '40 days'
       FROM generate_series(1, $3)`,
    [user.uid, walletId, OLD],
  );
  const purgedBefore = cluster.apps.map((app) => purged(app.log));
  const deadline = Date.now() + 20_000;
  let left = OLD;
  while (left > 0 && Date.now() < deadline) {
    await sleep(250);
    const { rows } = await cluster.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM register_entry WHERE wallet_id = $1 AND description = 'old'`,
      [walletId],
    );
    left = rows[0]!.n;
  }
  assert.equal(left, 0, 'the old entries are gone');
  await sleep(1500); // both instances have run again since
  const deletedBy = cluster.apps.map((app, i) => purged(app.log) - purgedBefore[i]!);
  console.log(`# register purge: deleted per instance ${JSON.stringify(deletedBy)} of ${OLD}`);
  assert.equal(
    deletedBy.reduce((a, b) => a + b, 0),
    OLD,
    'the deletions the instances report add up to the old entries, once',
  );
  const ledger = await walletLedger(walletId);
  assert.equal(ledger.entries, 1, 'the recent entry stays');
  for (const app of cluster.apps) {
    assert.deepEqual(
      app.errors().filter((e) => /purge/.test(e.msg)),
      [],
      `${app.name}'s purges did not fail`,
    );
  }
});

test('the reminder scan runs on both instances and each reminder, with its budget alert, goes out once', async () => {
  // A new account's e-mail is unverified, so no scan claims it while its settings and bill are set
  // up; verified only then, its first claim finds the bill. (Verified first, a scan falling between
  // two of these requests would have closed the account's day before the bill existed.)
  const user = await readyUser(cluster.url, 'remind');
  ok(
    await gql(
      cluster.url,
      `mutation ($input: ReminderSettingsInput!) { updateReminderSettings(input: $input) { sendHour } }`,
      {
        input: {
          billReminders: true,
          billLeadDays: 3,
          pastDueNotices: true,
          paydayDigest: true,
          sendHour: 0,
        },
      },
      { token: user.token },
    ),
  );
  const tomorrow = new Date(Date.now() + 86_400_000).toLocaleDateString('en-CA', { timeZone: TIME_ZONE });
  ok(
    await gql(
      cluster.url,
      `mutation ($input: LiabilityInput!) { addLiability(input: $input) { id } }`,
      {
        input: {
          creditorName: 'Scale Power',
          debtType: 'UTILITY',
          frequency: 'MONTHLY',
          dueDate: tomorrow,
          payment: 87.5,
          timeZone: TIME_ZONE,
        },
      },
      { token: user.token },
    ),
  );
  // A Groceries budget of $50.00 already past all of its month: its alert rides in that e-mail.
  const today = new Date().toLocaleDateString('en-CA', { timeZone: TIME_ZONE });
  await cluster.db.query(
    `WITH h AS (SELECT current_household_id AS id FROM debtor WHERE id = $1),
          c AS (SELECT c.id FROM category c JOIN h ON c.household_id = h.id WHERE c.key = 'GROCERIES'),
          b AS (INSERT INTO budget (household_id, category_id, monthly_cents, starts_month)
                SELECT h.id, c.id, 5000, $3 FROM h, c),
          w AS (INSERT INTO wallet (household_id, name, balance_cents, is_default, last_update)
                SELECT h.id, 'Budget wallet', 100000, false, now() FROM h RETURNING id, household_id)
     INSERT INTO register_entry (household_id, entered_by, wallet_id, direction, amount_cents, description, occurred_on,
                                 category_id, category_source)
     SELECT w.household_id, $1, w.id, 'spent', 6000, 'KING SOOPERS', $2, c.id, 'PERSON' FROM w, c`,
    [user.uid, today, today.slice(0, 7)],
  );
  // Reminders go to verified accounts only; the code itself is not what this scenario tests.
  await cluster.db.query('UPDATE debtor SET status = 1 WHERE id = $1', [user.uid]);
  await cluster.mail.waitFor(user.email, /Scale Power/);
  await sleep(3000); // both instances have scanned (and delivered) several times since
  const mails = cluster.mail.messages.filter(
    (m) => m.to.includes(user.email.toLowerCase()) && /Scale Power/.test(m.raw),
  );
  assert.equal(mails.length, 1, 'one reminder e-mail');
  assert.match(
    mails[0]!.raw,
    /Groceries budget: all \$50\.00 spent, \$10\.00 over/,
    'the budget alert in it',
  );
  const notices = await cluster.db.query<{ threshold: number }>(
    'SELECT threshold FROM budget_alert_notice WHERE debtor_id = $1 ORDER BY threshold',
    [user.uid],
  );
  assert.deepEqual(
    notices.rows.map((row) => row.threshold),
    [80, 100],
    'the budget alert told once at each threshold',
  );
  const { rows } = await cluster.db.query<{ kind: string; n: number }>(
    'SELECT kind, count(*)::int AS n FROM reminder_mail WHERE debtor_id = $1 GROUP BY kind',
    [user.uid],
  );
  assert.deepEqual(rows, [{ kind: 'BILLS_DUE_SOON', n: 1 }], 'one reminder recorded');
  for (const app of cluster.apps) {
    assert.deepEqual(
      app.errors().filter((e) => /reminder/.test(e.msg)),
      [],
      `${app.name}'s scans and deliveries did not fail`,
    );
  }
});

function purged(log: { msg: string; deleted?: unknown }[]) {
  return log.filter((e) => e.msg === 'register purge').reduce((sum, e) => sum + Number(e.deleted ?? 0), 0);
}

const ANALYSIS = `query ($tz: String) {
  cashFlowAnalysis(timeZone: $tz) {
    asOf nextIncomeDate netIncomeThisPeriod availableCash obligationsTotal
    obligations { dueDate amount } nextIncome { date amount } wallets { walletName availableBalance }
  }
}`;

/** Sends the analysis in a closed loop from `connections` clients for `seconds`. */
async function analysisLoad(user: ScaleUser, seconds: number, connections: number, instance?: string) {
  const body = JSON.stringify({ query: ANALYSIS, variables: { tz: TIME_ZONE } });
  const headers = {
    'content-type': 'application/json',
    authorization: `Bearer ${user.token}`,
    ...(instance ? { 'x-instance': instance } : {}),
  };
  const end = Date.now() + seconds * 1000;
  let done = 0;
  let failed = 0;
  const failures = new Set<string>();
  const started = Date.now();
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (Date.now() < end) {
        try {
          const response = await fetch(`${cluster.url}/graphql`, { method: 'POST', headers, body });
          const answer = (await response.json()) as { errors?: unknown[] };
          if (response.ok && !answer.errors) done += 1;
          else {
            failed += 1;
            failures.add(`HTTP ${response.status} ${JSON.stringify(answer.errors ?? '').slice(0, 200)}`);
          }
        } catch (error) {
          // undici says only 'fetch failed'; its cause names the connection's fate.
          const cause = (error as { cause?: { code?: string; message?: string } }).cause;
          failed += 1;
          failures.add(`${(error as Error).message}: ${cause?.code ?? ''} ${cause?.message ?? ''}`);
        }
      }
    }),
  );
  return { done, failed, failures: [...failures], seconds: (Date.now() - started) / 1000 };
}

/** Every PromQL expression of the Grafana dashboard compose provisions. */
function dashboardQueries(): string[] {
  const dashboard: unknown = JSON.parse(
    readFileSync(path.join(REPO_ROOT, 'deploy', 'grafana', 'dashboards', 'truenet.json'), 'utf8'),
  );
  const found: string[] = [];
  const walk = (value: unknown) => {
    if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === 'object') {
      for (const [key, inner] of Object.entries(value)) {
        if (key === 'expr' && typeof inner === 'string') found.push(inner);
        else walk(inner);
      }
    }
  };
  walk(dashboard);
  return found;
}

test('Prometheus scrapes both instances with their token, and every panel of the Grafana dashboard has data', async () => {
  const prometheus = await startPrometheus(
    cluster.apps.map((app) => `127.0.0.1:${app.port}`),
    METRICS_TOKEN,
  );
  try {
    const deadline = Date.now() + 30_000;
    while ((await prometheus.targets()).filter((target) => target.health === 'up').length < 2) {
      assert.ok(
        Date.now() < deadline,
        `both instances up in Prometheus: ${JSON.stringify(await prometheus.targets())}`,
      );
      await sleep(250);
    }
    for (const app of cluster.apps) ok(await gql(cluster.url, '{ health }', {}, { instance: app.name }));
    // A few scrapes, so that every rate has two samples.
    await sleep(3_500);
    const queries = dashboardQueries();
    assert.ok(queries.length >= 10, 'the dashboard has its panels');
    for (const query of queries) {
      const result = await prometheus.query(query);
      // Server errors may well be none at all.
      if (/status=~"5\.\."/.test(query)) continue;
      assert.ok(result.length > 0, `${query} has data`);
    }
    const instances = await prometheus.query('sum by (instance) (http_request_duration_seconds_count)');
    assert.equal(instances.length, 2, 'each instance counted on its own');
  } finally {
    await prometheus.stop();
  }
});

test('the analysis through the balancer: req/s with two instances and with one, statements per request at PgBouncer', async () => {
  const user = await readyUser(cluster.url, 'perf');
  await addWallet(cluster.url, user, 'Checking', 2500);
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE }).format(new Date());
  const shift = (days: number) =>
    new Date(Date.parse(`${today}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
  ok(
    await gql(
      cluster.url,
      `mutation ($input: IncomeSourceInput!) { addIncomeSource(input: $input) { id } }`,
      {
        input: {
          sourceName: 'Acme Payroll',
          incomeFrequency: 'BIWEEKLY',
          nextPmtDate: shift(-10),
          paymentAmount: 2000,
          timeZone: TIME_ZONE,
        },
      },
      { token: user.token },
    ),
  );
  for (const [creditorName, days] of [
    ['Phone', 2],
    ['Streaming', 3],
    ['Rent', 5],
  ] as const) {
    ok(
      await gql(
        cluster.url,
        `mutation ($input: LiabilityInput!) { addLiability(input: $input) { id } }`,
        {
          input: {
            creditorName,
            debtType: 'MISC_BILL',
            frequency: 'MONTHLY',
            dueDate: shift(days),
            payment: 50,
            timeZone: TIME_ZONE,
          },
        },
        { token: user.token },
      ),
    );
  }
  const warmUp = await analysisLoad(user, 1, 8); // JIT, pools, PgBouncer's server connections

  // Two rounds of two instances then one, so that drift in the machine's load hits both alike.
  const SECONDS = 2.5;
  const CONNECTIONS = 16;
  const both = { done: 0, failed: 0, seconds: 0, statements: 0, transactions: 0 };
  const one = { done: 0, failed: 0, seconds: 0 };
  const failures = [...warmUp.failures];
  for (let round = 0; round < 2; round++) {
    const before = await cluster.pgbouncerStats();
    const spread = await analysisLoad(user, SECONDS, CONNECTIONS);
    const after = await cluster.pgbouncerStats();
    both.done += spread.done;
    both.failed += spread.failed;
    failures.push(...spread.failures);
    both.seconds += spread.seconds;
    both.statements += after.queries - before.queries;
    both.transactions += after.xacts - before.xacts;
    const single = await analysisLoad(user, SECONDS, CONNECTIONS, 'app1');
    one.done += single.done;
    one.failed += single.failed;
    failures.push(...single.failures);
    one.seconds += single.seconds;
  }
  const rate = (load: { done: number; seconds: number }) => load.done / load.seconds;
  const statementsPerRequest = both.statements / both.done;
  const transactionsPerRequest = both.transactions / both.done;
  console.log(
    `# analysis through HAProxy, ${CONNECTIONS} clients, 2 x ${SECONDS} s each, alternating: two instances ${rate(both).toFixed(0)} req/s, one instance ${rate(one).toFixed(0)} req/s (x${(rate(both) / rate(one)).toFixed(2)})`,
  );
  console.log(
    `# PgBouncer SHOW STATS: ${statementsPerRequest.toFixed(2)} statements and ${transactionsPerRequest.toFixed(2)} transactions per analysis request`,
  );
  assert.deepEqual(failures, [], 'every analysis answered');
  assert.equal(both.failed + one.failed, 0);
  assert.ok(both.done > 0 && one.done > 0);
  // The analysis answers in 4 statements with authentication included (README, bench).
  assert.ok(
    statementsPerRequest >= 1 && statementsPerRequest <= 6,
    `statements per request: ${statementsPerRequest}`,
  );
});

test('past capacity: only 200s and 503s with Retry-After, the probes within 1 s, both instances kept in rotation', async () => {
  const user = await readyUser(cluster.url, 'overload');
  const body = JSON.stringify({ query: ANALYSIS, variables: { tz: TIME_ZONE } });
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${user.token}` };
  // Each instance admits 128 requests at a time (OVERLOAD_MAX_IN_FLIGHT). 360 clients on slow
  // networks, their requests still arriving, hold both past that; then 400 more ask at once.
  const statuses = new Map<string, number>();
  let withoutRetryAfter = 0;
  const count = (status: number, retryAfter: string | null) => {
    statuses.set(String(status), (statuses.get(String(status)) ?? 0) + 1);
    if (status === 503 && retryAfter === null) withoutRetryAfter += 1;
  };
  const slow = Array.from({ length: 360 }, () => {
    const request = http.request(`${cluster.url}/graphql`, {
      method: 'POST',
      agent: false,
      headers: { ...headers, 'content-length': Buffer.byteLength(body) },
    });
    const answered = new Promise<void>((resolve, reject) => {
      request.on('response', (response) => {
        count(response.statusCode ?? 0, (response.headers['retry-after'] as string | undefined) ?? null);
        response.resume();
        response.on('end', resolve);
      });
      request.on('error', reject);
    });
    request.write(body.slice(0, 10));
    return { finish: () => request.end(body.slice(10)), answered };
  });
  const probeMs: number[] = [];
  const probing = { on: true };
  const probes = (async () => {
    while (probing.on) {
      for (const app of cluster.apps) {
        const started = performance.now();
        const response = await fetch(`${app.url}/livez`);
        probeMs.push(performance.now() - started);
        assert.equal(response.status, 200, `${app.name}'s /livez`);
      }
      await sleep(100);
    }
  })();
  try {
    // Until both instances have counted the slow ones, some of these may still be answered.
    await waitUntil('both instances past capacity', async () => {
      const answers = await Promise.all(
        cluster.apps.map(async (app) => {
          const response = await fetch(`${cluster.url}/graphql`, {
            method: 'POST',
            headers: { ...headers, 'x-instance': app.name },
            body,
          });
          await response.arrayBuffer();
          return response.status;
        }),
      );
      return answers.every((status) => status === 503);
    });
    await Promise.all(
      Array.from({ length: 400 }, async () => {
        const response = await fetch(`${cluster.url}/graphql`, { method: 'POST', headers, body });
        await response.arrayBuffer();
        count(response.status, response.headers.get('retry-after'));
      }),
    );
    for (const app of cluster.apps)
      assert.equal(await cluster.serverStatus(app.name), 'UP', `${app.name} in rotation`);
  } finally {
    for (const request of slow) request.finish();
    await Promise.all(slow.map((request) => request.answered));
    probing.on = false;
    await probes;
  }
  const slowest = Math.round(Math.max(...probeMs));
  console.log(
    `# overload: answers by status ${JSON.stringify(Object.fromEntries(statuses))}; slowest probe ${slowest} ms`,
  );
  assert.deepEqual(
    [...statuses.keys()].filter((status) => !['200', '503', '429'].includes(status)),
    [],
    'only 200, 503 or 429',
  );
  // Round robin: 180 slow requests each, of which each instance admitted its 128 and answered them
  // once they arrived; the rest, and every request asked while both were full, came back 503.
  assert.equal(statuses.get('200'), 2 * 128, 'each instance answered the 128 it admitted');
  assert.equal(statuses.get('503'), 360 + 400 - 2 * 128, 'everything past capacity was told to come back');
  assert.equal(withoutRetryAfter, 0, 'every 503 says when to come back');
  assert.ok(slowest < 1000, `the probes within 1 s (slowest ${slowest} ms)`);
  for (const app of cluster.apps)
    assert.equal(await cluster.serverStatus(app.name), 'UP', `${app.name} in rotation`);
  const shed = await Promise.all(
    cluster.apps.map(async (app) => {
      const text = await (
        await fetch(`${app.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
      ).text();
      return Number(/truenet_shed_requests_total\{reason="overload"\} (\d+)/.exec(text)?.[1] ?? 0);
    }),
  );
  assert.ok(
    shed.reduce((sum, one) => sum + one, 0) >= (statuses.get('503') ?? 0),
    'every 503 counted in /metrics',
  );
});

test('one instance killed with SIGKILL under load: the health check takes it out, the other serves, balances equal their registers', async () => {
  const user = await readyUser(cluster.url, 'kill');
  const wallets: string[] = [];
  for (let i = 0; i < 4; i++) wallets.push(await addWallet(cluster.url, user, `Kill wallet ${i}`, 0));
  const [victim, survivor] = cluster.apps;
  let killedAt = Infinity;
  let stop = false;
  const results: { at: number; ok: boolean; servedBy: string }[] = [];
  const worker = async (w: number) => {
    for (let i = 0; !stop; i++) {
      const deposit = i % 3 !== 0;
      let answer;
      try {
        answer = await moveMoney(
          cluster.url,
          user,
          wallets[w % wallets.length]!,
          deposit ? 'DEPOSITED' : 'SPENT',
          1 + (i % 5),
        );
        results.push({ at: Date.now(), ok: answer.errors.length === 0, servedBy: answer.servedBy });
      } catch {
        // The balancer answered something that is not JSON (a 502/503 page while the instance died).
        results.push({ at: Date.now(), ok: false, servedBy: '' });
      }
    }
  };
  const load = Promise.all(Array.from({ length: 12 }, (_, w) => worker(w)));
  await sleep(1500);
  killedAt = Date.now();
  await victim.kill();
  let removedAfterMs = -1;
  while (Date.now() - killedAt < 10_000) {
    if ((await cluster.serverStatus(victim.name)).startsWith('DOWN')) {
      removedAfterMs = Date.now() - killedAt;
      break;
    }
    await sleep(50);
  }
  await sleep(2000); // keep the load on the survivor alone
  stop = true;
  await load;

  const beforeKill = results.filter((r) => r.at < killedAt);
  const afterRemoval = results.filter((r) => r.at > killedAt + removedAfterMs + 200);
  const failed = results.filter((r) => !r.ok);
  console.log(
    `# SIGKILL of ${victim.name}: health check took it out after ${removedAfterMs} ms; ${results.length} requests, ${failed.length} failed (all around the kill), ${afterRemoval.length} after removal all on ${survivor.name}`,
  );
  assert.ok(removedAfterMs >= 0, 'HAProxy marked the killed instance DOWN');
  assert.ok(
    beforeKill.some((r) => r.servedBy === victim.name) &&
      beforeKill.some((r) => r.servedBy === survivor.name),
    'both served before the kill',
  );
  assert.ok(afterRemoval.length > 20, 'the survivor kept serving');
  assert.ok(
    afterRemoval.every((r) => r.ok && r.servedBy === survivor.name),
    'after removal every request succeeds on the survivor',
  );
  assert.ok(
    failed.every((r) => r.at >= killedAt),
    'nothing failed before the kill',
  );
  for (const walletId of wallets) {
    const ledger = await walletLedger(walletId);
    assert.equal(
      ledger.balance,
      ledger.total,
      `wallet ${walletId}: the balance is its register, nothing half-written`,
    );
  }
  // The survivor's own jobs open short transactions all along: only those begun before the kill
  // count. PostgreSQL ends a dead client's backend when it next reads from it: allow it a moment.
  let openSinceKill = -1;
  for (let tries = 0; tries < 30 && openSinceKill !== 0; tries++) {
    if (tries > 0) await sleep(100);
    const { rows } = await cluster.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_stat_activity
        WHERE datname = current_database() AND xact_start < to_timestamp($1::float8 / 1000)`,
      [killedAt],
    );
    openSinceKill = rows[0]!.n;
  }
  assert.equal(openSinceKill, 0, 'no transaction of the killed instance is left open');
  assert.deepEqual(survivor.errors(), [], `${survivor.name} logged no error`);
});

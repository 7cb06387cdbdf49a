/**
 * `npm run bench:soak` (docs/product-rules.md §26): one API instance on the production build, a
 * generated database of 1,000 households, and a day's mix for SOAK_MINUTES (default 20) at 70% of
 * the capacity measured with that same mix: dashboards (86%), spends (10%), bills marked paid and
 * unmarked (4%), suggestions of two households with 30,000 history rows (1 request in 500), and a
 * 100-row statement imported every minute, and a bank connection synced every minute (Sync now,
 * four households in turn). Each minute prints the instance's memory, the p99 and the errors (a
 * status other than 200, or a GraphQL error); at the end the three checks: memory after the warm-up
 * flat within 10%, the last five minutes' p99 within 1.2 times the first five's, and no error.
 * The instance runs the production build with NODE_ENV=development, the one difference from
 * production: so it may reach its own SimpleFIN Bridge stand-in (/dev/simplefin) on loopback, as
 * production refuses any address that is not a public one.
 */
import http from 'node:http';
import { randomBytes } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { migrate, openBenchDatabase } from './lib/db.mjs';
import { core, fromServer, REPO } from './lib/paths.mjs';
import { percentile, round, sleep } from './lib/stats.mjs';
import { generateUsers, TIME_ZONES } from './generate.mjs';
import { paidInfoFixtures } from './fixtures.mjs';
import { ofxOf } from './imports.mjs';
import { ANALYSIS_QUERY, sampleUsers, tokenSigner } from './load.mjs';
import { rssMiB, startApi } from './servers.mjs';
import { writeHistory } from './recurring.mjs';

const MINUTES = Number(process.env.SOAK_MINUTES ?? 20);
const WARM_UP_MINUTES = Math.min(2, Math.max(1, Math.floor(MINUTES / 5)));
const SHARE = 0.7;
const HISTORY_USERS = [9, 10];
/** The households with a bank connection, synced in turn once a minute. */
const BANK_USERS = [11, 12, 13, 14];

const SPEND = `mutation Spend($input: UpdateWalletBalanceInput!) { updateWalletBalance(input: $input) { id balance } }`;
const MARK_PAID = `mutation MarkPaid($walletId: ID!, $changes: [PaidInfoInput!]!, $timeZone: String) {
  savePaidInfo(walletId: $walletId, changes: $changes, timeZone: $timeZone) { wallet { id balance } }
}`;
const SUGGESTIONS = '{ recurringSuggestions { id } }';

// First in, first out: every kept-alive connection stays in use, none idles until the server drops it.
const agent = new http.Agent({ keepAlive: true, maxSockets: 64, scheduling: 'fifo' });

/** One POST /graphql; its time, and whether it failed (a status other than 200 or a GraphQL error). */
function post(url, token, query, variables) {
  const body = JSON.stringify({ query, variables });
  const started = performance.now();
  return new Promise((resolve) => {
    const request = http.request(
      `${url}/graphql`,
      {
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          authorization: `Bearer ${token}`,
        },
      },
      (response) => {
        const chunks = [];
        response.on('data', (chunk) => chunks.push(chunk));
        response.on('end', () => {
          let failed = response.statusCode !== 200;
          let why = failed ? `HTTP ${response.statusCode}` : null;
          let json = null;
          try {
            json = JSON.parse(Buffer.concat(chunks).toString('utf8'));
            if (json.errors) {
              failed = true;
              why = json.errors[0]?.message ?? 'error';
            }
          } catch {
            failed = true;
            why = why ?? 'not JSON';
          }
          resolve({ ms: performance.now() - started, failed, why, data: json?.data });
        });
      },
    );
    request.on('error', (error) =>
      resolve({ ms: performance.now() - started, failed: true, why: error.message }),
    );
    request.end(body);
  });
}

/** The day's mix: which request comes next, by its share. */
function mixOf({ dashboards, spenders, payers, historyUsers }) {
  let turn = 0;
  return () => {
    turn += 1;
    const pick = turn % 100;
    // Found in your bank is opened now and then, not with every dashboard: 1 request in 500.
    if (turn % 500 === 0) {
      return { query: SUGGESTIONS, variables: {}, userId: historyUsers[(turn / 500) % historyUsers.length] };
    }
    if (pick < 10) {
      const spender = spenders[turn % spenders.length];
      return {
        query: SPEND,
        userId: spender.userId,
        variables: {
          input: {
            walletId: spender.walletId,
            transaction: { direction: turn % 3 === 0 ? 'DEPOSITED' : 'SPENT', amount: 1.25 },
          },
        },
      };
    }
    if (pick < 14) {
      // Marked paid, then not paid again the next time: the same occurrence, never settled.
      const payer = payers[turn % payers.length];
      payer.paid = !payer.paid;
      return {
        query: MARK_PAID,
        userId: payer.userId,
        variables: {
          walletId: payer.walletId,
          timeZone: payer.timeZone,
          changes: [{ ...payer.change, paid: payer.paid, cleared: false }],
        },
      };
    }
    const dashboard = dashboards[turn % dashboards.length];
    return dashboard;
  };
}

/** As many requests as `concurrency` loops send for `seconds`: the instance's capacity for the mix. */
async function capacity(url, next, token, seconds, concurrency = 20) {
  let done = 0;
  const end = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < end) {
        const request = next();
        await post(url, token(request.userId), request.query, request.variables);
        done += 1;
      }
    }),
  );
  return done / seconds;
}

async function main() {
  if (process.env.BENCH_SKIP_BUILD !== '1') {
    execFileSync('npm', ['run', 'build'], { cwd: REPO, stdio: 'inherit' });
  }
  const db = await openBenchDatabase('soak');
  const jwtSecret = randomBytes(36).toString('base64url');
  const { todayInZone } = core();
  const today = TIME_ZONES.map((zone) => todayInZone(new Date(), zone)).sort()[0];
  const { hashPassword } = fromServer('modules/auth/passwords.js');
  await migrate(db.url);
  await generateUsers(db.url, { from: 1, to: 1000, today, passwordHash: await hashPassword('Bench1234!') });
  const { openServerDeps } = await import('./lib/server-deps.mjs');
  const opened = await openServerDeps(db.url);
  for (const userId of HISTORY_USERS) {
    const [{ id }] = await opened.db.dataSource.query(
      'SELECT current_household_id AS id FROM debtor WHERE id = $1',
      [userId],
    );
    await writeHistory(opened.db.dataSource, id, userId, today, 3_000, 10, `soak${userId}`);
  }
  await opened.db.close();
  const sign = tokenSigner(jwtSecret);
  // Access tokens last 15 minutes: each user's is signed again every 5, as a client refreshes it.
  const signed = new Map();
  const token = (userId) => {
    const held = signed.get(userId);
    if (held && performance.now() - held.at < 5 * 60_000) return held.token;
    const fresh = { token: sign(userId), at: performance.now() };
    signed.set(userId, fresh);
    return fresh.token;
  };
  const users = await sampleUsers(db.url, { count: 400, maxId: 1000, skipBelow: 20 });
  const mix = mixOf({
    dashboards: users.slice(0, 300).map((user) => ({
      query: ANALYSIS_QUERY,
      variables: { walletId: user.walletId, timeZone: user.timeZone },
      userId: user.id,
    })),
    spenders: users.slice(300, 400).map((user) => ({ userId: user.id, walletId: user.walletId })),
    payers: (await paidInfoFixtures(db.url, { count: 100, fromId: 500, rows: 1 })).map((fixture) => ({
      userId: fixture.userId,
      walletId: fixture.walletId,
      timeZone: fixture.timeZone,
      change: fixture.changes[0],
      paid: false,
    })),
    historyUsers: HISTORY_USERS,
  });
  const api = await startApi({ databaseUrl: db.url, jwtSecret, env: { NODE_ENV: 'development' } });
  try {
    const connections = await connectBanks(api.url, token);
    let syncs = 0;
    await capacity(api.url, mix, token, 5); // warm-up
    const measured = await capacity(api.url, mix, token, 15);
    const rate = measured * SHARE;
    console.log(
      `capacity for the mix: ${Math.round(measured)} req/s; soaking at ${Math.round(rate)} req/s for ${MINUTES} min`,
    );
    const minutes = [];
    /** Every answer's time, per minute: the windows' p99 is over all of their requests. */
    const times = [];
    const importer = users[0];
    let imports = 0;
    for (let minute = 1; minute <= MINUTES; minute += 1) {
      const latencies = [];
      const errors = [];
      const inFlight = new Set();
      const started = performance.now();
      let sent = 0;
      // The instance's memory every 5 s; a minute's figure is their median (one sample lands
      // wherever the collector happens to be).
      const memory = [rssMiB(api.pid)];
      const sampler = setInterval(() => memory.push(rssMiB(api.pid)), 5_000);
      // The statement of the minute: previewed and confirmed as the browser does.
      const file = ofxOf(100, { today, prefix: `S${minute}-` }).toString('base64');
      const importing = (async () => {
        const importerToken = token(importer.id);
        const preview = await post(
          api.url,
          importerToken,
          'mutation($w: ID!, $c: String!) { previewImport(walletId: $w, fileName: "soak.ofx", contentBase64: $c) { id } }',
          { w: importer.walletId, c: file },
        );
        if (preview.failed) return errors.push(`import: ${preview.why}`);
        const confirmed = await post(
          api.url,
          importerToken,
          'mutation($id: ID!) { confirmImport(previewId: $id) { id } }',
          { id: preview.data.previewImport.id },
        );
        if (confirmed.failed) errors.push(`import: ${confirmed.why}`);
        else imports += 1;
      })();
      // The sync of the minute: one household's Sync now, its history already imported.
      const bankUser = BANK_USERS[minute % BANK_USERS.length];
      const syncing = post(
        api.url,
        token(bankUser),
        'mutation($id: ID!) { syncBankConnection(id: $id) { imported } }',
        { id: connections.get(bankUser) },
      ).then((answer) => (answer.failed ? errors.push(`sync: ${answer.why}`) : (syncs += 1)));
      while (performance.now() - started < 60_000) {
        const due = Math.floor(((performance.now() - started) / 1000) * rate);
        while (sent < due) {
          sent += 1;
          const request = mix();
          const pending = post(api.url, token(request.userId), request.query, request.variables).then(
            (answer) => {
              inFlight.delete(pending);
              if (answer.failed) errors.push(answer.why);
              else latencies.push(answer.ms);
            },
          );
          inFlight.add(pending);
        }
        await sleep(10);
      }
      clearInterval(sampler);
      await Promise.all([...inFlight, importing, syncing]);
      latencies.sort((a, b) => a - b);
      memory.sort((a, b) => a - b);
      times.push(latencies);
      const row = {
        minute,
        requests: sent,
        p99: round(percentile(latencies, 99), 1),
        errors: errors.length,
        firstError: errors[0] ?? null,
        rssMiB: round(percentile(memory, 50), 0),
      };
      minutes.push(row);
      console.log(JSON.stringify(row));
    }
    // Flat: the last five minutes' memory against the first five after the warm-up (medians).
    const settled = minutes.filter((row) => row.minute > WARM_UP_MINUTES);
    const medianOf = (rows, pick) => {
      const values = rows.map(pick).sort((a, b) => a - b);
      return values[Math.floor(values.length / 2)];
    };
    const early = settled.slice(0, Math.min(5, settled.length));
    const late = settled.slice(-Math.min(5, settled.length));
    const window = Math.min(5, minutes.length);
    const p99Over = (lists) =>
      round(
        percentile(
          lists.flat().sort((a, b) => a - b),
          99,
        ),
        1,
      );
    const firstP99 = p99Over(times.slice(0, window));
    const lastP99 = p99Over(times.slice(-window));
    const memoryEarly = medianOf(early, (row) => row.rssMiB);
    const memoryLate = medianOf(late, (row) => row.rssMiB);
    const checks = {
      memoryFlat: { early: memoryEarly, late: memoryLate, ok: memoryLate <= 1.1 * memoryEarly },
      p99: { first: firstP99, last: lastP99, ok: lastP99 <= 1.2 * firstP99 },
      errors: {
        total: minutes.reduce((sum, row) => sum + row.errors, 0),
        ok: minutes.every((row) => row.errors === 0),
      },
      imports,
      syncs,
    };
    console.log(JSON.stringify({ capacity: round(measured, 0), rate: round(rate, 0), checks }, null, 1));
    if (!checks.errors.ok) process.exitCode = 1;
  } finally {
    await api.stop();
    agent.destroy();
    await db.drop();
  }
}

/** Each of BANK_USERS connected to the instance's bridge stand-in: their connection ids. */
async function connectBanks(url, token) {
  const connections = new Map();
  for (const userId of BANK_USERS) {
    const { setupToken } = await (await fetch(`${url}/dev/simplefin/setup-token`)).json();
    const answer = await post(
      url,
      token(userId),
      'mutation($t: String!) { connectBank(setupToken: $t) { id } }',
      { t: setupToken },
    );
    if (answer.failed) throw new Error(`connecting a bank failed: ${answer.why}`);
    connections.set(userId, answer.data.connectBank.id);
  }
  return connections;
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});

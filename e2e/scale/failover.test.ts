/**
 * `npm run test:scale`, failover (docs/product-rules.md, "Data that survives"): the production
 * shape on a PostgreSQL pair managed by Patroni (synchronous replication, etcd) behind HAProxy,
 * PgBouncer in front of it, two app instances behind the web HAProxy. Under a load of spends and
 * bill payments from several households, the leader's PostgreSQL is killed with SIGKILL. Each
 * write is sent with its own Idempotency-Key and sent again with it, as the web client does, until
 * it is acknowledged. Afterwards every acknowledged write is in the database exactly once, every
 * balance equals what was acknowledged, and the writes stopped for at most 30 seconds; the app
 * instances never exited.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, test } from 'node:test';
import { sleep, startCluster, type Cluster } from './cluster';
import { addWallet, gql, ok, readyUser, TIME_ZONE, type Answer, type ScaleUser } from './client';
import { checkFailoverEngines, startPatroniPair, type PatroniPair } from './patroni-pair';

const HOUSEHOLDS = 4;
const OPENING_BALANCE = 100_000;
/** Load before the kill, and after the writes came back. */
const STEADY_MS = 3_000;
const MAX_SECONDS_WITHOUT_WRITES = 30;
/** A write that is still not acknowledged after this long fails the test. */
const GIVE_UP_MS = 60_000;

let pair: PatroniPair;
let cluster: Cluster;

before(async () => {
  const engines = checkFailoverEngines();
  console.log(`# engines: ${engines.patroni}; ${engines.etcd}; ${engines.postgres}`);
  const started = Date.now();
  pair = await startPatroniPair();
  cluster = await startCluster(pair.serverUrl);
  console.log(`# Patroni pair and cluster up in ${((Date.now() - started) / 1000).toFixed(1)} s`);
});

after(async () => {
  await cluster?.stop();
  await pair?.stop();
});

const SPEND = `mutation ($input: UpdateWalletBalanceInput!) { updateWalletBalance(input: $input) { id balance } }`;
const PAY = `mutation ($walletId: ID!, $changes: [PaidInfoInput!]!, $timeZone: String) {
  savePaidInfo(walletId: $walletId, changes: $changes, timeZone: $timeZone) { liabilities { id dueDate payment } }
}`;

interface Household {
  user: ScaleUser;
  walletId: string;
  billId: string;
  /** The bill's current due date, as the last acknowledged payment left it. */
  dueDate: string;
}

interface Tally {
  acknowledged: number;
  /** Attempts answered UNAVAILABLE, by a gateway, or not at all: sent again with the same key. */
  retried: number;
  /** Notes of the acknowledged spends, with their cents. */
  spends: Map<string, number>;
  /** `billId dueDate` of the acknowledged payments, with their cents. */
  payments: Map<string, number>;
  /** When each acknowledgement arrived (ms since the epoch). */
  acknowledgedAt: number[];
  /** Answers that were neither a success nor a reason to try again. */
  refusals: string[];
}

/** A lost answer or the database out of reach: the write's outcome is unknown, try again. */
function worthRetrying(answer: Answer<unknown> | null): boolean {
  if (answer === null) return true;
  if (answer.status === 502 || answer.status === 503 || answer.status === 504) return true;
  return answer.errors.some((error) => error.extensions?.code === 'UNAVAILABLE');
}

/** Sends one write with its key until it is acknowledged; answers the acknowledgement. */
async function untilAcknowledged<T>(
  tally: Tally,
  send: (key: string) => Promise<Answer<T>>,
): Promise<T | undefined> {
  const key = randomUUID();
  const started = Date.now();
  for (;;) {
    const answer = await send(key).catch(() => null);
    if (answer && !worthRetrying(answer)) {
      if (answer.errors.length > 0 || !answer.data) {
        tally.refusals.push(
          answer.errors.map((error) => `${error.extensions?.code}: ${error.message}`).join('; '),
        );
        return undefined;
      }
      tally.acknowledged += 1;
      tally.acknowledgedAt.push(Date.now());
      return answer.data;
    }
    tally.retried += 1;
    if (Date.now() - started > GIVE_UP_MS)
      throw new Error(`a write was not acknowledged within ${GIVE_UP_MS} ms`);
    await sleep(100);
  }
}

/** One household's stream of writes: three spends, then its bill's payment, and again. */
async function writeUntil(household: Household, tally: Tally, done: () => boolean, name: string) {
  for (let i = 0; !done(); i++) {
    if (i % 4 === 3) {
      const dueDate = household.dueDate;
      const data = await untilAcknowledged(tally, (key) =>
        gql<{ savePaidInfo: { liabilities: { id: string; dueDate: string; payment: number }[] } }>(
          cluster.url,
          PAY,
          {
            walletId: household.walletId,
            changes: [{ liabilityId: household.billId, paid: true, cleared: true, dueDate }],
            timeZone: TIME_ZONE,
          },
          { token: household.user.token, headers: { 'idempotency-key': key } },
        ),
      );
      const bill = data?.savePaidInfo.liabilities.find((row) => row.id === household.billId);
      if (bill) {
        tally.payments.set(`${household.billId} ${dueDate}`, Math.round(bill.payment * 100));
        household.dueDate = bill.dueDate;
      }
    } else {
      const note = `${name}-${i}`;
      const cents = 100 + ((i * 37) % 900);
      const data = await untilAcknowledged(tally, (key) =>
        gql(
          cluster.url,
          SPEND,
          {
            input: {
              walletId: household.walletId,
              transaction: { direction: 'SPENT', amount: cents / 100, transactionDescription: note },
              timeZone: TIME_ZONE,
            },
          },
          { token: household.user.token, headers: { 'idempotency-key': key } },
        ),
      );
      if (data) tally.spends.set(note, cents);
    }
  }
}

async function newHousehold(index: number): Promise<Household> {
  const user = await readyUser(cluster.url, `fo${index}`);
  const walletId = await addWallet(cluster.url, user, 'Checking', OPENING_BALANCE / 100);
  const bill = ok(
    await gql<{ addLiability: { id: string; dueDate: string } }>(
      cluster.url,
      `mutation ($input: LiabilityInput!) { addLiability(input: $input) { id dueDate } }`,
      {
        input: {
          creditorName: `Phone ${index}`,
          debtType: 'MOBILE_PHONE',
          frequency: 'WEEKLY',
          dueDate: '2026-01-05',
          payment: 12.5,
          timeZone: TIME_ZONE,
        },
      },
      { token: user.token },
    ),
  ).addLiability;
  return { user, walletId, billId: bill.id, dueDate: bill.dueDate };
}

test('the leader killed under load: writes come back within 30 s, nothing acknowledged is lost or applied twice', async () => {
  const households = await Promise.all(Array.from({ length: HOUSEHOLDS }, (_, index) => newHousehold(index)));
  const tally: Tally = {
    acknowledged: 0,
    retried: 0,
    spends: new Map(),
    payments: new Map(),
    acknowledgedAt: [],
    refusals: [],
  };
  let stopping = false;
  const writers = households.map((household, index) =>
    writeUntil(household, tally, () => stopping, `fo${index}`),
  );

  await sleep(STEADY_MS);
  const former = await pair.killLeaderPostgres();
  const killedAt = Date.now();
  const before = tally.acknowledged;
  const steadyRate = tally.acknowledgedAt.filter((at) => at > killedAt - STEADY_MS).length;
  // Keep writing until they are acknowledged at half the rate they were before the kill, or more.
  for (;;) {
    await sleep(250);
    const now = Date.now();
    const recent = tally.acknowledgedAt.filter((at) => at > Math.max(killedAt, now - STEADY_MS)).length;
    if (now - killedAt >= STEADY_MS && recent >= steadyRate / 2) break;
    if (now - killedAt > GIVE_UP_MS) break;
  }
  stopping = true;
  await Promise.all(writers);

  const leader = await pair.leader();
  assert.notEqual(leader.name, former.name, 'the standby took over');
  for (const app of cluster.apps) {
    assert.equal(app.child?.exitCode, null, `${app.name} is still running`);
    assert.equal(app.child?.signalCode, null, `${app.name} was not killed`);
  }
  const logged = cluster.apps.flatMap((app) =>
    app
      .errors()
      .map(
        (entry) => `${app.name}: ${entry.msg} ${JSON.stringify(entry.err ?? entry.req ?? '').slice(0, 300)}`,
      ),
  );
  assert.deepEqual(
    tally.refusals,
    [],
    `no write was refused; the instances logged:\n${logged.slice(0, 10).join('\n')}`,
  );

  // The longest stretch without an acknowledged write, around the kill.
  const times = [killedAt, ...tally.acknowledgedAt.filter((at) => at > killedAt)].sort((a, b) => a - b);
  let gapMs = 0;
  for (let i = 1; i < times.length; i++) gapMs = Math.max(gapMs, times[i]! - times[i - 1]!);
  const seconds = gapMs / 1000;

  // Every acknowledged spend once; every acknowledged payment once; nothing else.
  const notes = await cluster.db.query<{ note: string; times: number }>(
    `SELECT description AS note, count(*)::int AS times FROM register_entry
      WHERE kind = 'transaction' AND wallet_id = ANY($1::int[]) GROUP BY description`,
    [households.map((household) => Number(household.walletId))],
  );
  const stored = new Map(notes.rows.map((row) => [row.note, row.times]));
  const paid = await cluster.db.query<{ key: string; times: number }>(
    `SELECT liability_id || ' ' || due_date::text AS key, count(*)::int AS times FROM liability_payment
      WHERE liability_id = ANY($1::int[]) GROUP BY 1`,
    [households.map((household) => Number(household.billId))],
  );
  const storedPayments = new Map(paid.rows.map((row) => [row.key, row.times]));
  const lost =
    [...tally.spends.keys()].filter((note) => !stored.has(note)).length +
    [...tally.payments.keys()].filter((key) => !storedPayments.has(key)).length;
  const duplicated =
    notes.rows.filter((row) => row.times > 1).length + paid.rows.filter((row) => row.times > 1).length;
  const unacknowledged =
    [...stored.keys()].filter((note) => !tally.spends.has(note)).length +
    [...storedPayments.keys()].filter((key) => !tally.payments.has(key)).length;

  const buckets = new Map<number, number>();
  for (const at of tally.acknowledgedAt) {
    const second = Math.floor((at - killedAt) / 1000);
    buckets.set(second, (buckets.get(second) ?? 0) + 1);
  }
  console.log(
    `# writes acknowledged in each second from the kill: ${[...buckets].map(([second, n]) => `${second}s ${n}`).join(', ')}`,
  );
  console.log(
    `failover: acknowledged ${tally.acknowledged}, lost ${lost}, duplicated ${duplicated}, no writes for ${seconds.toFixed(1)} s`,
  );
  console.log(
    `# ${before} acknowledged before the kill of ${former.name}'s PostgreSQL, ${tally.retried} attempts sent again with their key; ${leader.name} leads now`,
  );
  assert.equal(lost, 0, 'no acknowledged write lost');
  assert.equal(duplicated, 0, 'no write applied twice');
  assert.equal(
    unacknowledged,
    0,
    'nothing stored that was not acknowledged (every write was sent until acknowledged)',
  );
  assert.ok(
    tally.acknowledgedAt.some((at) => at > killedAt),
    'writes acknowledged after the kill',
  );
  assert.ok(
    seconds <= MAX_SECONDS_WITHOUT_WRITES,
    `no writes for ${seconds} s (at most ${MAX_SECONDS_WITHOUT_WRITES})`,
  );

  // Each balance is the opening balance less what was acknowledged, and equals its register.
  for (const [index, household] of households.entries()) {
    const spent = [...tally.spends]
      .filter(([note]) => note.startsWith(`fo${index}-`))
      .reduce((sum, [, cents]) => sum + cents, 0);
    const payments = [...tally.payments]
      .filter(([key]) => key.startsWith(`${household.billId} `))
      .reduce((sum, [, cents]) => sum + cents, 0);
    const { rows } = await cluster.db.query<{ balance: string }>(
      'SELECT balance_cents AS balance FROM wallet WHERE id = $1',
      [Number(household.walletId)],
    );
    assert.equal(
      Number(rows[0]!.balance),
      OPENING_BALANCE - spent - payments,
      `household ${index}'s balance`,
    );
  }
});

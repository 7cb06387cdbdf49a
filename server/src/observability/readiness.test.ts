import { randomUUID } from 'node:crypto';
import { startCuttableProxy, type CuttableProxy } from '../test/cuttable-proxy';
import { addWallet, errorCode, newUser, ok, storedBalance } from '../test/finance';
import { rest, REST_TEST_ENV } from '../test/rest';
import { capturedLog } from '../test/accounts';
import { startTestApp, type TestApp } from '../test/harness';
import { TEST_DB_ENV } from '../test/test-database';

/**
 * Health as a load balancer reads it: /livez (and /healthz) say the process answers and never ask
 * the database; /readyz says the database answers, turning 503 within about two seconds of it
 * going away and 200 again once it is back, without a restart.
 */

let proxy: CuttableProxy;
let t: TestApp;
const log = capturedLog();
beforeAll(async () => {
  proxy = await startCuttableProxy(process.env[TEST_DB_ENV]!);
  t = await startTestApp({
    databaseUrl: (url) => proxy.urlFor(url),
    env: { ...REST_TEST_ENV, LOG_LEVEL: 'info' },
    logDestination: log.stream,
  });
});
afterAll(async () => {
  await t.close();
  await proxy.close();
});

const status = async (path: string) => (await fetch(`${t.url}${path}`)).status;

/** Milliseconds until /readyz answers `wanted`, asking every 100 ms. */
async function millisecondsUntilReady(wanted: number, limitMs: number): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < limitMs) {
    if ((await status('/readyz')) === wanted) return Date.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`/readyz did not answer ${wanted} within ${limitMs} ms`);
}

it('is live and ready while the database answers', async () => {
  expect(await status('/livez')).toBe(200);
  expect(await status('/healthz')).toBe(200);
  expect(await status('/readyz')).toBe(200);
});

it('is not ready within about two seconds of the database going away, yet still live; ready again once it is back', async () => {
  proxy.cut();
  expect(await millisecondsUntilReady(503, 5_000)).toBeLessThanOrEqual(2_000);
  const notReady = await fetch(`${t.url}/readyz`);
  expect(await notReady.json()).toEqual({ status: 'database unreachable' });
  expect(await status('/livez')).toBe(200);
  expect(await status('/healthz')).toBe(200);

  proxy.restore();
  await millisecondsUntilReady(200, 15_000);
  expect((await t.gql('{ health }')).data).toEqual({ health: 'ok' });

  // Asked every 100 ms while it was down, it says so once, at warn, and once when it is back;
  // a probe's 503 is never logged as a failed request.
  const entries = log.lines.map((line) => JSON.parse(line) as { level: number; msg: string });
  expect(entries.filter((entry) => /ready/.test(entry.msg))).toEqual([
    expect.objectContaining({ level: 40, msg: 'not ready' }),
    expect.objectContaining({ level: 30, msg: 'ready again: the database answers' }),
  ]);
  expect(entries.filter((entry) => entry.level >= 50)).toEqual([]);
});

it('is not ready when the database stops answering without dropping the connection (one second at most)', async () => {
  proxy.stall();
  expect(await millisecondsUntilReady(503, 5_000)).toBeLessThanOrEqual(2_000);
  expect(await status('/livez')).toBe(200);
  proxy.restore();
  await millisecondsUntilReady(200, 15_000);
});

it('while the database is gone a change is answered UNAVAILABLE in words for people; once it is back, the same change with its key applies once', async () => {
  const user = await newUser(t);
  const wallet = await addWallet(t, user, 'Checking', 100);
  const key = randomUUID();
  const spend = () =>
    t.gql<{ updateWalletBalance: { balance: number } }>(
      `mutation($input: UpdateWalletBalanceInput!) { updateWalletBalance(input: $input) { balance } }`,
      { input: { walletId: wallet.id, transaction: { direction: 'SPENT', amount: 30 } } },
      { token: user.token, headers: { 'idempotency-key': key } },
    );
  const restSpend = () =>
    rest(t, 'PUT', '/account/update-wallet-balance', {
      token: user.token,
      headers: { 'idempotency-key': key },
      body: {
        updateBalance: { id: Number(wallet.id), debtorId: user.id },
        transaction: { direction: 'spent', amount: 30 },
      },
    });

  proxy.cut();
  const refused = await spend();
  expect(errorCode(refused)).toBe('UNAVAILABLE');
  expect(refused.errors?.[0]?.message).toBe(
    'We could not reach our database just now. Try again in a moment.',
  );
  const refusedRest = await restSpend();
  expect(refusedRest.status).toBe(503);
  expect(refusedRest.body).toMatchObject({
    message: 'We could not reach our database just now. Try again in a moment.',
  });

  proxy.restore();
  await millisecondsUntilReady(200, 15_000);
  expect(ok(await spend()).updateWalletBalance.balance).toBe(70);
  expect((await restSpend()).body.balance).toBe(70);
  expect(ok(await spend()).updateWalletBalance.balance).toBe(70);
  expect(await storedBalance(t, wallet.id)).toBe(7000);
});

import { randomUUID } from 'node:crypto';
import { queryOne, queryRows } from './sql';
import { purgeOldChangeKeys } from './change-once';
import {
  addIncomeSource,
  addLiability,
  addWallet,
  errorCode,
  newUser,
  NOW,
  ok,
  registerCount,
  storedBalance,
  ZONE,
  type TestUser,
} from '../test/finance';
import { startTestApp, type TestApp } from '../test/harness';
import { rest, REST_TEST_ENV } from '../test/rest';

/**
 * A change sent again with the same Idempotency-Key is applied once (docs/product-rules.md, "Data
 * that survives"): what a client does when it never learned whether its change was saved.
 */

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ clock: { now: () => NOW }, env: REST_TEST_ENV });
});
afterAll(() => t.close());

const SPEND = `mutation($input: UpdateWalletBalanceInput!) { updateWalletBalance(input: $input) { id balance } }`;

function spend(user: TestUser, walletId: string, amount: number, key?: string, note = 'Groceries') {
  return t.gql<{ updateWalletBalance: { id: string; balance: number } }>(
    SPEND,
    {
      input: {
        walletId,
        transaction: { direction: 'SPENT', amount, transactionDescription: note },
        timeZone: ZONE,
      },
    },
    { token: user.token, headers: key === undefined ? {} : { 'idempotency-key': key } },
  );
}

async function keysOf(user: TestUser): Promise<number> {
  const row = await queryOne<{ n: number }>(
    t.deps.dataSource,
    'SELECT count(*)::int AS n FROM applied_change WHERE debtor_id = $1',
    [user.id],
  );
  return row?.n ?? 0;
}

it('a spend sent twice with one key moves the money once, and both answers show the balance after it', async () => {
  const user = await newUser(t);
  const wallet = await addWallet(t, user, 'Checking', 100);
  const key = randomUUID();
  const first = ok(await spend(user, wallet.id, 25.25, key));
  const again = ok(await spend(user, wallet.id, 25.25, key));
  expect(first.updateWalletBalance.balance).toBe(74.75);
  expect(again.updateWalletBalance.balance).toBe(74.75);
  expect(await storedBalance(t, wallet.id)).toBe(7475);
  expect(await registerCount(t, wallet.id)).toBe(1);

  // Without a key, or with a new one, the same spend is a new spend.
  ok(await spend(user, wallet.id, 25.25));
  ok(await spend(user, wallet.id, 25.25, randomUUID()));
  expect(await storedBalance(t, wallet.id)).toBe(2425);
});

it('the same key sent by two requests at the same moment applies the change once', async () => {
  const user = await newUser(t);
  const wallet = await addWallet(t, user, 'Checking', 100);
  const key = randomUUID();
  const answers = await Promise.all(Array.from({ length: 6 }, () => spend(user, wallet.id, 10, key)));
  for (const answer of answers) expect(answer.errors).toBeUndefined();
  expect(await storedBalance(t, wallet.id)).toBe(9000);
  expect(await keysOf(user)).toBe(1);
});

it('a key already used for another change is refused, and nothing changes', async () => {
  const user = await newUser(t);
  const wallet = await addWallet(t, user, 'Checking', 100);
  const key = randomUUID();
  ok(await spend(user, wallet.id, 10, key));
  const other = await spend(user, wallet.id, 11, key);
  expect(errorCode(other)).toBe('BAD_USER_INPUT');
  expect(other.errors?.[0]?.message).toBe('This Idempotency-Key was already used for a different change.');
  expect(await storedBalance(t, wallet.id)).toBe(9000);
});

it("a key belongs to the account that sent it: another account's change with the same key is its own", async () => {
  const [alice, bob] = [await newUser(t), await newUser(t)];
  const [aliceWallet, bobWallet] = [await addWallet(t, alice, 'A', 100), await addWallet(t, bob, 'B', 100)];
  const key = randomUUID();
  ok(await spend(alice, aliceWallet.id, 10, key));
  ok(await spend(bob, bobWallet.id, 10, key));
  expect(await storedBalance(t, aliceWallet.id)).toBe(9000);
  expect(await storedBalance(t, bobWallet.id)).toBe(9000);
});

it('a malformed key is refused before anything runs, on GraphQL and REST alike', async () => {
  const user = await newUser(t);
  const wallet = await addWallet(t, user, 'Checking', 100);
  for (const key of ['', ' ', 'x'.repeat(256), 'naïve', 'tab\tinside']) {
    const graphql = await fetch(`${t.url}/graphql`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${user.token}`,
        'idempotency-key': key,
      },
      body: JSON.stringify({
        query: SPEND,
        variables: { input: { walletId: wallet.id, transaction: { direction: 'SPENT', amount: 1 } } },
      }),
    }).catch(() => null);
    // fetch itself refuses some header values (a tab, non-ASCII): those never reach any server.
    if (graphql === null) continue;
    expect(graphql.status).toBe(400);
    expect(await graphql.json()).toEqual({
      message: 'The Idempotency-Key header must be 1 to 255 visible characters.',
      code: 'BAD_USER_INPUT',
    });
  }
  const viaRest = await rest(t, 'PUT', '/account/update-wallet-balance', {
    token: user.token,
    headers: { 'idempotency-key': 'x'.repeat(256) },
    body: {
      updateBalance: { id: Number(wallet.id), debtorId: user.id },
      transaction: { direction: 'spent', amount: 1 },
    },
  });
  expect(viaRest.status).toBe(400);
  expect(await storedBalance(t, wallet.id)).toBe(10000);
});

it('Save Paid Info sent twice with one key pays the bill once and answers success both times', async () => {
  const user = await newUser(t);
  const wallet = await addWallet(t, user, 'Checking', 3000);
  const bill = await addLiability(t, user);
  const key = randomUUID();
  const save = () =>
    t.gql(
      `mutation($walletId: ID!, $changes: [PaidInfoInput!]!) {
        savePaidInfo(walletId: $walletId, changes: $changes) { wallet { balance } }
      }`,
      {
        walletId: wallet.id,
        changes: [{ liabilityId: bill.id, paid: true, cleared: true, dueDate: bill.dueDate }],
      },
      { token: user.token, headers: { 'idempotency-key': key } },
    );
  ok(await save());
  ok(await save()); // without the key, this one is refused: the bill has moved on
  expect(await storedBalance(t, wallet.id)).toBe(160000);
  const payments = await queryRows(
    t.deps.dataSource,
    'SELECT id FROM liability_payment WHERE liability_id = $1',
    [Number(bill.id)],
  );
  expect(payments).toHaveLength(1);
});

it('Deposit Pay sent twice with one key deposits once', async () => {
  const user = await newUser(t);
  const wallet = await addWallet(t, user, 'Checking', 0);
  const pay = await addIncomeSource(t, user);
  const key = randomUUID();
  const deposit = () =>
    t.gql(
      `mutation($walletId: ID!, $occurrences: [IncomeOccurrenceInput!]!) {
        depositPay(walletId: $walletId, occurrences: $occurrences) { wallet { balance } }
      }`,
      { walletId: wallet.id, occurrences: [{ incomeSourceId: pay.id, date: '2026-11-13' }] },
      { token: user.token, headers: { 'idempotency-key': key } },
    );
  ok(await deposit());
  ok(await deposit());
  expect(await storedBalance(t, wallet.id)).toBe(200000);
});

it('the REST path takes the key too', async () => {
  const user = await newUser(t);
  const wallet = await addWallet(t, user, 'Checking', 100);
  const key = randomUUID();
  const send = () =>
    rest(t, 'PUT', '/account/update-wallet-balance', {
      token: user.token,
      headers: { 'idempotency-key': key },
      body: {
        updateBalance: { id: Number(wallet.id), debtorId: user.id, timezone: ZONE },
        transaction: { direction: 'spent', amount: 40 },
      },
    });
  expect((await send()).body.balance).toBe(60);
  expect((await send()).body.balance).toBe(60);
  expect(await storedBalance(t, wallet.id)).toBe(6000);
});

it('keys are kept a day', async () => {
  const user = await newUser(t);
  const wallet = await addWallet(t, user, 'Checking', 100);
  ok(await spend(user, wallet.id, 1, randomUUID()));
  ok(await spend(user, wallet.id, 1, randomUUID()));
  await t.deps.dataSource.query(
    `UPDATE applied_change SET created_at = now() - interval '25 hours'
      WHERE debtor_id = $1 AND change_key = (SELECT min(change_key) FROM applied_change WHERE debtor_id = $1)`,
    [user.id],
  );
  expect(await purgeOldChangeKeys(t.deps.dataSource, new Date())).toBeGreaterThanOrEqual(1);
  expect(await keysOf(user)).toBe(1);
});

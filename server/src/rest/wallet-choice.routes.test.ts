import { queryOne } from '../db/sql';
import { newUser, NOW, TODAY, ZONE, type TestUser } from '../test/finance';
import { buildWallet } from '../test/factories';
import { startTestApp, type TestApp } from '../test/harness';
import { expectContract, rest, REST_TEST_ENV } from '../test/rest';

/**
 * 'Deposits to' and 'Paid from' over REST (docs/product-rules.md §7-§8 "Where money lands"): the income and
 * expense bodies accept an optional `walletId`; the original client, which never sends it, keeps
 * what is stored; the responses keep the specification's shapes.
 */

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ clock: { now: () => NOW }, env: REST_TEST_ENV });
});
afterAll(() => t.close());

async function walletOf(table: 'income_source' | 'liability', id: number): Promise<number | null> {
  const row = await queryOne<{ wallet_id: number | null }>(
    t.deps.dataSource,
    `SELECT wallet_id FROM ${table} WHERE id = $1`,
    [id],
  );
  return row?.wallet_id ?? null;
}

function income(user: TestUser, extra: Record<string, unknown> = {}) {
  return {
    debtorId: user.id,
    id: -1,
    sourceName: 'Acme Payroll',
    incomeFrequency: 'Bi-Weekly',
    nextPmtDate: '2026-11-13',
    paymentAmount: 2000,
    sourceStatus: true,
    timezone: ZONE,
    ...extra,
  };
}

function expense(user: TestUser, extra: Record<string, unknown> = {}) {
  return {
    debtorId: user.id,
    id: -1,
    creditorName: 'Rocket Mortgage',
    debtType: 'Mortgage/Rent',
    frequency: 'Monthly',
    dueDate: TODAY,
    payment: 1400,
    timezone: ZONE,
    ...extra,
  };
}

describe('REST income and expenses with an optional walletId', () => {
  it('stores it, keeps it when an update leaves it out, clears it with null', async () => {
    const user = await newUser(t, { timeZone: ZONE });
    const wallet = await buildWallet(t.deps.dataSource, user.id);

    const added = await rest(t, 'POST', '/account/add-income', {
      token: user.token,
      body: income(user, { walletId: wallet.id }),
    });
    expectContract(added, 'POST', '/account/add-income');
    expect(await walletOf('income_source', added.body.id)).toBe(wallet.id);
    const updated = await rest(t, 'PUT', '/account/update-income', {
      token: user.token,
      body: income(user, { id: added.body.id, paymentAmount: 2100 }),
    });
    expectContract(updated, 'PUT', '/account/update-income');
    expect(await walletOf('income_source', added.body.id)).toBe(wallet.id);

    const expenseAdded = await rest(t, 'POST', '/account/add-expense', {
      token: user.token,
      body: expense(user, { walletId: String(wallet.id) }),
    });
    expectContract(expenseAdded, 'POST', '/account/add-expense');
    expect(await walletOf('liability', expenseAdded.body.id)).toBe(wallet.id);
    const cleared = await rest(t, 'PUT', '/account/update-expense', {
      token: user.token,
      body: expense(user, { id: expenseAdded.body.id, walletId: null }),
    });
    expectContract(cleared, 'PUT', '/account/update-expense');
    expect(await walletOf('liability', expenseAdded.body.id)).toBeNull();
  });

  it("answers 404 for another user's wallet and stores nothing", async () => {
    const user = await newUser(t, { timeZone: ZONE });
    const other = await newUser(t);
    const theirs = await buildWallet(t.deps.dataSource, other.id);
    const response = await rest(t, 'POST', '/account/add-expense', {
      token: user.token,
      body: expense(user, { walletId: theirs.id }),
    });
    expect(response.status).toBe(404);
    const count = await queryOne<{ count: string }>(
      t.deps.dataSource,
      'SELECT count(*) FROM liability WHERE household_id = (SELECT id FROM household WHERE personal_of = $1)',
      [user.id],
    );
    expect(Number(count?.count)).toBe(0);
  });
});

import { queryOne, queryRows } from '../db/sql';
import { newUser, ok, storedBalance, TODAY, ZONE, NOW, type TestUser } from '../test/finance';
import { startTestApp, type TestApp } from '../test/harness';
import { expectContract, rest, REST_TEST_ENV, type RestResponse } from '../test/rest';

/**
 * Contract tests of the finance paths of the REST paths (docs/product-rules.md §11): requests in the original
 * client's shape (labels, dollars, `id: -1`, `timezone`), responses checked against the OpenAPI
 * schemas (closed objects, so `sourceDesciption` must be spelled so) and against the database.
 * The clock stands on Monday 2026-11-16, 10:00 in New York.
 */

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ clock: { now: () => NOW }, env: REST_TEST_ENV });
});
afterAll(() => t.close());

const ENCODED_ZONE = encodeURIComponent(ZONE);

async function addWallet(user: TestUser, walletName = 'Checking', balance = 1000) {
  const response = await rest(t, 'POST', '/account/add-wallet', {
    token: user.token,
    body: { debtorId: user.id, id: -1, walletName, walletDescription: null, balance, timezone: ZONE },
  });
  expectContract(response, 'POST', '/account/add-wallet');
  return response.body as { id: number; balance: number; defaultWallet: boolean };
}

function expense(user: TestUser, overrides: Record<string, unknown> = {}) {
  return {
    debtorId: user.id,
    id: -1,
    creditorName: 'Rocket Mortgage',
    creditorUrl: 'rocketmortgage.com',
    debtType: 'Mortgage/Rent',
    frequency: 'Monthly',
    dueDate: '2026-11-20',
    balance: 250000,
    payment: 1400,
    autoPay: false,
    creditorDescription: 'House',
    timeZone: ZONE,
    ...overrides,
  };
}

function income(user: TestUser, overrides: Record<string, unknown> = {}) {
  return {
    debtorId: user.id,
    id: -1,
    sourceName: 'Acme Payroll',
    sourceUrl: 'acme.example',
    incomeFrequency: 'Bi-Weekly',
    nextPmtDate: '2026-11-13',
    biMonthlyPayDate: null,
    paymentAmount: 2000,
    sourceDesciption: 'Day job',
    sourceStatus: true,
    timezone: ZONE,
    ...overrides,
  };
}

function expectError(response: RestResponse, status: number, field?: string) {
  expect({ status: response.status, hasMessage: typeof response.body?.message === 'string' }).toEqual({
    status,
    hasMessage: true,
  });
  if (field) expect(response.body.field).toBe(field);
}

describe('wallets', () => {
  it('POST /account/add-wallet adds a wallet (id -1); the first one is the default', async () => {
    const user = await newUser(t);
    const wallet = await addWallet(user, 'Checking', 1234.5);
    expect(wallet).toMatchObject({
      debtorId: user.id,
      walletName: 'Checking',
      balance: 1234.5,
      defaultWallet: true,
    });
    const second = await addWallet(user, 'Savings', 0);
    expect(second.defaultWallet).toBe(false);
  });

  it('PUT /account/update-wallet renames it and sets a typed balance with a register entry', async () => {
    const user = await newUser(t);
    const wallet = await addWallet(user, 'Checking', 1234.5);
    const response = await rest(t, 'PUT', '/account/update-wallet', {
      token: user.token,
      body: {
        debtorId: user.id,
        id: wallet.id,
        walletName: 'Main',
        walletDescription: 'Bills',
        balance: 1000,
        timezone: ZONE,
      },
    });
    expectContract(response, 'PUT', '/account/update-wallet');
    expect(response.body).toMatchObject({
      id: wallet.id,
      walletName: 'Main',
      walletDescription: 'Bills',
      balance: 1000,
    });
    const register = await rest(
      t,
      'GET',
      `/account/wallet-register?debtorId=${user.id}&walletId=${wallet.id}&timeZone=${ENCODED_ZONE}`,
      {
        token: user.token,
      },
    );
    expectContract(register, 'GET', '/account/wallet-register');
    expect(register.body).toEqual([
      {
        id: expect.any(Number),
        direction: 'spent',
        amount: 234.5,
        date: TODAY,
        transactionDescription: 'Balance updated',
      },
    ]);
  });

  it('GET /account/debtor-wallets answers a plain array with defaultWallet and lastUpdate', async () => {
    const user = await newUser(t);
    await addWallet(user, 'Checking', 10);
    const response = await rest(
      t,
      'GET',
      `/account/debtor-wallets?debtorId=${user.id}&timeZone=${ENCODED_ZONE}`,
      {
        token: user.token,
      },
    );
    expectContract(response, 'GET', '/account/debtor-wallets');
    expect(Array.isArray(response.body)).toBe(true);
    expect(response.body[0]).toMatchObject({
      debtorId: user.id,
      walletName: 'Checking',
      defaultWallet: true,
    });
    expect(Date.parse(response.body[0].lastUpdate)).not.toBeNaN();
  });

  it('PUT /account/change-wallet takes the wallet id as the body and makes it the only default', async () => {
    const user = await newUser(t);
    const first = await addWallet(user, 'Checking');
    const second = await addWallet(user, 'Savings');
    const response = await rest(t, 'PUT', '/account/change-wallet', {
      token: user.token,
      rawBody: String(second.id),
    });
    expectContract(response, 'PUT', '/account/change-wallet');
    expect(response.body.map((w: { id: number; defaultWallet: boolean }) => [w.id, w.defaultWallet])).toEqual(
      [
        [first.id, false],
        [second.id, true],
      ],
    );
    const quoted = await rest(t, 'PUT', '/account/change-wallet', {
      token: user.token,
      rawBody: `"${first.id}"`,
    });
    expect(quoted.body.find((w: { id: number }) => w.id === first.id).defaultWallet).toBe(true);
  });

  it('DELETE /account/delete-wallet/{id} deletes it and promotes another default', async () => {
    const user = await newUser(t);
    const first = await addWallet(user, 'Checking');
    const second = await addWallet(user, 'Savings');
    const response = await rest(t, 'DELETE', `/account/delete-wallet/${first.id}`, { token: user.token });
    expectContract(response, 'DELETE', '/account/delete-wallet/:id');
    const list = await rest(t, 'GET', '/account/debtor-wallets', { token: user.token });
    expect(list.body).toEqual([expect.objectContaining({ id: second.id, defaultWallet: true })]);
    expectError(await rest(t, 'DELETE', `/account/delete-wallet/${first.id}`, { token: user.token }), 404);
  });

  it('PUT /account/update-wallet-balance applies a transaction and ignores the balance the client computed', async () => {
    const user = await newUser(t);
    const wallet = await addWallet(user, 'Checking', 100);
    const spent = await rest(t, 'PUT', '/account/update-wallet-balance', {
      token: user.token,
      body: {
        updateBalance: { id: wallet.id, balance: 999999, timezone: ZONE, debtorId: user.id },
        transaction: { direction: 'spent', amount: 25.25, transactionDescription: 'Groceries' },
      },
    });
    expectContract(spent, 'PUT', '/account/update-wallet-balance');
    expect(spent.body.balance).toBe(74.75);
    const deposited = await rest(t, 'PUT', '/account/update-wallet-balance', {
      token: user.token,
      body: {
        updateBalance: { id: wallet.id, balance: 0, timezone: ZONE, debtorId: user.id },
        transaction: { direction: 'deposited', amount: 0.25 },
      },
    });
    expect(deposited.body.balance).toBe(75);
    const set = await rest(t, 'PUT', '/account/update-wallet-balance', {
      token: user.token,
      body: { updateBalance: { id: wallet.id, balance: -12.5, timezone: ZONE, debtorId: user.id } },
    });
    expect(set.body.balance).toBe(-12.5);
    expect(await storedBalance(t, wallet.id)).toBe(-1250);
    const register = await rest(t, 'GET', `/account/wallet-register?walletId=${wallet.id}`, {
      token: user.token,
    });
    expect(
      register.body.map((e: { direction: string; amount: number; transactionDescription: string | null }) => [
        e.direction,
        e.amount,
        e.transactionDescription,
      ]),
    ).toEqual([
      ['spent', 87.5, 'Balance updated'],
      ['deposited', 0.25, null],
      ['spent', 25.25, 'Groceries'],
    ]);
  });

  it('refuses a bad amount or direction with 400 and the field, changing nothing', async () => {
    const user = await newUser(t);
    const wallet = await addWallet(user, 'Checking', 100);
    const send = (transaction: unknown) =>
      rest(t, 'PUT', '/account/update-wallet-balance', {
        token: user.token,
        body: { updateBalance: { id: wallet.id, debtorId: user.id }, transaction },
      });
    expectError(await send({ direction: 'spent', amount: 0 }), 400, 'amount');
    expectError(await send({ direction: 'spent', amount: 1.234 }), 400, 'amount');
    expectError(await send({ direction: 'sideways', amount: 5 }), 400, 'direction');
    expectError(
      await rest(t, 'POST', '/account/add-wallet', { token: user.token, body: { id: -1, walletName: '  ' } }),
      400,
      'walletName',
    );
    expect(await storedBalance(t, wallet.id)).toBe(10000);
  });
});

describe('expenses', () => {
  it('POST /account/add-expense takes labels and dollars and answers the expense row with labels', async () => {
    const user = await newUser(t);
    const response = await rest(t, 'POST', '/account/add-expense', {
      token: user.token,
      body: expense(user),
    });
    expectContract(response, 'POST', '/account/add-expense');
    expect(response.body).toMatchObject({
      debtorId: user.id,
      creditorName: 'Rocket Mortgage',
      creditorUrl: 'rocketmortgage.com',
      debtType: 'Mortgage/Rent',
      frequency: 'Monthly',
      dueDate: '2026-11-20',
      balance: 250000,
      payment: 1400,
      autoPay: false,
      creditorDescription: 'House',
      currentPaid: false,
      currentCleared: false,
      creditorDto: { creditorName: 'Rocket Mortgage' },
      creditor: { creditorName: 'Rocket Mortgage', creditorUrl: 'rocketmortgage.com' },
    });
    const stored = await queryOne<{ debt_type: string; payment_cents: string }>(
      t.deps.dataSource,
      'SELECT debt_type, payment_cents FROM liability WHERE id = $1',
      [response.body.id],
    );
    expect(stored).toEqual({ debt_type: 'MORTGAGE_RENT', payment_cents: '140000' });
  });

  it('accepts the enum codes too, and answers labels', async () => {
    const user = await newUser(t);
    const response = await rest(t, 'POST', '/account/add-expense', {
      token: user.token,
      body: expense(user, { debtType: 'MOBILE_PHONE', frequency: 'BIMONTHLY', balance: null }),
    });
    expectContract(response, 'POST', '/account/add-expense');
    expect(response.body).toMatchObject({ debtType: 'Mobile Phone', frequency: 'Bi-Monthly', balance: null });
  });

  it('PUT /account/update-expense changes the expense with that id; id -1 adds a new one', async () => {
    const user = await newUser(t);
    const added = await rest(t, 'POST', '/account/add-expense', { token: user.token, body: expense(user) });
    const response = await rest(t, 'PUT', '/account/update-expense', {
      token: user.token,
      body: expense(user, {
        id: added.body.id,
        debtType: 'Misc Bill',
        frequency: 'Twice Yearly',
        payment: 99.99,
      }),
    });
    expectContract(response, 'PUT', '/account/update-expense');
    expect(response.body).toMatchObject({
      id: added.body.id,
      debtType: 'Misc Bill',
      frequency: 'Twice Yearly',
      payment: 99.99,
    });
    const viaUpdate = await rest(t, 'PUT', '/account/update-expense', {
      token: user.token,
      body: expense(user, { id: -1 }),
    });
    expect(viaUpdate.body.id).not.toBe(added.body.id);
    const count = await queryOne<{ n: number }>(
      t.deps.dataSource,
      'SELECT count(*)::int AS n FROM liability WHERE household_id = (SELECT id FROM household WHERE personal_of = $1)',
      [user.id],
    );
    expect(count?.n).toBe(2);
  });

  it('GET /account/debtor-expenses wraps the rows as debtorCreditorDtos', async () => {
    const user = await newUser(t);
    await rest(t, 'POST', '/account/add-expense', { token: user.token, body: expense(user) });
    const response = await rest(
      t,
      'GET',
      `/account/debtor-expenses?debtorId=${user.id}&timeZone=${ENCODED_ZONE}`,
      {
        token: user.token,
      },
    );
    expectContract(response, 'GET', '/account/debtor-expenses');
    expect(response.body.debtorCreditorDtos).toHaveLength(1);
    expect(response.body.debtorCreditorDtos[0].creditorDto).toEqual({ creditorName: 'Rocket Mortgage' });
  });

  it('DELETE /account/delete-expense/{id} deletes it', async () => {
    const user = await newUser(t);
    const added = await rest(t, 'POST', '/account/add-expense', { token: user.token, body: expense(user) });
    const response = await rest(t, 'DELETE', `/account/delete-expense/${added.body.id}`, {
      token: user.token,
    });
    expectContract(response, 'DELETE', '/account/delete-expense/:id');
    const list = await rest(t, 'GET', '/account/debtor-expenses', { token: user.token });
    expect(list.body.debtorCreditorDtos).toEqual([]);
  });

  it('refuses invalid expenses with 400, the message and the field', async () => {
    const user = await newUser(t);
    const send = (overrides: Record<string, unknown>) =>
      rest(t, 'POST', '/account/add-expense', { token: user.token, body: expense(user, overrides) });
    expectError(await send({ payment: 0 }), 400, 'payment');
    expectError(await send({ payment: 10.001 }), 400, 'payment');
    expectError(await send({ balance: -1 }), 400, 'balance');
    expectError(await send({ debtType: 'Yacht' }), 400, 'debtType');
    expectError(await send({ frequency: 'Hourly' }), 400, 'frequency');
    expectError(await send({ dueDate: '2035-01-01' }), 400, 'dueDate');
    expectError(await send({ creditorName: '' }), 400, 'creditorName');
    expectError(await send({ timeZone: 'Mars/Olympus' }), 400, 'timeZone');
    const count = await queryOne<{ n: number }>(
      t.deps.dataSource,
      'SELECT count(*)::int AS n FROM liability WHERE household_id = (SELECT id FROM household WHERE personal_of = $1)',
      [user.id],
    );
    expect(count?.n).toBe(0);
  });

  it('PUT /account/update-paid-info settles a paid and cleared row: wallet down, next due date, double submit refused', async () => {
    const user = await newUser(t);
    const wallet = await addWallet(user, 'Checking', 3000);
    const added = await rest(t, 'POST', '/account/add-expense', { token: user.token, body: expense(user) });
    const row = { ...added.body, currentPaid: true, currentCleared: true };
    const body = { paidExpenses: [row], timezone: ZONE, walletId: wallet.id, debtorId: user.id };
    const response = await rest(t, 'PUT', '/account/update-paid-info', { token: user.token, body });
    expectContract(response, 'PUT', '/account/update-paid-info');
    expect(response.body.wallet.balance).toBe(1600);
    expect(response.body.debtorCreditorDtos[0]).toMatchObject({
      dueDate: '2026-12-20',
      balance: 248600,
      currentPaid: false,
      currentCleared: false,
    });
    const again = await rest(t, 'PUT', '/account/update-paid-info', { token: user.token, body });
    expectError(again, 400, 'dueDate');
    expect(await storedBalance(t, wallet.id)).toBe(160000);
  });

  it('PUT /account/update-paid-info takes the amount actually paid per row (dollars); a bad one is a clear 400', async () => {
    const user = await newUser(t);
    const wallet = await addWallet(user, 'Checking', 3000);
    const added = await rest(t, 'POST', '/account/add-expense', { token: user.token, body: expense(user) });
    const row = { ...added.body, currentPaid: true, currentCleared: true };
    const body = (amount: unknown) => ({
      paidExpenses: [{ ...row, amount }],
      timezone: ZONE,
      walletId: wallet.id,
      debtorId: user.id,
    });
    expectError(
      await rest(t, 'PUT', '/account/update-paid-info', { token: user.token, body: body('12.345') }),
      400,
      'amount',
    );
    expectError(
      await rest(t, 'PUT', '/account/update-paid-info', { token: user.token, body: body(-3) }),
      400,
      'amount',
    );
    expect(await storedBalance(t, wallet.id)).toBe(300000);
    const response = await rest(t, 'PUT', '/account/update-paid-info', {
      token: user.token,
      body: body(1234.56),
    });
    expectContract(response, 'PUT', '/account/update-paid-info');
    expect(response.body.wallet.balance).toBe(1765.44);
  });

  it('PUT /account/update-paid-info stores paid without cleared, and the row reads currentPaid', async () => {
    const user = await newUser(t);
    const wallet = await addWallet(user, 'Checking', 3000);
    const added = await rest(t, 'POST', '/account/add-expense', { token: user.token, body: expense(user) });
    const response = await rest(t, 'PUT', '/account/update-paid-info', {
      token: user.token,
      body: {
        paidExpenses: [
          { id: added.body.id, currentPaid: true, currentCleared: false, dueDate: added.body.dueDate },
        ],
        timezone: ZONE,
        walletId: wallet.id,
        debtorId: user.id,
      },
    });
    expect(response.body.debtorCreditorDtos[0]).toMatchObject({
      currentPaid: true,
      currentCleared: false,
      dueDate: '2026-11-20',
    });
    expect(response.body.wallet.balance).toBe(3000);
  });
});

describe('income', () => {
  it('POST /account/add-income takes labels and `sourceDesciption` (spelled so) and answers them', async () => {
    const user = await newUser(t);
    const response = await rest(t, 'POST', '/account/add-income', { token: user.token, body: income(user) });
    expectContract(response, 'POST', '/account/add-income');
    expect(response.body).toMatchObject({
      debtorId: user.id,
      sourceName: 'Acme Payroll',
      sourceUrl: 'acme.example',
      incomeFrequency: 'Bi-Weekly',
      nextPmtDate: '2026-11-13',
      biMonthlyPayDate: null,
      paymentAmount: 2000,
      sourceDesciption: 'Day job',
      sourceStatus: true,
      deposited: false,
      incomeSourceDto: { sourceName: 'Acme Payroll' },
      incomeSource: { sourceName: 'Acme Payroll', sourceUrl: 'acme.example' },
    });
    expect(response.body).not.toHaveProperty('sourceDescription');
  });

  it('takes Twice Monthly with its second pay date, and refuses the dates out of order', async () => {
    const user = await newUser(t);
    const response = await rest(t, 'POST', '/account/add-income', {
      token: user.token,
      body: income(user, {
        incomeFrequency: 'Twice Monthly',
        nextPmtDate: '2026-11-01',
        biMonthlyPayDate: '2026-11-15',
      }),
    });
    expectContract(response, 'POST', '/account/add-income');
    expect(response.body).toMatchObject({ incomeFrequency: 'Twice Monthly', biMonthlyPayDate: '2026-11-15' });
    const wrong = await rest(t, 'POST', '/account/add-income', {
      token: user.token,
      body: income(user, {
        incomeFrequency: 'TWICE_MONTHLY',
        nextPmtDate: '2026-11-15',
        biMonthlyPayDate: '2026-11-01',
      }),
    });
    expectError(wrong, 400, 'biMonthlyPayDate');
    expectError(
      await rest(t, 'POST', '/account/add-income', {
        token: user.token,
        body: income(user, { paymentAmount: -5 }),
      }),
      400,
      'paymentAmount',
    );
  });

  it('PUT /account/update-income changes the source; DELETE /account/delete-income/{id} deletes it', async () => {
    const user = await newUser(t);
    const added = await rest(t, 'POST', '/account/add-income', { token: user.token, body: income(user) });
    const response = await rest(t, 'PUT', '/account/update-income', {
      token: user.token,
      body: income(user, {
        id: added.body.id,
        incomeFrequency: 'Weekly',
        sourceStatus: false,
        sourceDesciption: null,
      }),
    });
    expectContract(response, 'PUT', '/account/update-income');
    expect(response.body).toMatchObject({
      id: added.body.id,
      incomeFrequency: 'Weekly',
      sourceStatus: false,
      sourceDesciption: null,
    });
    const deleted = await rest(t, 'DELETE', `/account/delete-income/${added.body.id}`, { token: user.token });
    expectContract(deleted, 'DELETE', '/account/delete-income/:id');
    const list = await rest(t, 'GET', '/account/debtor-revenue', { token: user.token });
    expect(list.body.debtorIncomeSourceDtos).toEqual([]);
  });

  it("PUT /account/update-pay-deposits deposits each checked row's last occurrence once", async () => {
    const user = await newUser(t);
    const wallet = await addWallet(user, 'Checking', 100);
    const added = await rest(t, 'POST', '/account/add-income', { token: user.token, body: income(user) });

    const before = await rest(
      t,
      'GET',
      `/account/debtor-revenue?debtorId=${user.id}&timeZone=${ENCODED_ZONE}`,
      {
        token: user.token,
      },
    );
    expectContract(before, 'GET', '/account/debtor-revenue');
    expect(before.body.debtorIncomeSourceDtos[0]).toMatchObject({ id: added.body.id, deposited: false });

    const body = {
      recentIncome: [{ ...before.body.debtorIncomeSourceDtos[0], deposited: true }],
      timezone: ZONE,
      walletId: wallet.id,
      debtorId: user.id,
    };
    const response = await rest(t, 'PUT', '/account/update-pay-deposits', { token: user.token, body });
    expectContract(response, 'PUT', '/account/update-pay-deposits');
    expect(response.body).toMatchObject({
      wallet: { id: wallet.id, balance: 2100 },
      deposited: [{ id: added.body.id, date: '2026-11-13', amount: 2000 }],
      totalDeposited: 2000,
    });

    const after = await rest(t, 'GET', '/account/debtor-revenue', { token: user.token });
    expect(after.body.debtorIncomeSourceDtos[0].deposited).toBe(true);
    const twice = await rest(t, 'PUT', '/account/update-pay-deposits', { token: user.token, body });
    expectError(twice, 400);
    expect(await storedBalance(t, wallet.id)).toBe(210000);
    const register = await queryRows(
      t.deps.dataSource,
      "SELECT 1 FROM register_entry WHERE wallet_id = $1 AND kind = 'pay_deposit'",
      [wallet.id],
    );
    expect(register).toHaveLength(1);
  });

  it('refuses a deposit with nothing checked, or for a source not paid yet', async () => {
    const user = await newUser(t);
    const wallet = await addWallet(user, 'Checking', 100);
    const future = await rest(t, 'POST', '/account/add-income', {
      token: user.token,
      body: income(user, { nextPmtDate: '2026-12-01' }),
    });
    const send = (recentIncome: unknown[]) =>
      rest(t, 'PUT', '/account/update-pay-deposits', {
        token: user.token,
        body: { recentIncome, timezone: ZONE, walletId: wallet.id, debtorId: user.id },
      });
    expectError(await send([{ id: future.body.id, deposited: false }]), 400, 'recentIncome');
    expectError(await send([{ id: future.body.id, deposited: true }]), 400, 'recentIncome');
    expect(await storedBalance(t, wallet.id)).toBe(10000);
  });
});

describe('suggestions', () => {
  it("GET /account/creditors and GET /account/income-sources list the curated names plus the user's own", async () => {
    const user = await newUser(t);
    await rest(t, 'POST', '/account/add-expense', {
      token: user.token,
      body: expense(user, { creditorName: 'Zeta Credit Union' }),
    });
    const source = await rest(t, 'POST', '/account/add-income', {
      token: user.token,
      body: income(user, { sourceName: 'Zeta Payroll' }),
    });

    const creditors = await rest(t, 'GET', '/account/creditors', { token: user.token });
    expectContract(creditors, 'GET', '/account/creditors');
    expect(creditors.body).toContainEqual({
      creditorName: 'Zeta Credit Union',
      creditorUrl: 'rocketmortgage.com',
    });

    const sources = await rest(t, 'GET', '/account/income-sources', { token: user.token });
    expectContract(sources, 'GET', '/account/income-sources');
    expect(sources.body).toContainEqual({
      sourceName: 'Zeta Payroll',
      sourceUrl: 'acme.example',
      id: source.body.id,
    });

    const other = await newUser(t);
    const theirs = await rest(t, 'GET', '/account/creditors', { token: other.token });
    expect(theirs.body.map((s: { creditorName: string }) => s.creditorName)).not.toContain(
      'Zeta Credit Union',
    );
  });
});

describe('status rules', () => {
  it('answers 403 when debtorId is not the signed-in user', async () => {
    const user = await newUser(t);
    const other = await newUser(t);
    for (const path of ['/account/debtor-expenses', '/account/debtor-revenue', '/account/debtor-wallets']) {
      expectError(await rest(t, 'GET', `${path}?debtorId=${other.id}`, { token: user.token }), 403);
    }
    expectError(
      await rest(t, 'POST', '/account/add-wallet', {
        token: user.token,
        body: { debtorId: other.id, id: -1, walletName: 'X' },
      }),
      403,
    );
    const wallets = await queryRows(
      t.deps.dataSource,
      'SELECT 1 FROM wallet WHERE household_id IN (SELECT id FROM household WHERE personal_of IN ($1, $2))',
      [user.id, other.id],
    );
    expect(wallets).toHaveLength(0);
  });

  it('answers 402 SUBSCRIPTION_REQUIRED for changes without a subscription; reading still works', async () => {
    const user = await newUser(t, { subscriptionStatus: 'canceled' });
    const response = await rest(t, 'POST', '/account/add-wallet', {
      token: user.token,
      body: { id: -1, walletName: 'X' },
    });
    expect(response.status).toBe(402);
    expect(response.body).toMatchObject({ code: 'SUBSCRIPTION_REQUIRED', message: expect.any(String) });
    expect((await rest(t, 'GET', '/account/debtor-wallets', { token: user.token })).status).toBe(200);
  });

  it('answers 403 to a read-only API token that tries a change, and 200 to its reads', async () => {
    const user = await newUser(t);
    const created = ok(
      await t.gql<{ createApiToken: { secret: string } }>(
        'mutation { createApiToken(name: "reader", scope: READ) { secret } }',
        {},
        { token: user.token },
      ),
    );
    const token = created.createApiToken.secret;
    expect((await rest(t, 'GET', '/account/debtor-wallets', { token })).status).toBe(200);
    expectError(
      await rest(t, 'POST', '/account/add-wallet', { token, body: { id: -1, walletName: 'X' } }),
      403,
    );
  });

  it('answers 404 for a missing record and for an id that is not a number', async () => {
    const user = await newUser(t);
    expectError(await rest(t, 'DELETE', '/account/delete-expense/999999', { token: user.token }), 404);
    expectError(await rest(t, 'DELETE', '/account/delete-income/abc', { token: user.token }), 404);
    expectError(await rest(t, 'GET', '/account/wallet-register?walletId=999999', { token: user.token }), 404);
  });
});

describe('hostile input', () => {
  const HOSTILE: unknown[] = [
    null,
    'text',
    42,
    [],
    { id: {}, debtorId: [], walletId: { $gt: 0 } },
    { creditorName: 'nul\u0000inside', walletName: 'nul\u0000inside', sourceName: 'nul\u0000inside' },
    { payment: 'NaN', paymentAmount: 1e308, balance: '1,2,3', amount: -0.001, dueDate: '2026-02-30' },
    {
      walletName: 'x'.repeat(5000),
      creditorName: '<script>alert(1)</script>',
      debtType: "'; DROP TABLE wallet; --",
    },
    { recentIncome: 'all', paidExpenses: {}, updateBalance: [], transaction: 'spent' },
    { recentIncome: [null, 1, 'x'], paidExpenses: [{ id: '1 OR 1=1' }], walletId: '1e3' },
  ];
  const WRITES: [string, string][] = [
    ['POST', '/account/add-expense'],
    ['PUT', '/account/update-expense'],
    ['POST', '/account/add-income'],
    ['PUT', '/account/update-income'],
    ['POST', '/account/add-wallet'],
    ['PUT', '/account/update-wallet'],
    ['PUT', '/account/change-wallet'],
    ['PUT', '/account/update-pay-deposits'],
    ['PUT', '/account/update-paid-info'],
    ['PUT', '/account/update-wallet-balance'],
    ['PUT', '/account/change-password'],
    ['PUT', '/account/update-account'],
    ['PUT', '/account/verify-email'],
    ['PUT', '/account/resend-code'],
    ['POST', '/message/send-message'],
    ['POST', '/account/register'],
    ['POST', '/account/login'],
  ];

  it('answers every hostile body with a 4xx and a message, never a 500, and stores nothing', async () => {
    const user = await newUser(t);
    const wallet = await addWallet(user, 'Checking', 100);
    for (const [method, path] of WRITES) {
      for (const body of HOSTILE) {
        const response = await rest(t, method, path, { token: user.token, rawBody: JSON.stringify(body) });
        const seen = { method, path, body, status: response.status };
        expect({ ...seen, clientError: response.status >= 400 && response.status < 500 }).toEqual({
          ...seen,
          clientError: true,
        });
        expect(typeof response.body.message).toBe('string');
      }
    }
    const nul = await rest(t, 'GET', `/account/debtor-wallets?timeZone=${encodeURIComponent('UTC\u0000')}`, {
      token: user.token,
    });
    expectError(nul, 400);
    expect(await storedBalance(t, wallet.id)).toBe(10000);
    const rows = await queryRows(
      t.deps.dataSource,
      `SELECT 'l' FROM liability WHERE household_id = (SELECT id FROM household WHERE personal_of = $1) UNION ALL SELECT 'i' FROM income_source WHERE household_id = (SELECT id FROM household WHERE personal_of = $1)
       UNION ALL SELECT 'w' FROM wallet WHERE household_id = (SELECT id FROM household WHERE personal_of = $1)`,
      [user.id],
    );
    expect(rows).toHaveLength(1);
  });
});

import { queryRows } from '../../db/sql';
import type { TestApp } from '../../test/harness';
import {
  ACTION_PAYLOAD,
  addIncomeSource,
  addWallet,
  errorCode,
  INCOME_SOURCE,
  newUser,
  ok,
  registerCount,
  startFinanceApp,
  storedBalance,
  ZONE,
  type TestUser,
} from '../../test/finance';

const DEPOSIT = `mutation($walletId: ID!, $occurrences: [IncomeOccurrenceInput!]!, $timeZone: String) {
  depositPay(walletId: $walletId, occurrences: $occurrences, timeZone: $timeZone) { ${ACTION_PAYLOAD} }
}`;

type DepositData = {
  depositPay: {
    wallet: { id: string; balance: number };
    analysis: { lastIncomeReceived: { incomeSourceId: string; date: string; deposited: boolean }[] };
  };
};

describe('income sources', () => {
  let t: TestApp;
  let user: TestUser;
  beforeAll(async () => {
    t = await startFinanceApp();
  });
  beforeEach(async () => {
    user = await newUser(t);
  });
  afterAll(() => t.close());

  const list = async () =>
    ok(
      await t.gql<{ incomeSources: Record<string, unknown>[] }>(
        `{ incomeSources { ${INCOME_SOURCE} } }`,
        {},
        {
          token: user.token,
        },
      ),
    ).incomeSources;

  it('adds, lists, updates and deletes an income source', async () => {
    const added = await addIncomeSource(t, user, {
      sourceName: ' Acme ',
      sourceUrl: 'acme.com',
      sourceDescription: 'Day job',
      incomeFrequency: 'TWICE_MONTHLY',
      nextPmtDate: '2026-11-01',
      biMonthlyPayDate: '2026-11-15',
      paymentAmount: 1500.5,
    });
    expect(await list()).toEqual([
      {
        id: added.id,
        sourceName: 'Acme',
        sourceUrl: 'acme.com',
        sourceDescription: 'Day job',
        incomeFrequency: 'TWICE_MONTHLY',
        nextPmtDate: '2026-11-01',
        biMonthlyPayDate: '2026-11-15',
        paymentAmount: 1500.5,
        sourceStatus: true,
      },
    ]);

    const updated = ok(
      await t.gql<{ updateIncomeSource: Record<string, unknown> }>(
        `mutation($id: ID!, $input: IncomeSourceInput!) { updateIncomeSource(id: $id, input: $input) { ${INCOME_SOURCE} } }`,
        {
          id: added.id,
          input: {
            sourceName: 'Acme',
            incomeFrequency: 'MONTHLY',
            nextPmtDate: '2026-11-01',
            biMonthlyPayDate: '2026-11-15',
            paymentAmount: 3000,
            sourceStatus: false,
          },
        },
        { token: user.token },
      ),
    );
    // Leaving Twice Monthly drops the second pay date.
    expect(updated.updateIncomeSource).toMatchObject({
      incomeFrequency: 'MONTHLY',
      biMonthlyPayDate: null,
      paymentAmount: 3000,
      sourceStatus: false,
      sourceUrl: null,
    });

    const deleted = ok(
      await t.gql<{ deleteIncomeSource: unknown }>(
        `mutation($id: ID!) { deleteIncomeSource(id: $id) { id deleted } }`,
        { id: added.id },
        { token: user.token },
      ),
    );
    expect(deleted.deleteIncomeSource).toEqual({ id: added.id, deleted: true });
    expect(await list()).toEqual([]);
  });

  it.each([
    ['an empty name', { sourceName: '' }, 'sourceName'],
    ['a zero paycheck', { paymentAmount: 0 }, 'paymentAmount'],
    ['a malformed web address', { sourceUrl: 'not a url' }, 'sourceUrl'],
    ['a pay date more than 2 years back', { nextPmtDate: '2020-01-01' }, 'nextPmtDate'],
    [
      'a Twice Monthly second date before the first',
      { incomeFrequency: 'TWICE_MONTHLY', nextPmtDate: '2026-11-15', biMonthlyPayDate: '2026-11-01' },
      'biMonthlyPayDate',
    ],
    ['a note over 255 characters', { sourceDescription: 'x'.repeat(256) }, 'sourceDescription'],
  ])('refuses %s, naming the field, storing nothing', async (_label, override, field) => {
    const response = await t.gql(
      `mutation($input: IncomeSourceInput!) { addIncomeSource(input: $input) { id } }`,
      {
        input: {
          sourceName: 'Acme',
          incomeFrequency: 'BIWEEKLY',
          nextPmtDate: '2026-11-13',
          paymentAmount: 2000,
          timeZone: ZONE,
          ...override,
        },
      },
      { token: user.token },
    );
    expect(errorCode(response)).toBe('BAD_USER_INPUT');
    expect(response.errors?.[0]?.extensions?.field).toBe(field);
    expect(await list()).toEqual([]);
  });

  it("'Deposit Pay' adds the pay to the wallet, writes a 'deposited' entry and marks the occurrence deposited", async () => {
    const wallet = await addWallet(t, user, 'Checking', 100);
    const source = await addIncomeSource(t, user, { sourceName: 'Acme', paymentAmount: 2000 });
    const data = ok(
      await t.gql<DepositData>(
        DEPOSIT,
        {
          walletId: wallet.id,
          occurrences: [{ incomeSourceId: source.id, date: '2026-11-13' }],
          timeZone: ZONE,
        },
        { token: user.token },
      ),
    );
    expect(data.depositPay.wallet.balance).toBe(2100);
    expect(data.depositPay.analysis.lastIncomeReceived).toEqual([
      {
        incomeSourceId: source.id,
        date: '2026-11-13',
        deposited: true,
        sourceName: 'Acme',
        amount: 2000,
        active: true,
      },
    ]);
    const entries = await queryRows<{
      direction: string;
      amount_cents: string;
      kind: string;
      description: string;
    }>(
      t.deps.dataSource,
      'SELECT direction, amount_cents, kind, description FROM register_entry WHERE wallet_id = $1',
      [Number(wallet.id)],
    );
    expect(entries).toEqual([
      {
        direction: 'deposited',
        amount_cents: '200000',
        kind: 'pay_deposit',
        description: 'Pay: Acme (Fri Nov 13, 2026)',
      },
    ]);
  });

  it('deposit pay twice on the same occurrence adds the money once (one after the other)', async () => {
    const wallet = await addWallet(t, user, 'Checking', 0);
    const source = await addIncomeSource(t, user, { paymentAmount: 2000 });
    const variables = {
      walletId: wallet.id,
      occurrences: [{ incomeSourceId: source.id, date: '2026-11-13' }],
    };
    ok(await t.gql(DEPOSIT, variables, { token: user.token }));
    const again = await t.gql(DEPOSIT, variables, { token: user.token });
    expect(errorCode(again)).toBe('BAD_USER_INPUT');
    expect(await storedBalance(t, wallet.id)).toBe(200000);
    expect(await registerCount(t, wallet.id)).toBe(1);
  });

  it('deposit pay twice on the same occurrence adds the money once (at the same time)', async () => {
    const wallet = await addWallet(t, user, 'Checking', 0);
    const source = await addIncomeSource(t, user, { paymentAmount: 2000 });
    const variables = {
      walletId: wallet.id,
      occurrences: [{ incomeSourceId: source.id, date: '2026-11-13' }],
    };
    const responses = await Promise.all(
      Array.from({ length: 4 }, () => t.gql(DEPOSIT, variables, { token: user.token })),
    );
    expect(responses.filter((response) => !response.errors)).toHaveLength(1);
    expect(await storedBalance(t, wallet.id)).toBe(200000);
    expect(await registerCount(t, wallet.id)).toBe(1);
  });

  it('deposits several occurrences at once, and refuses a date that is not a pay date or not due yet', async () => {
    const wallet = await addWallet(t, user, 'Checking', 0);
    const source = await addIncomeSource(t, user, { paymentAmount: 100, incomeFrequency: 'WEEKLY' });
    ok(
      await t.gql(
        DEPOSIT,
        {
          walletId: wallet.id,
          occurrences: [
            { incomeSourceId: source.id, date: '2026-11-06' },
            { incomeSourceId: source.id, date: '2026-11-13' },
          ],
        },
        { token: user.token },
      ),
    );
    expect(await storedBalance(t, wallet.id)).toBe(20000);
    expect(await registerCount(t, wallet.id)).toBe(2);
    for (const date of ['2026-11-12', '2026-11-20']) {
      const response = await t.gql(
        DEPOSIT,
        { walletId: wallet.id, occurrences: [{ incomeSourceId: source.id, date }] },
        { token: user.token },
      );
      expect(errorCode(response)).toBe('BAD_USER_INPUT');
    }
    expect(await storedBalance(t, wallet.id)).toBe(20000);
  });
});

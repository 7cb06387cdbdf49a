import { queryOne, queryRows } from '../../db/sql';
import { buildIncomeSource, buildLiability, buildWallet, householdOf } from '../../test/factories';
import type { TestApp } from '../../test/harness';
import { statementKind, statementsDuring, walled } from '../../test/statement-counter';
import {
  addIncomeSource,
  addLiability,
  addWallet,
  errorCode,
  newUser,
  ok,
  startFinanceApp,
  TODAY,
  ZONE,
  type TestUser,
} from '../../test/finance';

/**
 * `balanceForecast` end to end (docs/product-rules.md §7-§8): the clock stands on Monday 2026-11-16 in New York.
 * Core's rules are unit-tested in core/src/forecast.test.ts; here: the loads, 'Deposits to' and
 * 'Paid from', the limits, ownership, API tokens and the statement budget.
 */

const FORECAST_QUERY = `query($walletId: ID, $days: Int, $whatIf: [WhatIfInput!], $timeZone: String, $asOf: Date) {
  balanceForecast(walletId: $walletId, days: $days, whatIf: $whatIf, timeZone: $timeZone, asOf: $asOf) {
    asOf horizon walletId startBalance lowestBalance lowestDate firstNegativeDate nextIncomeDate safeToSpend
    days { date balance inflow outflow events { kind name amount pending pastDue } }
    undepositedIncome { incomeSourceId sourceName date amount deposited }
  }
}`;

interface Forecast {
  asOf: string;
  horizon: string;
  walletId: string | null;
  startBalance: number;
  lowestBalance: number;
  lowestDate: string;
  firstNegativeDate: string | null;
  nextIncomeDate: string | null;
  safeToSpend: number;
  undepositedIncome: {
    incomeSourceId: string;
    sourceName: string;
    date: string;
    amount: number;
    deposited: boolean;
  }[];
  days: {
    date: string;
    balance: number;
    inflow: number;
    outflow: number;
    events: { kind: string; name: string; amount: number; pending: boolean; pastDue: boolean }[];
  }[];
}

let t: TestApp;
beforeAll(async () => {
  t = await startFinanceApp();
});
afterAll(() => t.close());

async function forecast(user: TestUser, variables: Record<string, unknown> = {}, token = user.token) {
  const response = await t.gql<{ balanceForecast: Forecast }>(FORECAST_QUERY, variables, { token });
  return ok(response).balanceForecast;
}

const day = (result: Forecast, date: string) => result.days.find((candidate) => candidate.date === date);

/** Checking ($2,500, default) and Savings ($800); pay bi-weekly into Checking, deposited Nov 13. */
async function household(t: TestApp) {
  const user = await newUser(t, { timeZone: ZONE });
  const checking = await addWallet(t, user, 'Checking', 2500);
  const savings = await addWallet(t, user, 'Savings', 800);
  const payroll = await addIncomeSource(t, user, { nextPmtDate: '2026-11-13', paymentAmount: 2000 });
  await queryRows(
    t.deps.dataSource,
    `INSERT INTO income_deposit (income_source_id, occurrence_date, household_id, wallet_id, amount_cents)
     VALUES ($1, '2026-11-13', (SELECT id FROM household WHERE personal_of = $2), $3, 200000)`,
    [Number(payroll.id), user.id, Number(checking.id)],
  );
  await addLiability(t, user, { creditorName: 'Mortgage', payment: 1400, dueDate: '2026-11-20' });
  await addLiability(t, user, {
    creditorName: 'Phone',
    debtType: 'MOBILE_PHONE',
    payment: 150,
    dueDate: '2026-11-22',
    walletId: savings.id,
  });
  return { user, checking, savings, payroll };
}

describe('balanceForecast', () => {
  it('walks all wallets together from the available balance to the horizon', async () => {
    const { user } = await household(t);
    const result = await forecast(user, { timeZone: ZONE });
    expect(result).toMatchObject({
      asOf: TODAY,
      horizon: '2026-12-30',
      walletId: null,
      startBalance: 3300,
      nextIncomeDate: '2026-11-27',
      lowestBalance: 1750,
      lowestDate: '2026-11-22',
      firstNegativeDate: null,
      safeToSpend: 1750,
    });
    expect(result.days).toHaveLength(45);
    expect(day(result, '2026-11-20')).toMatchObject({
      balance: 1900,
      outflow: 1400,
      inflow: 0,
      events: [{ kind: 'BILL', name: 'Mortgage', amount: -1400, pending: false, pastDue: false }],
    });
    expect(day(result, '2026-11-27')).toMatchObject({ balance: 3750, inflow: 2000 });
  });

  it("one wallet: its balance and the events naming it ('Paid from'), the default wallet taking the rest", async () => {
    const { user, checking, savings } = await household(t);
    const ofSavings = await forecast(user, { walletId: savings.id, asOf: TODAY, days: 10 });
    expect(ofSavings).toMatchObject({ walletId: savings.id, startBalance: 800, lowestBalance: 650 });
    expect(ofSavings.days.flatMap((d) => d.events.map((event) => event.name))).toEqual(['Phone']);
    const ofChecking = await forecast(user, { walletId: checking.id, asOf: TODAY, days: 12 });
    expect(ofChecking.days.flatMap((d) => d.events.map((event) => event.name))).toEqual([
      'Mortgage',
      'Acme Payroll',
    ]);
  });

  it('"Can I afford $300 on Friday?": what-ifs change the answer and nothing stored', async () => {
    const { user, checking } = await household(t);
    const before = await queryRows(
      t.deps.dataSource,
      'SELECT * FROM wallet WHERE household_id = (SELECT id FROM household WHERE personal_of = $1)',
      [user.id],
    );
    const result = await forecast(user, {
      walletId: checking.id,
      asOf: TODAY,
      whatIf: [
        { date: '2026-11-20', amount: 300, description: 'New tyres' },
        { date: '2026-11-21', amount: 1000 },
      ],
    });
    expect(day(result, '2026-11-20')?.events.map((event) => [event.kind, event.name, event.amount])).toEqual([
      ['BILL', 'Mortgage', -1400],
      ['WHAT_IF', 'New tyres', -300],
    ]);
    expect(result).toMatchObject({ lowestBalance: -200, firstNegativeDate: '2026-11-21', safeToSpend: 0 });
    expect(
      await queryRows(
        t.deps.dataSource,
        'SELECT * FROM wallet WHERE household_id = (SELECT id FROM household WHERE personal_of = $1)',
        [user.id],
      ),
    ).toEqual(before);
  });

  it('lists pay not yet deposited without counting it (pending is always false); past-due bills count today; a bill paid and not cleared is in the start', async () => {
    const user = await newUser(t, { timeZone: ZONE });
    const wallet = await addWallet(t, user, 'Checking', 100);
    const payroll = await addIncomeSource(t, user, { nextPmtDate: '2026-11-13', paymentAmount: 2000 });
    await addLiability(t, user, { creditorName: 'Late', payment: 50, dueDate: '2026-11-10' });
    const paid = await addLiability(t, user, { creditorName: 'Early', payment: 30, dueDate: '2026-11-25' });
    await queryRows(
      t.deps.dataSource,
      'UPDATE liability SET current_paid = true, paid_wallet_id = $2 WHERE id = $1',
      [Number(paid.id), Number(wallet.id)],
    );
    const result = await forecast(user, { asOf: TODAY, days: 12 });
    expect(result.startBalance).toBe(70);
    expect(result.days[0]?.events).toEqual([
      { kind: 'BILL', name: 'Late', amount: -50, pending: false, pastDue: true },
    ]);
    expect(result.days[0]?.balance).toBe(20);
    expect(result.undepositedIncome).toEqual([
      {
        incomeSourceId: payroll.id,
        sourceName: 'Acme Payroll',
        date: '2026-11-13',
        amount: 2000,
        deposited: false,
      },
    ]);
    expect(result.days.flatMap((d) => d.events).map((event) => event.name)).not.toContain('Early');
    expect(result.days.flatMap((d) => d.events).some((event) => event.pending)).toBe(false);
  });

  it("the issue's household: pay received, not deposited; safe to spend is the analysis' available cash, never the pay on top", async () => {
    const user = await newUser(t, { timeZone: ZONE });
    await addWallet(t, user, 'Checking', 2500);
    await addIncomeSource(t, user, { nextPmtDate: '2026-11-13', paymentAmount: 2000 });
    await addLiability(t, user, { creditorName: 'Rent', payment: 1400, dueDate: '2026-11-20' });
    await addLiability(t, user, { creditorName: 'Phone', payment: 150, dueDate: '2026-11-22' });
    await addLiability(t, user, { creditorName: 'Streaming', payment: 21, dueDate: '2026-11-25' });
    const result = await forecast(user, { timeZone: ZONE });
    const analysis = ok(
      await t.gql<{ cashFlowAnalysis: { availableCash: number; netIncomeThisPeriod: number } }>(
        `query($timeZone: String) { cashFlowAnalysis(timeZone: $timeZone) { availableCash netIncomeThisPeriod } }`,
        { timeZone: ZONE },
        { token: user.token },
      ),
    ).cashFlowAnalysis;
    expect(analysis).toEqual({ availableCash: 929, netIncomeThisPeriod: 429 });
    expect(result.safeToSpend).toBe(929);
    expect(result.startBalance).toBe(2500);
    expect(result.undepositedIncome.map((pay) => pay.amount)).toEqual([2000]);
  });

  it('answers with no wallet at all', async () => {
    const user = await newUser(t, { timeZone: ZONE });
    const result = await forecast(user, { days: 1 });
    expect(result).toMatchObject({ startBalance: 0, lowestBalance: 0, safeToSpend: 0, nextIncomeDate: null });
  });
});

describe('balanceForecast limits and bad input', () => {
  let user: TestUser;
  beforeAll(async () => {
    user = await newUser(t, { timeZone: ZONE });
    await addWallet(t, user, 'Checking', 100);
  });

  async function refusal(variables: Record<string, unknown>) {
    const response = await t.gql(FORECAST_QUERY, { asOf: TODAY, ...variables }, { token: user.token });
    return {
      code: errorCode(response),
      field: response.errors?.[0]?.extensions?.field,
      message: response.errors?.[0]?.message,
    };
  }

  it.each([
    ['days 0', { days: 0 }, 'days', 'days must be a whole number from 1 to 366'],
    ['days 367', { days: 367 }, 'days', 'days must be a whole number from 1 to 366'],
    [
      '21 what-ifs',
      { whatIf: Array.from({ length: 21 }, () => ({ date: TODAY, amount: 1 })) },
      'whatIf',
      'At most 20 what-ifs can be asked at once',
    ],
    [
      'a what-if after the horizon',
      { days: 10, whatIf: [{ date: '2026-11-26', amount: 5 }] },
      'whatIf[0].date',
      'A what-if must be dated from 2026-11-16 through 2026-11-25',
    ],
    [
      'a what-if before asOf',
      {
        whatIf: [
          { date: TODAY, amount: 5 },
          { date: '2026-11-15', amount: 5 },
        ],
      },
      'whatIf[1].date',
      'A what-if must be dated from 2026-11-16 through 2026-12-30',
    ],
    [
      'a what-if of $0',
      { whatIf: [{ date: TODAY, amount: 0 }] },
      'whatIf[0].amount',
      'A what-if amount must be greater than 0',
    ],
    [
      'a negative what-if',
      { whatIf: [{ date: TODAY, amount: -20 }] },
      'whatIf[0].amount',
      'A what-if amount must be greater than 0',
    ],
    [
      'a what-if described in 256 characters',
      { whatIf: [{ date: TODAY, amount: 5, description: 'x'.repeat(256) }] },
      'whatIf[0].description',
      'A what-if description can have at most 255 characters',
    ],
    [
      'an unknown time zone',
      { timeZone: 'Mars/Olympus_Mons' },
      'timeZone',
      'Unknown time zone: Mars/Olympus_Mons',
    ],
  ])('%s is refused on its field', async (_label, variables, field, message) => {
    expect(await refusal(variables)).toEqual({ code: 'BAD_USER_INPUT', field, message });
  });

  it('accepts the limits themselves: 1 and 366 days, 20 what-ifs on the horizon', async () => {
    expect((await forecast(user, { asOf: TODAY, days: 1 })).days).toHaveLength(1);
    const longest = await forecast(user, {
      asOf: TODAY,
      days: 366,
      whatIf: Array.from({ length: 20 }, () => ({ date: '2027-11-16', amount: 1 })),
    });
    expect(longest).toMatchObject({ horizon: '2027-11-16', lowestBalance: 80, lowestDate: '2027-11-16' });
  });

  it("an unknown wallet, another user's wallet or a malformed id is NOT_FOUND", async () => {
    const other = await newUser(t);
    const theirs = await buildWallet(t.deps.dataSource, other.id);
    for (const walletId of [String(theirs.id), '999999999', 'abc']) {
      expect(await refusal({ walletId })).toMatchObject({ code: 'NOT_FOUND', message: 'Wallet not found' });
    }
  });

  it('requires a signed-in user; a read-only API token may ask (scripts do)', async () => {
    expect(errorCode(await t.gql(FORECAST_QUERY, { asOf: TODAY }))).toBe('UNAUTHENTICATED');
    const created = ok(
      await t.gql<{ createApiToken: { secret: string } }>(
        `mutation { createApiToken(name: "Safe to spend", scope: READ) { secret } }`,
        {},
        { token: user.token },
      ),
    );
    const result = await forecast(user, { asOf: TODAY, days: 3 }, created.createApiToken.secret);
    expect(result.startBalance).toBe(100);
  });
});

describe("'Deposits to' and 'Paid from'", () => {
  const SOURCE =
    'mutation($id: ID!, $input: IncomeSourceInput!) { updateIncomeSource(id: $id, input: $input) { walletId } }';
  const EXPENSE =
    'mutation($id: ID!, $input: LiabilityInput!) { updateLiability(id: $id, input: $input) { walletId } }';
  const sourceInput = {
    sourceName: 'Acme Payroll',
    incomeFrequency: 'BIWEEKLY',
    nextPmtDate: '2026-11-13',
    paymentAmount: 2000,
    timeZone: ZONE,
  };
  const expenseInput = {
    creditorName: 'Mortgage',
    debtType: 'MORTGAGE_RENT',
    frequency: 'MONTHLY',
    dueDate: '2026-11-20',
    payment: 1400,
    timeZone: ZONE,
  };

  it('are stored, kept when an edit omits them, cleared by null, and listed', async () => {
    const user = await newUser(t, { timeZone: ZONE });
    await addWallet(t, user, 'Checking', 0);
    const savings = await addWallet(t, user, 'Savings', 0);
    const source = await addIncomeSource(t, user, { walletId: savings.id });
    const expense = await addLiability(t, user, { walletId: savings.id });
    const stored = ok(
      await t.gql<{
        incomeSources: { walletId: string | null }[];
        liabilities: { walletId: string | null }[];
      }>('{ incomeSources { walletId } liabilities { walletId } }', {}, { token: user.token }),
    );
    expect(stored).toEqual({
      incomeSources: [{ walletId: savings.id }],
      liabilities: [{ walletId: savings.id }],
    });

    const kept = ok(
      await t.gql<{ updateIncomeSource: { walletId: string } }>(
        SOURCE,
        { id: source.id, input: sourceInput },
        { token: user.token },
      ),
    );
    expect(kept.updateIncomeSource.walletId).toBe(savings.id);
    const cleared = ok(
      await t.gql<{ updateIncomeSource: { walletId: null } }>(
        SOURCE,
        { id: source.id, input: { ...sourceInput, walletId: null } },
        { token: user.token },
      ),
    );
    expect(cleared.updateIncomeSource.walletId).toBeNull();
    const keptExpense = ok(
      await t.gql<{ updateLiability: { walletId: string } }>(
        EXPENSE,
        { id: expense.id, input: expenseInput },
        { token: user.token },
      ),
    );
    expect(keptExpense.updateLiability.walletId).toBe(savings.id);

    const listed = ok(
      await t.gql<{
        incomeSources: { walletId: string | null }[];
        liabilities: { walletId: string | null }[];
      }>('{ incomeSources { walletId } liabilities { walletId } }', {}, { token: user.token }),
    );
    expect(listed).toEqual({ incomeSources: [{ walletId: null }], liabilities: [{ walletId: savings.id }] });
  });

  it("refuses another user's wallet as NOT_FOUND and stores nothing", async () => {
    const user = await newUser(t, { timeZone: ZONE });
    const other = await newUser(t);
    const theirs = await buildWallet(t.deps.dataSource, other.id);
    const source = await addIncomeSource(t, user);
    const added = await t.gql(
      'mutation($input: LiabilityInput!) { addLiability(input: $input) { id } }',
      { input: { ...expenseInput, walletId: String(theirs.id) } },
      { token: user.token },
    );
    expect({ code: errorCode(added), message: added.errors?.[0]?.message }).toEqual({
      code: 'NOT_FOUND',
      message: 'Wallet not found',
    });
    const updated = await t.gql(
      SOURCE,
      { id: source.id, input: { ...sourceInput, walletId: String(theirs.id) } },
      { token: user.token },
    );
    expect(errorCode(updated)).toBe('NOT_FOUND');
    const rows = await queryRows<{ wallet_id: number | null }>(
      t.deps.dataSource,
      'SELECT wallet_id FROM income_source WHERE household_id = (SELECT id FROM household WHERE personal_of = $1) UNION ALL SELECT wallet_id FROM liability WHERE household_id = (SELECT id FROM household WHERE personal_of = $1)',
      [user.id],
    );
    expect(rows).toEqual([{ wallet_id: null }]);
  });

  it('deleting the wallet clears them: the default wallet takes over, the rows keep their owner', async () => {
    const user = await newUser(t, { timeZone: ZONE });
    const checking = await addWallet(t, user, 'Checking', 0);
    const savings = await addWallet(t, user, 'Savings', 0);
    const source = await buildIncomeSource(t.deps.dataSource, user.id, { walletId: Number(savings.id) });
    const liability = await buildLiability(t.deps.dataSource, user.id, { walletId: Number(savings.id) });
    ok(
      await t.gql(
        'mutation($id: ID!) { deleteWallet(id: $id) { deleted } }',
        { id: savings.id },
        { token: user.token },
      ),
    );
    const sourceRow = await queryOne<{ wallet_id: number | null; household_id: string }>(
      t.deps.dataSource,
      'SELECT wallet_id, household_id FROM income_source WHERE id = $1',
      [source.id],
    );
    const liabilityRow = await queryOne<{ wallet_id: number | null; household_id: string }>(
      t.deps.dataSource,
      'SELECT wallet_id, household_id FROM liability WHERE id = $1',
      [liability.id],
    );
    const household = await householdOf(t.deps.dataSource, user.id);
    expect([sourceRow, liabilityRow]).toEqual([
      { wallet_id: null, household_id: household },
      { wallet_id: null, household_id: household },
    ]);
    const result = await forecast(user, { walletId: checking.id, asOf: TODAY, days: 30 });
    expect(result.days.some((d) => d.events.length > 0)).toBe(true);
  });
});

describe('balanceForecast cost', () => {
  it('answers in 1 SQL statement when the request names its day, authentication included, for a user with 50 liabilities', async () => {
    const user = await newUser(t, { timeZone: ZONE });
    const ds = t.deps.dataSource;
    const wallet = await buildWallet(ds, user.id, { balanceCents: 500000 });
    for (let i = 0; i < 3; i += 1)
      await buildIncomeSource(ds, user.id, { nextPmtDate: '2026-11-13', walletId: wallet.id });
    for (let i = 0; i < 50; i += 1) {
      await buildLiability(ds, user.id, {
        dueDate: `2026-11-${String(10 + (i % 20)).padStart(2, '0')}`,
        frequency: i % 2 ? 'WEEKLY' : 'MONTHLY',
        currentPaid: i % 3 === 0,
        paidWalletId: i % 3 === 0 ? wallet.id : null,
      });
    }

    const cases: [Record<string, unknown>, string[]][] = [
      [{ asOf: TODAY, days: 366 }, ['snapshot']],
      [{ timeZone: ZONE, whatIf: [{ date: TODAY, amount: 10 }] }, ['snapshot']],
      [{}, [...walled('account'), ...walled('snapshot')]],
      [{ walletId: String(wallet.id), timeZone: ZONE, asOf: TODAY }, ['snapshot']],
    ];
    for (const [variables, expected] of cases) {
      let result!: Awaited<ReturnType<typeof forecast>>;
      const statements = await statementsDuring(async () => {
        result = await forecast(user, variables);
      });
      expect(result.days.length).toBeGreaterThan(0);
      expect({ variables, statements: statements.map(statementKind) }).toEqual({
        variables,
        statements: expected,
      });
    }
  });
});

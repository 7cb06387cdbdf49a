import { queryOne, queryRows } from '../../db/sql';
import type { TestApp } from '../../test/harness';
import {
  addIncomeSource,
  addLiability,
  addWallet,
  errorCode,
  newUser,
  ok,
  startFinanceApp,
  ZONE,
  type TestUser,
} from '../../test/finance';

/**
 * The reports (docs/product-rules.md §25) against a ledger built by hand: every month, point and
 * period below is summed in the comments from the rows written here, not by the code under test.
 * The clock stands on Mon 2026-11-16 in New York.
 */

let t: TestApp;
beforeAll(async () => {
  t = await startFinanceApp();
});
afterAll(() => t.close());

const sql = (text: string, values: unknown[] = []) =>
  queryRows<{ id: string }>(t.deps.dataSource, text, values);

/** A household with three months of pay, shopping, a car loan paid twice, and a gym bill left unpaid. */
async function handBuiltYear(): Promise<TestUser> {
  const user = await newUser(t);
  const wallet = await addWallet(t, user, 'Checking', 5000);
  const car = await addLiability(t, user, {
    creditorName: 'Ally Auto',
    debtType: 'CAR_LOAN',
    payment: 300,
    balance: 9000,
    dueDate: '2026-12-05',
  });
  await addLiability(t, user, {
    creditorName: 'Gym',
    debtType: 'MISC_BILL',
    payment: 40,
    dueDate: '2026-10-20',
  });
  const pay = await addIncomeSource(t, user);
  const { id: household } = (await queryOne<{ id: string }>(
    t.deps.dataSource,
    'SELECT household_id AS id FROM wallet WHERE id = $1',
    [wallet.id],
  )) as { id: string };
  // Added long ago, whatever the database's own clock says.
  await sql("UPDATE wallet SET created_at = '2026-01-01T12:00:00Z' WHERE household_id = $1", [household]);
  await sql("UPDATE liability SET created_at = '2026-01-01T12:00:00Z' WHERE household_id = $1", [household]);
  const [coffee] = await sql(
    `INSERT INTO category (household_id, name, parent_id)
     SELECT household_id, 'Coffee', id FROM category WHERE household_id = $1 AND key = 'DINING' RETURNING id`,
    [household],
  );
  const [batch] = await sql(
    `INSERT INTO import_batch (household_id, wallet_id, preview_id, file_name, format)
     VALUES ($1, $2, gen_random_uuid(), 'bank.ofx', 'OFX') RETURNING id`,
    [household, wallet.id],
  );
  const rows: [string, number, string | null, string][] = [
    ['2026-09-04', 200_000, 'INCOME', 'ACME PAYROLL'],
    ['2026-09-10', -30_000, 'GROCERIES', 'KING SOOPERS'],
    ['2026-09-18', 200_000, 'INCOME', 'ACME PAYROLL'],
    ['2026-09-20', -5_000, 'DINING', 'CHIPOTLE'],
    ['2026-09-25', -50_000, 'TRANSFERS', 'TRANSFER TO SAVINGS'],
    ['2026-10-02', 200_000, 'INCOME', 'ACME PAYROLL'],
    ['2026-10-08', -41_234, 'GROCERIES', 'KING SOOPERS'],
    ['2026-10-09', 1_234, 'GROCERIES', 'KING SOOPERS REFUND'],
    ['2026-10-16', 200_000, 'INCOME', 'ACME PAYROLL'],
    ['2026-10-20', -2_000, 'COFFEE', 'BLUE BOTTLE'],
    ['2026-10-30', 200_000, 'INCOME', 'ACME PAYROLL'],
    ['2026-10-31', -4_500, null, 'XQZ 4411'],
    ['2026-11-13', 200_000, 'INCOME', 'ACME PAYROLL'],
    ['2026-11-14', -8_000, 'DINING', 'CHIPOTLE'],
  ];
  for (const [index, [day, cents, key, description]] of rows.entries()) {
    await sql(
      `INSERT INTO import_ledger (household_id, wallet_id, key, batch_id, amount_cents, occurred_on, description,
                                  category_id, category_source)
       VALUES ($1, $2, $3, $4, $5, $6, $7,
               CASE WHEN $8::text = 'COFFEE' THEN $9::int
                    ELSE (SELECT id FROM category WHERE household_id = $1 AND key = $8::text) END,
               CASE WHEN $8::text IS NULL THEN NULL ELSE 'PERSON' END)`,
      [household, wallet.id, `id:r${index}`, batch!.id, cents, day, description, key, coffee!.id],
    );
  }
  // The car loan's payment on Oct 5, from the statement, settles a bill: the payment history counts it.
  await sql(
    `INSERT INTO import_ledger (household_id, wallet_id, key, batch_id, amount_cents, occurred_on, description, liability_id)
     VALUES ($1, $2, 'id:car1', $3, -30000, '2026-10-05', 'ALLY AUTO PAYMENT', $4)`,
    [household, wallet.id, batch!.id, car.id],
  );
  for (const [due, paidOn] of [
    ['2026-10-05', '2026-10-05'],
    ['2026-11-05', '2026-11-05'],
  ]) {
    await sql(
      `INSERT INTO liability_payment (household_id, liability_id, creditor_name, debt_type, due_date, kind, amount_cents,
                                      balance_reduced_cents, wallet_id, paid_on)
       VALUES ($1, $2, 'Ally Auto', 'CAR_LOAN', $3, 'PAID', 30000, 30000, $4, $5)`,
      [household, car.id, due, wallet.id, paidOn],
    );
  }
  for (const day of ['2026-09-04', '2026-09-18', '2026-10-02', '2026-10-16', '2026-10-30', '2026-11-13']) {
    await sql(
      `INSERT INTO income_deposit (household_id, income_source_id, occurrence_date, wallet_id, amount_cents)
       VALUES ($1, $2, $3, $4, 200000)`,
      [household, pay.id, day, wallet.id],
    );
  }
  // A balance typed by hand on Nov 10: $100.00 more than the register said.
  await sql(
    `INSERT INTO register_entry (household_id, entered_by, wallet_id, direction, amount_cents, kind, description, occurred_on)
     VALUES ($1, $2, $3, 'deposited', 10000, 'adjustment', 'Balance updated', '2026-11-10')`,
    [household, user.id, wallet.id],
  );
  return user;
}

const TOP = 'topCategories { category { key name } spent count previousAverage }';

it('sums each month: income, spending less refunds, bills from the payment history, and the net', async () => {
  const user = await handBuiltYear();
  const { cashFlowByMonth } = ok(
    await t.gql<{ cashFlowByMonth: Record<string, unknown>[] }>(
      `query { cashFlowByMonth(months: 3, timeZone: "${ZONE}") { month income spending bills net ${TOP} } }`,
      {},
      { token: user.token },
    ),
  );
  expect(cashFlowByMonth).toEqual([
    // Pay 2 × $2,000; groceries $300 and dining $50; the transfer is neither.
    {
      month: '2026-09',
      income: 4000,
      spending: 350,
      bills: 0,
      net: 3650,
      topCategories: [
        { category: { key: 'GROCERIES', name: 'Groceries' }, spent: 300, count: 1, previousAverage: 0 },
        { category: { key: 'DINING', name: 'Dining' }, spent: 50, count: 1, previousAverage: 0 },
      ],
    },
    // Pay 3 × $2,000; groceries $412.34 − $12.34 = $400, coffee $20 in Dining, $45 unsorted: $465;
    // the car loan's $300 is a bill, not spending; net 6,000 − 300 − 465 = 5,235.
    {
      month: '2026-10',
      income: 6000,
      spending: 465,
      bills: 300,
      net: 5235,
      topCategories: [
        { category: { key: 'GROCERIES', name: 'Groceries' }, spent: 400, count: 2, previousAverage: 100 },
        { category: null, spent: 45, count: 1, previousAverage: 0 },
        { category: { key: 'DINING', name: 'Dining' }, spent: 20, count: 1, previousAverage: 16.67 },
      ],
    },
    {
      month: '2026-11',
      income: 2000,
      spending: 80,
      bills: 300,
      net: 1620,
      topCategories: [
        { category: { key: 'DINING', name: 'Dining' }, spent: 80, count: 1, previousAverage: 23.33 },
      ],
    },
  ]);
});

it("walks net worth back from today's balances: the wallet's movements, the hand-set balance, the loan's payments", async () => {
  const user = await handBuiltYear();
  // A savings account linked on Nov 10 whose bank gave history back to Oct 20: it counts from then.
  const savings = await addWallet(t, user, 'Savings', 1000);
  await sql("UPDATE wallet SET created_at = '2026-11-10T15:00:00Z' WHERE id = $1", [savings.id]);
  await sql(
    `INSERT INTO import_batch (household_id, wallet_id, preview_id, file_name, format)
     SELECT household_id, id, gen_random_uuid(), 'bank', 'SIMPLEFIN' FROM wallet WHERE id = $1`,
    [savings.id],
  );
  await sql(
    `INSERT INTO import_ledger (household_id, wallet_id, key, batch_id, amount_cents, occurred_on, description, history_only)
     SELECT w.household_id, w.id, 'id:s1', b.id, 50000, '2026-10-20', 'INTEREST AND DEPOSIT', true
       FROM wallet w JOIN import_batch b ON b.wallet_id = w.id WHERE w.id = $1`,
    [savings.id],
  );
  const { netWorth } = ok(
    await t.gql<{ netWorth: Record<string, unknown>[] }>(
      `query { netWorth(months: 3, timeZone: "${ZONE}") { date wallets debts netWorth } }`,
      {},
      { token: user.token },
    ),
  );
  expect(netWorth).toEqual([
    // After Sep 30: October's 6,000 − 412.34 + 12.34 − 300 − 20 − 45 = 5,235 and November's 2,020;
    // the savings account's history starts after it.
    { date: '2026-09-30', wallets: -2255, debts: 9600, netWorth: -11855 },
    // After Oct 31: pay 2,000 − dining 80 + the $100 typed by hand = 2,020; the loan's Nov 5 payment.
    // Savings: $1,000.00 since Oct 20 (nothing moved it after Oct 31).
    { date: '2026-10-31', wallets: 3980, debts: 9300, netWorth: -5320 },
    { date: '2026-11-16', wallets: 6000, debts: 9000, netWorth: -3000 },
  ]);
});

it('tells each ended pay period: its pay, bills, other spending, true net income and what was left', async () => {
  const user = await handBuiltYear();
  const { payPeriodHistory } = ok(
    await t.gql<{ payPeriodHistory: Record<string, unknown>[] }>(
      `query { payPeriodHistory(timeZone: "${ZONE}") { start end pay bills otherSpending trueNetIncome leftAtEnd } }`,
      {},
      { token: user.token },
    ),
  );
  const period = (start: string, end: string, bills: number, other: number, owed: number) => ({
    start,
    end,
    pay: 2000,
    bills,
    otherSpending: other,
    trueNetIncome: 2000 - owed,
    leftAtEnd: 2000 - bills - other,
  });
  expect(payPeriodHistory).toEqual([
    period('2026-09-04', '2026-09-17', 0, 300, 0),
    period('2026-09-18', '2026-10-01', 0, 50, 0),
    period('2026-10-02', '2026-10-15', 300, 400, 300),
    // The gym's $40 due Oct 20 was never paid: this period owed it.
    period('2026-10-16', '2026-10-29', 0, 20, 40),
    period('2026-10-30', '2026-11-12', 300, 45, 300),
  ]);
});

it('refuses months or periods outside 1 to 36, and shows nothing of another household', async () => {
  const user = await handBuiltYear();
  for (const query of [
    'query { cashFlowByMonth(months: 0) { month } }',
    'query { netWorth(months: 37) { date } }',
    'query { payPeriodHistory(periods: 0) { start } }',
  ]) {
    expect(errorCode(await t.gql(query, {}, { token: user.token }))).toBe('BAD_USER_INPUT');
  }
  const stranger = await newUser(t);
  const { cashFlowByMonth, payPeriodHistory } = ok(
    await t.gql<{ cashFlowByMonth: { income: number }[]; payPeriodHistory: unknown[] }>(
      'query { cashFlowByMonth(months: 3) { income } payPeriodHistory { start } }',
      {},
      { token: stranger.token },
    ),
  );
  expect(cashFlowByMonth.map((month) => month.income)).toEqual([0, 0, 0]);
  expect(payPeriodHistory).toEqual([]);
});

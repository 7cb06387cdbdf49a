import type { TestApp } from '../../test/harness';
import {
  addWallet,
  errorCode,
  importStatement,
  newUser,
  ok,
  startFinanceApp,
  ZONE,
  type TestUser,
} from '../../test/finance';

/** Budgets (docs/product-rules.md §24) through the API; the clock stands on Mon 2026-11-16. */

let t: TestApp;
beforeAll(async () => {
  t = await startFinanceApp();
});
afterAll(() => t.close());

async function categoryId(user: TestUser, key: string): Promise<string> {
  const { categories } = ok(
    await t.gql<{ categories: { id: string; key: string | null }[] }>(
      '{ categories { id key } }',
      {},
      { token: user.token },
    ),
  );
  return categories.find((category) => category.key === key)?.id as string;
}

async function household() {
  const user = await newUser(t);
  const wallet = await addWallet(t, user, 'Checking', 5000);
  await importStatement(t, user, wallet.id, [
    ['2026-08-05', '-210.00', 'CHIPOTLE 1234', 'd1'],
    ['2026-09-05', '-180.00', 'CHIPOTLE 1234', 'd2'],
    ['2026-10-05', '-260.00', 'CHIPOTLE 1234', 'd3'],
    ['2026-11-03', '-90.00', 'CHIPOTLE 1234', 'd4'],
    ['2026-11-04', '-10.00', 'TST* SHAKE SHACK', 'd5'],
    ['2026-10-12', '-95.00', 'KING SOOPERS #12', 'g1'],
    ['2026-09-12', '-80.00', 'KING SOOPERS #12', 'g2'],
  ]);
  return user;
}

const PROGRESS = `budget { category { key } monthly rollover } month carried spent left leftPerDay status`;

it("shows a budget's month: spent, left and left a day, a rollover chained from the month it was set, and NEAR", async () => {
  const user = await household();
  const dining = await categoryId(user, 'DINING');
  ok(
    await t.gql(
      'mutation($c: ID!) { setBudget(categoryId: $c, monthly: 120, rollover: true) { id } }',
      { c: dining },
      { token: user.token },
    ),
  );
  const progress = async (month?: string) =>
    ok(
      await t.gql<{ budgetProgress: Record<string, unknown>[] }>(
        `query($month: String, $timeZone: String) { budgetProgress(month: $month, timeZone: $timeZone) { ${PROGRESS} } }`,
        { month, timeZone: ZONE },
        { token: user.token },
      ),
    ).budgetProgress;
  // November, the month it was set: $100 of $120 spent (83%: NEAR), $20 left over 15 days.
  expect(await progress()).toEqual([
    {
      budget: { category: { key: 'DINING' }, monthly: 120, rollover: true },
      month: '2026-11',
      carried: 0,
      spent: 100,
      left: 20,
      leftPerDay: 1.33,
      status: 'NEAR',
    },
  ]);
  // December carries November's $20 and has all of its 31 days.
  expect(await progress('2026-12')).toEqual([
    expect.objectContaining({
      month: '2026-12',
      carried: 20,
      spent: 0,
      left: 140,
      leftPerDay: 4.51,
      status: 'UNDER',
    }),
  ]);
});

it('suggests a monthly amount from the last three complete months, rounded up to $5', async () => {
  const user = await household();
  const { budgetSuggestions } = ok(
    await t.gql<{ budgetSuggestions: { category: { key: string }; monthly: number; months: number }[] }>(
      'query($timeZone: String) { budgetSuggestions(timeZone: $timeZone) { category { key } monthly months } }',
      { timeZone: ZONE },
      { token: user.token },
    ),
  );
  // Dining Aug 210, Sep 180, Oct 260: median 210. Groceries Sep 80, Oct 95, Aug 0: median 80.
  expect(budgetSuggestions).toEqual([
    { category: { key: 'DINING' }, monthly: 210, months: 3 },
    { category: { key: 'GROCERIES' }, monthly: 80, months: 3 },
  ]);
});

it("refuses an amount out of range, a month not YYYY-MM and another household's category, writing nothing", async () => {
  const user = await household();
  const dining = await categoryId(user, 'DINING');
  const set = (c: string, monthly: number) =>
    t.gql(
      'mutation($c: ID!, $m: Money!) { setBudget(categoryId: $c, monthly: $m) { id } }',
      { c, m: monthly },
      { token: user.token },
    );
  expect(errorCode(await set(dining, -1))).toBe('BAD_USER_INPUT');
  expect(errorCode(await set(dining, 1_000_000.01))).toBe('BAD_USER_INPUT');
  expect(errorCode(await set(await categoryId(await newUser(t), 'DINING'), 10))).toBe('NOT_FOUND');
  const month = await t.gql('{ budgetProgress(month: "2026-13") { month } }', {}, { token: user.token });
  expect(errorCode(month)).toBe('BAD_USER_INPUT');
  const { budgets } = ok(
    await t.gql<{ budgets: unknown[] }>('{ budgets { id } }', {}, { token: user.token }),
  );
  expect(budgets).toEqual([]);
});

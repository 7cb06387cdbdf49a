import { queryOne, queryRows } from '../../db/sql';
import type { TestApp } from '../../test/harness';
import {
  addLiability,
  addWallet,
  errorCode,
  importStatement,
  newUser,
  ok,
  settleLiability,
  startFinanceApp,
  type TestUser,
} from '../../test/finance';

/** Where the money goes (docs/product-rules.md §20), through the API against a real database. */

const ROW =
  'id walletId date direction amount description payee category { id key name } categorySource splits { category { key name } amount } transactionId';

interface Row {
  id: string;
  date: string;
  direction: string;
  amount: number;
  description: string;
  payee: string;
  category: { id: string; key: string | null; name: string } | null;
  categorySource: string | null;
  splits: { category: { key: string | null; name: string }; amount: number }[];
  transactionId: string | null;
}

let t: TestApp;
beforeAll(async () => {
  t = await startFinanceApp();
});
afterAll(() => t.close());

async function ledger(user: TestUser, args = '') {
  return ok(
    await t.gql<{ ledger: { rows: Row[]; total: number; nextCursor: string | null } }>(
      `query { ledger${args ? `(${args})` : ''} { rows { ${ROW} } total nextCursor } }`,
      {},
      { token: user.token },
    ),
  ).ledger;
}

async function categories(user: TestUser) {
  return ok(
    await t.gql<{
      categories: {
        id: string;
        key: string | null;
        name: string;
        parentId: string | null;
        archived: boolean;
      }[];
    }>('query { categories { id key name parentId archived } }', {}, { token: user.token }),
  ).categories;
}

async function categoryId(user: TestUser, key: string): Promise<string> {
  return (await categories(user)).find((category) => category.key === key)?.id as string;
}

function rowNamed(rows: Row[], words: string): Row {
  const row = rows.find((candidate) => candidate.description.includes(words));
  if (!row) throw new Error(`No row of ${words}`);
  return row;
}

async function household(): Promise<{ user: TestUser; walletId: string }> {
  const user = await newUser(t);
  const wallet = await addWallet(t, user, 'Checking', 1000);
  await importStatement(t, user, wallet.id, [
    ['2026-10-02', '-54.20', 'KING SOOPERS #0012 DENVER CO', 'a1'],
    ['2026-10-05', '-6.75', 'TST* SHAKE SHACK 2779 DENVER CO', 'a2'],
    ['2026-10-09', '-18.00', 'SQ *KIMS DENVER CO', 'a3'],
    ['2026-10-15', '1890.00', 'ACME CORP DES:PAYROLL ID:000123', 'a4'],
    ['2026-10-20', '-60.00', 'ATM WITHDRAWAL 004512 1620 MAIN ST', 'a5'],
    ['2026-10-22', '-22.00', 'SQ *KIMS TAMPA FL', 'a6'],
    ['2026-11-03', '-40.00', 'AMZN Mktp US*2K4PQ', 'a7'],
    ['2026-11-04', '12.00', 'AMZN Mktp US*2K4PQ', 'a8'],
    ['2026-11-06', '-200.00', 'Online Transfer to SAV ...4455', 'a9'],
    ['2026-11-07', '-31.00', 'SQ *KIMS DENVER CO', 'a10'],
  ]);
  return { user, walletId: wallet.id };
}

describe('categories', () => {
  it('gives every household the built-ins, in their order, and its own after them', async () => {
    const user = await newUser(t);
    const list = await categories(user);
    expect(list.slice(0, 3).map((category) => category.key)).toEqual(['INCOME', 'TRANSFERS', 'CASH']);
    expect(list).toHaveLength(22);
    const mine = ok(
      await t.gql<{ addCategory: { id: string; parentId: string | null } }>(
        'mutation($parent: ID) { addCategory(name: "  Date   nights ", parentId: $parent) { id parentId } }',
        { parent: await categoryId(user, 'DINING') },
        { token: user.token },
      ),
    ).addCategory;
    const after = await categories(user);
    const dining = after.findIndex((category) => category.key === 'DINING');
    expect(after[dining + 1]).toMatchObject({
      id: mine.id,
      name: 'Date nights',
      parentId: after[dining]?.id,
    });
  });

  it('refuses a duplicate name among siblings, a third level and an empty name, writing nothing', async () => {
    const user = await newUser(t);
    const dining = await categoryId(user, 'DINING');
    const child = ok(
      await t.gql<{ addCategory: { id: string } }>(
        'mutation($parent: ID) { addCategory(name: "Coffee", parentId: $parent) { id } }',
        { parent: dining },
        { token: user.token },
      ),
    ).addCategory.id;
    const attempts = [
      ['mutation($p: ID) { addCategory(name: "coffee ", parentId: $p) { id } }', { p: dining }, 'name'],
      ['mutation($p: ID) { addCategory(name: "Beans", parentId: $p) { id } }', { p: child }, 'parentId'],
      ['mutation { addCategory(name: "   ") { id } }', {}, 'name'],
      [
        'mutation($p: ID!) { renameCategory(id: $p, name: "Groceries") { id } }',
        { p: await categoryId(user, 'DINING') },
        'name',
      ],
    ] as const;
    for (const [document, variables, field] of attempts) {
      const response = await t.gql(document, variables, { token: user.token });
      expect({ code: errorCode(response), field: response.errors?.[0]?.extensions?.field }).toEqual({
        code: 'BAD_USER_INPUT',
        field,
      });
    }
    expect(await categories(user)).toHaveLength(23);
  });
});

describe('the ledger', () => {
  it('categorizes a statement as it is imported, and shows each row once with its payee', async () => {
    const { user } = await household();
    const page = await ledger(user);
    expect(page.total).toBe(10);
    expect(page.rows.map((row) => row.date)).toEqual([...page.rows.map((row) => row.date)].sort().reverse());
    expect(rowNamed(page.rows, 'KING SOOPERS')).toMatchObject({
      direction: 'SPENT',
      amount: 54.2,
      payee: 'King Soopers Denver Co',
      category: { key: 'GROCERIES' },
      categorySource: 'BUILT_IN',
    });
    expect(rowNamed(page.rows, 'KING SOOPERS').transactionId).toMatch(/^\d+$/);
    expect(rowNamed(page.rows, 'PAYROLL').category?.key).toBe('INCOME');
    expect(rowNamed(page.rows, 'SQ *KIMS DENVER').category).toBeNull();
    const uncategorized = await ledger(user, 'uncategorized: true');
    expect(uncategorized.rows.map((row) => row.description).sort()).toEqual([
      'SQ *KIMS DENVER CO',
      'SQ *KIMS DENVER CO',
      'SQ *KIMS TAMPA FL',
    ]);
  });

  it('pages newest first with a cursor, and filters by dates, category and words', async () => {
    const { user } = await household();
    const first = await ledger(user, 'first: 4');
    expect(first.rows).toHaveLength(4);
    const second = await ledger(user, `first: 4, after: "${first.nextCursor}"`);
    const third = await ledger(user, `first: 4, after: "${second.nextCursor}"`);
    expect(third.nextCursor).toBeNull();
    const ids = [...first.rows, ...second.rows, ...third.rows].map((row) => row.id);
    expect(new Set(ids).size).toBe(10);
    expect((await ledger(user, 'from: "2026-11-01", to: "2026-11-05"')).total).toBe(2);
    expect((await ledger(user, `categoryId: "${await categoryId(user, 'SHOPPING')}"`)).total).toBe(2);
    expect((await ledger(user, 'search: "kims"')).total).toBe(3);
    const tooMany = await t.gql('query { ledger(first: 501) { total } }', {}, { token: user.token });
    expect(errorCode(tooMany)).toBe('BAD_USER_INPUT');
  });
});

describe('categorize: learned from the first correction', () => {
  it("moves the payee's other rows in every town, remembers it for the next import, and teaches nobody else", async () => {
    const { user, walletId } = await household();
    const other = await household();
    const dining = await categoryId(user, 'DINING');
    const kims = rowNamed((await ledger(user)).rows, 'KIMS TAMPA');
    const result = ok(
      await t.gql<{ categorize: { row: Row; alsoChanged: number } }>(
        `mutation($row: ID!, $category: ID) { categorize(rowId: $row, categoryId: $category, applyToPast: true) { row { ${ROW} } alsoChanged } }`,
        { row: kims.id, category: dining },
        { token: user.token },
      ),
    ).categorize;
    expect(result.row).toMatchObject({ category: { key: 'DINING' }, categorySource: 'PERSON' });
    expect(result.alsoChanged).toBe(2);
    expect((await ledger(user, 'uncategorized: true')).total).toBe(0);
    await importStatement(t, user, walletId, [['2026-11-12', '-9.00', 'SQ *KIMS BOULDER CO', 'b1']]);
    expect(rowNamed((await ledger(user)).rows, 'KIMS BOULDER')).toMatchObject({
      category: { key: 'DINING' },
      categorySource: 'LEARNED',
    });
    expect((await ledger(other.user, 'uncategorized: true')).total).toBe(3);
  });

  it("never overwrites a person's choice, and clearing it lets the row be chosen again", async () => {
    const { user } = await household();
    const rows = (await ledger(user)).rows;
    const grocery = rowNamed(rows, 'KING SOOPERS');
    const travel = await categoryId(user, 'TRAVEL');
    const categorize = (row: string, category: string | null, extra = '') =>
      t.gql<{ categorize: { row: Row; alsoChanged: number } }>(
        `mutation($row: ID!, $category: ID) { categorize(rowId: $row, categoryId: $category${extra}) { row { ${ROW} } alsoChanged } }`,
        { row, category },
        { token: user.token },
      );
    ok(await categorize(grocery.id, travel, ', remember: false'));
    // A rule and a later 'apply to past' for the same payee leave the person's row alone.
    ok(
      await t.gql(
        'mutation($c: ID!) { addCategoryRule(input: { descriptionContains: "king soopers", categoryId: $c, applyToPast: true }) { id } }',
        { c: await categoryId(user, 'SHOPPING') },
        { token: user.token },
      ),
    );
    expect(rowNamed((await ledger(user)).rows, 'KING SOOPERS')).toMatchObject({
      category: { key: 'TRAVEL' },
      categorySource: 'PERSON',
    });
    const cleared = ok(await categorize(grocery.id, null)).categorize.row;
    expect(cleared).toMatchObject({ category: { key: 'SHOPPING' }, categorySource: 'RULE' });
  });

  it('answers NOT_FOUND for a row or category of another household, and a viewer may not change', async () => {
    const { user } = await household();
    const other = await household();
    const row = (await ledger(user)).rows[0] as Row;
    const theirs = await categoryId(other.user, 'DINING');
    const response = await t.gql(
      'mutation($row: ID!, $c: ID) { categorize(rowId: $row, categoryId: $c) { alsoChanged } }',
      { row: row.id, c: theirs },
      { token: user.token },
    );
    expect(errorCode(response)).toBe('NOT_FOUND');
    const missing = await t.gql(
      'mutation($row: ID!) { categorize(rowId: $row, categoryId: null) { alsoChanged } }',
      { row: 'h999999999' },
      { token: user.token },
    );
    expect(errorCode(missing)).toBe('NOT_FOUND');
  });
});

describe('splits and spending', () => {
  it('splits a row exactly, refuses parts that do not add up, and counts each part in its category', async () => {
    const { user } = await household();
    const amazon = rowNamed(
      (await ledger(user)).rows.filter((row) => row.direction === 'SPENT'),
      'AMZN',
    );
    const [groceries, shopping] = [await categoryId(user, 'GROCERIES'), await categoryId(user, 'SHOPPING')];
    const split = (parts: { categoryId: string; amount: number }[]) =>
      t.gql<{ splitRow: Row }>(
        `mutation($row: ID!, $parts: [SplitPartInput!]!) { splitRow(rowId: $row, parts: $parts) { ${ROW} } }`,
        { row: amazon.id, parts },
        { token: user.token },
      );
    const short = await split([
      { categoryId: groceries, amount: 10 },
      { categoryId: shopping, amount: 20 },
    ]);
    expect(short.errors?.[0]?.message).toContain('$10.00 short');
    const row = ok(
      await split([
        { categoryId: groceries, amount: 15 },
        { categoryId: shopping, amount: 25 },
      ]),
    ).splitRow;
    expect(row.category).toBeNull();
    expect(row.splits.map((part) => [part.category.key, part.amount])).toEqual([
      ['GROCERIES', 15],
      ['SHOPPING', 25],
    ]);

    const spending = ok(
      await t.gql<{
        spendingByCategory: {
          category: { key: string | null } | null;
          spent: number;
          count: number;
          previousAverage: number;
        }[];
      }>(
        'query { spendingByCategory(from: "2026-10-01", to: "2026-11-30") { category { key } spent count previousAverage } }',
        {},
        { token: user.token },
      ),
    ).spendingByCategory;
    const byKey = Object.fromEntries(spending.map((entry) => [entry.category?.key ?? 'NONE', entry.spent]));
    // Groceries 54.20 + 15 of the split; shopping 25 of the split less the 12.00 refund; pay and transfers left out.
    expect(byKey).toEqual({ GROCERIES: 69.2, NONE: 71, CASH: 60, SHOPPING: 13, DINING: 6.75 });
    ok(await split([]));
    expect(
      rowNamed(
        (await ledger(user)).rows.filter((r) => r.direction === 'SPENT'),
        'AMZN',
      ),
    ).toMatchObject({
      category: { key: 'SHOPPING' },
      splits: [],
    });
  });

  it('rolls a child into its parent and compares with the three ranges before', async () => {
    const user = await newUser(t);
    const wallet = await addWallet(t, user, 'Checking', 0);
    const coffee = ok(
      await t.gql<{ addCategory: { id: string } }>(
        'mutation($p: ID) { addCategory(name: "Coffee", parentId: $p) { id } }',
        { p: await categoryId(user, 'DINING') },
        { token: user.token },
      ),
    ).addCategory.id;
    ok(
      await t.gql(
        'mutation($c: ID!) { addCategoryRule(input: { descriptionContains: "roasters", categoryId: $c }) { id } }',
        { c: coffee },
        { token: user.token },
      ),
    );
    await importStatement(t, user, wallet.id, [
      ['2026-08-05', '-30.00', 'SQ *MOUNTAIN ROASTERS', 'c1'],
      ['2026-09-05', '-30.00', 'SQ *MOUNTAIN ROASTERS', 'c2'],
      ['2026-10-05', '-30.00', 'SQ *MOUNTAIN ROASTERS', 'c3'],
      ['2026-11-05', '-10.00', 'SQ *MOUNTAIN ROASTERS', 'c4'],
      ['2026-11-06', '-20.00', 'CHIPOTLE 1234', 'c5'],
    ]);
    const spending = ok(
      await t.gql<{
        spendingByCategory: {
          category: { key: string | null } | null;
          spent: number;
          count: number;
          previousAverage: number;
        }[];
      }>(
        'query { spendingByCategory(from: "2026-11-01", to: "2026-11-30") { category { key } spent count previousAverage } }',
        {},
        { token: user.token },
      ),
    ).spendingByCategory;
    expect(spending).toEqual([{ category: { key: 'DINING' }, spent: 30, count: 2, previousAverage: 30 }]);
  });
});

describe('rules and archiving', () => {
  it('refuses a rule with no condition, counts what a rule matches, and archives with its rows moved', async () => {
    const { user } = await household();
    const none = await t.gql(
      'mutation($c: ID!) { addCategoryRule(input: { descriptionContains: "  ", categoryId: $c }) { id } }',
      { c: await categoryId(user, 'DINING') },
      { token: user.token },
    );
    expect(errorCode(none)).toBe('BAD_USER_INPUT');
    const treats = ok(
      await t.gql<{ addCategory: { id: string } }>(
        'mutation { addCategory(name: "Treats") { id } }',
        {},
        { token: user.token },
      ),
    ).addCategory.id;
    const rule = ok(
      await t.gql<{ addCategoryRule: { id: string; matches: number } }>(
        'mutation($c: ID!) { addCategoryRule(input: { payee: "kims", amountMax: 20, categoryId: $c, applyToPast: true }) { id matches } }',
        { c: treats },
        { token: user.token },
      ),
    ).addCategoryRule;
    expect(rule.matches).toBe(1);
    expect((await ledger(user, `categoryId: "${treats}"`)).total).toBe(1);
    ok(
      await t.gql(
        'mutation($id: ID!, $to: ID) { archiveCategory(id: $id, moveTo: $to) }',
        { id: treats, to: await categoryId(user, 'DINING') },
        { token: user.token },
      ),
    );
    expect((await categories(user)).find((category) => category.id === treats)?.archived).toBe(true);
    expect(rowNamed((await ledger(user)).rows, 'KIMS DENVER CO').category).toBeNull();
    expect((await ledger(user, `categoryId: "${await categoryId(user, 'DINING')}"`)).total).toBe(2);
    const archived = await t.gql(
      'mutation($c: ID!) { addCategoryRule(input: { descriptionContains: "x", categoryId: $c }) { id } }',
      { c: treats },
      { token: user.token },
    );
    expect(errorCode(archived)).toBe('BAD_USER_INPUT');
  });
});

describe("transfers between the household's own wallets", () => {
  it('puts both sides of a move in Transfers, whichever wallet is imported first', async () => {
    const user = await newUser(t);
    const checking = await addWallet(t, user, 'Checking', 0);
    const savings = await addWallet(t, user, 'Savings', 0);
    await importStatement(t, user, checking.id, [
      ['2026-11-02', '-250.00', 'WEB XFER 887766 TO ACCT 4455', 't1'],
    ]);
    await importStatement(t, user, savings.id, [
      ['2026-11-03', '250.00', 'DEPOSIT 887766 FROM ACCT 1122', 't2'],
    ]);
    const rows = (await ledger(user)).rows;
    expect(rows.map((row) => [row.direction, row.category?.key, row.categorySource]).sort()).toEqual([
      ['DEPOSITED', 'TRANSFERS', 'TRANSFER'],
      ['SPENT', 'TRANSFERS', 'TRANSFER'],
    ]);
  });
});

describe('rows written by the app', () => {
  it('categorizes a typed entry from its note or the category picked, and pay by its source', async () => {
    const user = await newUser(t);
    const wallet = await addWallet(t, user, 'Checking', 100);
    const spend = (transaction: Record<string, unknown>) =>
      t.gql(
        'mutation($input: UpdateWalletBalanceInput!) { updateWalletBalance(input: $input) { id } }',
        { input: { walletId: wallet.id, transaction: { direction: 'SPENT', amount: 5, ...transaction } } },
        { token: user.token },
      );
    ok(await spend({ transactionDescription: 'Starbucks' }));
    ok(await spend({ transactionDescription: 'gift for mom', categoryId: await categoryId(user, 'GIVING') }));
    const rows = (await ledger(user)).rows;
    expect(rowNamed(rows, 'Starbucks')).toMatchObject({
      category: { key: 'DINING' },
      categorySource: 'BUILT_IN',
    });
    expect(rowNamed(rows, 'gift for mom')).toMatchObject({
      category: { key: 'GIVING' },
      categorySource: 'PERSON',
    });
    const foreign = await spend({ categoryId: await categoryId(await newUser(t), 'GIVING') });
    expect(errorCode(foreign)).toBe('NOT_FOUND');
  });

  it("puts a paid bill's row in the bill's category: its type's, or the one chosen for it", async () => {
    const user = await newUser(t);
    const wallet = await addWallet(t, user, 'Checking', 3000);
    const rent = await addLiability(t, user, { creditorName: 'Oak Street Apartments' });
    const gym = await addLiability(t, user, {
      creditorName: 'Iron Works',
      debtType: 'MISC_BILL',
      payment: 40,
      categoryId: await categoryId(user, 'PERSONAL_CARE'),
    });
    const bills = ok(
      await t.gql<{ liabilities: { id: string; categoryId: string | null }[] }>(
        '{ liabilities { id categoryId } }',
        {},
        { token: user.token },
      ),
    ).liabilities;
    expect(bills.find((bill) => bill.id === rent.id)?.categoryId).toBeNull();
    expect(bills.find((bill) => bill.id === gym.id)?.categoryId).toBe(
      await categoryId(user, 'PERSONAL_CARE'),
    );
    await settleLiability(t, user, wallet.id, rent.id);
    await settleLiability(t, user, wallet.id, gym.id);
    const rows = (await ledger(user)).rows;
    expect(rowNamed(rows, 'Oak Street')).toMatchObject({
      category: { key: 'HOUSING' },
      categorySource: 'PLAN',
    });
    expect(rowNamed(rows, 'Iron Works')).toMatchObject({
      category: { key: 'PERSONAL_CARE' },
      categorySource: 'PLAN',
    });
    const foreign = await t.gql(
      'mutation($input: LiabilityInput!) { addLiability(input: $input) { id } }',
      {
        input: {
          creditorName: 'X',
          debtType: 'MISC_BILL',
          frequency: 'MONTHLY',
          dueDate: '2026-11-20',
          payment: 5,
          categoryId: await categoryId(await newUser(t), 'PETS'),
        },
      },
      { token: user.token },
    );
    expect(errorCode(foreign)).toBe('NOT_FOUND');
  });

  it('categorizes history imported before categories existed on the first read', async () => {
    const { user } = await household();
    const householdId = (
      (await queryOne<{ id: string }>(t.deps.dataSource, 'SELECT id FROM household WHERE personal_of = $1', [
        user.id,
      ])) as { id: string }
    ).id;
    await queryRows(
      t.deps.dataSource,
      `UPDATE import_ledger SET category_id = NULL, category_source = NULL, payee_key = NULL, learning_key = NULL
        WHERE household_id = $1`,
      [householdId],
    );
    await queryRows(t.deps.dataSource, 'UPDATE household SET categorized_at = NULL WHERE id = $1', [
      householdId,
    ]);
    expect(rowNamed((await ledger(user)).rows, 'KING SOOPERS').category?.key).toBe('GROCERIES');
  });
});

describe('the database itself', () => {
  async function householdIdOf(user: TestUser): Promise<string> {
    return (
      (await queryOne<{ id: string }>(t.deps.dataSource, 'SELECT id FROM household WHERE personal_of = $1', [
        user.id,
      ])) as { id: string }
    ).id;
  }

  it("refuses a ledger row naming another household's category or wallet, checked once per statement", async () => {
    const ours = await household();
    const theirs = await household();
    const [ourHousehold, theirHousehold] = [await householdIdOf(ours.user), await householdIdOf(theirs.user)];
    const theirCategory = Number(await categoryId(theirs.user, 'DINING'));
    const refused = (sql: string, values: unknown[]) =>
      queryRows(t.deps.dataSource, sql, values).then(
        () => 'written',
        (error: { code?: string }) => error.code,
      );
    for (const table of ['import_ledger', 'register_entry']) {
      expect(
        await refused(
          `UPDATE ${table} SET category_id = $2, category_source = 'PERSON' WHERE household_id = $1`,
          [ourHousehold, theirCategory],
        ),
      ).toBe('23503');
    }
    expect(
      await refused('UPDATE import_ledger SET household_id = $2 WHERE household_id = $1', [
        ourHousehold,
        theirHousehold,
      ]),
    ).toBe('23503');
    // Nothing changed: every row still shows its own household's category.
    expect((await ledger(ours.user)).rows.every((row) => row.category?.id !== String(theirCategory))).toBe(
      true,
    );
  });
});

import { provenAccount, type RequestUser } from '../modules/auth/request-user';
import { newUser, ok, startFinanceApp, type TestUser } from '../test/finance';
import type { TestApp } from '../test/harness';
import { seedMatrixIds } from '../test/matrix-seed';
import {
  acrossHouseholds,
  answerForHousehold,
  APP_ROLE,
  behindTheWall,
  currentWall,
  wallSettings,
} from './household-wall';
import { queryOne, queryRows } from './sql';

/**
 * The second wall between households, asked of the database itself: every table with a
 * `household_id` (but the two membership tables) shows the app's role only the rows of the
 * household its transaction names, and nothing when it names none; a request's statements run
 * behind it whatever their SQL forgets.
 */
let t: TestApp;
let alice: TestUser;
let bob: TestUser;
const household: Record<'alice' | 'bob', string> = { alice: '', bob: '' };
let walled: string[];
/** One row of each walled table of each household, as JSON, read as the login role. */
const rows: Record<string, Record<string, unknown>> = {};

/** The tables that decide which household a request may use: read before the household is known. */
const MEMBERSHIP_TABLES = ['household_invitation', 'household_member'];

beforeAll(async () => {
  t = await startFinanceApp();
  alice = await newUser(t);
  bob = await newUser(t);
  for (const [name, user] of [
    ['alice', alice],
    ['bob', bob],
  ] as const) {
    const ids = await seedMatrixIds(t, user, name);
    household[name] = (await householdOf(user)).id;
    await fillTheRest(user, household[name]);
    ok(
      await t.gql(
        'mutation ($w: ID!, $o: [IncomeOccurrenceInput!]!) { depositPay(walletId: $w, occurrences: $o, timeZone: "UTC") { wallet { id } } }',
        { w: ids.wallet, o: [{ incomeSourceId: ids.incomeSource, date: '2026-11-13' }] },
        { token: user.token },
      ),
    );
  }
  const tables = await queryRows<{ table_name: string }>(
    t.deps.dataSource,
    `SELECT table_name FROM information_schema.columns
      WHERE table_schema = 'public' AND column_name = 'household_id' ORDER BY table_name`,
  );
  walled = tables.map((row) => row.table_name).filter((name) => !MEMBERSHIP_TABLES.includes(name));
  // Read before any check opens its transaction (the embedded database has one connection).
  for (const table of walled) {
    rows[table] = {
      [household.alice]: await rowOf(table, household.alice),
      [household.bob]: await rowOf(table, household.bob),
    };
  }
});
afterAll(() => t.close());

async function householdOf(user: TestUser) {
  return queryOne<{ id: string }>(
    t.deps.dataSource,
    'SELECT current_household_id AS id FROM debtor WHERE id = $1',
    [user.id],
  ) as Promise<{ id: string }>;
}

/**
 * What the matrices' seed leaves empty: set-aside suggestions and amount changes, and an amount
 * change told in a reminder (the reminder scan's record, written here as the scan writes it).
 */
async function fillTheRest(user: TestUser, householdId: string) {
  await queryRows(
    t.deps.dataSource,
    `INSERT INTO amount_change_notice (debtor_id, household_id, kind, item_id, amount_cents)
     SELECT $1, household_id, 'BILL', id, 12345 FROM liability WHERE household_id = $2 LIMIT 1`,
    [user.id, householdId],
  );
  // A budget, and its alert told to the person (what the reminder scan records).
  await queryRows(
    t.deps.dataSource,
    `WITH b AS (
       INSERT INTO budget (household_id, category_id, monthly_cents, starts_month)
       SELECT $2, id, 10000, '2026-11' FROM category WHERE household_id = $2 AND key = 'PETS'
       ON CONFLICT (household_id, category_id) DO UPDATE SET monthly_cents = 10000
       RETURNING id
     )
     INSERT INTO budget_alert_notice (debtor_id, household_id, budget_id, month, threshold)
     SELECT $1, $2, id, '2026-11', 80 FROM b`,
    [user.id, householdId],
  );
  // A bank request is what a sync records of its calls to the bridge.
  await queryRows(
    t.deps.dataSource,
    `INSERT INTO bank_request (connection_id, household_id, requested_at)
     SELECT id, household_id, now() FROM bank_connection WHERE household_id = $1 LIMIT 1`,
    [householdId],
  );
  const { recurringSuggestions } = ok(
    await t.gql<{ recurringSuggestions: { id: string }[] }>(
      '{ recurringSuggestions { id } }',
      {},
      { token: user.token },
    ),
  );
  for (const { id } of recurringSuggestions.slice(0, 1)) {
    ok(
      await t.gql(
        'mutation ($id: ID!) { dismissRecurringSuggestion(id: $id) }',
        { id },
        { token: user.token },
      ),
    );
  }
  // A payee taught with 'Always for' and a row split: what the matrices' seed does not do.
  const { ledger } = ok(
    await t.gql<{ ledger: { rows: { id: string; amount: number }[] } }>(
      '{ ledger { rows { id amount } } }',
      {},
      { token: user.token },
    ),
  );
  const { categories } = ok(
    await t.gql<{ categories: { id: string; key: string | null }[] }>(
      '{ categories { id key } }',
      {},
      { token: user.token },
    ),
  );
  const other = categories.find((category) => category.key === 'OTHER')?.id;
  const [taught, split] = ledger.rows as [{ id: string; amount: number }, { id: string; amount: number }];
  ok(
    await t.gql(
      'mutation ($r: ID!, $c: ID) { categorize(rowId: $r, categoryId: $c) { alsoChanged } }',
      { r: taught.id, c: other },
      { token: user.token },
    ),
  );
  const cents = Math.round(split.amount * 100);
  ok(
    await t.gql(
      'mutation ($r: ID!, $p: [SplitPartInput!]!) { splitRow(rowId: $r, parts: $p) { id } }',
      {
        r: split.id,
        p: [
          { categoryId: other, amount: Math.floor(cents / 2) / 100 },
          { categoryId: other, amount: (cents - Math.floor(cents / 2)) / 100 },
        ],
      },
      { token: user.token },
    ),
  );
  const { amountChanges } = ok(
    await t.gql<{ amountChanges: { id: string }[] }>('{ amountChanges { id } }', {}, { token: user.token }),
  );
  for (const { id } of amountChanges.slice(0, 1)) {
    ok(await t.gql('mutation ($id: ID!) { dismissAmountChange(id: $id) }', { id }, { token: user.token }));
  }
}

/**
 * Runs `work` on one connection in a transaction as the app's role, naming `householdId` (or
 * none), and rolls it back: the checks change nothing.
 */
async function asTheApp<T>(
  householdId: string | null,
  work: (query: (sql: string, params?: unknown[]) => Promise<unknown[]>) => Promise<T>,
): Promise<T> {
  const runner = t.deps.dataSource.createQueryRunner();
  await runner.connect();
  try {
    await runner.startTransaction();
    const wall = { householdId };
    await runner.query(wallSettings(wall));
    return await work((sql, params) => queryRows(runner.manager, sql, params));
  } finally {
    await runner.rollbackTransaction();
    await runner.release();
  }
}

/** One of a household's rows of `table`, as JSON, read as the login role. */
async function rowOf(table: string, householdId: string): Promise<unknown> {
  const row = await queryOne<{ row: unknown }>(
    t.deps.dataSource,
    `SELECT to_jsonb(x) AS row FROM ${table} x WHERE household_id = $1 LIMIT 1`,
    [householdId],
  );
  return row?.row;
}

/** Inserts a copy of `row` into `table` inside a savepoint: the database's error, or null. */
async function insertCopy(
  query: (sql: string, params?: unknown[]) => Promise<unknown[]>,
  table: string,
  row: unknown,
): Promise<string | null> {
  await query('SAVEPOINT copy');
  try {
    await query(
      `INSERT INTO ${table} OVERRIDING SYSTEM VALUE SELECT * FROM jsonb_populate_record(NULL::${table}, $1)`,
      [JSON.stringify(row)],
    );
    await query('RELEASE SAVEPOINT copy');
    return null;
  } catch (error) {
    await query('ROLLBACK TO SAVEPOINT copy');
    return (error as Error).message;
  }
}

describe('the wall between households, in the database', () => {
  it('stands on every table with a household_id but the membership tables: row security enabled and forced', async () => {
    expect(walled.length).toBeGreaterThanOrEqual(18);
    const secured = await queryRows<{ relname: string }>(
      t.deps.dataSource,
      `SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = 'public' AND c.relkind = 'r' AND c.relrowsecurity AND c.relforcerowsecurity
        ORDER BY c.relname`,
    );
    expect(secured.map((row) => row.relname)).toEqual(walled);
    const role = await queryOne<{
      rolsuper: boolean;
      rolbypassrls: boolean;
      rolcanlogin: boolean;
      owns: string;
    }>(
      t.deps.dataSource,
      `SELECT rolsuper, rolbypassrls, rolcanlogin,
              (SELECT count(*) FROM pg_class WHERE relowner = r.oid)::text AS owns
         FROM pg_roles r WHERE rolname = $1`,
      [APP_ROLE],
    );
    expect(role).toEqual({ rolsuper: false, rolbypassrls: false, rolcanlogin: false, owns: '0' });
  });

  it('holds rows of both households in every walled table, so the checks below check something', async () => {
    for (const table of walled) {
      for (const id of [household.alice, household.bob]) {
        expect({ table, row: Boolean(rows[table]![id]) }).toEqual({ table, row: true });
      }
    }
  });

  it('shows a statement that names no household no rows, and lets it write none', async () => {
    await asTheApp(null, async (query) => {
      for (const table of walled) {
        const [{ count }] = (await query(`SELECT count(*)::int AS count FROM ${table}`)) as [
          { count: number },
        ];
        const updated = await query(`UPDATE ${table} SET household_id = household_id RETURNING 1`);
        const deleted = await query(`DELETE FROM ${table} RETURNING 1`);
        const refused = await insertCopy(query, table, rows[table]![household.alice]);
        expect({ table, count, updated: updated.length, deleted: deleted.length, refused }).toEqual({
          table,
          count: 0,
          updated: 0,
          deleted: 0,
          refused: expect.stringContaining('row-level security'),
        });
      }
    });
  });

  it("shows a statement that names one household that household's rows only, and refuses it another's", async () => {
    for (const [mine, theirs] of [
      [household.alice, household.bob],
      [household.bob, household.alice],
    ] as [string, string][]) {
      await asTheApp(mine, async (query) => {
        for (const table of walled) {
          const seen = (await query(`SELECT DISTINCT household_id::text AS id FROM ${table}`)) as {
            id: string;
          }[];
          const moved = await query(
            `UPDATE ${table} SET household_id = household_id WHERE household_id = $1 RETURNING 1`,
            [theirs],
          );
          const refused = await insertCopy(query, table, rows[table]![theirs]);
          expect({ table, seen: seen.map((row) => row.id), moved: moved.length, refused }).toEqual({
            table,
            seen: [mine],
            moved: 0,
            refused: expect.stringContaining('row-level security'),
          });
        }
      });
    }
  });

  it("answers a request's query that forgets its household filter with that household's rows only", async () => {
    // A service written wrongly on purpose: no `WHERE household_id`.
    const forgetful = () =>
      queryRows<{ id: string }>(t.deps.dataSource, 'SELECT DISTINCT household_id::text AS id FROM wallet');
    const forgetfulInATransaction = () =>
      t.deps.dataSource.transaction((m) =>
        queryRows<{ id: string }>(m, 'SELECT DISTINCT household_id::text AS id FROM liability'),
      );
    const caller: RequestUser = {
      id: alice.id,
      role: 'user',
      via: 'session',
      scope: 'READ_WRITE',
      accountChecked: false,
    };

    const before = await behindTheWall(async () => [await forgetful(), await forgetfulInATransaction()]);
    expect(before).toEqual([[], []]);
    const proven = await behindTheWall(async () => {
      await provenAccount(t.deps.dataSource, caller);
      return [await forgetful(), await forgetfulInATransaction()];
    });
    expect(proven).toEqual([[{ id: household.alice }], [{ id: household.alice }]]);
    // Work across households is written as such, and sees them all.
    const across = await behindTheWall(() => acrossHouseholds(forgetful));
    // (The test database holds other tests' households too.)
    expect(across.map((row) => row.id)).toEqual(expect.arrayContaining([household.alice, household.bob]));
  });

  it("reads the analysis' snapshot for an account as the app, that household only, and never widens a wall", async () => {
    const snapshot = `SELECT household_id::text AS id, current_user AS reader,
                             json_array_length(wallets) AS wallets
                        FROM finance_snapshot($1, $2, '2026-01-01')`;
    const ds = t.deps.dataSource;
    expect(await queryRows(ds, snapshot, [alice.id, null])).toEqual([
      { id: household.alice, reader: APP_ROLE, wallets: expect.any(Number) },
    ]);
    // The role and the household were the statement's only.
    expect(await queryOne(ds, 'SELECT current_user AS reader')).toEqual({
      reader: expect.not.stringMatching(APP_ROLE),
    });
    // A household the account is not in reads nothing; nor does a wall already naming another.
    expect(await queryRows(ds, snapshot, [alice.id, household.bob])).toEqual([]);
    const underBobs = await asTheApp(household.bob, (query) => query(snapshot, [alice.id, null]));
    expect(underBobs).toEqual([]);
  });

  it('carries nothing over on a pooled connection: the settings end with their transaction', async () => {
    await behindTheWall(async () => {
      answerForHousehold(household.bob);
      expect(currentWall()?.householdId).toBe(household.bob);
      await queryRows(t.deps.dataSource, 'SELECT 1 FROM wallet');
    });
    const after = await queryOne<{ role: string; household: string | null }>(
      t.deps.dataSource,
      `SELECT current_user AS role, nullif(current_setting('app.household_id', true), '') AS household`,
    );
    expect(after).toEqual({ role: expect.not.stringMatching(APP_ROLE), household: null });
  });

  it('refuses to name a household by anything but its id', () => {
    expect(() => wallSettings({ householdId: "x'); DROP TABLE wallet; --" })).toThrow(
      'A household id must be a UUID',
    );
  });
});

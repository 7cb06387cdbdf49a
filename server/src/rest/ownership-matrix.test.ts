import { createApp } from '../app';
import { queryRows } from '../db/sql';
import { newUser, NOW, ZONE, type TestUser } from '../test/finance';
import { buildDebtor, householdOf, joinHousehold } from '../test/factories';
import { startTestApp, type TestApp } from '../test/harness';
import { mountedRestRoutes, type MountedRoute } from './route-table';
import { rest, REST_TEST_ENV, type RestOptions } from '../test/rest';

/**
 * The two-user matrix over every REST path. The routes come from Express's router stack, so a
 * path mounted later fails the first test until it has a case here. User B calls each path with
 * user A's ids (one position at a time, B's own ids elsewhere): a `debtorId`/account `id` of A
 * answers 403, a record of A answers 404 exactly like a missing one, and A's data is unchanged.
 * Paths that take no id read the identity from the token or the cookie alone; B calls them too,
 * and A's data is unchanged.
 */

interface Ids {
  user: TestUser;
  userName: string;
  email: string;
  wallet: number;
  source: number;
  expense: number;
  sourceName: string;
  creditorName: string;
}

interface Call {
  method?: string;
  path?: string;
  options: RestOptions;
  expect: number[];
}

type Case = (a: Ids, b: Ids) => Call[];

const q = (params: Record<string, string | number>) =>
  `?${new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString()}`;

function expenseBody(debtorId: number, id: number) {
  return {
    debtorId,
    id,
    creditorName: 'Changed',
    debtType: 'Misc Bill',
    frequency: 'Monthly',
    dueDate: '2026-11-25',
    payment: 1,
    timeZone: ZONE,
  };
}

function incomeBody(debtorId: number, id: number) {
  return {
    debtorId,
    id,
    sourceName: 'Changed',
    incomeFrequency: 'Weekly',
    nextPmtDate: '2026-11-13',
    paymentAmount: 1,
    sourceDesciption: null,
    timezone: ZONE,
  };
}

const walletBody = (debtorId: number, id: number) => ({
  debtorId,
  id,
  walletName: 'Changed',
  balance: 1,
  timezone: ZONE,
});

/** B's calls with A's ids for each mounted route, keyed `METHOD path` as Express mounts it. */
const CASES: Record<string, Case> = {
  'POST /account/login': (a) => [
    { options: { body: { userName: a.userName, userPassword: 'Guess!ing1' } }, expect: [401] },
  ],
  'POST /account/register': (a) => [
    {
      options: {
        body: {
          firstName: 'Eve',
          lastName: 'Mallory',
          email: a.email,
          userName: a.userName,
          userPassword: 'Str0ng!Pass',
        },
      },
      expect: [400],
    },
  ],
  // Identity from the token alone: the body names no account.
  'POST /account/create-checkout-session': (_a, b) => [
    { options: { token: b.user.token, body: {} }, expect: [200, 400] },
  ],
  // Identity from the refresh cookie alone; B has no cookie of A's.
  'GET /account/refresh-token': (_a, b) => [{ options: { token: b.user.token }, expect: [401] }],
  'GET /account/set-refresh-token/:id': (a, b) => [
    { path: `/account/set-refresh-token/${a.user.id}`, options: { token: b.user.token }, expect: [403] },
  ],
  'GET /account/logout': (_a, b) => [{ options: { token: b.user.token }, expect: [200] }],
  'PUT /account/change-password': (a, b) => [
    {
      options: { token: b.user.token, body: { id: a.user.id, oldPW: 'Passw0rd!', newPW: 'N3w!Passw0rd' } },
      expect: [403],
    },
  ],
  'PUT /account/update-account': (a, b) => [
    {
      options: {
        token: b.user.token,
        body: { id: a.user.id, firstName: 'Eve', lastName: 'M', email: b.email },
      },
      expect: [403],
    },
  ],
  // Public by design: anyone may ask for a reset of any address; the password stays as it was.
  'PUT /account/reset-password': (a, b) => [
    { options: { token: b.user.token, body: { email: a.email } }, expect: [200] },
  ],
  'PUT /account/resend-code': (a, b) => [
    { options: { token: b.user.token, rawBody: String(a.user.id) }, expect: [403] },
  ],
  'PUT /account/verify-email': (a, b) => [
    { options: { token: b.user.token, body: { id: a.user.id, status: '123456' } }, expect: [403] },
  ],
  'POST /api/webhooks/create-portal-session': (_a, b) => [
    { options: { token: b.user.token, body: {} }, expect: [400] },
  ],
  'POST /api/webhooks/cancel-subscription': (a, b) => [
    { options: { token: b.user.token, body: { id: a.user.id } }, expect: [403] },
    { options: { token: b.user.token, body: { userName: a.userName } }, expect: [403] },
    { options: { token: b.user.token, body: { email: a.email } }, expect: [403] },
  ],
  'POST /message/send-message': (_a, b) => [
    {
      options: { token: b.user.token, body: { senderName: 'Eve', senderEmail: b.email, message: 'Hi' } },
      expect: [200],
    },
  ],
  'GET /api/openapi.json': (_a, b) => [{ options: { token: b.user.token }, expect: [200] }],
  // Suggestions: the token's own entries only (checked below against A's names).
  'GET /account/creditors': (_a, b) => [{ options: { token: b.user.token }, expect: [200] }],
  'GET /account/income-sources': (_a, b) => [{ options: { token: b.user.token }, expect: [200] }],
  'GET /account/debtor-expenses': (a, b) => [
    {
      path: `/account/debtor-expenses${q({ debtorId: a.user.id, timeZone: ZONE })}`,
      options: { token: b.user.token },
      expect: [403],
    },
  ],
  'GET /account/debtor-revenue': (a, b) => [
    {
      path: `/account/debtor-revenue${q({ debtorId: a.user.id, timeZone: ZONE })}`,
      options: { token: b.user.token },
      expect: [403],
    },
  ],
  'GET /account/debtor-wallets': (a, b) => [
    {
      path: `/account/debtor-wallets${q({ debtorId: a.user.id, timeZone: ZONE })}`,
      options: { token: b.user.token },
      expect: [403],
    },
  ],
  'POST /account/add-expense': (a, b) => [
    { options: { token: b.user.token, body: expenseBody(a.user.id, -1) }, expect: [403] },
    { options: { token: b.user.token, body: expenseBody(b.user.id, a.expense) }, expect: [404] },
  ],
  'PUT /account/update-expense': (a, b) => [
    { options: { token: b.user.token, body: expenseBody(a.user.id, b.expense) }, expect: [403] },
    { options: { token: b.user.token, body: expenseBody(b.user.id, a.expense) }, expect: [404] },
  ],
  'POST /account/add-income': (a, b) => [
    { options: { token: b.user.token, body: incomeBody(a.user.id, -1) }, expect: [403] },
    { options: { token: b.user.token, body: incomeBody(b.user.id, a.source) }, expect: [404] },
  ],
  'PUT /account/update-income': (a, b) => [
    { options: { token: b.user.token, body: incomeBody(a.user.id, b.source) }, expect: [403] },
    { options: { token: b.user.token, body: incomeBody(b.user.id, a.source) }, expect: [404] },
  ],
  'POST /account/add-wallet': (a, b) => [
    { options: { token: b.user.token, body: walletBody(a.user.id, -1) }, expect: [403] },
    { options: { token: b.user.token, body: walletBody(b.user.id, a.wallet) }, expect: [404] },
  ],
  'PUT /account/update-wallet': (a, b) => [
    { options: { token: b.user.token, body: walletBody(a.user.id, b.wallet) }, expect: [403] },
    { options: { token: b.user.token, body: walletBody(b.user.id, a.wallet) }, expect: [404] },
  ],
  'DELETE /account/delete-expense/:id': (a, b) => [
    { path: `/account/delete-expense/${a.expense}`, options: { token: b.user.token }, expect: [404] },
  ],
  'DELETE /account/delete-income/:id': (a, b) => [
    { path: `/account/delete-income/${a.source}`, options: { token: b.user.token }, expect: [404] },
  ],
  'DELETE /account/delete-wallet/:id': (a, b) => [
    { path: `/account/delete-wallet/${a.wallet}`, options: { token: b.user.token }, expect: [404] },
  ],
  'PUT /account/change-wallet': (a, b) => [
    { options: { token: b.user.token, rawBody: String(a.wallet) }, expect: [404] },
  ],
  'GET /account/wallet-register': (a, b) => [
    {
      path: `/account/wallet-register${q({ debtorId: a.user.id, walletId: b.wallet })}`,
      options: { token: b.user.token },
      expect: [403],
    },
    {
      path: `/account/wallet-register${q({ debtorId: b.user.id, walletId: a.wallet })}`,
      options: { token: b.user.token },
      expect: [404],
    },
  ],
  'PUT /account/update-pay-deposits': (a, b) => {
    const body = (debtorId: number, walletId: number, source: number) => ({
      recentIncome: [{ id: source, deposited: true }],
      timezone: ZONE,
      walletId,
      debtorId,
    });
    return [
      { options: { token: b.user.token, body: body(a.user.id, b.wallet, b.source) }, expect: [403] },
      { options: { token: b.user.token, body: body(b.user.id, a.wallet, b.source) }, expect: [404] },
      { options: { token: b.user.token, body: body(b.user.id, b.wallet, a.source) }, expect: [404] },
    ];
  },
  'PUT /account/update-paid-info': (a, b) => {
    const body = (debtorId: number, walletId: number, expense: number) => ({
      paidExpenses: [{ id: expense, currentPaid: true, currentCleared: true }],
      timezone: ZONE,
      walletId,
      debtorId,
    });
    return [
      { options: { token: b.user.token, body: body(a.user.id, b.wallet, b.expense) }, expect: [403] },
      { options: { token: b.user.token, body: body(b.user.id, a.wallet, b.expense) }, expect: [404] },
      { options: { token: b.user.token, body: body(b.user.id, b.wallet, a.expense) }, expect: [404] },
    ];
  },
  'PUT /account/update-wallet-balance': (a, b) => {
    const spent = { direction: 'spent', amount: 5, transactionDescription: 'x' };
    return [
      {
        options: {
          token: b.user.token,
          body: { updateBalance: { id: b.wallet, debtorId: a.user.id }, transaction: spent },
        },
        expect: [403],
      },
      {
        options: {
          token: b.user.token,
          body: { updateBalance: { id: a.wallet, debtorId: b.user.id }, transaction: spent },
        },
        expect: [404],
      },
      {
        options: {
          token: b.user.token,
          body: { updateBalance: { id: a.wallet, balance: 1, timezone: ZONE } },
        },
        expect: [404],
      },
    ];
  },
};

async function seed(t: TestApp, user: TestUser): Promise<Ids> {
  const tag = `${user.id}x`;
  const call = async (method: string, path: string, body: unknown) => {
    const response = await rest(t, method, path, { token: user.token, body });
    if (response.status !== 200) throw new Error(`${path}: ${JSON.stringify(response.body)}`);
    return response.body as { id: number };
  };
  const wallet = await call('POST', '/account/add-wallet', walletBody(user.id, -1));
  const source = await call('POST', '/account/add-income', {
    ...incomeBody(user.id, -1),
    sourceName: `Payroll ${tag}`,
  });
  const expense = await call('POST', '/account/add-expense', {
    ...expenseBody(user.id, -1),
    creditorName: `Creditor ${tag}`,
  });
  const account = (
    await queryRows<{ username: string; email: string }>(
      t.deps.dataSource,
      'SELECT username, email FROM debtor WHERE id = $1',
      [user.id],
    )
  )[0]!;
  return {
    user,
    userName: account.username,
    email: account.email,
    wallet: wallet.id,
    source: source.id,
    expense: expense.id,
    sourceName: `Payroll ${tag}`,
    creditorName: `Creditor ${tag}`,
  };
}

/** Everything stored for A that any path could change (a reset request's temporary password aside). */
async function snapshotOf(t: TestApp, debtorId: number): Promise<string> {
  const tables = [
    'SELECT id, username, email, first_name, last_name, password_hash, status, role FROM debtor WHERE id = $1',
    'SELECT status, plan, cancel_at_period_end FROM subscription WHERE debtor_id = $1',
    'SELECT * FROM wallet WHERE household_id = (SELECT id FROM household WHERE personal_of = $1) ORDER BY id',
    'SELECT * FROM income_source WHERE household_id = (SELECT id FROM household WHERE personal_of = $1) ORDER BY id',
    'SELECT * FROM income_deposit WHERE household_id = (SELECT id FROM household WHERE personal_of = $1) ORDER BY income_source_id, occurrence_date',
    'SELECT * FROM liability WHERE household_id = (SELECT id FROM household WHERE personal_of = $1) ORDER BY id',
    'SELECT * FROM register_entry WHERE household_id = (SELECT id FROM household WHERE personal_of = $1) ORDER BY id',
    'SELECT id, revoked_at, rotated_at FROM refresh_token WHERE debtor_id = $1 ORDER BY id',
    'SELECT * FROM email_code WHERE debtor_id = $1',
  ];
  const rows = [];
  for (const sql of tables) rows.push(await queryRows(t.deps.dataSource, sql, [debtorId]));
  return JSON.stringify(rows);
}

/** The app on the test database, with the REST routes Express has mounted (read from a second app). */
async function startWithRoutes(): Promise<{ t: TestApp; mounted: MountedRoute[] }> {
  const t = await startTestApp({ clock: { now: () => NOW }, env: REST_TEST_ENV });
  const { app, stop } = await createApp(t.deps);
  const mounted = mountedRestRoutes(app);
  await stop();
  return { t, mounted };
}

describe("the two-user matrix over every REST path: another user's ids answer 403/404", () => {
  let t: TestApp;
  let mounted: MountedRoute[];
  let a: Ids;
  let b: Ids;
  let before: string;

  beforeAll(async () => {
    ({ t, mounted } = await startWithRoutes());
    a = await seed(t, await newUser(t));
    const builtB = await buildDebtor(t.deps.dataSource, t.deps.config);
    b = await seed(t, { id: builtB.debtor.id, token: builtB.accessToken });
    // A has a live session, so a path that ended or replaced it would show in the snapshot.
    await rest(t, 'POST', '/account/login', { body: { userName: a.userName, userPassword: 'Passw0rd!' } });
    before = await snapshotOf(t, a.user.id);
  });
  afterAll(() => t.close());

  it('has a case for every mounted REST route', () => {
    const uncovered = mounted.map((route) => `${route.method} ${route.path}`).filter((key) => !CASES[key]);
    expect(uncovered).toEqual([]);
    expect(mounted.length).toBeGreaterThanOrEqual(34);
  });

  it('has no case for a route that is not mounted', () => {
    const keys = new Set(mounted.map((route) => `${route.method} ${route.path}`));
    expect(Object.keys(CASES).filter((key) => !keys.has(key))).toEqual([]);
  });

  it.each(Object.keys(CASES))("%s: B with A's ids gets 403/404 and A's data is unchanged", async (key) => {
    const route = mounted.find((candidate) => `${candidate.method} ${candidate.path}` === key);
    if (!route) throw new Error(`${key} is not mounted`);
    for (const call of CASES[key]!(a, b)) {
      const response = await rest(t, call.method ?? route.method, call.path ?? route.path, call.options);
      const seen = {
        key,
        call: call.options.body ?? call.path,
        status: response.status,
        expected: call.expect,
      };
      expect({ ...seen, allowed: call.expect.includes(response.status) }).toEqual({ ...seen, allowed: true });
      if (response.status >= 400) expect(typeof response.body.message).toBe('string');
    }
    expect(await snapshotOf(t, a.user.id)).toBe(before);
  });

  it("never shows A's own entries in B's suggestions", async () => {
    const creditors = await rest(t, 'GET', '/account/creditors', { token: b.user.token });
    const sources = await rest(t, 'GET', '/account/income-sources', { token: b.user.token });
    expect(JSON.stringify(creditors.body)).not.toContain(a.creditorName);
    expect(JSON.stringify(sources.body)).not.toContain(a.sourceName);
    expect(JSON.stringify(creditors.body)).toContain(b.creditorName);
  });
});

/** The account's own paths (sign-in, its settings, billing, contact): not the household's data. */
const OWN_ACCOUNT_PATHS = new Set([
  'POST /account/login',
  'POST /account/register',
  'POST /account/create-checkout-session',
  'GET /account/refresh-token',
  'GET /account/set-refresh-token/:id',
  'GET /account/logout',
  'PUT /account/change-password',
  'PUT /account/update-account',
  'PUT /account/reset-password',
  'PUT /account/resend-code',
  'PUT /account/verify-email',
  'POST /api/webhooks/create-portal-session',
  'POST /api/webhooks/cancel-subscription',
  'POST /message/send-message',
  'GET /api/openapi.json',
]);

describe('the role matrix over every REST path of the household: a viewer reads, and changes nothing', () => {
  let t: TestApp;
  let mounted: MountedRoute[];
  let v: Ids;
  let ownerId: number;
  let before: string;

  beforeAll(async () => {
    ({ t, mounted } = await startWithRoutes());
    const owner = await seed(t, await newUser(t));
    ownerId = owner.user.id;
    const viewer = await newUser(t);
    await joinHousehold(
      t.deps.dataSource,
      viewer.id,
      await householdOf(t.deps.dataSource, ownerId),
      'VIEWER',
    );
    // The viewer calls with their own account and the household's records.
    v = { ...owner, user: viewer, userName: `viewer${viewer.id}`, email: `viewer${viewer.id}@example.com` };
    before = await snapshotOf(t, ownerId);
  });
  afterAll(() => t.close());

  const householdPaths = Object.keys(CASES).filter((key) => !OWN_ACCOUNT_PATHS.has(key));

  it('places every mounted path as the household’s or the account’s own', () => {
    const keys = mounted.map((route) => `${route.method} ${route.path}`);
    expect(keys.filter((key) => !OWN_ACCOUNT_PATHS.has(key) && !householdPaths.includes(key))).toEqual([]);
    expect(householdPaths.length).toBeGreaterThan(15);
  });

  it.each(householdPaths)('%s: a read answers, a change answers 403 saying why', async (key) => {
    const route = mounted.find((candidate) => `${candidate.method} ${candidate.path}` === key);
    if (!route) throw new Error(`${key} is not mounted`);
    for (const call of CASES[key]!(v, v)) {
      const response = await rest(t, call.method ?? route.method, call.path ?? route.path, call.options);
      if (route.method === 'GET') {
        expect({ key, status: response.status }).toEqual({ key, status: 200 });
      } else {
        expect({ key, status: response.status }).toEqual({ key, status: 403 });
        expect(String(response.body.message)).toContain('Your role in this household is viewer');
      }
    }
    expect(await snapshotOf(t, ownerId)).toBe(before);
  });
});

import { queryRows } from '../db/sql';
import { ANALYSIS, newUser, NOW, ok, ZONE, type TestUser } from '../test/finance';
import { startTestApp, type TestApp } from '../test/harness';
import { rest, REST_TEST_ENV, type AnyJson } from '../test/rest';

/**
 * One scenario, the specification's example, played twice: by user R through the REST paths of
 * §7 and by user G through GraphQL. Both end in the same database state and the same numbers,
 * whichever API reads them: the analysis through GraphQL after the REST writes, and the REST lists
 * after the GraphQL writes. The clock stands on Monday 2026-11-16 in New York; the paycheck came
 * on Friday 2026-11-13 and the next one is due 2026-11-27.
 */

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ clock: { now: () => NOW }, env: REST_TEST_ENV });
});
afterAll(() => t.close());

const BILLS = [
  {
    creditorName: 'Mortgage',
    debtType: 'MORTGAGE_RENT',
    label: 'Mortgage/Rent',
    payment: 1400,
    dueDate: '2026-11-20',
  },
  {
    creditorName: 'Phone',
    debtType: 'MOBILE_PHONE',
    label: 'Mobile Phone',
    payment: 150,
    dueDate: '2026-11-22',
  },
  {
    creditorName: 'Streaming',
    debtType: 'SUBSCRIPTION',
    label: 'Subscription',
    payment: 21,
    dueDate: '2026-11-24',
  },
];

interface Played {
  user: TestUser;
  wallet: string;
  source: string;
  phone: string;
}

async function expectRest(user: TestUser, method: string, path: string, body?: unknown, rawBody?: string) {
  const response = await rest(t, method, path, { token: user.token, body, rawBody });
  if (response.status !== 200)
    throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body;
}

/** The setup of the example, then a spent transaction, through REST. */
async function setUpThroughRest(user: TestUser): Promise<Played> {
  const wallet = await expectRest(user, 'POST', '/account/add-wallet', {
    debtorId: user.id,
    id: -1,
    walletName: 'Checking',
    walletDescription: 'Household',
    balance: 3000,
    timezone: ZONE,
  });
  const source = await expectRest(user, 'POST', '/account/add-income', {
    debtorId: user.id,
    id: -1,
    sourceName: 'Paycheck',
    incomeFrequency: 'Bi-Weekly',
    nextPmtDate: '2026-11-13',
    paymentAmount: 2000,
    sourceDesciption: 'Day job',
    sourceStatus: true,
    timezone: ZONE,
  });
  const ids: string[] = [];
  for (const bill of BILLS) {
    const added = await expectRest(user, 'POST', '/account/add-expense', {
      debtorId: user.id,
      id: -1,
      creditorName: bill.creditorName,
      debtType: bill.label,
      frequency: 'Monthly',
      dueDate: bill.dueDate,
      payment: bill.payment,
      autoPay: false,
      timeZone: ZONE,
    });
    ids.push(String(added.id));
  }
  await expectRest(user, 'PUT', '/account/update-wallet-balance', {
    updateBalance: { id: wallet.id, balance: 0, timezone: ZONE, debtorId: user.id },
    transaction: { direction: 'spent', amount: 25.25, transactionDescription: 'Groceries' },
  });
  return { user, wallet: String(wallet.id), source: String(source.id), phone: ids[1]! };
}

async function gqlOk<T = Record<string, AnyJson>>(
  user: TestUser,
  query: string,
  variables: Record<string, unknown>,
) {
  return ok(await t.gql<T>(query, variables, { token: user.token }));
}

/** The same setup through GraphQL. */
async function setUpThroughGraphQL(user: TestUser): Promise<Played> {
  const wallet = await gqlOk(user, 'mutation($i: WalletInput!) { addWallet(input: $i) { id } }', {
    i: { walletName: 'Checking', walletDescription: 'Household', balance: 3000, timeZone: ZONE },
  });
  const source = await gqlOk(user, 'mutation($i: IncomeSourceInput!) { addIncomeSource(input: $i) { id } }', {
    i: {
      sourceName: 'Paycheck',
      incomeFrequency: 'BIWEEKLY',
      nextPmtDate: '2026-11-13',
      paymentAmount: 2000,
      sourceDescription: 'Day job',
      timeZone: ZONE,
    },
  });
  const ids: string[] = [];
  for (const bill of BILLS) {
    const added = await gqlOk(user, 'mutation($i: LiabilityInput!) { addLiability(input: $i) { id } }', {
      i: {
        creditorName: bill.creditorName,
        debtType: bill.debtType,
        frequency: 'MONTHLY',
        dueDate: bill.dueDate,
        payment: bill.payment,
        timeZone: ZONE,
      },
    });
    ids.push(added.addLiability.id);
  }
  await gqlOk(user, 'mutation($i: UpdateWalletBalanceInput!) { updateWalletBalance(input: $i) { id } }', {
    i: {
      walletId: wallet.addWallet.id,
      transaction: { direction: 'SPENT', amount: 25.25, transactionDescription: 'Groceries' },
      timeZone: ZONE,
    },
  });
  return { user, wallet: wallet.addWallet.id, source: source.addIncomeSource.id, phone: ids[1]! };
}

/** 'Deposit Pay' of the paycheck and 'Save Paid Info' of the phone bill (paid and cleared), through REST. */
async function payThroughRest({ user, wallet, source, phone }: Played) {
  await expectRest(user, 'PUT', '/account/update-pay-deposits', {
    recentIncome: [{ id: Number(source), deposited: true }],
    timezone: ZONE,
    walletId: Number(wallet),
    debtorId: user.id,
  });
  await expectRest(user, 'PUT', '/account/update-paid-info', {
    paidExpenses: [{ id: Number(phone), currentPaid: true, currentCleared: true, dueDate: '2026-11-22' }],
    timezone: ZONE,
    walletId: Number(wallet),
    debtorId: user.id,
  });
}

async function payThroughGraphQL({ user, wallet, source, phone }: Played) {
  await gqlOk(
    user,
    'mutation($w: ID!, $o: [IncomeOccurrenceInput!]!, $z: String) { depositPay(walletId: $w, occurrences: $o, timeZone: $z) { wallet { id } } }',
    {
      w: wallet,
      o: [{ incomeSourceId: source, date: '2026-11-13' }],
      z: ZONE,
    },
  );
  await gqlOk(
    user,
    'mutation($w: ID!, $c: [PaidInfoInput!]!, $z: String) { savePaidInfo(walletId: $w, changes: $c, timeZone: $z) { wallet { id } } }',
    {
      w: wallet,
      c: [{ liabilityId: phone, paid: true, cleared: true, dueDate: '2026-11-22' }],
      z: ZONE,
    },
  );
}

type AnalysisResult = Record<string, unknown>;

/** The analysis through GraphQL, with ids replaced by names so two users' results compare. */
async function analysisOf(played: Played): Promise<AnalysisResult> {
  const data = await gqlOk(
    played.user,
    `query($w: ID, $z: String) { cashFlowAnalysis(walletId: $w, timeZone: $z) { ${ANALYSIS} } }`,
    {
      w: played.wallet,
      z: ZONE,
    },
  );
  return JSON.parse(
    JSON.stringify(data.cashFlowAnalysis, (key, value) =>
      ['incomeSourceId', 'liabilityId', 'walletId', 'paidFromWalletId'].includes(key)
        ? value === null
          ? null
          : 'id'
        : value,
    ),
  );
}

/** A user's rows without ids, owners and timestamps: the state both APIs must leave alike. */
async function storedState(debtorId: number) {
  const db = t.deps.dataSource;
  return {
    wallets: await queryRows(
      db,
      'SELECT name, description, balance_cents, is_default FROM wallet WHERE household_id = (SELECT id FROM household WHERE personal_of = $1) ORDER BY id',
      [debtorId],
    ),
    incomeSources: await queryRows(
      db,
      `SELECT source_name, source_url, description, frequency, next_pmt_date::text, bi_monthly_pay_date::text, payment_cents, active
         FROM income_source WHERE household_id = (SELECT id FROM household WHERE personal_of = $1) ORDER BY id`,
      [debtorId],
    ),
    deposits: await queryRows(
      db,
      'SELECT occurrence_date::text, amount_cents FROM income_deposit WHERE household_id = (SELECT id FROM household WHERE personal_of = $1) ORDER BY occurrence_date',
      [debtorId],
    ),
    liabilities: await queryRows(
      db,
      `SELECT creditor_name, creditor_url, description, debt_type, frequency, anchor_date::text, due_date::text,
              payment_cents, balance_cents, auto_pay, current_paid, current_cleared, paid_wallet_id IS NULL AS unpaid
         FROM liability WHERE household_id = (SELECT id FROM household WHERE personal_of = $1) ORDER BY id`,
      [debtorId],
    ),
    register: await queryRows(
      db,
      `SELECT direction, amount_cents, kind, regexp_replace(coalesce(description, ''), '\\d+', '#', 'g') AS description, occurred_on::text
         FROM register_entry WHERE household_id = (SELECT id FROM household WHERE personal_of = $1) ORDER BY id`,
      [debtorId],
    ),
    paymentHistory: await queryRows(
      db,
      `SELECT creditor_name, debt_type, due_date::text, kind, amount_cents, wallet_id IS NULL AS no_wallet, paid_on::text
         FROM liability_payment WHERE household_id = (SELECT id FROM household WHERE personal_of = $1) ORDER BY id`,
      [debtorId],
    ),
  };
}

/** The REST lists with ids and owners left out. */
async function restLists(user: TestUser) {
  const strip = (rows: Record<string, unknown>[]) =>
    rows.map(({ id: _id, debtorId: _debtorId, lastUpdate: _lastUpdate, ...rest }) => rest);
  const query = `?debtorId=${user.id}&timeZone=${encodeURIComponent(ZONE)}`;
  return {
    expenses: strip((await expectRest(user, 'GET', `/account/debtor-expenses${query}`)).debtorCreditorDtos),
    revenue: strip((await expectRest(user, 'GET', `/account/debtor-revenue${query}`)).debtorIncomeSourceDtos),
    wallets: strip(await expectRest(user, 'GET', `/account/debtor-wallets${query}`)),
  };
}

describe('the same scenario through REST and through GraphQL', () => {
  let viaRest: Played;
  let viaGraphQL: Played;
  beforeAll(async () => {
    viaRest = await setUpThroughRest(await newUser(t));
    viaGraphQL = await setUpThroughGraphQL(await newUser(t));
  });

  it("gives the specification's net income of 429 after the setup, whichever API wrote it", async () => {
    const [afterRest, afterGraphQL] = [await analysisOf(viaRest), await analysisOf(viaGraphQL)];
    expect(afterRest).toMatchObject({
      nextIncomeDate: '2026-11-27',
      lastIncomeTotal: 2000,
      obligationsTotal: 1571,
      netIncomeThisPeriod: 429,
      availableCash: 1403.75,
    });
    expect(afterRest).toEqual(afterGraphQL);
    expect(await storedState(viaRest.user.id)).toEqual(await storedState(viaGraphQL.user.id));
    expect(await restLists(viaRest.user)).toEqual(await restLists(viaGraphQL.user));
  });

  it('ends in the same database state and the same numbers after Deposit Pay and Save Paid Info', async () => {
    await payThroughRest(viaRest);
    await payThroughGraphQL(viaGraphQL);

    const afterRest = await analysisOf(viaRest);
    expect(afterRest).toMatchObject({
      lastIncomeTotal: 2000,
      // The settled $150 stays this period's obligation (paid from this period's pay): 429 holds.
      obligationsTotal: 1571,
      netIncomeThisPeriod: 429,
      // 3000 - 25.25 + 2000 - 150 = 4824.75 in the wallet, minus the 1421 still due.
      availableCash: 3403.75,
      lastIncomeReceived: [expect.objectContaining({ deposited: true })],
    });
    expect(afterRest).toEqual(await analysisOf(viaGraphQL));

    const state = await storedState(viaRest.user.id);
    expect(state.wallets).toEqual([expect.objectContaining({ balance_cents: '482475' })]);
    expect(state.paymentHistory).toEqual([expect.objectContaining({ kind: 'PAID', amount_cents: '15000' })]);
    expect(state).toEqual(await storedState(viaGraphQL.user.id));

    const lists = await restLists(viaGraphQL.user);
    expect(lists.revenue).toEqual([
      expect.objectContaining({ deposited: true, sourceDesciption: 'Day job' }),
    ]);
    expect(lists.expenses.find((row) => row.creditorName === 'Phone')).toMatchObject({
      dueDate: '2026-12-22',
    });
    expect(lists).toEqual(await restLists(viaRest.user));
  });
});

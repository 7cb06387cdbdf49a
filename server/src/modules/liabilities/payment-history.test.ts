import { queryOne, queryRows } from '../../db/sql';
import type { TestApp } from '../../test/harness';
import { statementsDuring } from '../../test/statement-counter';
import {
  addIncomeSource,
  addLiability,
  addWallet,
  errorCode,
  LIABILITY,
  newUser,
  ok,
  registerCount,
  settleLiability,
  startFinanceApp,
  storedBalance,
  TODAY,
  WALLET,
  ZONE,
  type TestUser,
} from '../../test/finance';

/**
 * The payment history and the current pay period (docs/product-rules.md §7-§8), through the API: settling keeps a
 * bill in this period's obligations, a variable bill settles at what it cost, a month can be
 * skipped and a mis-click undone, each in one transaction that changes everything or nothing.
 * The clock stands on Mon 2026-11-16; the bi-weekly pay of Fri Nov 13 makes N = Fri Nov 27.
 */

const OCCURRENCE =
  'liabilityId creditorName dueDate amount current paid cleared settled paidOn amountPaid paymentId';
const ANALYSIS = `netIncomeThisPeriod obligationsTotal availableCash periodStart nextIncomeDate obligations { ${OCCURRENCE} }`;
const PAYMENT = 'id liabilityId creditorName dueDate amount walletId paidOn kind';
const SAVE = `mutation($walletId: ID!, $changes: [PaidInfoInput!]!) {
  savePaidInfo(walletId: $walletId, changes: $changes) { wallet { ${WALLET} } analysis { ${ANALYSIS} } }
}`;
const SKIP = `mutation($liabilityId: ID!, $dueDate: Date!, $walletId: ID) {
  skipLiabilityOccurrence(liabilityId: $liabilityId, dueDate: $dueDate, walletId: $walletId, timeZone: "${ZONE}") {
    payment { ${PAYMENT} } wallets { ${WALLET} } liabilities { ${LIABILITY} } analysis { ${ANALYSIS} }
  }
}`;
const UNDO = `mutation($paymentId: ID!, $walletId: ID) {
  undoLiabilityPayment(paymentId: $paymentId, walletId: $walletId, timeZone: "${ZONE}") {
    payment { ${PAYMENT} } wallets { ${WALLET} } liabilities { ${LIABILITY} } analysis { ${ANALYSIS} }
  }
}`;
const HISTORY = `query($liabilityId: ID, $from: Date, $to: Date) {
  liabilityPayments(liabilityId: $liabilityId, from: $from, to: $to) { ${PAYMENT} }
}`;

interface Occurrence {
  liabilityId: string;
  creditorName: string;
  dueDate: string;
  amount: number;
  settled: boolean;
  paidOn: string | null;
  amountPaid: number | null;
  paymentId: string | null;
}
interface Analysis {
  netIncomeThisPeriod: number;
  obligationsTotal: number;
  availableCash: number;
  periodStart: string;
  obligations: Occurrence[];
}
interface Payment {
  id: string;
  liabilityId: string | null;
  creditorName: string;
  dueDate: string;
  amount: number;
  walletId: string | null;
  paidOn: string;
  kind: 'PAID' | 'SKIPPED';
}
interface LiabilityAction {
  payment: Payment;
  wallets: { id: string; balance: number }[];
  liabilities: { id: string; dueDate: string; balance: number | null; currentPaid: boolean }[];
  analysis: Analysis;
}

describe('the payment history and the current pay period', () => {
  let t: TestApp;
  let user: TestUser;
  let wallet: { id: string };
  let mortgage: { id: string };
  let phone: { id: string };
  beforeAll(async () => {
    t = await startFinanceApp();
  });
  afterAll(() => t.close());

  /** The specification's example: pay $2,000; bills $1,400 + $150 + $21; one wallet of $2,500. */
  beforeEach(async () => {
    user = await newUser(t);
    wallet = await addWallet(t, user, 'Checking', 2500);
    await addIncomeSource(t, user, { nextPmtDate: '2026-11-13', paymentAmount: 2000 });
    mortgage = await addLiability(t, user, {
      creditorName: 'Rocket Mortgage',
      payment: 1400,
      balance: 1000,
      dueDate: '2026-11-20',
    });
    phone = await addLiability(t, user, {
      creditorName: 'Verizon',
      debtType: 'MOBILE_PHONE',
      payment: 150,
      dueDate: '2026-11-22',
    });
    await addLiability(t, user, {
      creditorName: 'Netflix',
      debtType: 'SUBSCRIPTION',
      payment: 21,
      dueDate: '2026-11-25',
    });
  });

  const gql = <T = Record<string, unknown>>(query: string, variables: Record<string, unknown>) =>
    t.gql<T>(query, variables, { token: user.token });
  const analysis = async () =>
    ok(
      await gql<{ cashFlowAnalysis: Analysis }>(
        `query { cashFlowAnalysis(timeZone: "${ZONE}") { ${ANALYSIS} } }`,
        {},
      ),
    ).cashFlowAnalysis;
  const history = async (variables: Record<string, unknown> = {}) =>
    ok(await gql<{ liabilityPayments: Payment[] }>(HISTORY, variables)).liabilityPayments;
  const storedLiability = (id: string) =>
    queryOne<{ due_date: string; balance_cents: string | null; current_paid: boolean }>(
      t.deps.dataSource,
      'SELECT due_date::text AS due_date, balance_cents, current_paid FROM liability WHERE id = $1',
      [Number(id)],
    );

  it('settling the mortgage keeps the true net income at $429.00; the row stays, paid', async () => {
    const before = await analysis();
    expect(before).toMatchObject({ netIncomeThisPeriod: 429, availableCash: 929, periodStart: '2026-11-13' });

    const saved = ok(
      await gql<{ savePaidInfo: { wallet: { balance: number }; analysis: Analysis } }>(SAVE, {
        walletId: wallet.id,
        changes: [{ liabilityId: mortgage.id, paid: true, cleared: true, dueDate: '2026-11-20' }],
      }),
    ).savePaidInfo;
    expect(saved.wallet.balance).toBe(1100);
    expect(saved.analysis).toMatchObject({
      netIncomeThisPeriod: 429,
      obligationsTotal: 1571,
      availableCash: 929,
    });
    const paidRow = saved.analysis.obligations.find((row) => row.liabilityId === mortgage.id);
    expect(paidRow).toMatchObject({
      dueDate: '2026-11-20',
      settled: true,
      paid: true,
      cleared: true,
      paidOn: TODAY,
      amountPaid: 1400,
      paymentId: expect.any(String),
    });
    expect(saved.analysis.obligations.filter((row) => !row.settled).map((row) => row.paymentId)).toEqual([
      null,
      null,
    ]);

    const [payment] = await history();
    expect(payment).toEqual({
      id: paidRow?.paymentId,
      liabilityId: mortgage.id,
      creditorName: 'Rocket Mortgage',
      dueDate: '2026-11-20',
      amount: 1400,
      walletId: wallet.id,
      paidOn: TODAY,
      kind: 'PAID',
    });
  });

  it('a variable bill settles at the amount actually paid: wallet, register, balance and history agree', async () => {
    const saved = ok(
      await gql<{ savePaidInfo: { wallet: { balance: number }; analysis: Analysis } }>(SAVE, {
        walletId: wallet.id,
        changes: [{ liabilityId: mortgage.id, paid: true, cleared: true, amount: 987.65 }],
      }),
    ).savePaidInfo;
    expect(saved.wallet.balance).toBe(2500 - 987.65);
    expect(saved.analysis.netIncomeThisPeriod).toBe(2000 - 987.65 - 150 - 21);
    expect(await storedLiability(mortgage.id)).toMatchObject({
      due_date: '2026-12-20',
      balance_cents: '1235',
    });
    const entries = await queryRows<{ amount_cents: string; description: string }>(
      t.deps.dataSource,
      'SELECT amount_cents, description FROM register_entry WHERE wallet_id = $1',
      [Number(wallet.id)],
    );
    expect(entries).toEqual([
      { amount_cents: '98765', description: 'Paid: Rocket Mortgage (due Fri Nov 20, 2026)' },
    ]);
    expect((await history())[0]).toMatchObject({ amount: 987.65, kind: 'PAID' });
  });

  it.each([
    ['zero', 0, 'The amount paid must be more than $0.00'],
    ['negative', -5, 'The amount paid must be more than $0.00'],
    ['on a row that does not settle', 10, 'recorded when it is marked paid and cleared'],
  ])('an amount %s is refused with a clear message and changes nothing', async (label, amount, message) => {
    const cleared = label !== 'on a row that does not settle';
    const response = await gql(SAVE, {
      walletId: wallet.id,
      changes: [{ liabilityId: mortgage.id, paid: true, cleared, amount }],
    });
    expect(errorCode(response)).toBe('BAD_USER_INPUT');
    expect(response.errors?.[0]?.message).toContain(message);
    expect(response.errors?.[0]?.extensions?.field).toBe('amount');
    expect(await storedBalance(t, wallet.id)).toBe(250000);
    expect(await storedLiability(mortgage.id)).toMatchObject({ due_date: '2026-11-20', current_paid: false });
    expect(await history()).toEqual([]);
  });

  it('an amount above the Money limit is refused before anything runs', async () => {
    const response = await gql(SAVE, {
      walletId: wallet.id,
      changes: [{ liabilityId: mortgage.id, paid: true, cleared: true, amount: 9_999_999_999 }],
    });
    expect(errorCode(response)).toBe('BAD_USER_INPUT');
    expect(await storedBalance(t, wallet.id)).toBe(250000);
  });

  it('skip: the due date advances, no money moves, the history keeps it as SKIPPED', async () => {
    const skipped = ok(
      await gql<{ skipLiabilityOccurrence: LiabilityAction }>(SKIP, {
        liabilityId: phone.id,
        dueDate: '2026-11-22',
      }),
    ).skipLiabilityOccurrence;
    expect(skipped.payment).toMatchObject({
      kind: 'SKIPPED',
      amount: 0,
      dueDate: '2026-11-22',
      walletId: null,
    });
    expect(skipped.liabilities.find((row) => row.id === phone.id)?.dueDate).toBe('2026-12-22');
    expect(skipped.analysis.netIncomeThisPeriod).toBe(2000 - 1400 - 21);
    expect(skipped.analysis.obligations.some((row) => row.liabilityId === phone.id)).toBe(false);
    expect(await storedBalance(t, wallet.id)).toBe(250000);
    expect(await registerCount(t, wallet.id)).toBe(0);
  });

  it.each([
    [
      'a due date that is not the current occurrence',
      '2026-12-22',
      'Only the current occurrence of Verizon (due Sun Nov 22, 2026) can be skipped',
    ],
    ['a bill marked paid', '2026-11-22', 'unmark it before skipping'],
  ])('skipping %s is refused and changes nothing', async (label, dueDate, message) => {
    if (label === 'a bill marked paid') {
      ok(
        await gql(SAVE, {
          walletId: wallet.id,
          changes: [{ liabilityId: phone.id, paid: true, cleared: false }],
        }),
      );
    }
    const before = await storedLiability(phone.id);
    const response = await gql(SKIP, { liabilityId: phone.id, dueDate });
    expect(errorCode(response)).toBe('BAD_USER_INPUT');
    expect(response.errors?.[0]?.message).toContain(message);
    expect(await storedLiability(phone.id)).toEqual(before);
    expect(await history()).toEqual([]);
  });

  it('undo: the wallet gets the money back with a register entry; balance and due date come back; it can be paid again', async () => {
    const paymentId = await settleLiability(t, user, wallet.id, mortgage.id);
    expect(await storedLiability(mortgage.id)).toMatchObject({ due_date: '2026-12-20', balance_cents: '0' });

    const undone = ok(
      await gql<{ undoLiabilityPayment: LiabilityAction }>(UNDO, { paymentId, walletId: wallet.id }),
    ).undoLiabilityPayment;
    expect(undone.payment).toMatchObject({ id: paymentId, kind: 'PAID', amount: 1400 });
    expect(undone.wallets[0]?.balance).toBe(2500);
    expect(undone.liabilities.find((row) => row.id === mortgage.id)).toMatchObject({
      dueDate: '2026-11-20',
      balance: 1000,
      currentPaid: false,
    });
    expect(undone.analysis).toMatchObject({ netIncomeThisPeriod: 429, availableCash: 929 });
    const entries = await queryRows<{ direction: string; amount_cents: string; description: string }>(
      t.deps.dataSource,
      'SELECT direction, amount_cents, description FROM register_entry WHERE wallet_id = $1 ORDER BY id',
      [Number(wallet.id)],
    );
    expect(entries).toEqual([
      {
        direction: 'spent',
        amount_cents: '140000',
        description: 'Paid: Rocket Mortgage (due Fri Nov 20, 2026)',
      },
      {
        direction: 'deposited',
        amount_cents: '140000',
        description: 'Undone: Rocket Mortgage (due Fri Nov 20, 2026)',
      },
    ]);
    expect(await history()).toEqual([]);
    await settleLiability(t, user, wallet.id, mortgage.id);
    expect(await storedBalance(t, wallet.id)).toBe(110000);
  });

  it('undo of a skip brings the occurrence back; undoing an older payment is refused and changes nothing', async () => {
    const first = await settleLiability(t, user, wallet.id, phone.id);
    const skip = ok(
      await gql<{ skipLiabilityOccurrence: LiabilityAction }>(SKIP, {
        liabilityId: phone.id,
        dueDate: '2026-12-22',
      }),
    ).skipLiabilityOccurrence.payment;
    const before = { balance: await storedBalance(t, wallet.id), liability: await storedLiability(phone.id) };

    const refused = await gql(UNDO, { paymentId: first });
    expect(errorCode(refused)).toBe('BAD_USER_INPUT');
    expect(refused.errors?.[0]?.message).toBe(
      'Only the latest payment of Verizon (due Tue Dec 22, 2026) can be undone',
    );
    expect({
      balance: await storedBalance(t, wallet.id),
      liability: await storedLiability(phone.id),
    }).toEqual(before);

    ok(await gql(UNDO, { paymentId: skip.id }));
    expect(await storedLiability(phone.id)).toMatchObject({ due_date: '2026-12-22' });
    ok(await gql(UNDO, { paymentId: first }));
    expect(await storedLiability(phone.id)).toMatchObject({ due_date: '2026-11-22' });
    expect(await storedBalance(t, wallet.id)).toBe(250000);
  });

  it('the history filters by liability and paid-on range, newest first, and outlives a deleted liability', async () => {
    await settleLiability(t, user, wallet.id, mortgage.id);
    await settleLiability(t, user, wallet.id, phone.id);
    const all = await history();
    expect(all.map((row) => row.creditorName)).toEqual(['Verizon', 'Rocket Mortgage']);
    expect((await history({ liabilityId: mortgage.id })).map((row) => row.creditorName)).toEqual([
      'Rocket Mortgage',
    ]);
    expect(await history({ from: '2026-11-17' })).toEqual([]);
    expect(await history({ from: TODAY, to: TODAY })).toHaveLength(2);
    const backwards = await gql(HISTORY, { from: '2026-11-20', to: '2026-11-01' });
    expect(errorCode(backwards)).toBe('BAD_USER_INPUT');

    ok(await gql(`mutation($id: ID!) { deleteLiability(id: $id) { deleted } }`, { id: mortgage.id }));
    const kept = (await history()).find((row) => row.creditorName === 'Rocket Mortgage');
    expect(kept).toMatchObject({ liabilityId: null, amount: 1400, kind: 'PAID' });
    const refused = await gql(UNDO, { paymentId: kept?.id });
    expect(errorCode(refused)).toBe('BAD_USER_INPUT');
    expect(refused.errors?.[0]?.message).toContain('was deleted');

    const exported = JSON.parse(
      ok(await gql<{ exportMyData: string }>('query { exportMyData }', {})).exportMyData,
    ) as {
      paymentHistory: { creditor_name: string }[];
    };
    expect(exported.paymentHistory.map((row) => row.creditor_name).sort()).toEqual([
      'Rocket Mortgage',
      'Verizon',
    ]);
  });

  it('paying early a bill due after the next payday lowers this period once', async () => {
    const car = await addLiability(t, user, {
      creditorName: 'Toyota',
      debtType: 'CAR_LOAN',
      payment: 300,
      dueDate: '2026-12-05',
    });
    await settleLiability(t, user, wallet.id, car.id);
    expect((await analysis()).netIncomeThisPeriod).toBe(129);
  });

  it('Save Paid Info with 20 rows settles in as many statements as with 1 row', async () => {
    const bills = [];
    for (let index = 0; index < 20; index += 1) {
      bills.push(
        await addLiability(t, user, { creditorName: `Bill ${index}`, payment: 1, dueDate: '2026-11-26' }),
      );
    }
    const count = async (ids: string[]) =>
      (
        await statementsDuring(async () =>
          ok(
            await gql(SAVE, {
              walletId: wallet.id,
              changes: ids.map((liabilityId) => ({ liabilityId, paid: true, cleared: true })),
            }),
          ),
        )
      ).length;
    const one = await count(bills.slice(0, 1).map((bill) => bill.id));
    const twenty = await count(
      bills
        .slice(1)
        .map((bill) => bill.id)
        .concat(phone.id),
    );
    expect(twenty).toBe(one);
  });
});

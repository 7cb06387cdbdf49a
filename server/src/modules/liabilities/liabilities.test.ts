import { queryOne, queryRows } from '../../db/sql';
import type { TestApp } from '../../test/harness';
import {
  ACTION_PAYLOAD,
  addLiability,
  addWallet,
  errorCode,
  LIABILITY,
  newUser,
  ok,
  registerCount,
  startFinanceApp,
  storedBalance,
  TODAY,
  ZONE,
  type TestUser,
} from '../../test/finance';

const SAVE = `mutation($walletId: ID!, $changes: [PaidInfoInput!]!, $timeZone: String) {
  savePaidInfo(walletId: $walletId, changes: $changes, timeZone: $timeZone) { ${ACTION_PAYLOAD} }
}`;

type LiabilityData = {
  id: string;
  dueDate: string;
  balance: number | null;
  currentPaid: boolean;
  currentCleared: boolean;
  paidFromWalletId: string | null;
};
type SaveData = {
  savePaidInfo: {
    wallet: { id: string; balance: number };
    liabilities: LiabilityData[];
    analysis: { walletAvailableBalance: number; obligations: { liabilityId: string; paid: boolean }[] };
  };
};

interface StoredLiability {
  anchor_date: string;
  due_date: string;
  balance_cents: string | null;
  current_paid: boolean;
  current_cleared: boolean;
  paid_wallet_id: number | null;
}

describe('liabilities (expenses)', () => {
  let t: TestApp;
  let user: TestUser;
  beforeAll(async () => {
    t = await startFinanceApp();
  });
  beforeEach(async () => {
    user = await newUser(t);
  });
  afterAll(() => t.close());

  const stored = (id: string) =>
    queryOne<StoredLiability>(
      t.deps.dataSource,
      `SELECT anchor_date::text AS anchor_date, due_date::text AS due_date, balance_cents, current_paid,
              current_cleared, paid_wallet_id FROM liability WHERE id = $1`,
      [Number(id)],
    );

  const UPDATE = `mutation($id: ID!, $input: LiabilityInput!) { updateLiability(id: $id, input: $input) { ${LIABILITY} } }`;

  it('adds, lists, updates and deletes an expense', async () => {
    const added = await addLiability(t, user, {
      creditorName: 'Chase',
      creditorUrl: 'chase.com',
      debtType: 'CREDIT_CARD',
      frequency: 'MONTHLY',
      dueDate: '2026-11-30',
      payment: 50,
      balance: 1200.99,
      autoPay: true,
      creditorDescription: 'Visa',
    });
    const listed = ok(
      await t.gql<{ liabilities: unknown[] }>(`{ liabilities { ${LIABILITY} } }`, {}, { token: user.token }),
    );
    expect(listed.liabilities).toEqual([
      {
        id: added.id,
        creditorName: 'Chase',
        creditorUrl: 'chase.com',
        creditorDescription: 'Visa',
        debtType: 'CREDIT_CARD',
        frequency: 'MONTHLY',
        dueDate: '2026-11-30',
        balance: 1200.99,
        payment: 50,
        autoPay: true,
        currentPaid: false,
        currentCleared: false,
        paidFromWalletId: null,
      },
    ]);
    expect(await stored(added.id)).toMatchObject({ anchor_date: '2026-11-30', due_date: '2026-11-30' });

    const input = {
      creditorName: 'Chase Visa',
      debtType: 'CREDIT_CARD',
      frequency: 'MONTHLY',
      dueDate: '2026-11-30',
      payment: 60,
      timeZone: ZONE,
    };
    const renamed = ok(
      await t.gql<{ updateLiability: LiabilityData }>(UPDATE, { id: added.id, input }, { token: user.token }),
    );
    expect(renamed.updateLiability).toMatchObject({ creditorName: 'Chase Visa', payment: 60, balance: null });

    // A changed due date restarts the schedule there.
    await t.deps.dataSource.query(`UPDATE liability SET anchor_date = '2026-10-31' WHERE id = $1`, [
      Number(added.id),
    ]);
    ok(
      await t.gql(
        UPDATE,
        { id: added.id, input: { ...input, dueDate: '2026-12-05' } },
        { token: user.token },
      ),
    );
    expect(await stored(added.id)).toMatchObject({ anchor_date: '2026-12-05', due_date: '2026-12-05' });

    const deleted = ok(
      await t.gql<{ deleteLiability: unknown }>(
        `mutation($id: ID!) { deleteLiability(id: $id) { id deleted } }`,
        { id: added.id },
        { token: user.token },
      ),
    );
    expect(deleted.deleteLiability).toEqual({ id: added.id, deleted: true });
    expect(await stored(added.id)).toBeUndefined();
  });

  it.each([
    ['an empty name', { creditorName: ' ' }, 'creditorName'],
    ['a zero payment', { payment: 0 }, 'payment'],
    ['a negative balance', { balance: -1 }, 'balance'],
    ['a due date more than 3 years ahead', { dueDate: '2030-01-01' }, 'dueDate'],
    ['a malformed web address', { creditorUrl: 'http://' }, 'creditorUrl'],
  ])('refuses %s, naming the field, storing nothing', async (_label, override, field) => {
    const response = await t.gql(
      `mutation($input: LiabilityInput!) { addLiability(input: $input) { id } }`,
      {
        input: {
          creditorName: 'Phone',
          debtType: 'MOBILE_PHONE',
          frequency: 'MONTHLY',
          dueDate: TODAY,
          payment: 150,
          ...override,
        },
      },
      { token: user.token },
    );
    expect(errorCode(response)).toBe('BAD_USER_INPUT');
    expect(response.errors?.[0]?.extensions?.field).toBe(field);
    const count = await queryOne<{ count: string }>(
      t.deps.dataSource,
      'SELECT count(*) AS count FROM liability WHERE household_id = (SELECT id FROM household WHERE personal_of = $1)',
      [user.id],
    );
    expect(Number(count?.count)).toBe(0);
  });

  it('stores paid without settling: the wallet available balance counts the pending payment', async () => {
    const wallet = await addWallet(t, user, 'Checking', 2000);
    const bill = await addLiability(t, user, { payment: 1400, dueDate: '2026-11-20' });
    const data = ok(
      await t.gql<SaveData>(
        SAVE,
        {
          walletId: wallet.id,
          changes: [{ liabilityId: bill.id, paid: true, cleared: false }],
          timeZone: ZONE,
        },
        { token: user.token },
      ),
    );
    expect(data.savePaidInfo.wallet.balance).toBe(2000);
    expect(data.savePaidInfo.analysis.walletAvailableBalance).toBe(600);
    expect(data.savePaidInfo.liabilities[0]).toMatchObject({
      currentPaid: true,
      currentCleared: false,
      paidFromWalletId: wallet.id,
    });
    expect(await registerCount(t, wallet.id)).toBe(0);
  });

  it('save paid info settles a paid-and-cleared row: wallet down, register entry, balance down, due date one step on', async () => {
    const wallet = await addWallet(t, user, 'Checking', 2000);
    const bill = await addLiability(t, user, {
      creditorName: 'Toyota',
      debtType: 'CAR_LOAN',
      payment: 400,
      balance: 1000,
      dueDate: '2026-10-31',
    });
    const data = ok(
      await t.gql<SaveData>(
        SAVE,
        {
          walletId: wallet.id,
          changes: [{ liabilityId: bill.id, paid: true, cleared: true, dueDate: '2026-10-31' }],
          timeZone: ZONE,
        },
        { token: user.token },
      ),
    );
    expect(data.savePaidInfo.wallet.balance).toBe(1600);
    expect(data.savePaidInfo.liabilities[0]).toMatchObject({
      dueDate: '2026-11-30',
      balance: 600,
      currentPaid: false,
      currentCleared: false,
      paidFromWalletId: null,
    });
    expect(await stored(bill.id)).toMatchObject({ anchor_date: '2026-10-31', due_date: '2026-11-30' });
    const entries = await queryRows<{
      direction: string;
      amount_cents: string;
      kind: string;
      occurred_on: string;
      description: string;
    }>(
      t.deps.dataSource,
      `SELECT direction, amount_cents, kind, occurred_on::text AS occurred_on, description
         FROM register_entry WHERE wallet_id = $1`,
      [Number(wallet.id)],
    );
    expect(entries).toEqual([
      {
        direction: 'spent',
        amount_cents: '40000',
        kind: 'bill_payment',
        occurred_on: TODAY,
        description: 'Paid: Toyota (due Sat Oct 31, 2026)',
      },
    ]);

    // Month-end anchor: Oct 31 → Nov 30 → Dec 31, stepped from the anchor, never chained.
    ok(
      await t.gql(
        SAVE,
        { walletId: wallet.id, changes: [{ liabilityId: bill.id, paid: true, cleared: true }] },
        { token: user.token },
      ),
    );
    ok(
      await t.gql(
        SAVE,
        { walletId: wallet.id, changes: [{ liabilityId: bill.id, paid: true, cleared: true }] },
        { token: user.token },
      ),
    );
    expect(await stored(bill.id)).toMatchObject({ due_date: '2027-01-31', balance_cents: '0' });
    expect(await storedBalance(t, wallet.id)).toBe(200000 - 3 * 40000);
  });

  it('settles from the wallet the bill was marked paid from', async () => {
    const checking = await addWallet(t, user, 'Checking', 1000);
    const savings = await addWallet(t, user, 'Savings', 1000);
    const bill = await addLiability(t, user, { payment: 100, dueDate: '2026-11-20' });
    ok(
      await t.gql(
        SAVE,
        { walletId: savings.id, changes: [{ liabilityId: bill.id, paid: true, cleared: false }] },
        { token: user.token },
      ),
    );
    ok(
      await t.gql(
        SAVE,
        { walletId: checking.id, changes: [{ liabilityId: bill.id, paid: true, cleared: true }] },
        { token: user.token },
      ),
    );
    expect(await storedBalance(t, savings.id)).toBe(90000);
    expect(await storedBalance(t, checking.id)).toBe(100000);
  });

  it('a failure in the middle of save paid info leaves nothing changed', async () => {
    // The second row's payment would push the wallet below -999,999,999.99: the CHECK fails after
    // the first row was already written inside the transaction.
    const wallet = await addWallet(t, user, 'Checking', -999_999_950);
    const first = await addLiability(t, user, { creditorName: 'Phone', payment: 10, dueDate: '2026-11-20' });
    const second = await addLiability(t, user, {
      creditorName: 'Mortgage',
      payment: 100,
      balance: 500,
      dueDate: '2026-11-21',
    });
    const before = [await stored(first.id), await stored(second.id)];
    const response = await t.gql(
      SAVE,
      {
        walletId: wallet.id,
        changes: [
          { liabilityId: first.id, paid: true, cleared: false },
          { liabilityId: second.id, paid: true, cleared: true },
        ],
      },
      { token: user.token },
    );
    expect(errorCode(response)).toBe('BAD_USER_INPUT');
    expect([await stored(first.id), await stored(second.id)]).toEqual(before);
    expect(await storedBalance(t, wallet.id)).toBe(-99_999_995_000);
    expect(await registerCount(t, wallet.id)).toBe(0);
  });

  it('concurrent saves of the same paid-and-cleared row settle it once', async () => {
    const wallet = await addWallet(t, user, 'Checking', 1000);
    const bill = await addLiability(t, user, { payment: 100, dueDate: '2026-11-20' });
    const variables = {
      walletId: wallet.id,
      changes: [{ liabilityId: bill.id, paid: true, cleared: true, dueDate: '2026-11-20' }],
    };
    const responses = await Promise.all(
      Array.from({ length: 4 }, () => t.gql(SAVE, variables, { token: user.token })),
    );
    expect(responses.filter((response) => !response.errors)).toHaveLength(1);
    expect(responses.filter((response) => response.errors).map(errorCode)).toEqual([
      'BAD_USER_INPUT',
      'BAD_USER_INPUT',
      'BAD_USER_INPUT',
    ]);
    expect(await storedBalance(t, wallet.id)).toBe(90000);
    expect(await registerCount(t, wallet.id)).toBe(1);
    expect(await stored(bill.id)).toMatchObject({ due_date: '2026-12-20' });
  });

  it('unmarking paid resets cleared and the paying wallet', async () => {
    const wallet = await addWallet(t, user, 'Checking', 1000);
    const bill = await addLiability(t, user, { payment: 100, dueDate: '2026-11-10' });
    ok(
      await t.gql(
        SAVE,
        { walletId: wallet.id, changes: [{ liabilityId: bill.id, paid: true, cleared: false }] },
        { token: user.token },
      ),
    );
    const data = ok(
      await t.gql<SaveData>(
        SAVE,
        { walletId: wallet.id, changes: [{ liabilityId: bill.id, paid: false, cleared: true }] },
        { token: user.token },
      ),
    );
    expect(data.savePaidInfo.liabilities[0]).toMatchObject({
      currentPaid: false,
      currentCleared: false,
      paidFromWalletId: null,
    });
    expect(await storedBalance(t, wallet.id)).toBe(100000);
  });
});

import { queryRows } from '../../db/sql';
import type { TestApp } from '../../test/harness';
import {
  addWallet,
  errorCode,
  newUser,
  NOW,
  ok,
  registerCount,
  startFinanceApp,
  storedBalance,
  TODAY,
  WALLET,
  ZONE,
  type TestUser,
} from '../../test/finance';

type WalletData = {
  id: string;
  walletName: string;
  walletDescription: string | null;
  balance: number;
  defaultWallet: boolean;
  lastUpdate: string | null;
};

const UPDATE_BALANCE = `mutation($input: UpdateWalletBalanceInput!) { updateWalletBalance(input: $input) { ${WALLET} } }`;
const REGISTER = `query($walletId: ID!) {
  walletRegister(walletId: $walletId) { direction amount date transactionDescription }
}`;

type RegisterData = {
  walletRegister: {
    direction: string;
    amount: number;
    date: string;
    transactionDescription: string | null;
  }[];
};

describe('wallets', () => {
  let t: TestApp;
  let user: TestUser;
  beforeAll(async () => {
    t = await startFinanceApp();
  });
  beforeEach(async () => {
    user = await newUser(t);
  });
  afterAll(() => t.close());

  const wallets = async () =>
    ok(await t.gql<{ wallets: WalletData[] }>(`{ wallets { ${WALLET} } }`, {}, { token: user.token }))
      .wallets;

  it('adds wallets; the first wallet becomes the default', async () => {
    const first = await addWallet(t, user, 'Checking', 1234.5);
    const second = await addWallet(t, user, 'Savings', -20);
    const list = await wallets();
    expect(list.map((w) => [w.id, w.walletName, w.balance, w.defaultWallet])).toEqual([
      [first.id, 'Checking', 1234.5, true],
      [second.id, 'Savings', -20, false],
    ]);
    expect(list[0]?.lastUpdate).toEqual(expect.any(String));
  });

  it('refuses a wallet without a name, naming the field, and stores nothing', async () => {
    const response = await t.gql(
      `mutation { addWallet(input: { walletName: "   " }) { id } }`,
      {},
      { token: user.token },
    );
    expect(errorCode(response)).toBe('BAD_USER_INPUT');
    expect(response.errors?.[0]?.extensions?.field).toBe('walletName');
    expect(await wallets()).toEqual([]);
  });

  it('updates a wallet: name and description, and a new balance with its adjustment entry', async () => {
    const wallet = await addWallet(t, user, 'Checking', 100);
    const data = ok(
      await t.gql<{ updateWallet: WalletData }>(
        `mutation($id: ID!, $input: WalletInput!) { updateWallet(id: $id, input: $input) { ${WALLET} } }`,
        {
          id: wallet.id,
          input: { walletName: 'Main', walletDescription: 'Joint', balance: 75, timeZone: ZONE },
        },
        { token: user.token },
      ),
    );
    expect(data.updateWallet).toMatchObject({ walletName: 'Main', walletDescription: 'Joint', balance: 75 });
    const register = ok(await t.gql<RegisterData>(REGISTER, { walletId: wallet.id }, { token: user.token }));
    expect(register.walletRegister).toEqual([
      { direction: 'SPENT', amount: 25, date: TODAY, transactionDescription: 'Balance updated' },
    ]);
  });

  it('deletes a wallet; deleting the default promotes the most recently updated one', async () => {
    const first = await addWallet(t, user, 'First');
    const second = await addWallet(t, user, 'Second');
    const third = await addWallet(t, user, 'Third');
    await t.deps.dataSource.query(`UPDATE wallet SET last_update = now() - interval '1 day' WHERE id = $1`, [
      Number(third.id),
    ]);
    await t.deps.dataSource.query(`UPDATE wallet SET last_update = now() WHERE id = $1`, [Number(second.id)]);
    const data = ok(
      await t.gql<{ deleteWallet: { id: string; deleted: boolean } }>(
        `mutation($id: ID!) { deleteWallet(id: $id) { id deleted } }`,
        { id: first.id },
        { token: user.token },
      ),
    );
    expect(data.deleteWallet).toEqual({ id: first.id, deleted: true });
    const list = await wallets();
    expect(list.map((w) => [w.walletName, w.defaultWallet])).toEqual([
      ['Second', true],
      ['Third', false],
    ]);
  });

  it('sets the default wallet and answers all wallets', async () => {
    await addWallet(t, user, 'First');
    const second = await addWallet(t, user, 'Second');
    const data = ok(
      await t.gql<{ setDefaultWallet: WalletData[] }>(
        `mutation($id: ID!) { setDefaultWallet(id: $id) { id defaultWallet } }`,
        { id: second.id },
        { token: user.token },
      ),
    );
    expect(data.setDefaultWallet.map((w) => w.defaultWallet)).toEqual([false, true]);
  });

  it("'Update Wallet' sets the balance and writes a 'Balance updated' entry signed by the difference", async () => {
    const wallet = await addWallet(t, user, 'Checking', 100);
    const raised = ok(
      await t.gql<{ updateWalletBalance: WalletData }>(
        UPDATE_BALANCE,
        { input: { walletId: wallet.id, balance: 150.25, timeZone: ZONE } },
        { token: user.token },
      ),
    );
    expect(raised.updateWalletBalance.balance).toBe(150.25);
    ok(
      await t.gql(
        UPDATE_BALANCE,
        { input: { walletId: wallet.id, balance: 150.25, timeZone: ZONE } },
        { token: user.token },
      ),
    );
    const register = ok(await t.gql<RegisterData>(REGISTER, { walletId: wallet.id }, { token: user.token }));
    expect(register.walletRegister).toEqual([
      { direction: 'DEPOSITED', amount: 50.25, date: TODAY, transactionDescription: 'Balance updated' },
    ]);
  });

  it('applies a spent or deposited transaction to the stored balance and ignores the client-computed balance', async () => {
    const wallet = await addWallet(t, user, 'Checking', 100);
    const spent = ok(
      await t.gql<{ updateWalletBalance: WalletData }>(
        UPDATE_BALANCE,
        {
          input: {
            walletId: wallet.id,
            balance: 5,
            transaction: { direction: 'SPENT', amount: 30.1, transactionDescription: 'Groceries' },
            timeZone: ZONE,
          },
        },
        { token: user.token },
      ),
    );
    expect(spent.updateWalletBalance.balance).toBe(69.9);
    ok(
      await t.gql(
        UPDATE_BALANCE,
        { input: { walletId: wallet.id, transaction: { direction: 'DEPOSITED', amount: 0.1 } } },
        { token: user.token },
      ),
    );
    expect(await storedBalance(t, wallet.id)).toBe(7000);
    const register = ok(await t.gql<RegisterData>(REGISTER, { walletId: wallet.id }, { token: user.token }));
    expect(register.walletRegister).toEqual([
      { direction: 'DEPOSITED', amount: 0.1, date: TODAY, transactionDescription: null },
      { direction: 'SPENT', amount: 30.1, date: TODAY, transactionDescription: 'Groceries' },
    ]);
  });

  it('refuses a zero amount and a note over 255 characters, changing nothing', async () => {
    const wallet = await addWallet(t, user, 'Checking', 100);
    const zero = await t.gql(
      UPDATE_BALANCE,
      { input: { walletId: wallet.id, transaction: { direction: 'SPENT', amount: 0 } } },
      { token: user.token },
    );
    expect(errorCode(zero)).toBe('BAD_USER_INPUT');
    expect(zero.errors?.[0]?.extensions?.field).toBe('amount');
    const longNote = await t.gql(
      UPDATE_BALANCE,
      {
        input: {
          walletId: wallet.id,
          transaction: { direction: 'SPENT', amount: 1, transactionDescription: 'x'.repeat(256) },
        },
      },
      { token: user.token },
    );
    expect(longNote.errors?.[0]?.extensions?.field).toBe('transactionDescription');
    const nothing = await t.gql(UPDATE_BALANCE, { input: { walletId: wallet.id } }, { token: user.token });
    expect(errorCode(nothing)).toBe('BAD_USER_INPUT');
    expect(await storedBalance(t, wallet.id)).toBe(10000);
    expect(await registerCount(t, wallet.id)).toBe(0);
  });

  it('refuses a deposit that would push the balance beyond 999,999,999.99, changing nothing', async () => {
    const wallet = await addWallet(t, user, 'Checking', 999_999_999);
    const response = await t.gql(
      UPDATE_BALANCE,
      { input: { walletId: wallet.id, transaction: { direction: 'DEPOSITED', amount: 1 } } },
      { token: user.token },
    );
    expect(errorCode(response)).toBe('BAD_USER_INPUT');
    expect(await storedBalance(t, wallet.id)).toBe(99_999_999_900);
    expect(await registerCount(t, wallet.id)).toBe(0);
  });

  it('100 concurrent spent transactions on one wallet end at the exact balance with 100 register entries', async () => {
    const wallet = await addWallet(t, user, 'Checking', 1000);
    const responses = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        t.gql(
          UPDATE_BALANCE,
          {
            input: {
              walletId: wallet.id,
              balance: 0,
              transaction: { direction: 'SPENT', amount: 1.23, transactionDescription: `#${i}` },
              timeZone: ZONE,
            },
          },
          { token: user.token },
        ),
      ),
    );
    for (const response of responses) expect(response.errors).toBeUndefined();
    expect(await storedBalance(t, wallet.id)).toBe(100000 - 100 * 123);
    expect(await registerCount(t, wallet.id)).toBe(100);
  });

  it('shows the register of the last 28 days, newest first', async () => {
    const wallet = await addWallet(t, user, 'Checking', 0);
    const insert = (daysAgo: number, amountCents: number) =>
      t.deps.dataSource.query(
        `INSERT INTO register_entry (household_id, wallet_id, direction, amount_cents, occurred_on, created_at)
         VALUES ((SELECT id FROM household WHERE personal_of = $1), $2, 'deposited', $3, $4::timestamptz::date, $4)`,
        [user.id, Number(wallet.id), amountCents, new Date(NOW.getTime() - daysAgo * 86_400_000)],
      );
    await insert(29, 100);
    await insert(27, 200);
    await insert(1, 300);
    const register = ok(await t.gql<RegisterData>(REGISTER, { walletId: wallet.id }, { token: user.token }));
    expect(register.walletRegister.map((entry) => entry.amount)).toEqual([3, 2]);
  });

  it('keeps exactly one default wallet when wallets are added concurrently', async () => {
    await Promise.all(Array.from({ length: 5 }, (_, i) => addWallet(t, user, `W${i}`)));
    const rows = await queryRows<{ count: string }>(
      t.deps.dataSource,
      'SELECT count(*) AS count FROM wallet WHERE household_id = (SELECT id FROM household WHERE personal_of = $1) AND is_default',
      [user.id],
    );
    expect(Number(rows[0]?.count)).toBe(1);
  });
});

import { queryOne } from '../db/sql';
import type { TestApp } from '../test/harness';
import { addWallet, errorCode, newUser, ok, startFinanceApp, WALLET } from '../test/finance';
import { rest } from '../test/rest';

const SPENT = `mutation($input: UpdateWalletBalanceInput!) { updateWalletBalance(input: $input) { ${WALLET} } }`;
const KIRITIMATI = 'Pacific/Kiritimati';

async function storedZone(t: TestApp, debtorId: number): Promise<string | null> {
  const row = await queryOne<{ time_zone: string | null }>(
    t.deps.dataSource,
    'SELECT time_zone FROM debtor WHERE id = $1',
    [debtorId],
  );
  return row?.time_zone ?? null;
}

function spentInput(walletId: string, timeZone: string) {
  return {
    walletId,
    timeZone,
    transaction: { direction: 'SPENT', amount: 5, transactionDescription: 'Coffee' },
  };
}

describe('"today" and the zone the browser sends', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startFinanceApp();
  });
  afterAll(() => t.close());

  it('an action remembers the zone it was sent in its own transaction', async () => {
    const user = await newUser(t, { timeZone: null });
    const wallet = await addWallet(t, user, 'Checking', 100);
    ok(await t.gql(SPENT, { input: spentInput(wallet.id, KIRITIMATI) }, { token: user.token }));
    expect(await storedZone(t, user.id)).toBe(KIRITIMATI);
  });

  it('an action that fails remembers nothing, through GraphQL and REST', async () => {
    const user = await newUser(t, { timeZone: null });
    const other = await newUser(t);
    const theirs = await addWallet(t, other, 'Theirs', 100);

    const refused = await t.gql(SPENT, { input: spentInput(theirs.id, KIRITIMATI) }, { token: user.token });
    expect(errorCode(refused)).toBe('NOT_FOUND');
    expect(await storedZone(t, user.id)).toBeNull();

    const refusedRest = await rest(t, 'PUT', '/account/update-wallet-balance', {
      token: user.token,
      body: {
        updateBalance: { id: theirs.id, balance: 0, timezone: KIRITIMATI, debtorId: user.id },
        transaction: { direction: 'spent', amount: 1 },
      },
    });
    expect(refusedRest.status).toBe(404);
    expect(await storedZone(t, user.id)).toBeNull();
  });

  it('aliased actions in one request share one "today" and write the zone once', async () => {
    const user = await newUser(t, { timeZone: null });
    const wallet = await addWallet(t, user, 'Checking', 100);
    const both = `mutation($a: UpdateWalletBalanceInput!, $b: UpdateWalletBalanceInput!) {
      a: updateWalletBalance(input: $a) { id } b: updateWalletBalance(input: $b) { id } }`;
    ok(
      await t.gql(
        both,
        { a: spentInput(wallet.id, KIRITIMATI), b: spentInput(wallet.id, KIRITIMATI) },
        { token: user.token },
      ),
    );
    const dates = await t.deps.dataSource.query(
      'SELECT DISTINCT occurred_on::text AS day FROM register_entry WHERE wallet_id = $1',
      [Number(wallet.id)],
    );
    // 15:00 UTC on Nov 16 is already Nov 17 in Kiritimati (UTC+14).
    expect(dates).toEqual([{ day: '2026-11-17' }]);
    expect(await storedZone(t, user.id)).toBe(KIRITIMATI);
  });
});

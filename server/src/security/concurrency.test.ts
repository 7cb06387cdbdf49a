import { randomInt } from 'node:crypto';
import { queryOne, queryRows } from '../db/sql';
import { registrationInput, REGISTER } from '../test/accounts';
import {
  ACTION_PAYLOAD,
  addIncomeSource,
  addLiability,
  addWallet,
  errorCode,
  newUser,
  registerCount,
  settleLiability,
  storedBalance,
  ZONE,
  type TestUser,
} from '../test/finance';
import { startTestApp, type TestApp } from '../test/harness';
import { walletLedger } from '../test/security';

/**
 * Concurrent requests never lose or double money. Each case fires its requests at once, through
 * HTTP, against one wallet, occurrence, expense or username.
 *
 * The smaller versions of these cases live beside their modules (100 concurrent spends in
 * wallets.test.ts, 4 concurrent Deposit Pay in income.test.ts, 4 concurrent Save Paid Info in
 * liabilities.test.ts, 4 concurrent registrations in accounts.test.ts); this file runs them at the
 * issue's scale, mixed, and checks the ledger invariant (balance = opening + signed register).
 */

const NOW = new Date('2026-11-16T15:00:00Z');
const UPDATE_BALANCE = `mutation($input: UpdateWalletBalanceInput!) { updateWalletBalance(input: $input) { id balance } }`;
const DEPOSIT = `mutation($walletId: ID!, $occurrences: [IncomeOccurrenceInput!]!, $timeZone: String) {
  depositPay(walletId: $walletId, occurrences: $occurrences, timeZone: $timeZone) { ${ACTION_PAYLOAD} }
}`;
const SAVE = `mutation($walletId: ID!, $changes: [PaidInfoInput!]!, $timeZone: String) {
  savePaidInfo(walletId: $walletId, changes: $changes, timeZone: $timeZone) { ${ACTION_PAYLOAD} }
}`;

let t: TestApp;
let user: TestUser;
beforeAll(async () => {
  t = await startTestApp({ clock: { now: () => NOW }, env: { TRUST_PROXY: 'loopback' } });
  user = await newUser(t);
});
afterAll(() => t.close());

const transaction = (walletId: string, direction: 'SPENT' | 'DEPOSITED', amount: number, note: string) =>
  t.gql(
    UPDATE_BALANCE,
    {
      input: {
        walletId,
        balance: 0,
        transaction: { direction, amount, transactionDescription: note },
        timeZone: ZONE,
      },
    },
    { token: user.token },
  );

describe('concurrency', () => {
  it('200 concurrent spent/deposited changes on one wallet end at the exact balance with 200 register entries', async () => {
    const wallet = await addWallet(t, user, 'Checking', 1000);
    const responses = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        i % 2 === 0
          ? transaction(wallet.id, 'SPENT', 1.23, `spent #${i}`)
          : transaction(wallet.id, 'DEPOSITED', 2.05, `deposited #${i}`),
      ),
    );
    expect(responses.filter((response) => response.errors).map((response) => response.errors)).toEqual([]);
    expect(await storedBalance(t, wallet.id)).toBe(100000 - 100 * 123 + 100 * 205);
    expect(await registerCount(t, wallet.id)).toBe(200);
    const ledger = await walletLedger(t.deps.dataSource, wallet.id);
    expect(ledger.balance).toBe(100000 + ledger.signedEntries);
  });

  it("'Update Wallet' balance settings racing with spends keep the balance explained by the register", async () => {
    const wallet = await addWallet(t, user, 'Savings', 500);
    const opening = await walletLedger(t.deps.dataSource, wallet.id);
    const responses = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        i % 3 === 0
          ? t.gql(
              UPDATE_BALANCE,
              { input: { walletId: wallet.id, balance: 400 + i, timeZone: ZONE } },
              { token: user.token },
            )
          : transaction(
              wallet.id,
              i % 3 === 1 ? 'SPENT' : 'DEPOSITED',
              Number((1 + i / 100).toFixed(2)),
              `#${i}`,
            ),
      ),
    );
    expect(responses.filter((response) => response.errors).map((response) => response.errors)).toEqual([]);
    const ledger = await walletLedger(t.deps.dataSource, wallet.id);
    expect(ledger.balance).toBe(opening.balance - opening.signedEntries + ledger.signedEntries);
  });

  it("20 concurrent 'Deposit Pay' of the same occurrence add the money once", async () => {
    const wallet = await addWallet(t, user, 'Pay', 0);
    const source = await addIncomeSource(t, user, {
      paymentAmount: 2000,
      nextPmtDate: '2026-11-13',
      incomeFrequency: 'BIWEEKLY',
    });
    const other = await addIncomeSource(t, user, {
      paymentAmount: 100,
      nextPmtDate: '2026-11-13',
      incomeFrequency: 'BIWEEKLY',
    });
    const same = { incomeSourceId: source.id, date: '2026-11-13' };
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        t.gql(
          DEPOSIT,
          // Some requests carry the occurrence alone, some beside another source's occurrence.
          {
            walletId: wallet.id,
            occurrences: i % 2 ? [same] : [{ incomeSourceId: other.id, date: '2026-11-13' }, same],
            timeZone: ZONE,
          },
          { token: user.token },
        ),
      ),
    );
    // Only what a request newly recorded is credited: the first request to carry each occurrence
    // succeeds with it, every later one carrying nothing new is refused.
    const succeeded = responses.filter((response) => !response.errors);
    expect(succeeded.length).toBeGreaterThanOrEqual(1);
    expect(succeeded.length).toBeLessThanOrEqual(2);
    expect(new Set(responses.filter((r) => r.errors).map(errorCode))).toEqual(new Set(['BAD_USER_INPUT']));
    const depositsOf = async (id: string) =>
      (
        await queryRows(t.deps.dataSource, 'SELECT 1 FROM income_deposit WHERE income_source_id = $1', [
          Number(id),
        ])
      ).length;
    // The shared occurrence is deposited by whichever request commits first. A request that reads
    // after that commit is refused whole, the other source's occurrence with it (core's plan
    // refuses an occurrence already deposited): so that one is deposited once, or not at all when
    // every request carrying it came late. Never twice, and the wallet holds what was recorded.
    expect(await depositsOf(source.id)).toBe(1);
    const others = await depositsOf(other.id);
    expect(others).toBeLessThanOrEqual(1);
    const credited = 200000 + others * 10000;
    const ledger = await walletLedger(t.deps.dataSource, wallet.id);
    expect(ledger).toEqual({ balance: credited, signedEntries: credited, entries: 1 + others });
  });

  it("20 concurrent 'Save Paid Info' of the same expense settle it once", async () => {
    const wallet = await addWallet(t, user, 'Bills', 1000);
    const bill = await addLiability(t, user, { payment: 100, balance: 1000, dueDate: '2026-11-20' });
    const responses = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.gql(
          SAVE,
          {
            walletId: wallet.id,
            changes: [{ liabilityId: bill.id, paid: true, cleared: true, dueDate: '2026-11-20' }],
            timeZone: ZONE,
          },
          { token: user.token },
        ),
      ),
    );
    expect(responses.filter((response) => !response.errors)).toHaveLength(1);
    expect(new Set(responses.filter((r) => r.errors).map(errorCode))).toEqual(new Set(['BAD_USER_INPUT']));
    expect(await storedBalance(t, wallet.id)).toBe(90000);
    expect(await registerCount(t, wallet.id)).toBe(1);
    expect(
      await queryOne(t.deps.dataSource, 'SELECT due_date::text, balance_cents FROM liability WHERE id = $1', [
        Number(bill.id),
      ]),
    ).toEqual({ due_date: '2026-12-20', balance_cents: '90000' });
  });

  it("two 'Save Paid Info' and an 'Undo' racing on one expense end consistent: wallet, register, history and due date agree", async () => {
    const wallet = await addWallet(t, user, 'Bills', 1000);
    const bill = await addLiability(t, user, { payment: 100, balance: 1000, dueDate: '2026-11-20' });
    const first = await settleLiability(t, user, wallet.id, bill.id);
    const save = () =>
      t.gql(
        SAVE,
        {
          walletId: wallet.id,
          changes: [{ liabilityId: bill.id, paid: true, cleared: true }],
          timeZone: ZONE,
        },
        { token: user.token },
      );
    const undo = () =>
      t.gql(
        `mutation($id: ID!) { undoLiabilityPayment(paymentId: $id) { payment { id } } }`,
        { id: first },
        { token: user.token },
      );
    const responses = await Promise.all([save(), undo(), save()]);
    for (const response of responses.filter((r) => r.errors))
      expect(errorCode(response)).toBe('BAD_USER_INPUT');

    const history = await queryRows<{ due_date: string; amount_cents: string }>(
      t.deps.dataSource,
      'SELECT due_date::text AS due_date, amount_cents FROM liability_payment WHERE liability_id = $1 ORDER BY due_date',
      [Number(bill.id)],
    );
    const months = ['2026-11-20', '2026-12-20', '2027-01-20', '2027-02-20'];
    // The history is a run of consecutive occurrences from the first, and the due date is the next one.
    expect(history.map((row) => row.due_date)).toEqual(months.slice(0, history.length));
    const stored = await queryOne<{ due_date: string; balance_cents: string }>(
      t.deps.dataSource,
      'SELECT due_date::text AS due_date, balance_cents FROM liability WHERE id = $1',
      [Number(bill.id)],
    );
    expect(stored).toEqual({
      due_date: months[history.length],
      balance_cents: String(100000 - history.length * 10000),
    });
    expect(await storedBalance(t, wallet.id)).toBe(100000 - history.length * 10000);
    const ledger = await walletLedger(t.deps.dataSource, wallet.id);
    expect(100000 + ledger.signedEntries).toBe(ledger.balance);
  });

  it('12 concurrent registrations of one username, in different cases, create one account', async () => {
    const userName = registrationInput().userName;
    const variants = Array.from({ length: 12 }, (_, i) =>
      [...userName].map((c, j) => ((i >> (j % 4)) & 1 ? c.toUpperCase() : c.toLowerCase())).join(''),
    );
    const responses = await Promise.all(
      variants.map((variant, i) =>
        t.gql(
          REGISTER,
          { input: registrationInput({ userName: variant, email: `${userName}.${i}@example.com` }) },
          { headers: { 'x-forwarded-for': `10.77.${randomInt(256)}.${i + 1}` } },
        ),
      ),
    );
    expect(responses.filter((response) => !response.errors)).toHaveLength(1);
    for (const refused of responses.filter((response) => response.errors))
      expect(refused.errors?.[0]).toMatchObject({
        extensions: { code: 'BAD_USER_INPUT', field: 'userName' },
      });
    const rows = await queryRows(
      t.deps.dataSource,
      'SELECT id FROM debtor WHERE lower(username) = lower($1)',
      [userName],
    );
    expect(rows).toHaveLength(1);
  });

  it('a wallet deleted while spends run leaves no orphaned register entry and no 500', async () => {
    const wallet = await addWallet(t, user, 'Doomed', 100);
    const responses = await Promise.all([
      ...Array.from({ length: 10 }, (_, i) => transaction(wallet.id, 'SPENT', 1, `#${i}`)),
      t.gql(
        'mutation($id: ID!) { deleteWallet(id: $id) { deleted } }',
        { id: wallet.id },
        { token: user.token },
      ),
      ...Array.from({ length: 10 }, (_, i) => transaction(wallet.id, 'DEPOSITED', 1, `#${i}`)),
    ]);
    expect(responses.map(errorCode).filter((code) => code && code !== 'NOT_FOUND')).toEqual([]);
    expect(
      await queryRows(t.deps.dataSource, 'SELECT 1 FROM register_entry WHERE wallet_id = $1', [
        Number(wallet.id),
      ]),
    ).toEqual([]);
  });
});

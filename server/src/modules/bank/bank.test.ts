import { Writable } from 'node:stream';
import { createDataSource } from '../../db/data-source';
import { queryRows } from '../../db/sql';
import type { AppDeps } from '../../deps';
import { TEST_DB_ENV } from '../../test/test-database';
import { startTestApp, type TestApp } from '../../test/harness';
import {
  addLiability,
  addWallet,
  errorCode,
  newUser,
  NOW,
  ok,
  storedBalance,
  ZONE,
  type TestUser,
} from '../../test/finance';
import { startCuttableProxy } from '../../test/cuttable-proxy';
import { startSimplefinDouble, type SimplefinDouble } from '../../test/simplefin-double';
import { syncDueConnections, syncStartEpoch } from './bank.service';
import { addressAllowed, checkBridgeUrl } from './simplefin-client';

/**
 * Bank connections against a SimpleFIN Bridge double over loopback (docs/product-rules.md §15):
 * claim once, windows, posted and pending rows through the statement import, review, errors per
 * connection, the daily ceiling, and the access URL's password nowhere to be read.
 */

const epoch = (date: string) => Date.parse(`${date}T12:00:00Z`) / 1000;
const CONNECTION = `id label status lastError lastSyncAt
  accounts { id org name currency balance walletId keepBalance pending { date amount description status } }`;
const RESULT = `imported duplicates pending billsSettled toReview previewIds connection { ${CONNECTION} }`;

interface Connection {
  id: string;
  label: string;
  status: string;
  lastError: string | null;
  lastSyncAt: string | null;
  accounts: {
    id: string;
    name: string;
    balance: number | null;
    walletId: string | null;
    keepBalance: boolean;
    pending: { date: string; amount: number; description: string; status: string }[];
  }[];
}
interface SyncResult {
  imported: number;
  duplicates: number;
  pending: number;
  billsSettled: number;
  toReview: number;
  previewIds: string[];
  connection: Connection;
}

let now = NOW;
let t: TestApp;
let bridge: SimplefinDouble;
const logLines: string[] = [];

beforeAll(async () => {
  bridge = await startSimplefinDouble();
  t = await startTestApp({
    clock: { now: () => now },
    // Sync now's deadline shortened from its 12 s, so the silent bridge's test is quick.
    env: { SIMPLEFIN_ALLOW_HTTP: 'loopback', LOG_LEVEL: 'debug', BANK_SYNC_NOW_SECONDS: '5' },
    logDestination: new Writable({
      write(chunk, _encoding, callback) {
        logLines.push(String(chunk));
        callback();
      },
    }),
  });
});
afterAll(async () => {
  await t.close();
  await bridge.close();
});
afterEach(() => {
  now = NOW;
});

function account(id: string, transactions: object[], balance = '1000.00') {
  return {
    org: { name: 'First Bank', domain: 'firstbank.example' },
    id,
    name: id === 'chk' ? 'Checking' : 'Savings',
    currency: 'USD',
    balance,
    'balance-date': Math.floor(NOW.getTime() / 1000),
    transactions,
  };
}

async function connect(user: TestUser, token = bridge.setupToken()) {
  return t.gql<{ connectBank: Connection }>(
    `mutation($token: String!) { connectBank(setupToken: $token, timeZone: "${ZONE}") { ${CONNECTION} } }`,
    { token },
    { token: user.token },
  );
}

function sync(user: TestUser, id: string) {
  return t.gql<{ syncBankConnection: SyncResult }>(
    `mutation($id: ID!) { syncBankConnection(id: $id, timeZone: "${ZONE}") { ${RESULT} } }`,
    { id },
    { token: user.token },
  );
}

async function link(user: TestUser, accountId: string, walletId: string | null, keepBalance = false) {
  return ok(
    await t.gql<{ linkBankAccount: { walletId: string | null } }>(
      `mutation($a: ID!, $w: ID, $k: Boolean) { linkBankAccount(bankAccountId: $a, walletId: $w, keepBalance: $k) { walletId } }`,
      { a: accountId, w: walletId, k: keepBalance },
      { token: user.token },
    ),
  ).linkBankAccount;
}

/** A user with a wallet and a connection whose checking account is linked to it. */
async function linkedUser(balance = 1000, keepBalance = false) {
  const user = await newUser(t);
  const wallet = await addWallet(t, user, 'Checking', balance);
  const token = bridge.setupToken();
  bridge.reply({ json: { errors: [], accounts: [account('chk', []), account('sav', [])] } });
  const connection = ok(await connect(user, token)).connectBank;
  const checking = connection.accounts.find((candidate) => candidate.name === 'Checking')!;
  await link(user, checking.id, wallet.id, keepBalance);
  const userName = bridge.requests.at(-1)!.user;
  return { user, wallet, connection, userName };
}

describe('connecting', () => {
  it('claims the setup token once, reads balances only, and never answers the access URL', async () => {
    const user = await newUser(t);
    const token = bridge.setupToken();
    bridge.reply({
      json: {
        errors: [],
        accounts: [account('chk', [{ id: 'x', posted: epoch('2026-11-10'), amount: '-1.00' }])],
      },
    });
    const connection = ok(await connect(user, token)).connectBank;
    expect(connection).toMatchObject({
      label: 'First Bank',
      status: 'OK',
      lastError: null,
      lastSyncAt: null,
    });
    expect(connection.accounts).toEqual([
      expect.objectContaining({
        name: 'Checking',
        balance: 1000,
        walletId: null,
        keepBalance: true,
        pending: [],
      }),
    ]);
    expect(bridge.requests.at(-1)!.query.get('balances-only')).toBe('1');

    const again = await connect(user, token);
    expect(again.errors?.[0]?.message).toBe(
      'This setup token was already used or is not valid. Make a new one at SimpleFIN Bridge; if you did not use it, it may have been seen by someone else.',
    );
    expect((await connect(user, 'not a token')).errors?.[0]?.message).toBe(
      'This is not a SimpleFIN setup token: copy the whole token from SimpleFIN Bridge.',
    );

    // The password is in no answer, no column and no log line.
    const listed = await t.gql(
      'query { bankConnections { id label accounts { id } } }',
      {},
      { token: user.token },
    );
    expect(JSON.stringify(listed)).not.toContain(bridge.password);
    const stored = await queryRows(
      t.deps.dataSource,
      'SELECT * FROM bank_connection WHERE household_id = (SELECT id FROM household WHERE personal_of = $1)',
      [user.id],
    );
    expect(JSON.stringify(stored)).not.toContain(bridge.password);
    expect(JSON.stringify(stored)).not.toContain('127.0.0.1');
    const exported = ok(
      await t.gql<{ exportMyData: string }>('query { exportMyData }', {}, { token: user.token }),
    );
    expect(exported.exportMyData).not.toContain(bridge.password);
    expect(logLines.join('')).not.toContain(bridge.password);
  });

  it('refuses addresses TrueNet must not reach', () => {
    const strict = { allowLoopbackHttp: false };
    expect(() => checkBridgeUrl('http://bridge.example/x', strict)).toThrow(
      'SimpleFIN Bridge addresses start with https://',
    );
    expect(() => checkBridgeUrl('https://10.0.0.5/x', strict)).toThrow(/is not a public one/);
    expect(() => checkBridgeUrl('http://127.0.0.1:9/x', strict)).toThrow(/https/);
    expect(checkBridgeUrl('http://127.0.0.1:9/x', { allowLoopbackHttp: true }).port).toBe('9');
    expect(addressAllowed('192.168.1.4', true)).toBe(false);
    expect(addressAllowed('169.254.169.254', false)).toBe(false);
    expect(addressAllowed('fd00::1', false)).toBe(false);
    expect(addressAllowed('::1', false)).toBe(false);
    expect(addressAllowed('::ffff:10.1.2.3', false)).toBe(false);
    expect(addressAllowed('8.8.8.8', false)).toBe(true);
    expect(addressAllowed('2606:4700:4700::1111', false)).toBe(true);
  });

  it("answers NOT_FOUND for another person's connection, account and wallet", async () => {
    const { user, wallet, connection } = await linkedUser();
    const other = await newUser(t);
    const otherWallet = await addWallet(t, other, 'Mine', 0);
    expect(errorCode(await sync(other, connection.id))).toBe('NOT_FOUND');
    const accountId = connection.accounts[0]!.id;
    const linkAttempt = await t.gql(
      'mutation($a: ID!, $w: ID) { linkBankAccount(bankAccountId: $a, walletId: $w) { id } }',
      { a: accountId, w: otherWallet.id },
      { token: other.token },
    );
    expect(errorCode(linkAttempt)).toBe('NOT_FOUND');
    const ownAccountOtherWallet = await t.gql(
      'mutation($a: ID!, $w: ID) { linkBankAccount(bankAccountId: $a, walletId: $w) { id } }',
      { a: accountId, w: otherWallet.id },
      { token: user.token },
    );
    expect(errorCode(ownAccountOtherWallet)).toBe('NOT_FOUND');
    expect(
      errorCode(
        await t.gql(
          'mutation($id: ID!) { removeBankConnection(id: $id) }',
          { id: connection.id },
          { token: other.token },
        ),
      ),
    ).toBe('NOT_FOUND');
    expect(await storedBalance(t, wallet.id)).toBe(100_000);
  });
});

describe('a household that starts from its bank', () => {
  const LINK_NEW = `mutation($a: ID!, $w: ID) {
    linkBankAccount(bankAccountId: $a, walletId: $w, newWallet: true) { walletId keepBalance }
  }`;

  it("makes the account's wallet at the bank's balance, named as the bank names it, and links it", async () => {
    const user = await newUser(t);
    bridge.reply({ json: { errors: [], accounts: [account('chk', [], '1234.56')] } });
    const connection = ok(await connect(user)).connectBank;
    const linked = ok(
      await t.gql<{ linkBankAccount: { walletId: string; keepBalance: boolean } }>(
        LINK_NEW,
        { a: connection.accounts[0]!.id },
        { token: user.token },
      ),
    ).linkBankAccount;
    expect(linked.keepBalance).toBe(true);
    const wallets = ok(
      await t.gql<{
        wallets: {
          id: string;
          walletName: string;
          walletDescription: string;
          balance: number;
          defaultWallet: boolean;
        }[];
      }>('{ wallets { id walletName walletDescription balance defaultWallet } }', {}, { token: user.token }),
    ).wallets;
    expect(wallets).toEqual([
      {
        id: linked.walletId,
        walletName: 'Checking',
        walletDescription: 'First Bank',
        balance: 1234.56,
        defaultWallet: true,
      },
    ]);
  });

  it('refuses a wallet and a new one at once, and makes nothing for another household’s account', async () => {
    const { user, wallet, connection } = await linkedUser();
    const accountId = connection.accounts[0]!.id;
    const both = await t.gql(LINK_NEW, { a: accountId, w: wallet.id }, { token: user.token });
    expect(errorCode(both)).toBe('BAD_USER_INPUT');
    expect(both.errors?.[0]?.message).toBe('Choose a wallet or a new one, not both.');
    const other = await newUser(t);
    expect(errorCode(await t.gql(LINK_NEW, { a: accountId }, { token: other.token }))).toBe('NOT_FOUND');
    const theirs = ok(await t.gql<{ wallets: unknown[] }>('{ wallets { id } }', {}, { token: other.token }));
    expect(theirs.wallets).toEqual([]);
    const mine = ok(await t.gql<{ wallets: unknown[] }>('{ wallets { id } }', {}, { token: user.token }));
    expect(mine.wallets).toHaveLength(1);
  });
});

describe('moving an account to another wallet never counts it twice', () => {
  const MOVE = `mutation($a: ID!, $p: PreviousWallet) {
    linkBankAccount(bankAccountId: $a, newWallet: true, previousWallet: $p) { walletId }
  }`;
  const wallets = async (user: TestUser) =>
    ok(
      await t.gql<{ wallets: { id: string; walletName: string; balance: number; defaultWallet: boolean }[] }>(
        '{ wallets { id walletName balance defaultWallet } }',
        {},
        { token: user.token },
      ),
    ).wallets;

  it('asks what becomes of the old wallet, and changes nothing until told', async () => {
    const { user, connection } = await linkedUser(1000);
    const checking = connection.accounts.find((candidate) => candidate.name === 'Checking')!;
    const asked = await t.gql(MOVE, { a: checking.id }, { token: user.token });
    expect(errorCode(asked)).toBe('BAD_USER_INPUT');
    expect(asked.errors?.[0]?.extensions?.field).toBe('previousWallet');
    expect(asked.errors?.[0]?.message).toContain('Checking fills Checking now');
    expect(await wallets(user)).toHaveLength(1);
  });

  it('KEEP: the old wallet stays without the bank money, the new one holds it: the bank is counted once', async () => {
    const { user, wallet, connection } = await linkedUser(1000);
    const checking = connection.accounts.find((candidate) => candidate.name === 'Checking')!;
    const moved = ok(
      await t.gql<{ linkBankAccount: { walletId: string } }>(
        MOVE,
        { a: checking.id, p: 'KEEP' },
        { token: user.token },
      ),
    ).linkBankAccount;
    const after = await wallets(user);
    // The bank says $1,000.00: the new wallet holds it, the old one keeps what was its own ($0.00 here).
    expect(
      after
        .map((row) => [row.id === moved.walletId ? 'new' : row.id === wallet.id ? 'old' : '?', row.balance])
        .sort(),
    ).toEqual([
      ['new', 1000],
      ['old', 0],
    ]);
    expect(after.reduce((sum, row) => sum + row.balance, 0)).toBe(1000);
  });

  it('REMOVE: the old wallet goes, its rows and its role as the default move to the new one', async () => {
    const { user, wallet, connection } = await linkedUser(1000);
    await t.gql(
      'mutation($input: UpdateWalletBalanceInput!) { updateWalletBalance(input: $input) { id } }',
      {
        input: {
          walletId: wallet.id,
          transaction: { direction: 'SPENT', amount: 5, transactionDescription: 'coffee' },
        },
      },
      { token: user.token },
    );
    const checking = connection.accounts.find((candidate) => candidate.name === 'Checking')!;
    const moved = ok(
      await t.gql<{ linkBankAccount: { walletId: string } }>(
        MOVE,
        { a: checking.id, p: 'REMOVE' },
        { token: user.token },
      ),
    ).linkBankAccount;
    expect(await wallets(user)).toEqual([
      { id: moved.walletId, walletName: 'Checking', balance: 1000, defaultWallet: true },
    ]);
    const register = ok(
      await t.gql<{ walletRegister: { transactionDescription: string | null }[] }>(
        'query($w: ID!) { walletRegister(walletId: $w) { transactionDescription } }',
        { w: moved.walletId },
        { token: user.token },
      ),
    ).walletRegister;
    expect(register.map((row) => row.transactionDescription)).toContain('coffee');
  });
});

describe('syncing', () => {
  it('imports posted rows once, settles the matching bill, lists pending ones and never applies them', async () => {
    const { user, wallet, connection, userName } = await linkedUser(3000);
    await addLiability(t, user, { creditorName: 'Rent', payment: 1200, dueDate: '2026-11-14' });
    bridge.reply(
      {
        json: {
          errors: [],
          accounts: [
            account('chk', [
              { id: 'p1', posted: epoch('2026-11-13'), amount: '-1200.00', description: 'RENT' },
              { id: 'p2', posted: epoch('2026-11-15'), amount: '-4.50', description: 'COFFEE' },
              { id: 'pend1', posted: 0, amount: '-20.00', description: 'GAS STATION', pending: true },
            ]),
            account('sav', [
              { id: 's1', posted: epoch('2026-11-15'), amount: '1.00', description: 'INTEREST' },
            ]),
          ],
        },
      },
      userName,
    );
    const asked = bridge.requests.length;
    const first = ok(await sync(user, connection.id)).syncBankConnection;
    expect(first).toMatchObject({ imported: 2, billsSettled: 1, pending: 1, toReview: 0, duplicates: 0 });
    expect(await storedBalance(t, wallet.id)).toBe(300_000 - 120_000 - 450);
    const request = bridge.requests[asked]!;
    expect(request.query.get('pending')).toBe('1');
    expect(Number(request.query.get('start-date'))).toBe(Math.floor(NOW.getTime() / 1000) - 90 * 86_400);
    const checking = first.connection.accounts.find((entry) => entry.name === 'Checking')!;
    expect(checking.pending).toEqual([
      { date: '2026-11-16', amount: -20, description: 'GAS STATION', status: 'PENDING' },
    ]);
    expect(first.connection.lastSyncAt).not.toBeNull();

    // The pending charge posts with a new id and another amount; the rest is known.
    bridge.reply(
      {
        json: {
          errors: [],
          accounts: [
            account('chk', [
              { id: 'p1', posted: epoch('2026-11-13'), amount: '-1200.00', description: 'RENT' },
              { id: 'p2', posted: epoch('2026-11-15'), amount: '-4.50', description: 'COFFEE' },
              { id: 'p3', posted: epoch('2026-11-16'), amount: '-21.37', description: 'GAS STATION' },
            ]),
          ],
        },
      },
      userName,
    );
    now = new Date(NOW.getTime() + 60_000);
    const second = ok(await sync(user, connection.id)).syncBankConnection;
    expect(second).toMatchObject({ imported: 1, duplicates: 2, pending: 0 });
    expect(await storedBalance(t, wallet.id)).toBe(300_000 - 120_000 - 450 - 2137);
    // 7 days before the last posted row seen.
    expect(Number(bridge.requests.at(-1)!.query.get('start-date'))).toBe(epoch('2026-11-15') - 7 * 86_400);
    expect(second.connection.accounts.find((entry) => entry.name === 'Checking')!.pending).toEqual([]);
  });

  it('keeps the wallet equal to the bank when asked, and leaves look-alikes to a person once', async () => {
    const { user, wallet, connection, userName } = await linkedUser(500, true);
    ok(
      await t.gql(
        `mutation($input: UpdateWalletBalanceInput!) { updateWalletBalance(input: $input) { id } }`,
        { input: { walletId: wallet.id, transaction: { direction: 'SPENT', amount: 9.99 }, timeZone: ZONE } },
        { token: user.token },
      ),
    );
    const reply = {
      json: {
        errors: [],
        accounts: [
          account(
            'chk',
            [
              { id: 'r1', posted: epoch('2026-11-15'), amount: '-9.99', description: 'BOOKSHOP' },
              { id: 'r2', posted: epoch('2026-11-15'), amount: '-3.00', description: 'BUS' },
            ],
            '1234.56',
          ),
        ],
      },
    };
    bridge.reply(reply, userName);
    const result = ok(await sync(user, connection.id)).syncBankConnection;
    expect(result).toMatchObject({ imported: 1, toReview: 1 });
    expect(await storedBalance(t, wallet.id)).toBe(123_456);
    const reviews = ok(
      await t.gql<{ importReviews: { id: string; rows: { status: string; description: string }[] }[] }>(
        'query { importReviews { id rows { status description } } }',
        {},
        { token: user.token },
      ),
    ).importReviews;
    expect(reviews.map((review) => review.rows)).toEqual([
      [{ status: 'POSSIBLE_DUPLICATE', description: 'BOOKSHOP' }],
    ]);

    // Not offered again while it waits; confirming it later writes the entry, not the money again.
    now = new Date(NOW.getTime() + 60_000);
    expect(ok(await sync(user, connection.id)).syncBankConnection.toReview).toBe(0);
    ok(
      await t.gql(
        'mutation($id: ID!) { confirmImport(previewId: $id, rows: [{ index: 0, import: true }]) { id } }',
        { id: reviews[0]!.id },
        { token: user.token },
      ),
    );
    expect(await storedBalance(t, wallet.id)).toBe(123_456);
    // Deleting that entry takes back no money it never moved.
    const [entry] = await queryRows<{ id: string }>(
      t.deps.dataSource,
      `SELECT id::text AS id FROM register_entry WHERE wallet_id = $1 AND description = 'BOOKSHOP'`,
      [Number(wallet.id)],
    );
    ok(
      await t.gql(
        'mutation($id: ID!) { deleteTransaction(id: $id) { id } }',
        { id: entry?.id },
        { token: user.token },
      ),
    );
    expect(await storedBalance(t, wallet.id)).toBe(123_456);
  });
  it('reads 90 days back the first time, and older history in 90-day windows: rows older than 30 days feed the statement history only', async () => {
    const { user, wallet, connection, userName } = await linkedUser(1000);
    const asked = bridge.requests.length;
    bridge.reply(
      {
        json: {
          errors: [],
          accounts: [
            account('chk', [
              {
                id: 'y1',
                posted: epoch('2026-05-01'),
                amount: '-139.00',
                description: 'AMAZON PRIME*2K4LL0',
              },
              {
                id: 'o0',
                posted: epoch('2026-07-20'),
                amount: '-15.49',
                description: 'NETFLIX.COM 866-579-7172',
              },
              {
                id: 'o1',
                posted: epoch('2026-08-20'),
                amount: '-15.49',
                description: 'NETFLIX.COM 866-579-7172',
              },
              {
                id: 'o2',
                posted: epoch('2026-09-20'),
                amount: '-15.49',
                description: 'NETFLIX.COM 866-579-7172',
              },
              {
                id: 'o3',
                posted: epoch('2026-10-15'),
                amount: '-15.49',
                description: 'NETFLIX.COM 866-579-7172',
              },
              {
                id: 'n1',
                posted: epoch('2026-11-14'),
                amount: '-15.49',
                description: 'NETFLIX.COM 866-579-7172',
              },
            ]),
          ],
        },
      },
      userName,
    );
    const result = ok(await sync(user, connection.id)).syncBankConnection;
    expect(result).toMatchObject({ imported: 1, toReview: 0, duplicates: 0 });
    expect(await storedBalance(t, wallet.id)).toBe(100_000 - 1549);
    const history = await queryRows<{
      bank_id: string;
      occurred_on: string;
      history_only: boolean;
      in_register: boolean;
    }>(
      t.deps.dataSource,
      `SELECT l.bank_id, l.occurred_on::text AS occurred_on, l.history_only,
              EXISTS (SELECT 1 FROM register_entry r WHERE r.import_key = l.key AND r.wallet_id = l.wallet_id) AS in_register
         FROM import_ledger l WHERE l.wallet_id = $1 ORDER BY l.occurred_on`,
      [Number(wallet.id)],
    );
    expect(history).toEqual([
      { bank_id: 'y1', occurred_on: '2026-05-01', history_only: true, in_register: false },
      { bank_id: 'o0', occurred_on: '2026-07-20', history_only: true, in_register: false },
      { bank_id: 'o1', occurred_on: '2026-08-20', history_only: true, in_register: false },
      { bank_id: 'o2', occurred_on: '2026-09-20', history_only: true, in_register: false },
      { bank_id: 'o3', occurred_on: '2026-10-15', history_only: true, in_register: false },
      { bank_id: 'n1', occurred_on: '2026-11-14', history_only: false, in_register: true },
    ]);

    // One request for the 90 days, then older windows until one holds nothing (15 months at most).
    const nowEpoch = Math.floor(NOW.getTime() / 1000);
    expect(
      bridge.requests
        .slice(asked)
        .map((request) => [request.query.get('start-date'), request.query.get('end-date')]),
    ).toEqual([
      [String(nowEpoch - 90 * 86_400), null],
      [String(nowEpoch - 180 * 86_400), String(nowEpoch - 90 * 86_400)],
      [String(nowEpoch - 270 * 86_400), String(nowEpoch - 180 * 86_400)],
      [String(nowEpoch - 360 * 86_400), String(nowEpoch - 270 * 86_400)],
    ]);

    // Seen again, the old rows are known: nothing doubles, and no older window is read again.
    now = new Date(NOW.getTime() + 60_000);
    const again = ok(await sync(user, connection.id)).syncBankConnection;
    expect(again).toMatchObject({ imported: 0, duplicates: 1 });
    expect(await storedBalance(t, wallet.id)).toBe(100_000 - 1549);
  });

  it('never guesses between bills: a payment two bills of the same amount could be waits for a person', async () => {
    const { user, wallet, connection, userName } = await linkedUser(1000);
    const streaming = await addLiability(t, user, {
      creditorName: 'Streaming',
      payment: 49.99,
      dueDate: '2026-11-14',
    });
    const gym = await addLiability(t, user, { creditorName: 'Gym', payment: 49.99, dueDate: '2026-11-15' });
    bridge.reply(
      {
        json: {
          errors: [],
          accounts: [
            account('chk', [
              { id: 't1', posted: epoch('2026-11-14'), amount: '-49.99', description: 'CARD 4411 PAYMENT' },
              { id: 't2', posted: epoch('2026-11-15'), amount: '-7.25', description: 'LUNCH' },
            ]),
          ],
        },
      },
      userName,
    );
    const result = ok(await sync(user, connection.id)).syncBankConnection;
    expect(result).toMatchObject({ imported: 1, billsSettled: 0, toReview: 1 });
    expect(await storedBalance(t, wallet.id)).toBe(100_000 - 725);
    const paid = await queryRows<{ liability_id: string }>(
      t.deps.dataSource,
      'SELECT liability_id::text AS liability_id FROM liability_payment WHERE liability_id = ANY($1::bigint[])',
      [[Number(streaming.id), Number(gym.id)]],
    );
    expect(paid).toEqual([]);

    // The person picks the bill in the review; then it is settled and the money moves once.
    const reviews = ok(
      await t.gql<{
        importReviews: {
          id: string;
          rows: { description: string; billMatch: { liabilityId: string } | null }[];
        }[];
      }>(
        'query { importReviews { id rows { description billMatch { liabilityId } } } }',
        {},
        { token: user.token },
      ),
    ).importReviews;
    expect(reviews.map((review) => review.rows.map((row) => row.description))).toEqual([
      ['CARD 4411 PAYMENT'],
    ]);
    ok(
      await t.gql(
        'mutation($id: ID!, $bill: ID!) { confirmImport(previewId: $id, rows: [{ index: 0, import: true, settleLiabilityId: $bill }]) { billsSettled } }',
        { id: reviews[0]!.id, bill: gym.id },
        { token: user.token },
      ),
    );
    const settled = await queryRows<{ liability_id: string }>(
      t.deps.dataSource,
      'SELECT liability_id::text AS liability_id FROM liability_payment WHERE liability_id = ANY($1::bigint[])',
      [[Number(streaming.id), Number(gym.id)]],
    );
    expect(settled).toEqual([{ liability_id: gym.id }]);
    expect(await storedBalance(t, wallet.id)).toBe(100_000 - 725 - 4_999);
  });
});

describe('errors', () => {
  it('says what each failure means and what to do, and marks the connection', async () => {
    const cases = [
      [
        { status: 403, text: 'Forbidden' },
        'DISCONNECTED',
        'The connection was revoked at SimpleFIN Bridge. Connect again with a new setup token.',
      ],
      [
        { status: 402, text: 'Payment Required' },
        'NEEDS_ATTENTION',
        'Your SimpleFIN Bridge subscription needs payment.',
      ],
      [
        { json: { errors: ['Chase: <b>login needed</b>'], accounts: [] } },
        'NEEDS_ATTENTION',
        'Chase: login needed',
      ],
      [
        { json: { errlist: [{ code: 'con.auth', msg: 'Re-authenticate at your bank' }], accounts: [] } },
        'NEEDS_ATTENTION',
        'Re-authenticate at your bank',
      ],
      [{ status: 503, text: 'down' }, 'OK', 'SimpleFIN Bridge did not answer. TrueNet will try again.'],
      [{ text: '<html>not json</html>' }, 'OK', 'SimpleFIN Bridge did not answer. TrueNet will try again.'],
    ] as const;
    for (const [reply, status, message] of cases) {
      const { user, connection, userName } = await linkedUser();
      bridge.reply(reply, userName);
      const result = ok(await sync(user, connection.id)).syncBankConnection;
      expect({ status: result.connection.status, lastError: result.connection.lastError }).toEqual({
        status,
        lastError: message,
      });
    }
  });

  it('a silent bridge: Sync now says it did not answer within its deadline, and tries again later', async () => {
    const { user, connection, userName } = await linkedUser();
    bridge.reply({ silent: true }, userName);
    const started = performance.now();
    const result = ok(await sync(user, connection.id)).syncBankConnection;
    expect(performance.now() - started).toBeLessThan(15_000);
    expect({ status: result.connection.status, lastError: result.connection.lastError }).toEqual({
      status: 'OK',
      lastError: 'SimpleFIN Bridge did not answer. TrueNet will try again.',
    });
    bridge.reply({ json: { errors: [], accounts: [] } }, userName);
  });

  it('a bridge that answers in 10 s is still read by the background sync; a silent one is given up on and tried again later', async () => {
    const neighbour = await startCuttableProxy(bridge.url);
    try {
      const user = await newUser(t);
      const wallet = await addWallet(t, user, 'Checking', 1000);
      bridge.reply({ json: { errors: [], accounts: [account('chk', [])] } });
      const connection = ok(await connect(user, bridge.setupToken(neighbour.urlFor(bridge.url)))).connectBank;
      await link(user, connection.accounts[0]!.id, wallet.id, false);
      const userName = bridge.requests.at(-1)!.user;
      bridge.reply(
        {
          json: {
            errors: [],
            accounts: [
              account('chk', [
                { id: 's1', posted: epoch('2026-11-15'), amount: '-2.50', description: 'TEA' },
              ]),
            ],
          },
        },
        userName,
      );
      neighbour.slowBy(10_000);
      now = new Date(NOW.getTime() + 6 * 60 * 60 * 1000 + 1000);
      await syncDueConnections(t.deps);
      expect(await storedBalance(t, wallet.id)).toBe(99750);
      const state = () =>
        queryRows<{ failures: number; next_sync_at: Date }>(
          t.deps.dataSource,
          'SELECT failures, next_sync_at FROM bank_connection WHERE id = $1',
          [connection.id],
        );
      expect((await state())[0]?.failures).toBe(0);

      neighbour.silence();
      now = new Date(NOW.getTime() + 12 * 60 * 60 * 1000 + 2000);
      await syncDueConnections(t.deps);
      const [failed] = await state();
      expect(failed?.failures).toBe(1);
      // Tried again with backoff, sooner than the usual 6 hours; nothing was imported twice.
      expect(failed!.next_sync_at.getTime() - now.getTime()).toBeLessThan(60 * 60 * 1000);
      expect(await storedBalance(t, wallet.id)).toBe(99750);
    } finally {
      await neighbour.close();
    }
  }, 120_000);

  it('syncs due connections one by one: one failing stops no other', async () => {
    const broken = await linkedUser();
    const healthy = await linkedUser(100);
    bridge.reply({ status: 500, text: 'boom' }, broken.userName);
    bridge.reply(
      {
        json: {
          errors: [],
          accounts: [
            account('chk', [{ id: 'h1', posted: epoch('2026-11-15'), amount: '-1.00', description: 'GUM' }]),
          ],
        },
      },
      healthy.userName,
    );
    now = new Date(NOW.getTime() + 6 * 60 * 60 * 1000 + 1000);
    expect(await syncDueConnections(t.deps)).toBeGreaterThanOrEqual(2);
    expect(await storedBalance(t, healthy.wallet.id)).toBe(9900);
    const [state] = await queryRows<{ failures: number; next_sync_at: Date }>(
      t.deps.dataSource,
      'SELECT failures, next_sync_at FROM bank_connection WHERE id = $1',
      [broken.connection.id],
    );
    expect(state?.failures).toBe(1);
    // Retried with backoff: sooner than the usual 6 hours.
    expect(state!.next_sync_at.getTime() - now.getTime()).toBeLessThan(60 * 60 * 1000);
    // A second scan at once finds nothing due.
    expect(await syncDueConnections(t.deps)).toBe(0);
  });

  it('two instances looking at once sync each due connection once', async () => {
    const users = await Promise.all([linkedUser(), linkedUser(), linkedUser()]);
    for (const { userName } of users) bridge.reply({ json: { errors: [], accounts: [] } }, userName);
    const before = bridge.requests.length;
    now = new Date(NOW.getTime() + 7 * 60 * 60 * 1000);
    const instances = await Promise.all(
      [1, 2].map(async () => {
        const dataSource = createDataSource(process.env[TEST_DB_ENV] as string, { poolSize: 2 });
        await dataSource.initialize();
        return { ...t.deps, dataSource } as AppDeps;
      }),
    );
    try {
      await Promise.all(instances.map((deps) => syncDueConnections(deps)));
    } finally {
      await Promise.all(instances.map((deps) => deps.dataSource.destroy()));
    }
    const mine = new Set(users.map((user) => user.userName));
    // Each sync's request for the current window (a first sync also reads older history).
    const requests = bridge.requests
      .slice(before)
      .filter((request) => mine.has(request.user) && !request.query.has('end-date'));
    expect(requests.map((request) => request.user).sort()).toEqual([...mine].sort());
  });

  it('keeps to 20 requests a day per connection', async () => {
    const { user, connection, userName } = await linkedUser();
    bridge.reply({ json: { errors: [], accounts: [] } }, userName);
    // The connect's balance read was the first request; the first sync also asked once for older
    // history (none), so 18 syncs make 20 requests.
    for (let i = 0; i < 18; i += 1) {
      now = new Date(NOW.getTime() + (i + 1) * 1000);
      ok(await sync(user, connection.id));
    }
    now = new Date(NOW.getTime() + 60_000);
    const refused = await sync(user, connection.id);
    expect(refused.errors?.[0]).toMatchObject({
      message: 'Synced too often today: the bank allows about 24 syncs a day. Try again after 10:00.',
      extensions: { code: 'RATE_LIMITED' },
    });
  });

  it('starts no more than 90 days back', () => {
    const nowMs = NOW.getTime();
    expect(syncStartEpoch(nowMs, null)).toBe(Math.floor(nowMs / 1000) - 90 * 86_400);
    expect(syncStartEpoch(nowMs, Math.floor(nowMs / 1000) - 200 * 86_400)).toBe(
      Math.floor(nowMs / 1000) - 90 * 86_400,
    );
  });
});

describe('removing', () => {
  it('removes the connection and its accounts; the wallet and what was imported stay', async () => {
    const { user, wallet, connection } = await linkedUser(100);
    expect(
      ok(
        await t.gql<{ removeBankConnection: boolean }>(
          'mutation($id: ID!) { removeBankConnection(id: $id) }',
          { id: connection.id },
          { token: user.token },
        ),
      ).removeBankConnection,
    ).toBe(true);
    expect(
      ok(
        await t.gql<{ bankConnections: unknown[] }>(
          'query { bankConnections { id } }',
          {},
          { token: user.token },
        ),
      ).bankConnections,
    ).toEqual([]);
    expect(await storedBalance(t, wallet.id)).toBe(10_000);
  });
});

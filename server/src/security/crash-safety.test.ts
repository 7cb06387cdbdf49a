import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { addDays, type IsoDate } from '@truenet/core';
import { REPO_ROOT } from '../config';
import { TEST_DB_ENV } from '../test/test-database';
import { freePort } from '../test/free-port';
import { ensureServerBuilt, MAIN } from '../test/built-server';

/**
 * Crash safety: the built server (`node server/dist/main.js`) is killed with SIGKILL while
 * 'Deposit Pay', 'Save Paid Info' and spends run in a loop against it, then restarted. Every
 * action is one database transaction, so after the restart each wallet's balance equals its
 * opening balance plus its register entries (signed), each pay occurrence was credited at most
 * once, and each settled bill was paid exactly once per step its due date moved: no money lost or
 * doubled. Twice over, so a restart over a crashed database is crashed again.
 *
 * With TEST_DATABASE_URL the server uses the run's PostgreSQL database; otherwise its own embedded
 * database in a temporary DATA_DIR (so the kill also hits the database mid-write).
 */

const PASSWORD = 'Crash!Test9';
const ZONE = 'UTC';

let child: ChildProcess | undefined;
let dataDir: string | undefined;
let baseUrl = '';
let output = '';
let env: NodeJS.ProcessEnv;

async function startServer(): Promise<void> {
  output = '';
  child = spawn(process.execPath, [MAIN], { cwd: REPO_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${output}`);
    try {
      if ((await fetch(`${baseUrl}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server not ready after 60 s:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function killServer(signal: NodeJS.Signals): Promise<void> {
  const running = child;
  child = undefined;
  if (!running || running.exitCode !== null) return;
  const exited = new Promise((resolve) => running.once('exit', resolve));
  running.kill(signal);
  await exited;
}

interface Answer<T> {
  data?: T;
  errors?: { message: string; extensions?: { code?: string } }[];
}

async function gql<T>(
  query: string,
  variables: Record<string, unknown> = {},
  token?: string,
): Promise<Answer<T>> {
  const response = await fetch(`${baseUrl}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ query, variables }),
  });
  return (await response.json()) as Answer<T>;
}

async function must<T>(query: string, variables: Record<string, unknown> = {}, token?: string): Promise<T> {
  const answer = await gql<T>(query, variables, token);
  if (answer.errors?.length || !answer.data) throw new Error(`${query}: ${JSON.stringify(answer.errors)}`);
  return answer.data;
}

interface Fixture {
  token: string;
  wallets: { id: string; opening: number }[];
  pay: { id: string; name: string };
  bill: { id: string; name: string; firstDue: IsoDate; balance: number; payment: number };
  occurrences: IsoDate[];
}

const todayUtc = () => new Date().toISOString().slice(0, 10) as IsoDate;

/** A subscribed account with two wallets, a weekly pay of 100 weeks ago and a weekly bill from 90 weeks ago. */
async function createFixture(): Promise<Fixture> {
  const userName = `crash${Date.now().toString(36)}`;
  const registered = await must<{ register: { checkoutUrl: string } }>(
    `mutation($input: RegisterInput!) { register(input: $input) { checkoutUrl } }`,
    {
      input: {
        firstName: 'Crash',
        lastName: 'Test',
        userName,
        email: `${userName}@example.com`,
        userPassword: PASSWORD,
        plan: 'YEARLY',
        timeZone: ZONE,
      },
    },
  );
  const paid = await fetch(`${registered.register.checkoutUrl}/pay`, { method: 'POST', redirect: 'manual' });
  expect(paid.status).toBe(303);
  const login = await must<{ login: { accessToken: string } }>(
    `mutation($u: String!, $p: String!) { login(userName: $u, userPassword: $p) { accessToken } }`,
    { u: userName, p: PASSWORD },
  );
  const token = login.login.accessToken;
  const wallets = [];
  for (const [name, opening] of [
    ['Checking', 5000],
    ['Savings', 750.25],
  ] as const) {
    const data = await must<{ addWallet: { id: string } }>(
      `mutation($input: WalletInput!) { addWallet(input: $input) { id } }`,
      { input: { walletName: name, balance: opening, timeZone: ZONE } },
      token,
    );
    wallets.push({ id: data.addWallet.id, opening: Math.round(opening * 100) });
  }
  const today = todayUtc();
  const anchor = addDays(today, -7 * 100);
  const source = await must<{ addIncomeSource: { id: string } }>(
    `mutation($input: IncomeSourceInput!) { addIncomeSource(input: $input) { id } }`,
    {
      input: {
        sourceName: 'Crash Payroll',
        incomeFrequency: 'WEEKLY',
        nextPmtDate: anchor,
        paymentAmount: 1234.56,
        timeZone: ZONE,
      },
    },
    token,
  );
  const firstDue = addDays(today, -7 * 90);
  const bill = await must<{ addLiability: { id: string } }>(
    `mutation($input: LiabilityInput!) { addLiability(input: $input) { id } }`,
    {
      input: {
        creditorName: 'Crash Bank',
        debtType: 'CREDIT_CARD',
        frequency: 'WEEKLY',
        dueDate: firstDue,
        payment: 12.34,
        balance: 100000,
        timeZone: ZONE,
      },
    },
    token,
  );
  const occurrences = Array.from({ length: 100 }, (_, i) => addDays(anchor, 7 * i)).filter(
    (date) => date <= today,
  );
  return {
    token,
    wallets,
    pay: { id: source.addIncomeSource.id, name: 'Crash Payroll' },
    bill: { id: bill.addLiability.id, name: 'Crash Bank', firstDue, balance: 10_000_000, payment: 1234 },
    occurrences,
  };
}

const DEPOSIT = `mutation($w: ID!, $o: [IncomeOccurrenceInput!]!) { depositPay(walletId: $w, occurrences: $o, timeZone: "UTC") { wallet { balance } } }`;
const SAVE = `mutation($w: ID!, $c: [PaidInfoInput!]!) { savePaidInfo(walletId: $w, changes: $c, timeZone: "UTC") { liabilities { id dueDate } } }`;
const UNDO = `mutation($p: ID!) { undoLiabilityPayment(paymentId: $p, timeZone: "UTC") { liabilities { id dueDate } } }`;
const HISTORY = `query($id: ID!) { liabilityPayments(liabilityId: $id) { id dueDate kind amount } }`;
const TRANSACT = `mutation($input: UpdateWalletBalanceInput!) { updateWalletBalance(input: $input) { balance } }`;

/** Runs the money-moving actions until the server dies; `done` counts the answered requests. */
function hammer(fixture: Fixture): { finished: Promise<number>; done(): number } {
  let done = 0;
  return { finished: runHammer(fixture, (n) => (done = n)), done: () => done };
}

async function runHammer(fixture: Fixture, report: (done: number) => void): Promise<number> {
  let done = 0;
  let alive = true;
  const attempt = async (call: () => Promise<unknown>) => {
    try {
      await call();
      done += 1;
      report(done);
    } catch {
      alive = false; // connection refused or reset: the server is gone
    }
  };
  const liabilityDue = async () => {
    const data = await must<{ liabilities: { id: string; dueDate: IsoDate }[] }>(
      '{ liabilities { id dueDate } }',
      {},
      fixture.token,
    );
    return data.liabilities.find((l) => l.id === fixture.bill.id)!.dueDate;
  };
  let due = await liabilityDue();
  const [checking, savings] = fixture.wallets as [Fixture['wallets'][0], Fixture['wallets'][0]];
  const workers = [
    // Deposit Pay, one occurrence per request, oldest first; already deposited ones are refused.
    (async () => {
      for (const date of fixture.occurrences) {
        if (!alive) return;
        await attempt(() =>
          gql(DEPOSIT, { w: checking.id, o: [{ incomeSourceId: fixture.pay.id, date }] }, fixture.token),
        );
      }
    })(),
    // The same occurrences again, three at a time, into the other wallet: each must still count once.
    (async () => {
      for (let i = 0; alive && i < fixture.occurrences.length; i += 3) {
        const o = fixture.occurrences
          .slice(i, i + 3)
          .map((date) => ({ incomeSourceId: fixture.pay.id, date }));
        await attempt(() => gql(DEPOSIT, { w: savings.id, o }, fixture.token));
      }
    })(),
    // Save Paid Info: settle the bill's current occurrence, again and again; every other one undone.
    (async () => {
      for (let settled = 1; alive; settled += 1) {
        if (settled % 2 === 0) {
          await attempt(async () => {
            const history = await gql<{ liabilityPayments: { id: string }[] }>(
              HISTORY,
              { id: fixture.bill.id },
              fixture.token,
            );
            const latest = history.data?.liabilityPayments[0];
            if (!latest) return;
            const answer = await gql<{
              undoLiabilityPayment: { liabilities: { id: string; dueDate: IsoDate }[] };
            }>(UNDO, { p: latest.id }, fixture.token);
            const back = answer.data?.undoLiabilityPayment.liabilities.find((l) => l.id === fixture.bill.id);
            due = back?.dueDate ?? (await liabilityDue());
          });
        }
        await attempt(async () => {
          const answer = await gql<{ savePaidInfo: { liabilities: { id: string; dueDate: IsoDate }[] } }>(
            SAVE,
            {
              w: checking.id,
              c: [{ liabilityId: fixture.bill.id, paid: true, cleared: true, dueDate: due }],
            },
            fixture.token,
          );
          const next = answer.data?.savePaidInfo.liabilities.find((l) => l.id === fixture.bill.id)?.dueDate;
          due = next ?? (await liabilityDue());
        });
      }
    })(),
    // Spends and deposits on both wallets.
    ...[checking, savings].map((wallet, n) =>
      (async () => {
        for (let i = 0; alive; i += 1) {
          await attempt(() =>
            gql(
              TRANSACT,
              {
                input: {
                  walletId: wallet.id,
                  transaction: {
                    direction: (i + n) % 2 ? 'SPENT' : 'DEPOSITED',
                    amount: 1.23 + (i % 7),
                    transactionDescription: `#${i}`,
                  },
                  timeZone: ZONE,
                },
              },
              fixture.token,
            ),
          );
        }
      })(),
    ),
  ];
  await Promise.all(workers);
  return done;
}

interface Entry {
  direction: 'SPENT' | 'DEPOSITED';
  amount: number;
  transactionDescription: string | null;
}

/** Reads everything back through the API and checks the ledger promises. */
async function verifyLedger(fixture: Fixture) {
  const { wallets } = await must<{ wallets: { id: string; balance: number }[] }>(
    '{ wallets { id balance } }',
    {},
    fixture.token,
  );
  const payDescriptions: string[] = [];
  const billPayments: string[] = [];
  const billUndos: string[] = [];
  for (const wallet of fixture.wallets) {
    const { walletRegister } = await must<{ walletRegister: Entry[] }>(
      `query($id: ID!) { walletRegister(walletId: $id) { direction amount transactionDescription } }`,
      { id: wallet.id },
      fixture.token,
    );
    const signed = walletRegister.reduce(
      (sum, entry) => sum + (entry.direction === 'DEPOSITED' ? 1 : -1) * Math.round(entry.amount * 100),
      0,
    );
    const balance = Math.round(wallets.find((w) => w.id === wallet.id)!.balance * 100);
    expect({ wallet: wallet.id, balance }).toEqual({ wallet: wallet.id, balance: wallet.opening + signed });
    for (const entry of walletRegister) {
      const text = entry.transactionDescription ?? '';
      if (text.startsWith('Pay: ')) payDescriptions.push(text);
      if (text.startsWith('Paid: ')) billPayments.push(text.slice('Paid: '.length));
      if (text.startsWith('Undone: ')) billUndos.push(text.slice('Undone: '.length));
    }
  }
  // No pay occurrence credited twice, across both wallets.
  expect(payDescriptions.length).toBe(new Set(payDescriptions).size);
  // The bill moved one week per payment that stands (paid, not undone), each occurrence paid at
  // most once, the history holds exactly those, and the balance went down by one payment each.
  const { liabilities } = await must<{
    liabilities: { id: string; dueDate: IsoDate; balance: number | null }[];
  }>('{ liabilities { id dueDate balance } }', {}, fixture.token);
  const bill = liabilities.find((l) => l.id === fixture.bill.id)!;
  const steps = Math.round((Date.parse(bill.dueDate) - Date.parse(fixture.bill.firstDue)) / (7 * 86_400_000));
  const standing = new Map<string, number>();
  for (const paid of billPayments) standing.set(paid, (standing.get(paid) ?? 0) + 1);
  for (const undone of billUndos) standing.set(undone, (standing.get(undone) ?? 0) - 1);
  expect([...standing.values()].every((count) => count === 0 || count === 1)).toBe(true);
  expect(billPayments.length - billUndos.length).toBe(steps);
  const { liabilityPayments } = await must<{ liabilityPayments: { dueDate: IsoDate; kind: string }[] }>(
    HISTORY,
    { id: fixture.bill.id },
    fixture.token,
  );
  expect(liabilityPayments.length).toBe(steps);
  expect(new Set(liabilityPayments.map((payment) => payment.dueDate)).size).toBe(steps);
  expect(Math.round((bill.balance ?? 0) * 100)).toBe(fixture.bill.balance - steps * fixture.bill.payment);
  return { deposits: payDescriptions.length, billPayments: steps, undos: billUndos.length };
}

beforeAll(async () => {
  // The test runs what `npm start` runs: make sure the build is current.
  ensureServerBuilt();
  const port = await freePort();
  baseUrl = `http://127.0.0.1:${port}`;
  const shared = process.env.TEST_DATABASE_URL ? process.env[TEST_DB_ENV] : undefined;
  dataDir = mkdtempSync(path.join(tmpdir(), 'truenet-crash-'));
  env = {
    PATH: process.env.PATH,
    NODE_ENV: 'production',
    SECRETS_KEY: '5ec2e75ec2e75ec2e75ec2e75ec2e75ec2e75ec2e75ec2e75ec2e75ec2e75ec2',
    // Documents sent as text, as a script would (trusted-documents.test.ts covers the browser's hashes).
    TRUSTED_DOCUMENTS: 'off',
    JWT_SECRET: 'crash-test-secret-0123456789-abcdefghijklmnop',
    BILLING: 'offline',
    PORT: String(port),
    APP_URL: baseUrl,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    // No reminder scan: over the shared database it would touch every test file's accounts (it
    // gives each verified account its settings row), which other tests' snapshots then see.
    REMINDERS: 'off',
    BACKUPS: 'off',
    ...(shared ? { DATABASE_URL: shared } : {}),
  };
}, 300_000);

afterAll(async () => {
  await killServer('SIGKILL');
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

it('SIGKILL during Deposit Pay, Save Paid Info, Undo and spends loses or doubles no money (twice)', async () => {
  await startServer();
  const fixture = await createFixture();
  const rounds: { actions: number; deposits: number; billPayments: number; undos: number }[] = [];
  for (let round = 0; round < 2; round += 1) {
    const running = hammer(fixture);
    // Kill once the loop is well under way (the embedded database is slower: count, not time),
    // at a random moment so the kill lands inside different transactions from run to run.
    const warm = 12 + Math.floor(Math.random() * 12);
    const deadline = Date.now() + 30_000;
    while (running.done() < warm && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 10));
    await new Promise((resolve) => setTimeout(resolve, Math.floor(Math.random() * 150)));
    await killServer('SIGKILL');
    const actions = await running.finished;
    await startServer();
    rounds.push({ actions, ...(await verifyLedger(fixture)) });
  }
  if (process.env.TRUENET_CRASH_REPORT) console.log(JSON.stringify(rounds));
  // The loop really ran against the server before each kill.
  for (const round of rounds) expect(round.actions).toBeGreaterThanOrEqual(12);
  expect(rounds[1]!.deposits + rounds[1]!.billPayments).toBeGreaterThan(0);
  await killServer('SIGTERM');
}, 240_000);

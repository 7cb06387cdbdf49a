import { HEAVY_TASKS } from './heavy-tasks';
import { runHeavy } from './heavy-pool';
import {
  admitDatabaseWork,
  admitHeavy,
  BUSY_MESSAGE,
  DATABASE_SLOTS,
  databaseWorkInFlight,
  configureAdmission,
  DEFAULT_LIMITS,
  HOUSEHOLD_BUSY_MESSAGE,
} from './admission';
import type { TestApp } from '../test/harness';
import { addWallet, importStatement, newUser, startFinanceApp, ZONE } from '../test/finance';

/**
 * Heavy work (docs/product-rules.md §26): run on the heavy threads with the answer the request
 * thread would give, admitted a few at a time per instance and per household, the rest told when
 * to come back; over GraphQL, with 503 or 429 and Retry-After.
 */

/** Work that lasts until the test lets it end. */
function held() {
  let release!: () => void;
  const done = new Promise<void>((resolve) => (release = resolve));
  return { done, release };
}

const refusal = (work: Promise<unknown>) =>
  work.then(
    () => 'admitted',
    (error: { code?: string; message: string; details?: { retryAfterSeconds?: number } }) => ({
      code: error.code,
      message: error.message,
      retryAfterSeconds: error.details?.retryAfterSeconds,
    }),
  );

describe('admission', () => {
  afterEach(() => configureAdmission(DEFAULT_LIMITS));

  it('runs heavy database work DATABASE_SLOTS at a time, the rest in turn, and refuses past its queue', async () => {
    const started: number[] = [];
    const gates = Array.from({ length: 20 }, () => held());
    const work = (index: number, household: string) =>
      refusal(
        admitDatabaseWork(household, async () => {
          started.push(index);
          await gates[index]!.done;
        }),
      );
    // Three households: six of one household's may wait, a seventh is its own to come back for.
    const asked = Array.from({ length: 7 }, (_, index) => work(index, 'a'));
    expect(await asked[6]).toEqual({
      code: 'RATE_LIMITED',
      message: HOUSEHOLD_BUSY_MESSAGE,
      retryAfterSeconds: 2,
    });
    const others = Array.from({ length: 10 }, (_, index) => work(7 + index, index < 6 ? 'b' : 'c'));
    // Sixteen running or waiting: the next is told the instance is busy.
    expect(databaseWorkInFlight()).toBe(16);
    expect(await work(18, 'd')).toMatchObject({ code: 'UNAVAILABLE', message: BUSY_MESSAGE });
    // The admitted, in the order they came: DATABASE_SLOTS of them started (one per heavy thread).
    const admitted = [
      ...Array.from({ length: 6 }, (_, i) => i),
      ...Array.from({ length: 10 }, (_, i) => 7 + i),
    ];
    expect(started).toEqual(admitted.slice(0, DATABASE_SLOTS));
    // Each that ends lets the next in line start, in the order they came.
    for (let index = 0; index < 6; index += 1) {
      gates[index]!.release();
      await asked[index];
    }
    for (let index = 7; index < 17; index += 1) gates[index]!.release();
    await Promise.all(others);
    expect(started).toEqual(admitted);
    expect(databaseWorkInFlight()).toBe(0);
  });

  it("admits a household's share and the instance's, and turns the rest away with when to come back", async () => {
    const shed: string[] = [];
    configureAdmission({ perInstance: 3, perHousehold: 2 }, (reason) => shed.push(reason));
    const first = held();
    const running = [admitHeavy('A', () => first.done), admitHeavy('A', () => first.done)];
    expect(await refusal(admitHeavy('A', async () => 'third'))).toEqual({
      code: 'RATE_LIMITED',
      message: HOUSEHOLD_BUSY_MESSAGE,
      retryAfterSeconds: 2,
    });
    // Another household still has room on the instance, until it is full.
    const other = admitHeavy('B', () => first.done);
    expect(await refusal(admitHeavy('C', async () => 'fourth'))).toEqual({
      code: 'UNAVAILABLE',
      message: BUSY_MESSAGE,
      retryAfterSeconds: 2,
    });
    expect(shed).toEqual(['household', 'instance']);
    first.release();
    await Promise.all([...running, other]);
    // Done, the places are free again, a failed work's too.
    await expect(admitHeavy('A', async () => Promise.reject(new Error('broke')))).rejects.toThrow('broke');
    expect(await admitHeavy('A', async () => 'again')).toBe('again');
  });
});

describe('the heavy threads', () => {
  it("answer a household's suggestions exactly as core does on the request thread", async () => {
    const day = (n: number) => `2026-${String(n).padStart(2, '0')}-03`;
    const history = JSON.stringify(
      Array.from({ length: 10 }, (_, index) => ['1', day(index + 2), '-1599', 'NETFLIX.COM', null, null]),
    );
    const input = { history, today: '2026-11-16', plan: [], dismissed: [] };
    const here = HEAVY_TASKS.recurringSuggestions(input);
    expect(here.map((stream) => stream.name)).toEqual(['Netflix.com']);
    expect(await runHeavy('recurringSuggestions', input)).toEqual(here);
  });
});

describe('over GraphQL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startFinanceApp();
  });
  afterAll(() => t.close());
  afterEach(() => configureAdmission(DEFAULT_LIMITS));

  it('answers suggestions from the heavy threads, and 503 with Retry-After when the instance is full', async () => {
    const user = await newUser(t);
    const wallet = await addWallet(t, user, 'Checking', 1000);
    await importStatement(
      t,
      user,
      wallet.id,
      [8, 9, 10, 11].map((month) => [
        `2026-${String(month).padStart(2, '0')}-03`,
        '-15.99',
        'NETFLIX.COM',
        `n${month}`,
      ]),
    );
    const query = `{ recurringSuggestions(timeZone: "${ZONE}") { name amount } }`;
    const answered = await t.gql<{ recurringSuggestions: { name: string }[] }>(
      query,
      {},
      { token: user.token },
    );
    expect(answered.status).toBe(200);
    expect(answered.data?.recurringSuggestions.map((suggestion) => suggestion.name)).toEqual(['Netflix.com']);

    // A full instance: nothing is read or computed, and the answer says when to come back.
    configureAdmission({ perInstance: 0 });
    const busy = await t.gql(query, {}, { token: user.token });
    expect(busy.status).toBe(503);
    expect(busy.headers.get('retry-after')).toBe('2');
    expect(busy.errors?.[0]).toMatchObject({
      message: BUSY_MESSAGE,
      extensions: { code: 'UNAVAILABLE', reason: 'BUSY', retryAfterSeconds: 2 },
    });
  });
});

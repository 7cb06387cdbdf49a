import { request as httpRequest } from 'node:http';
import { gunzipSync } from 'node:zlib';
import type { TestApp } from '../test/harness';
import { buildDebtor, DEFAULT_PASSWORD, householdOf } from '../test/factories';
import { trustedHashOf } from '../test/trusted-operations';
import { LOGIN } from '../test/accounts';
import { REFRESH_COOKIE } from '../modules/auth/refresh-cookie';
import {
  addIncomeSource,
  addLiability,
  addWallet,
  startFinanceApp,
  ZONE,
  type TestUser,
} from '../test/finance';
import { THEN_QUERY } from './refresh-then-query';

const CLIENT_ACCEPT = 'application/graphql-response+json, application/json';

const byHash = (name: string, variables: Record<string, unknown> = {}) => ({
  persistedQuery: { version: 1, sha256Hash: trustedHashOf(name) },
  variables,
});

/** The page load's refresh, as index.html's head script sends it. */
function refreshBody(thenQuery?: unknown, operation = 'RefreshSession') {
  const { persistedQuery } = byHash(operation);
  return {
    operationName: operation,
    variables: {},
    extensions: { persistedQuery, ...(thenQuery === undefined ? {} : { [THEN_QUERY]: thenQuery }) },
  };
}

interface Answer {
  status: number;
  body: {
    data?: { refreshSession?: { accessToken: string; uid: number } } | null;
    errors?: { message: string }[];
    extensions?: Record<string, { data: Record<string, unknown> } | undefined>;
  };
  cookie: string | undefined;
}

async function post(body: unknown, headers: Record<string, string> = {}): Promise<Answer> {
  const response = await fetch(`${t.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: CLIENT_ACCEPT, ...headers },
    body: JSON.stringify(body),
  });
  const set = response.headers.getSetCookie().find((c) => c.startsWith(`${REFRESH_COOKIE}=`));
  return {
    status: response.status,
    body: (await response.json()) as Answer['body'],
    cookie: set?.split(';')[0],
  };
}

const FIRST_SCREEN = () => byHash('DashboardFirstScreen', { timeZone: ZONE });

let t: TestApp;
let alice: TestUser & { userName: string };
let bob: TestUser & { userName: string };

async function person(firstName: string) {
  const built = await buildDebtor(t.deps.dataSource, t.deps.config, { firstName });
  return { id: built.debtor.id, token: built.accessToken, userName: built.debtor.userName };
}

/** A fresh refresh cookie of `who`, from a sign-in. */
async function signedIn(who: { userName: string }): Promise<string> {
  const login = await post({
    query: LOGIN,
    variables: { userName: who.userName, userPassword: DEFAULT_PASSWORD },
  });
  expect(login.cookie).toBeDefined();
  return login.cookie!;
}

beforeAll(async () => {
  t = await startFinanceApp();
  alice = await person('Alice');
  bob = await person('Bob');
  await addWallet(t, alice, 'Checking', 2400);
  await addIncomeSource(t, alice);
  await addLiability(t, alice);
  await addWallet(t, bob, 'Savings', 99);
});
afterAll(() => t.close());

describe('a refresh that brings a trusted query with it (thenQuery)', () => {
  it('answers the query as the new session would have had it answered, in the refresh’s answer', async () => {
    const cookie = await signedIn(alice);
    const answer = await post(refreshBody(FIRST_SCREEN()), { cookie });
    expect(answer.status).toBe(200);
    expect(answer.body.errors).toBeUndefined();
    const session = answer.body.data?.refreshSession;
    expect(session?.uid).toBe(alice.id);
    // The cookie rotated as by any refresh: the old one is spent.
    expect(answer.cookie).toBeDefined();
    expect(answer.cookie).not.toBe(cookie);
    const asked = await post(
      { variables: { timeZone: ZONE }, extensions: { persistedQuery: FIRST_SCREEN().persistedQuery } },
      { authorization: `Bearer ${session!.accessToken}` },
    );
    expect(answer.body.extensions?.[THEN_QUERY]).toEqual({ data: asked.body.data });
    expect(JSON.stringify(asked.body.data)).toContain('Checking');
  });

  it('answers for the household the tab names, and never for one the account is not in', async () => {
    const own = await post(refreshBody(FIRST_SCREEN()), {
      cookie: await signedIn(alice),
      'x-household': await householdOf(t.deps.dataSource, alice.id),
    });
    expect(JSON.stringify(own.body.extensions?.[THEN_QUERY])).toContain('Checking');

    const other = await post(refreshBody(FIRST_SCREEN()), {
      cookie: await signedIn(alice),
      'x-household': await householdOf(t.deps.dataSource, bob.id),
    });
    // The refresh itself is answered; the follow-up is left for the client to ask and be told why.
    expect(other.body.data?.refreshSession?.uid).toBe(alice.id);
    expect(other.body.extensions?.[THEN_QUERY]).toBeUndefined();
    expect(JSON.stringify(other.body)).not.toContain('Savings');
  });

  it('is gzipped for a client that takes gzip', async () => {
    const cookie = await signedIn(alice);
    const raw = await new Promise<{ headers: Record<string, unknown>; bytes: Buffer }>((resolve, reject) => {
      const request = httpRequest(
        `${t.url}/graphql`,
        {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            accept: CLIENT_ACCEPT,
            'accept-encoding': 'gzip, deflate, br',
            cookie,
          },
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => resolve({ headers: response.headers, bytes: Buffer.concat(chunks) }));
        },
      );
      request.on('error', reject);
      request.end(JSON.stringify(refreshBody(FIRST_SCREEN())));
    });
    expect(raw.headers['content-encoding']).toBe('gzip');
    expect(raw.headers['content-type']).toBe('application/graphql-response+json; charset=utf-8');
    expect(raw.headers['cache-control']).toBe('no-store');
    expect(raw.headers['content-security-policy']).toBeDefined();
    const body = JSON.parse(gunzipSync(raw.bytes).toString('utf8')) as Answer['body'];
    expect(body.data?.refreshSession?.uid).toBe(alice.id);
    expect(JSON.stringify(body.extensions?.[THEN_QUERY])).toContain('Checking');
  });

  it('answers a refresh that fails exactly as without the follow-up', async () => {
    for (const cookie of [undefined, `${REFRESH_COOKIE}=forged`]) {
      const headers: Record<string, string> = cookie ? { cookie } : {};
      const alone = await post(refreshBody(), headers);
      const withQuery = await post(refreshBody(FIRST_SCREEN()), headers);
      expect(alone.body.errors?.[0]?.message).toBeDefined();
      expect(withQuery).toEqual(alone);
    }
  });

  it('leaves out a follow-up that is no trusted query, not a query, or asked wrongly', async () => {
    const followUps: unknown[] = [
      { persistedQuery: { version: 1, sha256Hash: '0'.repeat(64) } },
      byHash('Logout'),
      { ...FIRST_SCREEN(), variables: ['not', 'an', 'object'] },
      { ...FIRST_SCREEN(), variables: { timeZone: 'Europe/Paris\u0000' } },
      { ...FIRST_SCREEN(), variables: { timeZone: 'Not/AZone' } },
      'a string',
    ];
    for (const thenQuery of followUps) {
      const cookie = await signedIn(alice);
      const answer = await post(refreshBody(thenQuery), { cookie });
      expect({ thenQuery, status: answer.status, uid: answer.body.data?.refreshSession?.uid }).toEqual({
        thenQuery,
        status: 200,
        uid: alice.id,
      });
      expect(answer.body.extensions?.[THEN_QUERY]).toBeUndefined();
      expect(answer.cookie).not.toBe(cookie);
    }
  });

  it('is not looked at on any other operation', async () => {
    const login = await post({
      query: LOGIN,
      variables: { userName: bob.userName, userPassword: DEFAULT_PASSWORD },
      extensions: { [THEN_QUERY]: FIRST_SCREEN() },
    });
    expect(login.body.errors).toBeUndefined();
    expect(login.body.extensions?.[THEN_QUERY]).toBeUndefined();
    const text = await post(
      { query: 'mutation { refreshSession { accessToken } }', extensions: { [THEN_QUERY]: FIRST_SCREEN() } },
      { cookie: await signedIn(bob) },
    );
    expect(text.body.errors).toBeUndefined();
    expect(text.body.extensions?.[THEN_QUERY]).toBeUndefined();
  });
});

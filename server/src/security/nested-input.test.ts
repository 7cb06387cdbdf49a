import { nestedDeeperThan, MAX_NESTING, NESTED_TOO_DEEPLY } from '../input/nesting';
import { holdsNul } from '../input/nul-characters';
import { newUser, startFinanceApp, type TestUser } from '../test/finance';
import type { TestApp } from '../test/harness';

/**
 * Input class: JSON nested far deeper than any client sends (`[[[…]]]` 5,000 deep is 10 kB, well
 * under every body limit). Each body parser bounds nesting before anything walks the body, so each
 * surface answers a 400 that says why, never a 500 from an overflowed stack.
 */

const DEPTH = 5_000;
const deepArray = `${'['.repeat(DEPTH)}${']'.repeat(DEPTH)}`;
const deepObject = `${'{"a":'.repeat(DEPTH)}1${'}'.repeat(DEPTH)}`;

let t: TestApp;
let user: TestUser;

beforeAll(async () => {
  t = await startFinanceApp();
  user = await newUser(t);
});
afterAll(() => t.close());

async function post(path: string, body: string, token?: string) {
  const response = await fetch(`${t.url}${path}`, {
    method: path.includes('change-wallet') || path.includes('resend-code') ? 'PUT' : 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body,
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('a body nested too deeply', () => {
  it.each([
    ['the sign-in path, anonymous', '/account/login', undefined],
    ['an object-body REST path, signed in', '/api/wallets', 'user'],
    ['an unknown path under /account', '/account/no-such-path', undefined],
    ['a bare-value path (1 kB limit)', '/account/change-wallet', 'user'],
    ['GraphQL, anonymous', '/graphql', undefined],
    ['GraphQL, a signed-in session', '/graphql', 'user'],
  ])('answers 400 on %s', async (_name, path, who) => {
    const token = who ? user.token : undefined;
    const body = path.includes('change-wallet') ? `${'['.repeat(400)}${']'.repeat(400)}` : deepArray;
    for (const text of [body, path.includes('change-wallet') ? body : deepObject]) {
      const answer = await post(path, text, token);
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ message: NESTED_TOO_DEEPLY, code: 'BAD_USER_INPUT' });
    }
  });

  it('answers 400 on GraphQL variables nested too deeply in a JSON body and in a GET query', async () => {
    const body = `{"query":"query Me { me { id } }","variables":{"a":${deepObject}}}`;
    expect((await post('/graphql', body, user.token)).status).toBe(400);

    // A URL holds less than a body: 1,500 levels (9 kB encoded) is still far past the bound.
    const query = encodeURIComponent('query Me { me { id } }');
    const variables = encodeURIComponent(`{"a":${'['.repeat(1_500)}${']'.repeat(1_500)}}`);
    const response = await fetch(`${t.url}/graphql?query=${query}&variables=${variables}`, {
      headers: {
        authorization: `Bearer ${user.token}`,
        'apollo-require-preflight': 'true',
        accept: 'application/graphql-response+json',
      },
    });
    expect(response.status).toBe(400);
    const answer = (await response.json()) as { errors: { message: string; extensions: { code: string } }[] };
    expect(answer.errors[0]).toMatchObject({
      message: NESTED_TOO_DEEPLY,
      extensions: { code: 'BAD_USER_INPUT' },
    });
  });

  it('leaves the server answering afterwards', async () => {
    const answer = await t.gql('{ me { id } }', {}, { token: user.token });
    expect(answer.errors).toBeUndefined();
  });
});

describe('input walkers', () => {
  it('find the limit exactly', () => {
    const nest = (depth: number): unknown => (depth === 0 ? 1 : [nest(depth - 1)]);
    expect(nestedDeeperThan(nest(MAX_NESTING))).toBe(false);
    expect(nestedDeeperThan(nest(MAX_NESTING + 1))).toBe(true);
    expect(nestedDeeperThan({ a: { b: 'text' }, c: [1, 2, { d: null }] }, 3)).toBe(false);
    expect(nestedDeeperThan({ a: { b: { c: {} } } }, 3)).toBe(true);
  });

  it('walk any depth without recursion', () => {
    const deep = JSON.parse(`${'['.repeat(200_000)}"nul\\u0000"${']'.repeat(200_000)}`) as unknown;
    expect(holdsNul(deep)).toBe(true);
    expect(nestedDeeperThan(deep)).toBe(true);
    expect(holdsNul(JSON.parse(deepObject))).toBe(false);
  });
});

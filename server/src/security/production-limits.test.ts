import { buildDebtor } from '../test/factories';
import { startTestApp, type TestApp } from '../test/harness';

/**
 * The API as it runs in production (NODE_ENV=production): the schema is not given away
 * (introspection off, no "did you mean" suggestions, no playground), unexpected errors are
 * masked, and abusive documents are refused before any resolver runs.
 *
 * Covered elsewhere, not repeated here: sign-in brute force counted per attempt inside the
 * resolver, aliases included, per account and per IP (modules/auth/auth.test.ts 'counts 20
 * aliased login attempts one by one', 'after 10, RATE_LIMITED', 'limits sign-in attempts per IP');
 * the same limits in development mode (modules/analysis/api-limits.test.ts).
 */

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await startTestApp({
    env: {
      NODE_ENV: 'production',
      SECRETS_KEY: '5ec2e75ec2e75ec2e75ec2e75ec2e75ec2e75ec2e75ec2e75ec2e75ec2e75ec2',
      // Documents sent as text, as a script would (trusted-documents.test.ts covers the browser's hashes).
      TRUSTED_DOCUMENTS: 'off',
      JWT_SECRET: 'production-like-secret-0123456789-abcdefghij',
      BILLING: 'offline',
      LOG_LEVEL: 'silent',
    },
  });
  token = (await buildDebtor(t.deps.dataSource, t.deps.config)).accessToken;
});
afterAll(() => t.close());

const messages = (response: { errors?: { message: string }[] }) =>
  (response.errors ?? []).map((error) => error.message).join('\n');

describe('production mode', () => {
  it('runs in production mode (the premise of this file)', () => {
    expect(t.deps.config.nodeEnv).toBe('production');
    expect(t.deps.config.graphqlPlayground).toBe(false);
  });

  it('refuses introspection, signed in or not', async () => {
    for (const options of [{}, { token }]) {
      const response = await t.gql('{ __schema { types { name } } }', {}, options);
      expect(response.data).toBeUndefined();
      expect(messages(response)).toMatch(/introspection/i);
      const typeQuery = await t.gql('{ __type(name: "Wallet") { fields { name } } }', {}, options);
      expect(typeQuery.data).toBeUndefined();
    }
  });

  it('gives no field or type suggestions in validation errors', async () => {
    const response = await t.gql('{ walets { id } me { usrName } }', {}, { token });
    expect(response.status).toBe(400);
    expect(messages(response)).not.toMatch(/did you mean/i);
    expect(messages(response)).not.toMatch(/wallets|userName/);
    const wrongArgument = await t.gql('mutation { deleteWallet(walletid: 1) { deleted } }', {}, { token });
    expect(messages(wrongArgument)).not.toMatch(/did you mean/i);
  });

  it('serves no playground on GET /graphql', async () => {
    const response = await fetch(`${t.url}/graphql`, { headers: { accept: 'text/html' } });
    expect(await response.text()).not.toMatch(/graphiql/i);
  });

  it('refuses a deeply nested query before running it', async () => {
    let selection = 'walletName';
    for (let depth = 0; depth < 10; depth += 1) selection = `wallets { ${selection} }`;
    const response = await t.gql(`{ ${selection} }`, {}, { token });
    expect(response.status).toBe(400);
    expect(response.data).toBeUndefined();
  });

  it('refuses an oversized document (tokens) and an oversized body', async () => {
    const fields = Array.from({ length: 1200 }, () => 'id').join(' ');
    const response = await t.gql(`{ wallets { ${fields} } }`, {}, { token });
    expect(response.status).toBe(400);
    // 100 kB without a session; a session may send a statement file (14 MiB of base64) and no more.
    const post = (authorization: string | null, padding: number) =>
      fetch(`${t.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
        body: JSON.stringify({ query: `{ wallets { id } } # ${'x'.repeat(padding)}` }),
      });
    expect((await post(null, 200 * 1024)).status).toBe(413);
    expect((await post('Bearer not.a.token', 200 * 1024)).status).toBe(413);
    expect((await post(`Bearer ${token}`, 15 * 1024 * 1024)).status).toBe(413);
  });

  it('refuses more than 5 aliases and batched requests', async () => {
    const aliases = Array.from({ length: 6 }, (_, i) => `a${i}: health`).join(' ');
    expect((await t.gql(`{ ${aliases} }`)).status).toBe(400);
    const batch = await fetch(`${t.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify([{ query: '{ health }' }, { query: '{ health }' }]),
    });
    expect(batch.status).toBe(400);
  });

  it('refuses a GET mutation and a simple-request POST (CSRF prevention)', async () => {
    const get = await fetch(`${t.url}/graphql?query=${encodeURIComponent('mutation { logout }')}`, {
      headers: { 'apollo-require-preflight': 'true' },
    });
    expect(get.status).toBe(405);
    const form = await fetch(`${t.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: JSON.stringify({ query: 'mutation { logout }' }),
    });
    expect(form.status).toBe(400);
  });
});

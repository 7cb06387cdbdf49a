import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { queryOne } from '../db/sql';
import { buildDebtor } from '../test/factories';
import { startTestApp, type GraphQLResponse, type TestApp } from '../test/harness';
import { trustedDocuments as trusted, trustedHashOf } from '../test/trusted-operations';
import { TRUSTED_DOCUMENTS_FILE } from './trusted-documents';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

const codeOf = (response: GraphQLResponse) => response.errors?.[0]?.extensions?.code;

describe('trusted documents (TRUSTED_DOCUMENTS=on, the production default)', () => {
  let t: TestApp;
  let session: string;
  let debtorId: number;
  /** Sends a trusted document by hash, as the web client does. */
  let byHash: (hash: string, variables?: Record<string, unknown>, token?: string) => Promise<GraphQLResponse>;

  beforeAll(async () => {
    t = await startTestApp({ env: { TRUSTED_DOCUMENTS: 'on' } });
    const built = await buildDebtor(t.deps.dataSource, t.deps.config);
    session = built.accessToken;
    debtorId = built.debtor.id;
    byHash = async (hash, variables = {}, token) => {
      const response = await fetch(`${t.url}/graphql`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/graphql-response+json, application/json;q=0.9',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify({ variables, extensions: { persistedQuery: { version: 1, sha256Hash: hash } } }),
      });
      const body = (await response.json()) as { data?: never; errors?: never };
      return { status: response.status, data: body.data, errors: body.errors, headers: response.headers };
    };
  });
  afterAll(() => t.close());

  const walletCount = async () =>
    Number(
      (await queryOne<{ n: string }>(
        t.deps.dataSource,
        'SELECT count(*) AS n FROM wallet WHERE household_id = (SELECT id FROM household WHERE personal_of = $1)',
        [debtorId],
      ))!.n,
    );

  it('holds every document of the web client, keyed by the SHA-256 of the text the client hashed', () => {
    const manifest = JSON.parse(readFileSync(TRUSTED_DOCUMENTS_FILE, 'utf8')) as Record<string, string>;
    expect(trusted.size).toBe(Object.keys(manifest).length);
    expect(trusted.size).toBeGreaterThan(30);
    for (const [key, text] of Object.entries(manifest)) {
      expect(`sha256:${sha256(text)}`).toBe(key);
      expect(trusted.has(sha256(text))).toBe(true);
    }
  });

  it('runs a browser session’s trusted document sent by its hash', async () => {
    const response = await byHash(trustedHashOf('DashboardWallets'), {}, session);
    expect(response.errors).toBeUndefined();
    expect(response.data).toEqual({ wallets: [] });
    // Apollo Client's cache normalizes by type name: the document it sends in place of the hash asks for them.
    expect(trusted.get(trustedHashOf('DashboardWallets'))).toMatch(/wallets \{[^}]*__typename/);
  });

  it('refuses a document’s text from a browser session before running it', async () => {
    const response = await t.gql(
      `mutation { addWallet(input: { walletName: "Sneaky", walletBalance: 1 }) { id } }`,
      {},
      { token: session },
    );
    expect(response.status).toBe(400);
    expect(codeOf(response)).toBe('TRUSTED_DOCUMENT_REQUIRED');
    expect(response.errors?.[0]?.message).toMatch(/personal API token/);
    expect(await walletCount()).toBe(0);
  });

  it('refuses a document’s text from a caller who is not signed in', async () => {
    const response = await t.gql(`{ registrationPlans { plan } }`);
    expect(codeOf(response)).toBe('TRUSTED_DOCUMENT_REQUIRED');
  });

  it('answers an unknown hash as not found, and registers nothing a caller sends with its hash', async () => {
    const text = `{ wallets { id walletName } }`;
    expect(codeOf(await byHash(sha256(text), {}, session))).toBe('PERSISTED_QUERY_NOT_FOUND');
    const withText = await t.gql(
      text,
      {},
      {
        token: session,
        headers: {},
      },
    );
    expect(codeOf(withText)).toBe('TRUSTED_DOCUMENT_REQUIRED');
    expect(codeOf(await byHash(sha256(text), {}, session))).toBe('PERSISTED_QUERY_NOT_FOUND');
  });

  it('refuses another text sent under a trusted document’s hash', async () => {
    const response = await fetch(`${t.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${session}` },
      body: JSON.stringify({
        query: `mutation { addWallet(input: { walletName: "Sneaky", walletBalance: 1 }) { id } }`,
        extensions: { persistedQuery: { version: 1, sha256Hash: trustedHashOf('DashboardWallets') } },
      }),
    });
    expect(response.status).toBe(400);
    expect(await walletCount()).toBe(0);
  });

  it('lets a personal API token send its own documents (scripts), within the usual limits', async () => {
    const created = await byHash(
      trustedHashOf('CreateApiToken'),
      { name: 'Script', scope: 'READ_WRITE' },
      session,
    );
    const secret = (created.data as unknown as { createApiToken: { secret: string } }).createApiToken.secret;
    const wallets = await t.gql(`{ wallets { id walletName } }`, {}, { token: secret });
    expect(wallets.errors).toBeUndefined();
    expect(wallets.data).toEqual({ wallets: [] });
  });

  it('tells a script whose token is revoked or unknown that the token failed, not that its text is refused', async () => {
    const created = await byHash(trustedHashOf('CreateApiToken'), { name: 'Gone', scope: 'READ' }, session);
    const { secret: revoked, token } = (
      created.data as unknown as { createApiToken: { secret: string; token: { id: string } } }
    ).createApiToken;
    await byHash(trustedHashOf('RevokeApiToken'), { id: token.id }, session);
    for (const secret of [revoked, 'tn_never-issued']) {
      const response = await t.gql(`{ wallets { id } }`, {}, { token: secret });
      expect(response.status).toBe(401);
      expect(codeOf(response)).toBe('UNAUTHENTICATED');
      expect(response.errors?.[0]?.message).toBe('Invalid or revoked API token');
    }
  });
});

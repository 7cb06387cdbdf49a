import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import express, { type ErrorRequestHandler } from 'express';
import helmet from 'helmet';
import jwt from 'jsonwebtoken';
import type { TestApp } from '../test/harness';
import { trustedDocuments as trusted, trustedHashOf, trustedOperations } from '../test/trusted-operations';
import {
  addIncomeSource,
  addLiability,
  addWallet,
  newUser,
  settleLiability,
  invitationToken,
  startFinanceApp,
  TODAY,
  ZONE,
  type TestUser,
} from '../test/finance';
import { buildContext } from './context';
import { createSchema } from './server';
import { compileTrustedQueries, trustedQueries } from './trusted-queries';
import { COMPRESS_FROM_BYTES } from './compressed-answer';

const queries = trustedOperations
  .filter((operation) => operation.kind === 'query')
  .map(({ name, hash, text }) => [name, hash, text] as const);

/** What Apollo Client sends as Accept. */
const CLIENT_ACCEPT = 'application/graphql-response+json, application/json;q=0.9';

interface RawAnswer {
  status: number;
  contentType: string | null;
  body: string;
}

async function post(
  url: string,
  body: Record<string, unknown>,
  token: string | undefined,
  accept: string | undefined = CLIENT_ACCEPT,
): Promise<RawAnswer> {
  const response = await fetch(`${url}/graphql`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(accept ? { accept } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  return {
    status: response.status,
    contentType: response.headers.get('content-type'),
    body: await response.text(),
  };
}

const byHash = (hash: string, variables: Record<string, unknown>) => ({
  variables,
  extensions: { persistedQuery: { version: 1, sha256Hash: hash } },
});

let t: TestApp;
let user: TestUser;
let variables: Record<string, unknown>;

beforeAll(async () => {
  t = await startFinanceApp();
  user = await newUser(t);
  const wallet = await addWallet(t, user, 'Checking', 2400);
  await addIncomeSource(t, user);
  const rent = await addLiability(t, user);
  await addLiability(t, user, {
    creditorName: 'Visa',
    debtType: 'CREDIT_CARD',
    payment: 75.5,
    balance: 1200,
    apr: 19.99,
  });
  await settleLiability(t, user, wallet.id, rent.id);
  // Variables an operation does not declare are ignored: one set serves every query.
  variables = {
    walletId: wallet.id,
    liabilityId: rent.id,
    timeZone: ZONE,
    whatIf: [{ date: TODAY, amount: 120, description: 'Shoes' }],
    strategy: 'AVALANCHE',
    extraPayment: 100,
    from: '2026-10-01',
    to: TODAY,
    months: 12,
    periods: 12,
    token: await invitationToken(t, user),
  };
});
afterAll(() => t.close());

describe('the web client’s trusted queries, answered without Apollo’s pipeline', () => {
  it('are all found', () => {
    expect(queries.length).toBeGreaterThan(15);
  });

  it.each(queries)('%s answers byte for byte as Apollo answers its text', async (_name, hash, text) => {
    // Apollo interprets a text the first time and runs it compiled after: both are compared.
    for (let run = 0; run < 2; run += 1) {
      const apollo = await post(t.url, { query: text, variables }, user.token);
      const direct = await post(t.url, byHash(hash, variables), user.token);
      expect(apollo.status).toBe(200);
      expect(JSON.parse(apollo.body).errors).toBeUndefined();
      expect(direct).toEqual(apollo);
    }
  });

  it.each([undefined, '*/*', 'application/json', 'application/graphql-response+json'])(
    'chooses the content type Apollo chooses for Accept %s',
    async (accept) => {
      const hash = trustedHashOf('DashboardWallets');
      const text = trusted.get(hash)!;
      const apollo = await post(t.url, { query: text, variables }, user.token, accept);
      const direct = await post(t.url, byHash(hash, variables), user.token, accept);
      expect(direct).toEqual(apollo);
    },
  );

  it('answers with the headers Apollo’s answers carry (security headers, no-store)', async () => {
    const hash = trustedHashOf('DashboardAnalysis');
    const headersOf = async (body: Record<string, unknown>) => {
      const response = await fetch(`${t.url}/graphql`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: CLIENT_ACCEPT,
          // Compression is this path's own (compressed answers below).
          'accept-encoding': 'identity',
          authorization: `Bearer ${user.token}`,
        },
        body: JSON.stringify(body),
      });
      await response.text();
      const headers = Object.fromEntries(response.headers);
      for (const name of ['date', 'content-length', 'keep-alive', 'connection']) delete headers[name];
      return headers;
    };
    const direct = await headersOf(byHash(hash, variables));
    expect(direct).toEqual(await headersOf({ query: trusted.get(hash), variables }));
    expect(direct).toMatchObject({ 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' });
    expect(direct['content-security-policy']).toContain("default-src 'self'");
  });

  describe('compressed answers', () => {
    /** The raw answer to a trusted query by hash, as the bytes on the wire. */
    function rawAnswer(name: string, acceptEncoding: string | undefined) {
      const body = JSON.stringify(byHash(trustedHashOf(name), name === 'DashboardViewer' ? {} : variables));
      return new Promise<{ headers: IncomingHttpHeaders; bytes: Buffer }>((resolve, reject) => {
        const request = httpRequest(`${t.url}/graphql`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            accept: CLIENT_ACCEPT,
            authorization: `Bearer ${user.token}`,
            ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}),
          },
        });
        request.on('response', (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => resolve({ headers: response.headers, bytes: Buffer.concat(chunks) }));
        });
        request.on('error', reject);
        request.end(body);
      });
    }

    it('gzips an answer of a kilobyte or more for a browser that accepts it: the same JSON, smaller', async () => {
      const plain = await rawAnswer('DashboardAnalysis', undefined);
      const gzipped = await rawAnswer('DashboardAnalysis', 'gzip, deflate, br, zstd');
      expect(plain.bytes.length).toBeGreaterThanOrEqual(COMPRESS_FROM_BYTES);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(gzipped.headers).toMatchObject({ 'content-encoding': 'gzip', vary: 'Accept-Encoding' });
      expect(Number(gzipped.headers['content-length'])).toBe(gzipped.bytes.length);
      expect(gzipped.bytes.length).toBeLessThan(plain.bytes.length / 2);
      expect(gunzipSync(gzipped.bytes).toString('utf8')).toBe(plain.bytes.toString('utf8'));
    });

    it('sends a small answer, or one to a client that refuses gzip, as it is', async () => {
      const small = await rawAnswer('DashboardViewer', 'gzip');
      expect(small.bytes.length).toBeLessThan(COMPRESS_FROM_BYTES);
      expect(small.headers['content-encoding']).toBeUndefined();
      const refused = await rawAnswer('DashboardAnalysis', 'gzip;q=0, identity');
      expect(refused.headers['content-encoding']).toBeUndefined();
      expect(JSON.parse(refused.bytes.toString('utf8'))).toHaveProperty('data.cashFlowAnalysis');
    });
  });

  it('leaves errors to Apollo: another user’s wallet, a wrong variable, no credential', async () => {
    const other = await newUser(t);
    const hash = trustedHashOf('DashboardAnalysis');
    const text = trusted.get(hash)!;
    const cases: [Record<string, unknown>, string | undefined][] = [
      [{ ...variables, walletId: '999999999' }, user.token],
      [{ ...variables, timeZone: 'Mars/Olympus_Mons' }, user.token],
      [{ ...variables, walletId: { not: 'an id' } }, user.token],
      [variables, other.token],
      [variables, undefined],
    ];
    for (const [vars, token] of cases) {
      const apollo = await post(t.url, { query: text, variables: vars }, token);
      const direct = await post(t.url, byHash(hash, vars), token);
      expect(JSON.parse(direct.body).errors?.length).toBeGreaterThan(0);
      expect(direct).toEqual(apollo);
    }
  });
});

describe('what the trusted-query path takes and what it hands on', () => {
  let url: string;
  let handedOn: string[];
  let close: () => Promise<void>;

  beforeAll(async () => {
    const app = express();
    app.use(
      trustedQueries({
        compiled: compileTrustedQueries(createSchema(), trusted),
        contextFor: (req, res) => buildContext(t.deps, req, res),
        config: t.deps.config,
        securityHeaders: helmet(),
        jsonBody: express.json({ limit: '100kb' }),
        metrics: t.deps.metrics,
      }),
    );
    app.use((req, res) => {
      handedOn.push(req.method);
      res.status(299).json({ handedOn: true, body: req.body ?? null });
    });
    const refused: ErrorRequestHandler = (error, _req, res, _next) => {
      handedOn.push(`error ${error.status}`);
      res.status(298).json({ refused: true });
    };
    app.use(refused);
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => new Promise((resolve) => server.close(() => resolve()));
  });
  beforeEach(() => {
    handedOn = [];
  });
  afterAll(() => close());

  it('answers a signed-in caller’s trusted query by hash itself', async () => {
    const answer = await post(url, byHash(trustedHashOf('DashboardAnalysis'), variables), user.token);
    expect(handedOn).toEqual([]);
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body).data.cashFlowAnalysis.wallets).toHaveLength(1);
  });

  it('hands on everything else, before running anything or after an error', async () => {
    const mutation = trustedOperations.find((operation) => operation.kind === 'mutation')!.hash;
    const analysis = trustedHashOf('DashboardAnalysis');
    const cases: [Record<string, unknown>, string | undefined, string | undefined][] = [
      [byHash(analysis, variables), undefined, CLIENT_ACCEPT],
      [byHash(analysis, variables), user.token, 'text/html'],
      [byHash(analysis, variables), user.token, 'application/json; callbackSpec=1.0'],
      [byHash(mutation, variables), user.token, CLIENT_ACCEPT],
      [byHash('0'.repeat(64), variables), user.token, CLIENT_ACCEPT],
      [{ ...byHash(analysis, variables), query: trusted.get(analysis) }, user.token, CLIENT_ACCEPT],
      [{ ...byHash(analysis, variables), operationName: 'Other' }, user.token, CLIENT_ACCEPT],
      [{ extensions: { persistedQuery: { version: 2, sha256Hash: analysis } } }, user.token, CLIENT_ACCEPT],
      [byHash(analysis, { ...variables, timeZone: 'Europe/Paris\u0000' }), user.token, CLIENT_ACCEPT],
      [byHash(analysis, { ...variables, walletId: '999999999' }), user.token, CLIENT_ACCEPT],
    ];
    for (const [body, token, accept] of cases) {
      handedOn = [];
      const answer = await post(url, body, token, accept);
      expect({ body, status: answer.status, handedOn }).toEqual({ body, status: 299, handedOn: ['POST'] });
      // Read once, and handed on read: the rest of the chain finds the body parsed.
      if (token) expect(JSON.parse(answer.body).body).toEqual(body);
    }
  });

  it('leaves other credentials to the chain before reading anything', async () => {
    const analysis = byHash(trustedHashOf('DashboardAnalysis'), variables);
    const expired = jwt.sign({ role: 'USER' }, t.deps.config.jwtSecret, {
      algorithm: 'HS256',
      expiresIn: -10,
      issuer: 'truenet',
      audience: 'truenet-api',
      subject: String(user.id),
    });
    const forged = jwt.sign({ role: 'USER' }, 'another secret', {
      algorithm: 'HS256',
      issuer: 'truenet',
      audience: 'truenet-api',
      subject: String(user.id),
    });
    for (const token of [expired, forged, 'tn_not-a-session-token']) {
      handedOn = [];
      const answer = await post(url, analysis, token);
      expect({ status: answer.status, handedOn }).toEqual({ status: 299, handedOn: ['POST'] });
      // Not read: the chain's own parser reads it.
      expect(JSON.parse(answer.body).body).toBeNull();
    }
  });

  it('hands a body the JSON parser refuses on as the parser’s error', async () => {
    for (const body of ['{"variables": ', '"a string"', '']) {
      handedOn = [];
      const response = await fetch(`${url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${user.token}` },
        body,
      });
      await response.text();
      expect({ body, handedOn }).toEqual({ body, handedOn: body === '' ? ['POST'] : ['error 400'] });
    }
  });

  it('hands on a trusted query sent as anything but JSON, unread', async () => {
    const body = JSON.stringify(byHash(trustedHashOf('DashboardAnalysis'), variables));
    for (const type of ['text/plain', 'application/x-www-form-urlencoded']) {
      handedOn = [];
      const response = await fetch(`${url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': type, authorization: `Bearer ${user.token}` },
        body,
      });
      expect({ type, status: response.status, body: (await response.json()).body }).toEqual({
        type,
        status: 299,
        body: null,
      });
    }
  });
});

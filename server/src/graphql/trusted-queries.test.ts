import type { AddressInfo } from 'node:net';
import express from 'express';
import { registerJwtStrategy } from '../modules/auth/access-token';
import { authenticateRequest } from '../modules/auth/request-user';
import type { TestApp } from '../test/harness';
import { trustedDocuments as trusted, trustedHashOf, trustedOperations } from '../test/trusted-operations';
import {
  addIncomeSource,
  addLiability,
  addWallet,
  newUser,
  settleLiability,
  startFinanceApp,
  TODAY,
  ZONE,
  type TestUser,
} from '../test/finance';
import { buildContext } from './context';
import { createSchema } from './server';
import { trustedQueries } from './trusted-queries';

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
  await addLiability(t, user, { creditorName: 'Visa', debtType: 'CREDIT_CARD', payment: 75.5 });
  await settleLiability(t, user, wallet.id, rent.id);
  // Variables an operation does not declare are ignored: one set serves every query.
  variables = {
    walletId: wallet.id,
    liabilityId: rent.id,
    timeZone: ZONE,
    whatIf: [{ date: TODAY, amount: 120, description: 'Shoes' }],
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
    registerJwtStrategy(t.deps.config);
    const app = express();
    app.use(express.json(), authenticateRequest(t.deps.dataSource));
    app.use(
      '/graphql',
      trustedQueries(createSchema(), trusted, (req, res) => buildContext(t.deps, req, res)),
    );
    app.use((req, res) => {
      handedOn.push(req.method);
      res.status(299).json({ handedOn: true });
    });
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
    }
  });
});

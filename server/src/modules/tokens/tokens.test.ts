import { createHash } from 'node:crypto';
import { queryOne } from '../../db/sql';
import type { TestApp } from '../../test/harness';
import {
  addWallet,
  errorCode,
  newUser,
  ok,
  startFinanceApp,
  TODAY,
  ZONE,
  type TestUser,
} from '../../test/finance';
import { buildOperation, schemaOperations } from '../analysis/schema-operations';

const CREATE = `mutation($name: String!, $scope: ApiTokenScope) {
  createApiToken(name: $name, scope: $scope) { secret token { id name scope createdAt lastUsedAt } }
}`;

type Created = {
  createApiToken: {
    secret: string;
    token: { id: string; name: string; scope: string; createdAt: string; lastUsedAt: string | null };
  };
};

describe('personal API tokens', () => {
  let t: TestApp;
  let user: TestUser;
  beforeAll(async () => {
    t = await startFinanceApp();
  });
  beforeEach(async () => {
    user = await newUser(t);
  });
  afterAll(() => t.close());

  const create = async (name: string, scope?: string) =>
    ok(await t.gql<Created>(CREATE, { name, scope }, { token: user.token })).createApiToken;

  it('shows the secret once and stores only its SHA-256 hash; read-only by default', async () => {
    const created = await create('Net income script');
    expect(created.secret).toMatch(/^tn_[A-Za-z0-9_-]{43}$/);
    expect(created.token).toMatchObject({ name: 'Net income script', scope: 'READ', lastUsedAt: null });
    const row = await queryOne<{ token_hash: string }>(
      t.deps.dataSource,
      'SELECT token_hash FROM api_token WHERE id = $1',
      [created.token.id],
    );
    expect(row?.token_hash).toBe(createHash('sha256').update(created.secret).digest('hex'));
    expect(row?.token_hash).not.toContain(created.secret);
  });

  it('lists tokens with their creation and last use, and revokes one at once', async () => {
    const created = await create('Script');
    ok(await t.gql(`{ wallets { id } }`, {}, { token: created.secret }));
    const listed = ok(
      await t.gql<{ apiTokens: { id: string; lastUsedAt: string | null; createdAt: string }[] }>(
        `{ apiTokens { id name scope createdAt lastUsedAt } }`,
        {},
        { token: user.token },
      ),
    );
    expect(listed.apiTokens).toHaveLength(1);
    expect(listed.apiTokens[0]?.lastUsedAt).toEqual(expect.any(String));

    ok(
      await t.gql(
        `mutation($id: ID!) { revokeApiToken(id: $id) }`,
        { id: created.token.id },
        { token: user.token },
      ),
    );
    const refused = await t.gql(`{ wallets { id } }`, {}, { token: created.secret });
    expect(errorCode(refused)).toBe('UNAUTHENTICATED');
    const after = ok(
      await t.gql<{ apiTokens: unknown[] }>(`{ apiTokens { id } }`, {}, { token: user.token }),
    );
    expect(after.apiTokens).toEqual([]);
  });

  it('refuses an empty token name', async () => {
    const response = await t.gql(CREATE, { name: '  ' }, { token: user.token });
    expect(errorCode(response)).toBe('BAD_USER_INPUT');
    expect(response.errors?.[0]?.extensions?.field).toBe('name');
  });

  it('a read-only token can run queries', async () => {
    const wallet = await addWallet(t, user, 'Checking', 42);
    const { secret } = await create('Reader');
    const data = ok(
      await t.gql<{ wallets: { balance: number }[]; cashFlowAnalysis: { asOf: string } }>(
        `query($asOf: Date) { wallets { balance } cashFlowAnalysis(asOf: $asOf) { asOf netIncomeThisPeriod } }`,
        { asOf: TODAY },
        { token: secret },
      ),
    );
    expect(data.wallets).toEqual([{ balance: 42 }]);
    expect(wallet.id).toBeDefined();
  });

  it.each(
    schemaOperations()
      .filter((operation) => operation.kind === 'mutation')
      .map((operation) => [operation.name, operation] as const),
  )('a read-only token is refused (FORBIDDEN) on mutation %s', async (_name, operation) => {
    const wallet = await addWallet(t, user, 'Checking', 10);
    const { secret } = await create('Reader');
    const before = await queryOne(t.deps.dataSource, 'SELECT * FROM wallet WHERE id = $1', [
      Number(wallet.id),
    ]);
    const { document, variables } = buildOperation(operation, {
      today: TODAY,
      timeZone: ZONE,
      idFor: (_path, kind) => (kind === 'wallet' ? wallet.id : '1'),
    });
    const response = await t.gql(document, variables, { token: secret });
    expect(errorCode(response)).toBe('FORBIDDEN');
    expect(response.status).toBe(403);
    expect(
      await queryOne(t.deps.dataSource, 'SELECT * FROM wallet WHERE id = $1', [Number(wallet.id)]),
    ).toEqual(before);
  });

  it('a read-write token can change data but cannot manage tokens', async () => {
    const { secret } = await create('Writer', 'READ_WRITE');
    await addWallet(t, { id: user.id, token: secret }, 'From a script');
    for (const document of [`{ apiTokens { id } }`, `mutation { createApiToken(name: "more") { secret } }`]) {
      expect(errorCode(await t.gql(document, {}, { token: secret }))).toBe('FORBIDDEN');
    }
  });
});

import type { TestApp } from '../../test/harness';
import { ANALYSIS, newUser, startFinanceApp, type TestUser } from '../../test/finance';

/** The GraphQL armor and body limit refuse abusive requests before any resolver or SQL runs. */
describe('API limits', () => {
  let t: TestApp;
  let user: TestUser;
  beforeAll(async () => {
    t = await startFinanceApp();
    user = await newUser(t);
  });
  afterAll(() => t.close());

  it('refuses a depth-12 query with a 400-class error', async () => {
    // No type of the schema nests 12 deep, so the document is also invalid; the depth limit is
    // what must be reported.
    let selection = 'id';
    for (let depth = 0; depth < 11; depth += 1) selection = `nested { ${selection} }`;
    const response = await t.gql(`{ wallets { ${selection} } }`, {}, { token: user.token });
    expect(response.status).toBe(400);
    expect(response.errors?.map((error) => error.message)).toContainEqual(
      expect.stringMatching(/depth limit of 8 exceeded, found 13/i),
    );
    expect(response.data).toBeUndefined();
  });

  it('counts fields, not fragments: a script that spreads fragments is judged by the depth of its fields', async () => {
    // Apollo Client's style: every selection a fragment, nested fragments inside fragments. The
    // fields are 5 deep (syncBankConnection > connection > accounts > pending > billMatch).
    const document = `
      fragment Match on BillMatch { liabilityId creditorName }
      fragment Row on ImportRow { index amount billMatch { ...Match } }
      fragment Account on BankAccount { id name pending { ...Row } }
      fragment Conn on BankConnection { id label accounts { ...Account } }
      fragment Result on BankSyncResult { imported connection { ...Conn } }
      mutation Sync($id: ID!) { syncBankConnection(id: $id) { ...Result } }`;
    const response = await t.gql(document, { id: '999999' }, { token: user.token });
    expect(response.errors?.map((error) => error.extensions?.code)).toEqual(['NOT_FOUND']);

    // Nor do fragments hide depth: the same 13 levels as above, each level a fragment of its own.
    const fragments = Array.from({ length: 11 }, (_, i) =>
      i === 0
        ? 'fragment F0 on Wallet { nested { id } }'
        : `fragment F${i} on Wallet { nested { ...F${i - 1} } }`,
    );
    const deep = await t.gql(`{ wallets { ...F10 } } ${fragments.join(' ')}`, {}, { token: user.token });
    expect(deep.status).toBe(400);
    expect(deep.errors?.map((error) => error.message)).toContainEqual(
      expect.stringMatching(/depth limit of 8 exceeded, found 13/i),
    );
  });

  it('refuses a 50-alias query with a 400-class error', async () => {
    const aliases = Array.from({ length: 50 }, (_, i) => `a${i}: wallets { id }`).join('\n');
    const response = await t.gql(`{ ${aliases} }`, {}, { token: user.token });
    expect(response.status).toBe(400);
    expect(response.errors?.[0]?.message).toMatch(/aliases limit of 5 exceeded, found 50/i);
  });

  it('refuses a document of more than 1000 tokens with a 400-class error', async () => {
    const aliases = Array.from({ length: 50 }, (_, i) => `a${i}: cashFlowAnalysis { ${ANALYSIS} }`).join(
      '\n',
    );
    const response = await t.gql(`{ ${aliases} }`, {}, { token: user.token });
    expect(response.status).toBe(400);
    expect(response.errors?.[0]?.message).toMatch(/more that 1000 tokens/i);
  });

  it('refuses a request body over 100 kB without a session, and over 14 MiB with one (a statement file)', async () => {
    const post = (kib: number, authorization: string | null) =>
      fetch(`${t.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
        body: JSON.stringify({ query: '{ wallets { id } }', variables: { note: 'x'.repeat(kib * 1024) } }),
      });
    expect((await post(110, null)).status).toBe(413);
    expect((await post(110, `Bearer ${user.token}`)).status).toBe(200);
    expect((await post(15 * 1024, `Bearer ${user.token}`)).status).toBe(413);
  });
});

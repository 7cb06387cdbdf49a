import { print, type DocumentNode } from 'graphql';
import * as generated from '../../../client/src/gql/graphql';
import { startTestApp, type TestApp } from '../test/harness';

/**
 * Every document the web client sends passes the server's validation and its limits (depth,
 * aliases, cost, tokens): a client screen must never meet "Bad Request" because its query nests a
 * fragment one level too deep. Sent without variables: validation runs before variables are read.
 */
const documents = Object.entries(generated)
  .filter(([name, value]) => name.endsWith('Document') && typeof value === 'object' && value !== null)
  .map(([name, value]) => [name, print(value as DocumentNode)] as const);

describe('the web client’s documents', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('are all found', () => {
    expect(documents.length).toBeGreaterThan(30);
  });

  it.each(documents)('%s passes validation and the limits', async (_name, query) => {
    const response = await t.gql(query, {});
    const codes = (response.errors ?? []).map((error) => error.extensions?.code);
    expect({ codes, messages: response.errors?.map((error) => error.message) }).not.toEqual(
      expect.objectContaining({ codes: expect.arrayContaining(['GRAPHQL_VALIDATION_FAILED']) }),
    );
    expect(codes).not.toContain('GRAPHQL_PARSE_FAILED');
  });
});

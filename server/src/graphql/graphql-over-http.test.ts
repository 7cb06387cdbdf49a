import { auditServer } from 'graphql-http';
import { startTestApp, type TestApp } from '../test/harness';

// graphql-http's own audit of the GraphQL-over-HTTP specification, against the real app.
describe('GraphQL over HTTP (graphql-http audit)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('passes every MUST and every SHOULD (only MAY notices remain)', async () => {
    const results = await auditServer({ url: `${t.url}/graphql` });
    const problems = results
      .filter((result) => result.status === 'error' || result.status === 'warn')
      .map(
        (result) =>
          `${result.status} ${result.id}: ${result.name} (${'reason' in result ? result.reason : ''})`,
      );
    expect(problems).toEqual([]);
    expect(results.length).toBeGreaterThan(50);
  });

  it('keeps 4xx for clients that accept application/graphql-response+json', async () => {
    const response = await fetch(`${t.url}/graphql`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/graphql-response+json',
      },
      body: JSON.stringify({ query: '{ notAField }' }),
    });
    expect(response.status).toBe(400);
    const json = (await fetch(`${t.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ query: '{ notAField' }),
    })) as Response;
    expect(json.status).toBe(200);
    expect(((await json.json()) as { errors: unknown[] }).errors).toHaveLength(1);
  });
});

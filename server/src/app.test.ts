import { startTestApp, type TestApp } from './test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('HTTP surface', () => {
  it('answers /healthz and /readyz', async () => {
    expect((await fetch(`${t.url}/healthz`)).status).toBe(200);
    const ready = await fetch(`${t.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ready' });
  });

  it.each([
    ['DELETE', '/account/delete-expense/'],
    ['GET', '/account/no-such-path'],
    ['POST', '/api/nothing/here'],
    ['PUT', '/message/'],
  ])(
    'answers a path of the API that no route takes (%s %s) with a JSON 404, never the web page',
    async (method, path) => {
      const response = await fetch(`${t.url}${path}`, { method });
      expect(response.status).toBe(404);
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      expect(await response.json()).toEqual({
        message: 'There is nothing at this address.',
        code: 'NOT_FOUND',
      });
    },
  );

  it('answers the health query over GraphQL with no-store caching', async () => {
    const response = await t.gql('{ health }');
    expect(response.data).toEqual({ health: 'ok' });
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it('serves an offline GraphiQL playground that loads nothing from a CDN', async () => {
    const response = await fetch(`${t.url}/graphql`, { headers: { accept: 'text/html' } });
    const html = await response.text();
    expect(response.status).toBe(200);
    expect(html).toContain('graphiql');
    expect(html).not.toMatch(/<script[^>]+src="https?:\/\//);
  });

  it('serves the public client configuration without analytics when none is configured', async () => {
    const body = await (await fetch(`${t.url}/config.js`)).text();
    expect(body).toContain('window.__TRUENET_CONFIG__');
    expect(body).not.toContain('http');
  });
});

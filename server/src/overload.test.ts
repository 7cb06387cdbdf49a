import http from 'node:http';
import { startTestApp, type TestApp } from './test/harness';
import { OVERLOAD_MESSAGE } from './overload';

/**
 * Past capacity (docs/product-rules.md §26), on the real app with room for one request in flight:
 * the next is turned away at once with 503 and Retry-After, in GraphQL's words on /graphql and the
 * REST shape elsewhere; the probes always answer; the place is free again once the first ends.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ env: { OVERLOAD_MAX_IN_FLIGHT: '1' } });
});
afterAll(() => t.close());

/** A POST whose body is still on its way: in flight until `finish`. */
function requestInFlight(url: string) {
  const body = JSON.stringify({ query: '{ health }' });
  const request = http.request(`${url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
  });
  const answered = new Promise<number>((resolve, reject) => {
    request.on('response', (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    request.on('error', reject);
  });
  request.write(body.slice(0, 5));
  return { finish: () => request.end(body.slice(5)), answered };
}

it('turns the request past capacity away with Retry-After, answers the probes, and admits again once there is room', async () => {
  const first = requestInFlight(t.url);
  // Until the server has counted the first, a second request may still be admitted: ask until refused.
  let refused: Response | undefined;
  while (!refused) {
    const response = await fetch(`${t.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ health }' }),
    });
    if (response.status === 503) refused = response;
  }
  expect(refused.headers.get('retry-after')).toBe('1');
  expect(await refused.json()).toEqual({
    errors: [
      {
        message: OVERLOAD_MESSAGE,
        extensions: { code: 'UNAVAILABLE', reason: 'BUSY', retryAfterSeconds: 1 },
      },
    ],
  });
  const rest = await fetch(`${t.url}/api/debtors/me`);
  expect(rest.status).toBe(503);
  expect(await rest.json()).toEqual({ message: OVERLOAD_MESSAGE, code: 'UNAVAILABLE' });
  for (const probe of ['/livez', '/readyz']) expect((await fetch(`${t.url}${probe}`)).status).toBe(200);
  const metrics = await (await fetch(`${t.url}/metrics`)).text();
  expect(metrics).toMatch(/truenet_shed_requests_total\{reason="overload"\} [1-9]/);

  first.finish();
  expect(await first.answered).toBe(200);
  const after = await fetch(`${t.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: '{ health }' }),
  });
  expect(after.status).toBe(200);
});

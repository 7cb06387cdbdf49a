import { createApp } from '../app';
import { startTestApp, type TestApp } from '../test/harness';
import { buildDebtor } from '../test/factories';
import {
  deliverWebhook,
  startStripeDouble,
  stripeCheckoutSession,
  stripeEvent,
  type StripeDouble,
} from '../test/stripe-double';
import { mountedRestRoutes, openApiPathOf } from './route-table';
import { expectContract, rest, REST_TEST_ENV } from '../test/rest';

/**
 * The OpenAPI document served at /api/openapi.json describes exactly the REST routes the app
 * mounts (read from Express's router stack), in both billing modes: every mounted path and method
 * is documented, and nothing is documented that is not mounted.
 */

type Document = {
  openapi: string;
  paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
  components: { schemas: Record<string, unknown> };
};

const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

function documentedOperations(document: Document): string[] {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    Object.keys(item)
      .filter((method) => METHODS.includes(method))
      .map((method) => `${method.toUpperCase()} ${path}`),
  );
}

async function mountedOperations(t: TestApp): Promise<string[]> {
  const { app, stop } = await createApp(t.deps);
  try {
    return mountedRestRoutes(app).map((route) => `${route.method} ${openApiPathOf(route.path)}`);
  } finally {
    await stop();
  }
}

/** Every `$ref` in the document names a schema it defines. */
function danglingRefs(document: Document): string[] {
  const refs = [...JSON.stringify(document).matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)].map(
    (match) => match[1]!,
  );
  return refs.filter((name) => !(name in document.components.schemas));
}

describe('GET /api/openapi.json', () => {
  describe('with the offline billing stand-in', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp({ env: REST_TEST_ENV });
    });
    afterAll(() => t.close());

    it('is an OpenAPI 3.1 document that documents every mounted REST route and no other', async () => {
      const response = await rest<Document>(t, 'GET', '/api/openapi.json');
      expect(response.status).toBe(200);
      expect(response.body.openapi).toBe('3.1.0');
      const mounted = await mountedOperations(t);
      expect(mounted.length).toBeGreaterThanOrEqual(34);
      expect(documentedOperations(response.body).sort()).toEqual([...new Set(mounted)].sort());
      expect(danglingRefs(response.body)).toEqual([]);
    });

    it('lists every path of the the product specification and docs/product-rules.md §11 among the mounted routes', async () => {
      const mounted = await mountedOperations(t);
      const specified = [
        'POST /account/login',
        'POST /account/register',
        'POST /account/create-checkout-session',
        'GET /account/refresh-token',
        'GET /account/set-refresh-token/{id}',
        'GET /account/logout',
        'PUT /account/change-password',
        'PUT /account/update-account',
        'PUT /account/reset-password',
        'PUT /account/resend-code',
        'PUT /account/verify-email',
        'POST /api/webhooks/create-portal-session',
        'POST /api/webhooks/cancel-subscription',
        'POST /message/send-message',
        'GET /account/creditors',
        'GET /account/income-sources',
        'GET /account/debtor-expenses',
        'GET /account/debtor-revenue',
        'GET /account/debtor-wallets',
        'POST /account/add-expense',
        'PUT /account/update-expense',
        'POST /account/add-income',
        'PUT /account/update-income',
        'POST /account/add-wallet',
        'PUT /account/update-wallet',
        'DELETE /account/delete-expense/{id}',
        'DELETE /account/delete-income/{id}',
        'DELETE /account/delete-wallet/{id}',
        'PUT /account/change-wallet',
        'GET /account/wallet-register',
        'PUT /account/update-pay-deposits',
        'PUT /account/update-paid-info',
        'PUT /account/update-wallet-balance',
      ];
      expect(mounted).toEqual(expect.arrayContaining(specified));
    });

    it('documents the error statuses and every success response as JSON or text', async () => {
      const { body } = await rest<Document>(t, 'GET', '/api/openapi.json');
      for (const [path, item] of Object.entries(body.paths)) {
        for (const [method, operation] of Object.entries(item)) {
          const statuses = Object.keys(operation.responses);
          expect({
            operation: `${method} ${path}`,
            success: statuses.some((s) => /^2\d\d$/.test(s)),
          }).toEqual({
            operation: `${method} ${path}`,
            success: true,
          });
        }
      }
      expect(Object.keys(body.paths['/account/add-expense']!.post!.responses).sort()).toEqual(
        ['200', '400', '401', '402', '403', '404', '413', '503'].sort(),
      );
      // The money-moving paths take an Idempotency-Key.
      for (const path of [
        '/account/update-wallet-balance',
        '/account/update-paid-info',
        '/account/update-pay-deposits',
      ]) {
        expect((body.paths[path]!.put as unknown as { parameters: unknown[] }).parameters).toEqual(
          expect.arrayContaining([expect.objectContaining({ name: 'Idempotency-Key', in: 'header' })]),
        );
      }
      // Every operation with a body documents the refusals of a body before it runs.
      for (const [path, item] of Object.entries(body.paths)) {
        for (const [method, operation] of Object.entries(item)) {
          if (!('requestBody' in operation)) continue;
          expect({ operation: `${method} ${path}`, statuses: Object.keys(operation.responses) }).toEqual({
            operation: `${method} ${path}`,
            statuses: expect.arrayContaining(['400', '413']),
          });
        }
      }
    });

    it('answers the 413 it documents for a bare-value body over 1 kB', async () => {
      const { accessToken } = await buildDebtor(t.deps.dataSource, t.deps.config);
      for (const path of ['/account/change-wallet', '/account/resend-code']) {
        const response = await fetch(`${t.url}${path}`, {
          method: 'PUT',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` },
          body: `"${'1'.repeat(2_000)}"`,
        });
        expect({ path, status: response.status }).toEqual({ path, status: 413 });
      }
      const { body } = await rest<Document>(t, 'GET', '/api/openapi.json');
      expect(Object.keys(body.paths['/account/change-wallet']!.put!.responses)).toContain('413');
      expect(Object.keys(body.paths['/account/resend-code']!.put!.responses)).toContain('413');
    });
  });

  describe('with Stripe', () => {
    let double: StripeDouble;
    let t: TestApp;
    beforeAll(async () => {
      double = await startStripeDouble();
      t = await startTestApp({ env: { ...REST_TEST_ENV, ...double.env() } });
    });
    afterAll(async () => {
      await t.close();
      await double.close();
    });

    it('documents the mounted webhook path too, and still nothing else', async () => {
      const { body } = await rest<Document>(t, 'GET', '/api/openapi.json');
      const mounted = await mountedOperations(t);
      expect(mounted).toContain('POST /api/webhooks/stripe');
      expect(documentedOperations(body).sort()).toEqual([...new Set(mounted)].sort());
    });

    it('POST /api/webhooks/stripe answers the documented receipt to a signed event', async () => {
      const { debtor } = await buildDebtor(t.deps.dataSource, t.deps.config, {
        subscriptionStatus: 'incomplete',
      });
      const event = stripeEvent(
        'checkout.session.completed',
        stripeCheckoutSession({ client_reference_id: String(debtor.id) }),
      );
      const response = await deliverWebhook(t.url, event);
      expectContract({ ...response, headers: new Headers() }, 'POST', '/api/webhooks/stripe');
      expect(response.body).toEqual({ received: true, duplicate: false });
    });
  });
});

import { queryRows } from '../../db/sql';
import { buildDebtor } from '../../test/factories';
import { startTestApp, type TestApp } from '../../test/harness';
import { startCheckout } from './checkout.service';
import { readSubscription } from './subscription.service';

const APP_URL = 'https://truenet.example';
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ env: { APP_URL } });
});
afterAll(() => t.close());

/** A freshly registered account (incomplete subscription) and its stand-in checkout. */
async function registeredWithCheckout(plan: 'YEARLY' | 'QUARTERLY' = 'YEARLY') {
  const built = await buildDebtor(t.deps.dataSource, t.deps.config, {
    status: 999,
    subscriptionStatus: 'incomplete',
  });
  const checkout = await startCheckout(t.deps, built.debtor, plan);
  return { ...built, ...checkout, path: new URL(checkout.checkoutUrl).pathname };
}

function submit(path: string) {
  return fetch(`${t.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: '',
    redirect: 'manual',
  });
}

describe('offline stand-in of the hosted checkout', () => {
  it('is the default without STRIPE_SECRET_KEY and serves a checkout page with the plan, trial and price', async () => {
    expect(t.deps.billing.mode).toBe('offline');
    const { checkoutUrl, sessionId, path, debtor } = await registeredWithCheckout('YEARLY');
    expect(checkoutUrl).toBe(`${APP_URL}/billing/offline/checkout/${sessionId}`);

    const response = await fetch(`${t.url}${path}`);
    const html = await response.text();

    expect(response.status).toBe(200);
    expect(response.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(html).toContain('Local stand-in: no real payment is taken');
    expect(html).toContain('Pay yearly');
    expect(html).toContain('$29.95 every 12 months');
    expect(html).toContain('7-day trial');
    expect(html).toContain(debtor.email);
    expect(html).toContain(`action="/billing/offline/checkout/${sessionId}/pay"`);
    expect(html).toContain(`action="/billing/offline/checkout/${sessionId}/fail"`);
    expect(html).toMatch(/<button[^>]*>Pay<\/button>/);
    expect(html).toMatch(/<button[^>]*>Fail<\/button>/);
    expect(html).not.toContain('<script');
  });

  it("'Pay' makes the account trialing through the webhook events and returns to #/createaccount/<id>", async () => {
    const { debtor, sessionId, path } = await registeredWithCheckout('QUARTERLY');

    const paid = await submit(`${path}/pay`);

    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`${APP_URL}/#/createaccount/${sessionId}`);
    const subscription = await readSubscription(t.deps.dataSource, debtor.id);
    expect(subscription).toMatchObject({
      status: 'trialing',
      plan: 'QUARTERLY',
      providerCustomerId: `cus_offline_${debtor.id}`,
      providerSubscriptionId: expect.stringMatching(/^sub_offline_/),
      cancelAtPeriodEnd: false,
    });
    const trialDays = (subscription!.trialEnd!.getTime() - Date.now()) / 86400000;
    expect(trialDays).toBeGreaterThan(6.9);
    expect(trialDays).toBeLessThanOrEqual(7);
    const events = await queryRows<{ type: string }>(
      t.deps.dataSource,
      `SELECT type FROM processed_webhook_event WHERE event_id LIKE $1 ORDER BY type`,
      [`evt_offline_${sessionId.replace('cs_offline_', '')}_%`],
    );
    expect(events.map((event) => event.type)).toEqual([
      'checkout.session.completed',
      'customer.subscription.created',
    ]);
  });

  it("'Pay' twice applies the checkout once", async () => {
    const { debtor, path } = await registeredWithCheckout();
    await submit(`${path}/pay`);
    const first = await readSubscription(t.deps.dataSource, debtor.id);
    const again = await submit(`${path}/pay`);

    expect(again.status).toBe(303);
    expect(await readSubscription(t.deps.dataSource, debtor.id)).toEqual(first);
  });

  it("'Fail' returns to #/createaccount/failed and leaves the account incomplete", async () => {
    const { debtor, path } = await registeredWithCheckout();
    const failed = await submit(`${path}/fail`);

    expect(failed.status).toBe(303);
    expect(failed.headers.get('location')).toBe(`${APP_URL}/#/createaccount/failed`);
    expect(await readSubscription(t.deps.dataSource, debtor.id)).toMatchObject({
      status: 'incomplete',
      providerSubscriptionId: null,
    });
  });

  it('answers 404 for a checkout session it never opened', async () => {
    const unknown = `/billing/offline/checkout/cs_offline_${'0'.repeat(32)}`;
    expect((await fetch(`${t.url}${unknown}`)).status).toBe(404);
    expect((await submit(`${unknown}/pay`)).status).toBe(404);
  });

  it("serves a portal page whose 'Return to TrueNet' goes to #/manageaccount/updated, and cancels locally", async () => {
    const { accessToken, path } = await registeredWithCheckout();
    await submit(`${path}/pay`);

    const portal = await t.gql('mutation { createPortalSession }', {}, { token: accessToken });
    const portalUrl = (portal.data as { createPortalSession: string }).createPortalSession;
    expect(portalUrl).toMatch(new RegExp(`^${APP_URL}/billing/offline/portal/bps_offline_`));
    const html = await (await fetch(`${t.url}${new URL(portalUrl).pathname}`)).text();
    expect(html).toContain('Local stand-in: no real payment is taken');
    expect(html).toMatch(
      new RegExp(`<a [^>]*href="${APP_URL}/#/manageaccount/updated"[^>]*>Return to TrueNet</a>`),
    );

    const cancel = await t.gql(
      'mutation { cancelSubscription { status cancelAtPeriodEnd } }',
      {},
      { token: accessToken },
    );
    expect(cancel.data).toEqual({ cancelSubscription: { status: 'TRIALING', cancelAtPeriodEnd: true } });
  });

  it('has no webhook endpoint: only its own pages emit provider events', async () => {
    const response = await fetch(`${t.url}/api/webhooks/stripe`, { method: 'POST', body: '{}' });
    expect(response.status).toBe(404);
  });
});

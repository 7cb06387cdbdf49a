import { buildDebtor } from '../../test/factories';
import { startTestApp, type TestApp } from '../../test/harness';
import { startStripeDouble, stripeSubscription, type StripeDouble } from '../../test/stripe-double';
import type { SubscriptionStatusValue } from './subscription.entity';
import { readSubscription } from './subscription.service';

let double: StripeDouble;
let t: TestApp;
beforeAll(async () => {
  double = await startStripeDouble();
  t = await startTestApp({ env: { ...double.env(), APP_URL: 'https://truenet.example' } });
});
afterAll(async () => {
  await t.close();
  await double.close();
});
afterEach(() => double.failWith(null));

/** A subscribed account, known to the double as a provider subscription. */
async function subscribedAccount(status: SubscriptionStatusValue = 'active') {
  const built = await buildDebtor(t.deps.dataSource, t.deps.config, { subscriptionStatus: status });
  const subscriptionId = `sub_test_${built.debtor.id}`;
  const customerId = `cus_test_${built.debtor.id}`;
  double.putSubscription(stripeSubscription({ id: subscriptionId, customer: customerId, status }));
  await t.deps.dataSource.query(
    'UPDATE subscription SET provider_subscription_id = $2, provider_customer_id = $3 WHERE debtor_id = $1',
    [built.debtor.id, subscriptionId, customerId],
  );
  return { ...built, subscriptionId, customerId };
}

async function rest(path: string, body: unknown, token?: string) {
  const response = await fetch(`${t.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as unknown };
}

const CANCEL = 'mutation { cancelSubscription { status cancelAtPeriodEnd currentPeriodEnd canWrite } }';
const PORTAL = 'mutation ($returnUrl: String) { createPortalSession(returnUrl: $returnUrl) }';

describe('cancelSubscription', () => {
  it('sets cancel-at-period-end on the provider and on the account, which keeps access until then', async () => {
    const { debtor, accessToken, subscriptionId } = await subscribedAccount('active');
    const response = await t.gql(CANCEL, {}, { token: accessToken });

    expect(response.errors).toBeUndefined();
    const [request] = double.requestsTo('POST', `/v1/subscriptions/${subscriptionId}`);
    expect(request!.body).toEqual({ cancel_at_period_end: 'true' });
    expect(request!.idempotencyKey).toMatch(new RegExp(`^cancel-${subscriptionId}-`));
    expect(response.data).toEqual({
      cancelSubscription: {
        status: 'ACTIVE',
        cancelAtPeriodEnd: true,
        currentPeriodEnd: expect.any(String),
        canWrite: true,
      },
    });
    expect((await readSubscription(t.deps.dataSource, debtor.id))?.cancelAtPeriodEnd).toBe(true);
  });

  it('says so and changes nothing when the provider fails', async () => {
    const { debtor, accessToken } = await subscribedAccount('trialing');
    double.failWith(500);
    const response = await t.gql(CANCEL, {}, { token: accessToken });

    expect(response.errors?.[0]?.message).toBe(
      'There was an error cancelling your account. Please try again later.',
    );
    expect((await readSubscription(t.deps.dataSource, debtor.id))?.cancelAtPeriodEnd).toBe(false);
  });

  it('refuses an account with no running subscription', async () => {
    const { accessToken } = await buildDebtor(t.deps.dataSource, t.deps.config, {
      subscriptionStatus: 'incomplete',
    });
    const response = await t.gql(CANCEL, {}, { token: accessToken });
    expect(response.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
  });

  it('answers POST /api/webhooks/cancel-subscription below 250 for the signed-in account', async () => {
    const { debtor, accessToken, subscriptionId } = await subscribedAccount('active');
    const response = await rest(
      '/api/webhooks/cancel-subscription',
      { id: debtor.id, userName: debtor.userName.toUpperCase(), email: debtor.email },
      accessToken,
    );

    expect(response.status).toBeLessThan(250);
    expect(response.body).toMatchObject({
      message: 'Account Cancelled',
      subscription: { cancelAtPeriodEnd: true },
    });
    expect(double.requestsTo('POST', `/v1/subscriptions/${subscriptionId}`)).toHaveLength(1);
  });

  it("answers 403 for another account's id and 401 without a sign-in, cancelling nothing", async () => {
    const { debtor, accessToken } = await subscribedAccount('active');
    const other = await subscribedAccount('active');
    const before = double.requests.length;

    const forged = await rest(
      '/api/webhooks/cancel-subscription',
      { id: other.debtor.id, userName: other.debtor.userName, email: other.debtor.email },
      accessToken,
    );
    const anonymous = await rest('/api/webhooks/cancel-subscription', { id: debtor.id });

    expect(forged.status).toBe(403);
    expect(anonymous.status).toBe(401);
    expect(double.requests.length).toBe(before);
    expect((await readSubscription(t.deps.dataSource, other.debtor.id))?.cancelAtPeriodEnd).toBe(false);
  });
});

describe('createPortalSession', () => {
  it("returns the provider's portal URL, which returns to #/manageaccount/updated", async () => {
    const { accessToken, customerId } = await subscribedAccount('past_due');
    const response = await t.gql(PORTAL, { returnUrl: 'https://evil.example/' }, { token: accessToken });

    expect(response.errors).toBeUndefined();
    const url = (response.data as { createPortalSession: string }).createPortalSession;
    expect(url).toMatch(/^https:\/\/billing\.stripe\.test\/p\/session\/bps_test_/);
    const [request] = double.requestsTo('POST', '/v1/billing_portal/sessions').slice(-1);
    expect(request!.body).toEqual({
      customer: customerId,
      return_url: 'https://truenet.example/#/manageaccount/updated',
    });
  });

  it('answers the URL as the response data of POST /api/webhooks/create-portal-session', async () => {
    const { accessToken } = await subscribedAccount('active');
    const response = await rest(
      '/api/webhooks/create-portal-session',
      { returnUrl: 'https://truenet.example/#/manageaccount', cancelUrl: 'https://truenet.example/' },
      accessToken,
    );
    expect(response.status).toBe(200);
    expect(response.body).toMatch(/^https:\/\/billing\.stripe\.test\/p\/session\//);
  });

  it("says 'Update payment not available. Try again later.' when the provider fails or there is no customer", async () => {
    const { accessToken } = await subscribedAccount('active');
    double.failWith(500);
    const down = await t.gql(PORTAL, {}, { token: accessToken });
    double.failWith(null);
    const noCustomer = await buildDebtor(t.deps.dataSource, t.deps.config, {
      subscriptionStatus: 'incomplete',
    });
    const missing = await t.gql(PORTAL, {}, { token: noCustomer.accessToken });

    expect(down.errors?.[0]?.message).toBe('Update payment not available. Try again later.');
    expect(missing.errors?.[0]?.message).toBe('Update payment not available. Try again later.');
  });
});

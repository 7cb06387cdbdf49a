import { buildDebtor } from '../../test/factories';
import { startCuttableProxy, type CuttableProxy } from '../../test/cuttable-proxy';
import { startTestApp, type TestApp } from '../../test/harness';
import {
  startStripeDouble,
  TEST_PRICE_QUARTERLY,
  TEST_PRICE_YEARLY,
  type StripeDouble,
} from '../../test/stripe-double';
import { AppError } from '../../errors';
import { LOGIN, REGISTER, registrationInput, TEST_ENV, uniqueIp } from '../../test/accounts';
import { startCheckout } from './checkout.service';
import type { SubscriptionStatusValue } from './subscription.entity';
import { readSubscription } from './subscription.service';

let double: StripeDouble;
/** Between the app and the Stripe double, to make it slow or silent. */
let neighbour: CuttableProxy;
let t: TestApp;
beforeAll(async () => {
  double = await startStripeDouble();
  neighbour = await startCuttableProxy(double.url);
  t = await startTestApp({
    env: {
      ...double.env(),
      STRIPE_API_URL: neighbour.urlFor(double.url),
      ...TEST_ENV,
      APP_URL: 'https://truenet.example',
    },
  });
});
afterAll(async () => {
  await t.close();
  await neighbour.close();
  await double.close();
});
afterEach(() => {
  double.failWith(null);
  neighbour.restore();
});

async function account(status: SubscriptionStatusValue | null = 'incomplete') {
  return buildDebtor(t.deps.dataSource, t.deps.config, { status: 999, subscriptionStatus: status });
}

const CREATE_CHECKOUT = `mutation ($plan: PlanCode) { createCheckoutSession(plan: $plan) { uid checkoutUrl sessionId } }`;

describe('registration checkout (startCheckout)', () => {
  it('creates a hosted checkout session with the plan price, a 7-day trial and the createaccount URLs', async () => {
    const { debtor } = await account();
    const start = await startCheckout(t.deps, debtor, 'YEARLY');

    const [request] = double.requestsTo('POST', '/v1/checkout/sessions').slice(-1);
    expect(request!.body).toMatchObject({
      mode: 'subscription',
      line_items: [{ price: TEST_PRICE_YEARLY, quantity: '1' }],
      subscription_data: { trial_period_days: '7', metadata: { debtorId: String(debtor.id) } },
      client_reference_id: String(debtor.id),
      customer_email: debtor.email,
      success_url: 'https://truenet.example/#/createaccount/{CHECKOUT_SESSION_ID}',
      cancel_url: 'https://truenet.example/#/createaccount/failed',
    });
    expect(request!.idempotencyKey).toMatch(new RegExp(`^checkout-${debtor.id}-YEARLY-`));
    expect(start.checkoutUrl).toBe(`https://checkout.stripe.test/c/pay/${start.sessionId}`);
    expect(await readSubscription(t.deps.dataSource, debtor.id)).toMatchObject({
      status: 'incomplete',
      plan: 'YEARLY',
    });
    const [row] = await t.deps.dataSource.query(
      'SELECT checkout_session_id FROM subscription WHERE debtor_id = $1',
      [debtor.id],
    );
    expect(row.checkout_session_id).toBe(start.sessionId);
  });

  it('charges the quarterly price for the quarterly plan', async () => {
    const { debtor } = await account();
    await startCheckout(t.deps, debtor, 'QUARTERLY');
    const [request] = double.requestsTo('POST', '/v1/checkout/sessions').slice(-1);
    expect(request!.body.line_items).toEqual([{ price: TEST_PRICE_QUARTERLY, quantity: '1' }]);
    expect((await readSubscription(t.deps.dataSource, debtor.id))?.plan).toBe('QUARTERLY');
  });

  it.each([500, 402] as const)(
    'answers a clear error and leaves no partial state when the provider is down (%i)',
    async (status) => {
      const { debtor } = await account();
      const before = await readSubscription(t.deps.dataSource, debtor.id);
      double.failWith(status);

      const failure = await startCheckout(t.deps, debtor, 'YEARLY').catch((error: unknown) => error);

      expect(failure).toBeInstanceOf(AppError);
      expect((failure as AppError).message).toBe(
        'The payment provider is unavailable. Sign in later to finish subscribing.',
      );
      expect(await readSubscription(t.deps.dataSource, debtor.id)).toEqual(before);
      const [row] = await t.deps.dataSource.query(
        'SELECT checkout_session_id FROM subscription WHERE debtor_id = $1',
        [debtor.id],
      );
      expect(row.checkout_session_id).toBeNull();
    },
  );
});

describe('a slow or silent payment provider', () => {
  const sessionsOf = (debtorId: number) =>
    double
      .requestsTo('POST', '/v1/checkout/sessions')
      .filter((request) => request.body.client_reference_id === String(debtorId));

  it('that answers in 10 s still opens the checkout, once', async () => {
    const { debtor } = await account();
    neighbour.slowBy(10_000);
    const start = await startCheckout(t.deps, debtor, 'YEARLY');
    expect(start.checkoutUrl).toMatch(/^https:\/\/checkout\.stripe\.test\//);
    expect(sessionsOf(debtor.id)).toHaveLength(1);
  }, 60_000);

  it('that never answers: the person gets the clear error, nothing is half-written, and trying again opens one checkout', async () => {
    const { debtor } = await account();
    const before = await readSubscription(t.deps.dataSource, debtor.id);
    neighbour.silence();
    const failure = await startCheckout(t.deps, debtor, 'YEARLY').catch((error: unknown) => error);
    expect((failure as AppError).message).toBe(
      'The payment provider is unavailable. Sign in later to finish subscribing.',
    );
    expect(await readSubscription(t.deps.dataSource, debtor.id)).toEqual(before);
    expect(sessionsOf(debtor.id)).toEqual([]);
    neighbour.restore();
    const start = await startCheckout(t.deps, debtor, 'YEARLY');
    expect(sessionsOf(debtor.id)).toHaveLength(1);
    expect(await readSubscription(t.deps.dataSource, debtor.id)).toMatchObject({ status: 'incomplete' });
    const [row] = await t.deps.dataSource.query(
      'SELECT checkout_session_id FROM subscription WHERE debtor_id = $1',
      [debtor.id],
    );
    expect(row.checkout_session_id).toBe(start.sessionId);
  }, 60_000);
});

describe('register', () => {
  const register = (input: Record<string, unknown>) =>
    t.gql<{ register: { uid: number; checkoutUrl: string; sessionId: string } }>(
      REGISTER,
      { input },
      { headers: { 'x-forwarded-for': uniqueIp() } },
    );

  it('opens the checkout of the chosen plan with a 7-day trial for the new account', async () => {
    const input = registrationInput({ plan: 'QUARTERLY' });
    const response = await register(input);

    expect(response.errors).toBeUndefined();
    const { uid, checkoutUrl, sessionId } = response.data!.register;
    expect(checkoutUrl).toBe(`https://checkout.stripe.test/c/pay/${sessionId}`);
    const [request] = double.requestsTo('POST', '/v1/checkout/sessions').slice(-1);
    expect(request!.body).toMatchObject({
      mode: 'subscription',
      line_items: [{ price: TEST_PRICE_QUARTERLY, quantity: '1' }],
      subscription_data: { trial_period_days: '7' },
      client_reference_id: String(uid),
      customer_email: input.email,
      success_url: 'https://truenet.example/#/createaccount/{CHECKOUT_SESSION_ID}',
      cancel_url: 'https://truenet.example/#/createaccount/failed',
    });
    expect(await readSubscription(t.deps.dataSource, uid)).toMatchObject({
      status: 'incomplete',
      plan: 'QUARTERLY',
    });
  });

  it('keeps the account incomplete, with no session, when the provider is down', async () => {
    double.failWith(500);
    const response = await register(registrationInput());

    expect(response.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    const uid = response.errors?.[0]?.extensions?.uid as number;
    expect(await readSubscription(t.deps.dataSource, uid)).toMatchObject({ status: 'incomplete' });
    const [row] = await t.deps.dataSource.query(
      'SELECT checkout_session_id FROM subscription WHERE debtor_id = $1',
      [uid],
    );
    expect(row.checkout_session_id).toBeNull();
  });
});

describe('createCheckoutSession', () => {
  it('after a failed payment, the account just registered signs in and gets a new checkout (same trial)', async () => {
    const input = registrationInput({ plan: 'YEARLY' });
    const first = await t.gql<{ register: { uid: number; sessionId: string } }>(
      REGISTER,
      { input },
      { headers: { 'x-forwarded-for': uniqueIp() } },
    );
    const { uid, sessionId } = first.data!.register;
    // The hosted checkout returned to #/createaccount/failed: nothing was paid, no event arrived.
    const again = await t.gql(REGISTER, { input }, { headers: { 'x-forwarded-for': uniqueIp() } });
    expect(again.errors?.[0]?.message).toMatch(/taken|already/i);

    const login = await t.gql<{ login: { accessToken: string; accountStatus: number } }>(
      LOGIN,
      { userName: input.userName, userPassword: input.userPassword },
      { headers: { 'x-forwarded-for': uniqueIp() } },
    );
    expect(login.errors).toBeUndefined();
    const retry = await t.gql<{ createCheckoutSession: { uid: number; sessionId: string } }>(
      CREATE_CHECKOUT,
      {},
      { token: login.data!.login.accessToken },
    );
    expect(retry.errors).toBeUndefined();
    expect(retry.data!.createCheckoutSession.uid).toBe(uid);
    expect(retry.data!.createCheckoutSession.sessionId).not.toBe(sessionId);
    const [request] = double.requestsTo('POST', '/v1/checkout/sessions').slice(-1);
    expect(request!.body).toMatchObject({
      client_reference_id: String(uid),
      line_items: [{ price: TEST_PRICE_YEARLY, quantity: '1' }],
      subscription_data: { trial_period_days: '7' },
      cancel_url: 'https://truenet.example/#/createaccount/failed',
    });
  });

  it('starts a new checkout for a signed-in account whose subscription is incomplete', async () => {
    const { debtor, accessToken } = await account('incomplete');
    const response = await t.gql(CREATE_CHECKOUT, { plan: 'QUARTERLY' }, { token: accessToken });

    expect(response.errors).toBeUndefined();
    const payload = (response.data as { createCheckoutSession: { uid: number; sessionId: string } })
      .createCheckoutSession;
    expect(payload.uid).toBe(debtor.id);
    const [request] = double.requestsTo('POST', '/v1/checkout/sessions').slice(-1);
    expect(request!.body).toMatchObject({ client_reference_id: String(debtor.id) });
    expect(payload.sessionId).toMatch(/^cs_test_/);
  });

  it('renews a canceled subscription with the same customer and no second trial', async () => {
    const { debtor, accessToken } = await account('canceled');
    await t.deps.dataSource.query(
      `UPDATE subscription SET provider_customer_id = 'cus_test_renew', provider_subscription_id = $2 WHERE debtor_id = $1`,
      [debtor.id, `sub_test_old_${debtor.id}`],
    );
    const response = await t.gql(CREATE_CHECKOUT, {}, { token: accessToken });

    expect(response.errors).toBeUndefined();
    const [request] = double.requestsTo('POST', '/v1/checkout/sessions').slice(-1);
    expect(request!.body).toMatchObject({
      customer: 'cus_test_renew',
      line_items: [{ price: TEST_PRICE_YEARLY }],
    });
    expect(request!.body.customer_email).toBeUndefined();
    expect(request!.body.subscription_data).not.toHaveProperty('trial_period_days');
  });

  it('refuses an account that is already subscribed', async () => {
    const { accessToken } = await account('trialing');
    const calls = double.requests.length;
    const response = await t.gql(CREATE_CHECKOUT, {}, { token: accessToken });

    expect(response.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(response.errors?.[0]?.message).toMatch(/already set up/);
    expect(double.requests.length).toBe(calls);
  });

  it('requires signing in', async () => {
    const response = await t.gql(CREATE_CHECKOUT, {});
    expect(response.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });
});

describe('POST /account/create-checkout-session', () => {
  const post = (body: unknown, token?: string) =>
    fetch(`${t.url}/account/create-checkout-session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });

  it('answers data.url and sessionId for the signed-in account, with the price id it names', async () => {
    const { debtor, accessToken } = await account('incomplete');
    const response = await post({ priceId: TEST_PRICE_QUARTERLY, email: 'ignored@example.com' }, accessToken);
    const body = (await response.json()) as { url: string; sessionId: string };

    expect(response.status).toBe(200);
    expect(body.url).toBe(`https://checkout.stripe.test/c/pay/${body.sessionId}`);
    const [request] = double.requestsTo('POST', '/v1/checkout/sessions').slice(-1);
    expect(request!.body).toMatchObject({
      client_reference_id: String(debtor.id),
      customer_email: debtor.email,
      line_items: [{ price: TEST_PRICE_QUARTERLY }],
    });
  });

  it('answers 401 without a sign-in and 400 for a price it does not sell', async () => {
    const { accessToken } = await account('incomplete');
    expect((await post({ priceId: TEST_PRICE_YEARLY })).status).toBe(401);
    expect((await post({ priceId: 'price_unknown' }, accessToken)).status).toBe(400);
  });
});

describe('plans', () => {
  it('lists the quarterly and yearly plans with their price ids and payment links, yearly the default', async () => {
    const response = await t.gql(
      '{ plans { code label price intervalMonths priceId paymentLink isDefault tagline } }',
    );
    expect(response.data).toEqual({
      plans: [
        {
          code: 'QUARTERLY',
          label: 'Pay quarterly',
          price: 14.95,
          intervalMonths: 3,
          priceId: TEST_PRICE_QUARTERLY,
          paymentLink: 'https://buy.stripe.test/quarterly',
          isDefault: false,
          tagline: null,
        },
        {
          code: 'YEARLY',
          label: 'Pay yearly',
          price: 29.95,
          intervalMonths: 12,
          priceId: TEST_PRICE_YEARLY,
          paymentLink: 'https://buy.stripe.test/yearly',
          isDefault: true,
          tagline: 'Best deal: 50% savings, 6 months free',
        },
      ],
    });
  });
});

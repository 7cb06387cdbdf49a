import { queryRows } from '../../db/sql';
import { buildDebtor } from '../../test/factories';
import { startTestApp, type TestApp } from '../../test/harness';
import {
  deliverWebhook,
  startStripeDouble,
  stripeCheckoutSession,
  stripeEvent,
  stripeInvoice,
  stripeSubscription,
  TEST_PRICE_QUARTERLY,
  type StripeDouble,
} from '../../test/stripe-double';
import type { SubscriptionStatusValue } from './subscription.entity';
import { readSubscription } from './subscription.service';

let double: StripeDouble;
let t: TestApp;
beforeAll(async () => {
  double = await startStripeDouble();
  t = await startTestApp({ env: double.env() });
});
afterAll(async () => {
  await t.close();
  await double.close();
});

const nowSeconds = () => Math.floor(Date.now() / 1000);

async function account(status: SubscriptionStatusValue = 'incomplete') {
  return buildDebtor(t.deps.dataSource, t.deps.config, { subscriptionStatus: status });
}

/** An account whose checkout completed: linked to a provider customer and subscription. */
async function subscribedAccount(status: SubscriptionStatusValue = 'trialing') {
  const built = await account(status);
  const subscriptionId = `sub_test_${built.debtor.id}_${Date.now()}`;
  const customerId = `cus_test_${built.debtor.id}_${Date.now()}`;
  await t.deps.dataSource.query(
    'UPDATE subscription SET provider_subscription_id = $2, provider_customer_id = $3 WHERE debtor_id = $1',
    [built.debtor.id, subscriptionId, customerId],
  );
  return { ...built, subscriptionId, customerId };
}

async function processedCount(eventId: string): Promise<number> {
  const rows = await queryRows(
    t.deps.dataSource,
    'SELECT 1 FROM processed_webhook_event WHERE event_id = $1',
    [eventId],
  );
  return rows.length;
}

describe('POST /api/webhooks/stripe', () => {
  it('makes the account trialing on a signed checkout.session.completed', async () => {
    const { debtor } = await account('incomplete');
    const session = stripeCheckoutSession({
      client_reference_id: String(debtor.id),
      customer_email: debtor.email,
    });
    const response = await deliverWebhook(t.url, stripeEvent('checkout.session.completed', session));

    expect(response.status).toBe(200);
    const subscription = await readSubscription(t.deps.dataSource, debtor.id);
    expect(subscription).toMatchObject({
      status: 'trialing',
      providerCustomerId: session.customer,
      providerSubscriptionId: session.subscription,
    });
  });

  it('refuses a tampered body, a wrong secret, a 10-minute-old signature and a missing one, changing nothing', async () => {
    const { debtor } = await account('incomplete');
    const event = stripeEvent(
      'checkout.session.completed',
      stripeCheckoutSession({ client_reference_id: String(debtor.id) }),
    );
    const attempts = [
      { tamper: (payload: string) => payload.replace('"complete"', '"complete" ') },
      { tamper: (payload: string) => payload.replace(String(debtor.id), String(debtor.id + 1)) },
      { secret: 'whsec_someone_else' },
      { timestamp: nowSeconds() - 600 },
      { unsigned: true },
    ];
    for (const options of attempts) {
      const response = await deliverWebhook(t.url, event, options);
      expect(response.status).toBe(400);
    }

    expect(await processedCount(event.id as string)).toBe(0);
    expect(await readSubscription(t.deps.dataSource, debtor.id)).toMatchObject({
      status: 'incomplete',
      providerCustomerId: null,
      providerSubscriptionId: null,
    });
  });

  it('applies the same event delivered 3 times once', async () => {
    const { debtor, subscriptionId, customerId } = await subscribedAccount('trialing');
    const event = stripeEvent(
      'customer.subscription.trial_will_end',
      stripeSubscription({ id: subscriptionId, customer: customerId, trial_end: nowSeconds() + 3 * 86400 }),
    );

    const answers = [];
    for (let delivery = 0; delivery < 3; delivery++) answers.push(await deliverWebhook(t.url, event));

    expect(answers.map((answer) => [answer.status, answer.body.duplicate])).toEqual([
      [200, false],
      [200, true],
      [200, true],
    ]);
    expect(await processedCount(event.id as string)).toBe(1);
    const mails = await queryRows<{ subject: string; textBody: string }>(
      t.deps.dataSource,
      'SELECT subject, text_body AS "textBody" FROM outbox_mail WHERE to_address = $1',
      [debtor.email],
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Your TrueNet free trial ends soon');
    expect(mails[0]!.textBody).toContain('Hi Pat,');
  });

  it('applies the same event delivered 3 times at once only once', async () => {
    const { debtor, subscriptionId, customerId } = await subscribedAccount('trialing');
    const event = stripeEvent(
      'customer.subscription.trial_will_end',
      stripeSubscription({ id: subscriptionId, customer: customerId }),
    );

    const answers = await Promise.all([1, 2, 3].map(() => deliverWebhook(t.url, event)));

    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect(answers.filter((answer) => answer.body.duplicate === false)).toHaveLength(1);
    const mails = await queryRows(t.deps.dataSource, 'SELECT 1 FROM outbox_mail WHERE to_address = $1', [
      debtor.email,
    ]);
    expect(mails).toHaveLength(1);
  });

  it('ends active when subscription.updated(active) arrives before subscription.created(trialing)', async () => {
    const { debtor, accessToken } = await account('incomplete');
    const subscriptionId = `sub_test_order_${debtor.id}`;
    const metadata = { debtorId: String(debtor.id) };
    const periodEnd = nowSeconds() + 90 * 86400;
    const created = stripeEvent(
      'customer.subscription.created',
      stripeSubscription({ id: subscriptionId, status: 'trialing', metadata, price: TEST_PRICE_QUARTERLY }),
      { created: nowSeconds() - 120 },
    );
    const updated = stripeEvent(
      'customer.subscription.updated',
      stripeSubscription({
        id: subscriptionId,
        status: 'active',
        trial_end: null,
        metadata,
        price: TEST_PRICE_QUARTERLY,
        current_period_end: periodEnd,
      }),
      { created: nowSeconds() - 60 },
    );

    expect((await deliverWebhook(t.url, updated)).status).toBe(200);
    expect((await deliverWebhook(t.url, created)).status).toBe(200);

    expect(await readSubscription(t.deps.dataSource, debtor.id)).toMatchObject({
      status: 'active',
      plan: 'QUARTERLY',
      providerSubscriptionId: subscriptionId,
      trialEnd: null,
      currentPeriodEnd: new Date(periodEnd * 1000),
    });
    const me = await t.gql(
      '{ me { subscription { status plan trialEnd currentPeriodEnd canWrite } } }',
      {},
      {
        token: accessToken,
      },
    );
    expect(me.data).toEqual({
      me: {
        subscription: {
          status: 'ACTIVE',
          plan: 'QUARTERLY',
          trialEnd: null,
          currentPeriodEnd: new Date(periodEnd * 1000).toISOString(),
          canWrite: true,
        },
      },
    });
  });

  it('blocks writes after subscription.deleted while reads still work', async () => {
    const { debtor, accessToken, subscriptionId, customerId } = await subscribedAccount('active');
    const deleted = stripeEvent(
      'customer.subscription.deleted',
      stripeSubscription({ id: subscriptionId, customer: customerId, status: 'canceled' }),
    );
    expect((await deliverWebhook(t.url, deleted)).status).toBe(200);
    expect((await readSubscription(t.deps.dataSource, debtor.id))?.status).toBe('canceled');

    const write = await t.gql(
      'mutation { addWallet(input: { walletName: "Checking" }) { id } }',
      {},
      { token: accessToken },
    );
    expect(write.errors?.[0]?.extensions?.code).toBe('SUBSCRIPTION_REQUIRED');
    const read = await t.gql('{ wallets { id walletName } }', {}, { token: accessToken });
    expect(read.errors).toBeUndefined();
    expect(read.data).toEqual({ wallets: [] });
    const me = await t.gql(
      '{ me { subscription { status plan cancelAtPeriodEnd canWrite } } }',
      {},
      { token: accessToken },
    );
    expect(me.data).toEqual({
      me: { subscription: { status: 'CANCELED', plan: 'YEARLY', cancelAtPeriodEnd: false, canWrite: false } },
    });
  });

  it('makes the account past due when an invoice payment fails, and active again when it is paid', async () => {
    const { debtor, subscriptionId, customerId } = await subscribedAccount('active');
    const failed = stripeEvent(
      'invoice.payment_failed',
      stripeInvoice(subscriptionId, { customer: customerId, status: 'open', amount_paid: 0 }),
      { created: nowSeconds() - 30 },
    );
    await deliverWebhook(t.url, failed);
    expect((await readSubscription(t.deps.dataSource, debtor.id))?.status).toBe('past_due');

    await deliverWebhook(
      t.url,
      stripeEvent('invoice.paid', stripeInvoice(subscriptionId, { customer: customerId })),
    );
    expect((await readSubscription(t.deps.dataSource, debtor.id))?.status).toBe('active');
  });

  it('ignores a late event of a subscription the account has replaced', async () => {
    const { debtor, subscriptionId } = await subscribedAccount('trialing');
    const oldSubscription = stripeSubscription({
      id: `sub_test_old_${debtor.id}`,
      status: 'canceled',
      metadata: { debtorId: String(debtor.id) },
    });
    await deliverWebhook(t.url, stripeEvent('customer.subscription.deleted', oldSubscription));

    expect(await readSubscription(t.deps.dataSource, debtor.id)).toMatchObject({
      status: 'trialing',
      providerSubscriptionId: subscriptionId,
    });
  });

  it('acknowledges and ignores unknown event types', async () => {
    const event = stripeEvent('customer.updated', { id: 'cus_test_unknown', object: 'customer' });
    const response = await deliverWebhook(t.url, event);
    expect(response.status).toBe(200);
    expect(await processedCount(event.id as string)).toBe(1);
  });
});

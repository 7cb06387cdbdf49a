import { buildDebtor } from './test/factories';
import { startTestApp, type TestApp } from './test/harness';
import { capturedLog, TEST_ENV } from './test/accounts';
import { createBillingProvider } from './modules/billing/billing-provider';

/**
 * People never see server internals (docs/product-rules.md §12): GraphQL coercion text, SQL and constraint
 * text never reach an answer. The billing provider below fails the way a bug or the database
 * would, through the real app.
 */
const log = capturedLog();
let failure: () => Promise<never>;
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({
    env: { ...TEST_ENV, LOG_LEVEL: 'error' },
    logDestination: log.stream,
    billing: (config) => ({
      ...createBillingProvider(config),
      createCheckoutSession: () => failure(),
    }),
  });
});
afterAll(() => t.close());

const CHECKOUT = `mutation { createCheckoutSession { checkoutUrl } }`;
const INTERNALS =
  /duplicate key|constraint|violates|SQL|relation|Variable "\$|got invalid value|QueryFailedError/;

async function incompleteAccount() {
  return buildDebtor(t.deps.dataSource, t.deps.config, { status: 1, subscriptionStatus: 'incomplete' });
}

it('an amount GraphQL cannot coerce is answered with the field and a message for people', async () => {
  const { accessToken } = await buildDebtor(t.deps.dataSource, t.deps.config);
  const wallet = await t.gql<{ addWallet: { id: string } }>(
    `mutation { addWallet(input: { walletName: "Checking", balance: 10 }) { id } }`,
    {},
    { token: accessToken },
  );
  const response = await t.gql(
    `mutation($input: UpdateWalletBalanceInput!) { updateWalletBalance(input: $input) { id } }`,
    {
      input: {
        walletId: wallet.data!.addWallet.id,
        transaction: { direction: 'SPENT', amount: 9999999999999 },
      },
    },
    { token: accessToken },
  );
  expect(response.errors).toEqual([
    {
      message: 'The amount must be between -$999,999,999.99 and $999,999,999.99',
      extensions: { code: 'BAD_USER_INPUT', field: 'amount' },
    },
  ]);
});

it('a unique violation from the database is said in words, with no SQL', async () => {
  const { accessToken } = await incompleteAccount();
  failure = async () => {
    await t.deps.dataSource.query('CREATE TEMP TABLE IF NOT EXISTS twice (id int PRIMARY KEY)');
    await t.deps.dataSource.query('INSERT INTO twice VALUES (1), (1)');
    throw new Error('unreachable');
  };
  const response = await t.gql(CHECKOUT, {}, { token: accessToken });
  expect(response.errors?.[0]).toMatchObject({
    message: 'This was just saved by another request. Reload the page and try again.',
    extensions: { code: 'BAD_USER_INPUT' },
  });
  expect(JSON.stringify(response.errors)).not.toMatch(INTERNALS);
});

it("anything unexpected is 'Something went wrong. Try again.' with a reference the log carries beside the real error", async () => {
  const { accessToken } = await incompleteAccount();
  failure = async () => {
    throw new Error('relation "checkout_internal" does not exist');
  };
  const response = await t.gql(CHECKOUT, {}, { token: accessToken });
  const error = response.errors?.[0];
  expect(error?.message).toBe('Something went wrong. Try again.');
  expect(error?.extensions?.code).toBe('INTERNAL_SERVER_ERROR');
  const reference = error?.extensions?.reference as string;
  expect(reference).toMatch(/^[0-9a-f]{8}$/);
  expect(JSON.stringify(response.errors)).not.toMatch(INTERNALS);
  const line = log.lines.find((l) => l.includes(reference));
  expect(line).toContain('relation \\"checkout_internal\\" does not exist');
});

it('REST answers the same as a 500 body', async () => {
  const { accessToken } = await incompleteAccount();
  failure = async () => {
    throw new Error('duplicate key value violates unique constraint "income_source_pkey"');
  };
  const response = await fetch(`${t.url}/account/create-checkout-session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` },
    body: JSON.stringify({ priceId: t.deps.config.billing.priceYearly }),
  });
  expect(response.status).toBe(500);
  const body = (await response.json()) as Record<string, string>;
  expect(body).toEqual({
    message: 'Something went wrong. Try again.',
    code: 'INTERNAL_SERVER_ERROR',
    reference: expect.stringMatching(/^[0-9a-f]{8}$/),
  });
  expect(log.lines.find((l) => l.includes(body.reference!))).toContain('income_source_pkey');
});

import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { test } from 'node:test';
import { createReadyUser, gql, seedWallet } from '../support/api';
import { JOURNEY_TIMEOUT_MS, fillLogin, useJourneyEnvironment } from '../support/journey';

const env = useJourneyEnvironment();

const ANALYSIS = '{ cashFlowAnalysis(timeZone: "America/New_York") { availableCash } }';
const ADD_WALLET = 'mutation { addWallet(input: { walletName: "Script", balance: 1 }) { id } }';

test(
  'an account from Manage Account: a script token used and revoked, my data downloaded, the payment method updated, the subscription cancelled, the account deleted',
  { timeout: JOURNEY_TIMEOUT_MS },
  async () => {
    const journey = await env.start('j27-account');
    const { page, app } = journey;
    const user = await createReadyUser(app, 'lifecycle', { firstName: 'Lee', lastName: 'Cycle' });
    await seedWallet(app, user, { walletName: 'Checking', balance: 1200 });
    const section = (name: string) => page.getByRole('region', { name });
    /** A script's request to the API with the token (no cookie, no browser). */
    const script = async (token: string, query: string) => {
      const response = await fetch(`${app.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ query }),
      });
      return {
        status: response.status,
        body: (await response.json()) as { data?: unknown; errors?: { message: string }[] },
      };
    };

    await journey.step('open Manage Account', async () => {
      await journey.signIn(user);
      await page.getByRole('link', { name: 'Manage Account' }).click();
      await page.getByRole('heading', { level: 1, name: 'Manage Account' }).waitFor();
    });

    await journey.step(
      'a read-only token lets a script read the analysis, not change anything, until revoked',
      async () => {
        const tokens = section('API tokens');
        await tokens.getByLabel('Token name').fill('Budget sheet');
        await tokens.getByLabel('Access').selectOption('READ');
        await tokens.getByRole('button', { name: 'Create token' }).click();
        const secret = await tokens.getByLabel('New API token').inputValue();
        assert.ok(secret.length > 20, 'the token is shown once');
        await journey.screen('api-token-created');

        const read = await script(secret, ANALYSIS);
        assert.equal(read.status, 200);
        assert.deepEqual(read.body.data, { cashFlowAnalysis: { availableCash: 1200 } });
        const write = await script(secret, ADD_WALLET);
        assert.ok(write.body.errors?.length, 'a read-only token changes nothing');
        assert.equal(write.body.data ?? null, null);

        await tokens.getByRole('button', { name: 'Revoke Budget sheet' }).click();
        await page
          .getByRole('dialog', { name: 'Revoke token' })
          .getByRole('button', { name: 'Confirm' })
          .click();
        await tokens.getByText('You have no API tokens.').waitFor();
        const revoked = await script(secret, ANALYSIS);
        assert.equal(revoked.status, 401, 'a revoked token reads nothing');
      },
    );

    await journey.step('download my data: one JSON file with the account and its wallets', async () => {
      const data = section('Your data');
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        data.getByRole('button', { name: 'Download my data' }).click(),
      ]);
      assert.equal(download.suggestedFilename(), 'truenet-my-data.json');
      const file = JSON.parse(await readFile((await download.path())!, 'utf8')) as unknown;
      const text = JSON.stringify(file);
      assert.ok(text.includes(user.email), 'the account is in it');
      assert.ok(text.includes('Checking'), 'its wallets are in it');
      const secrets = Object.keys(flatten(file)).filter((key) => /(hash|secret)$/i.test(key));
      assert.deepEqual(secrets, [], 'no password hash, token hash or other secret is in it');
      await data.getByText('Your data was downloaded.').waitFor();
    });

    await journey.step('update the payment method at the provider and come back to its outcome', async () => {
      await section('Subscription').getByRole('button', { name: 'Update payment method' }).click();
      await page.waitForURL(/\/billing\/offline\/portal\//);
      await page.getByRole('link', { name: 'Return to TrueNet' }).click();
      await page.waitForURL(/#\/manageaccount\/updated$/);
      await page.getByText('Your payment method has been updated.').waitFor();
    });

    await journey.step(
      'cancel the subscription: asked first, then it ends with the billing cycle',
      async () => {
        const subscription = section('Subscription');
        await subscription.getByRole('button', { name: 'Cancel subscription' }).click();
        const dialog = page.getByRole('dialog', { name: 'Cancel subscription' });
        await journey.screen('cancel-confirm');
        await dialog.getByRole('button', { name: 'Cancel subscription' }).click();
        await subscription
          .getByText(
            'Your account is cancelled at the end of this billing cycle. There will be no more charges.',
          )
          .waitFor();
        await journey.screen('cancelled');
      },
    );

    await journey.step(
      'delete the account with the password: signed out, and it signs in no more',
      async () => {
        const danger = section('Delete account');
        await danger.getByLabel('Password', { exact: true }).fill(user.password);
        await danger.getByRole('button', { name: 'Delete account' }).click();
        await page.getByRole('heading', { name: 'Personal Financial Tracking Software' }).waitFor();
        await page.goto('/#/loginhome');
        await fillLogin(page, user.userName, user.password);
        await page.getByRole('button', { name: 'Login', exact: true }).click();
        await page.getByRole('alert').filter({ hasText: 'Incorrect username or password' }).waitFor();
        await assert.rejects(
          gql(app, 'DashboardWallets', {}, user.token),
          /This account no longer exists/,
          'its last session reads nothing',
        );
      },
    );

    await journey.finish();
  },
);

/** Every key of a JSON value, however deep, as `a.b.c`. */
function flatten(value: unknown, prefix = ''): Record<string, unknown> {
  if (value === null || typeof value !== 'object') return { [prefix]: value };
  return Object.entries(value).reduce<Record<string, unknown>>(
    (keys, [key, inner]) => ({ ...keys, ...flatten(inner, prefix ? `${prefix}.${key}` : key) }),
    {},
  );
}

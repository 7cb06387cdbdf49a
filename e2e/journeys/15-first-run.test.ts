import assert from 'node:assert/strict';
import { test } from 'node:test';
import { newCredentials, VERIFICATION_CODE } from '../support/api';
import {
  JOURNEY_TIMEOUT_MS,
  dashboardHeading,
  fillLogin,
  fillSignUp,
  useJourneyEnvironment,
} from '../support/journey';

// `npm start` as on a fresh clone: nothing configured (embedded database in a temp DATA_DIR,
// offline checkout, mail kept in the outbox), so the code is read where a person would: /dev/mailbox.
const env = useJourneyEnvironment({ firstRun: true });

test(
  'first run: register with the offline checkout, verify in /dev/mailbox, then from the demo bank to a true net income',
  { timeout: JOURNEY_TIMEOUT_MS },
  async () => {
    const journey = await env.start('j15-first-run');
    const { page, context } = journey;
    const user = newCredentials('first', 'Fern', 'First');

    await journey.step('register and pay at the offline checkout', async () => {
      await page.goto('/#/createaccount');
      await page.getByRole('heading', { name: 'Create your account' }).waitFor();
      await fillSignUp(page, user);
      await page.getByRole('button', { name: 'Sign Up' }).click();
      await page.getByRole('heading', { name: 'Subscribe to TrueNet' }).waitFor();
      await page.getByRole('button', { name: 'Pay', exact: true }).click();
      await page.getByRole('heading', { name: 'Thank you for signing up' }).waitFor();
      await page.getByRole('main').getByRole('link', { name: 'Login' }).click();
      await page.getByRole('heading', { name: 'Login to your account' }).waitFor();
      await fillLogin(page, user.userName, user.password);
    });

    await journey.step(
      'Verify your e-mail links to the local mailbox; no navigation link is highlighted',
      async () => {
        await page.getByRole('heading', { name: 'Verify your e-mail' }).waitFor();
        await page.waitForURL(/#\/validateemail$/);
        await page.getByRole('link', { name: 'local mailbox' }).waitFor();
        const highlighted = await page
          .locator('.tn-navbar .nav-link.active, .tn-navbar [aria-current="page"]')
          .count();
        assert.equal(highlighted, 0, 'Help (or any other link) is not highlighted on #/validateemail');
        await journey.screen('validate-email-mailbox-link');
      },
    );

    const code = await journey.step('the code, read in /dev/mailbox', async () => {
      const [mailbox] = await Promise.all([
        context.waitForEvent('page'),
        page.getByRole('link', { name: 'local mailbox' }).click(),
      ]);
      await mailbox.getByRole('heading', { name: 'Local mailbox' }).waitFor();
      const newest = mailbox.locator('article').first();
      await newest.getByText(`To ${user.email}`).waitFor();
      const found = VERIFICATION_CODE.exec(await newest.innerText())?.[1];
      assert.ok(found, 'the newest mail carries the verification code');
      await mailbox.close();
      return found;
    });

    await journey.step('verify and reach the dashboard', async () => {
      await page.getByLabel('Verification Code').fill(code);
      await page.getByRole('button', { name: 'Verify Email' }).click();
      await page.getByRole('status').filter({ hasText: 'Email verified' }).waitFor();
      await page.getByRole('link', { name: 'Go to the dashboard' }).click();
      await dashboardHeading(page, user).waitFor();
      await page.waitForURL(/#\/userhome$/);
    });

    const guide = page.getByRole('region', { name: 'Three steps to your true net income' });
    await journey.step(
      'the first run offers three ways in; Connect a bank opens Bank connections',
      async () => {
        await guide.getByRole('link', { name: 'Connect a bank' }).waitFor();
        await guide.getByRole('button', { name: 'Import a statement' }).waitFor();
        await guide.getByRole('button', { name: 'Add a wallet' }).waitFor();
        await journey.screen('first-run-guide');
        await guide.getByRole('link', { name: 'Connect a bank' }).click();
        await page.waitForURL(/#\/manageaccount\?section=bank-connections$/);
      },
    );

    await journey.step('the demo bank, its checking account in a new wallet, synced', async () => {
      const bank = page.locator('section[aria-labelledby="bank-connections-title"]');
      await bank.getByRole('button', { name: 'Try the demo bank' }).click();
      await bank
        .getByText('Connected to Demo Bank. Choose the wallet each account fills, then Sync now.')
        .waitFor();
      const checking = bank.locator('div.border-top', { hasText: 'Everyday Checking' });
      await checking.getByLabel('Fills wallet').selectOption({ label: 'A new wallet: Everyday Checking' });
      // The new wallet follows the bank's balance from the start.
      await checking
        .getByLabel("Keep this wallet's balance equal to the bank's")
        .and(page.locator(':enabled:checked'))
        .waitFor();
      await bank.getByRole('button', { name: 'Sync Demo Bank now' }).click();
      await bank.getByText(/^Synced: imported \d+ transactions/).waitFor();
      await journey.screen('first-run-bank-synced');
    });

    await journey.step(
      'back on the dashboard: the money is in, pay and bills are found in the bank',
      async () => {
        await page.getByRole('link', { name: 'Dashboard' }).click();
        await guide.getByText('Bring in your money (done)').waitFor();
        await guide.getByText(/^1 found in your bank, ready to add\.$/).waitFor();
        await journey.screen('first-run-found');
      },
    );

    await journey.step('the pay found in the bank, added as it is', async () => {
      await guide
        .locator('li', { hasText: 'Add your pay' })
        .getByRole('button', { name: 'Review what we found' })
        .click();
      const review = page.getByRole('dialog', { name: 'Found in your bank' });
      const pay = review.getByRole('listitem').filter({ hasText: /acme/i });
      await pay.getByRole('button', { name: 'Add as pay' }).click();
      await pay.getByRole('button', { name: 'Add pay' }).click();
      await review.getByText(/was added to your pay\./).waitFor();
      await review.getByRole('button', { name: 'Close' }).last().click();
      await guide.getByText('Add your pay (done)').waitFor();
    });

    await journey.step(
      'a bill found in the bank: the true net income appears and the guide steps aside',
      async () => {
        await guide
          .locator('li', { hasText: 'Add your bills' })
          .getByRole('button', { name: 'Review what we found' })
          .click();
        const review = page.getByRole('dialog', { name: 'Found in your bank' });
        const mortgage = review.getByRole('listitem').filter({ hasText: /rocket mortgage/i });
        await mortgage.getByRole('button', { name: 'Add as a bill' }).click();
        await mortgage.getByRole('button', { name: 'Add bill' }).click();
        await review.getByText(/was added to your bills\./).waitFor();
        await review.getByRole('button', { name: 'Close' }).last().click();
        // The demo's pay of $2,000.00 arrived this period, and no bill is due before the next one.
        await page.getByTestId('true-net-income').getByText('$2,000.00').waitFor();
        await guide.waitFor({ state: 'detached' });
        await journey.screen('first-run-number');
      },
    );

    await journey.step('Manage Account links to Change Password; Help is not highlighted there', async () => {
      await page.getByRole('link', { name: 'Manage Account' }).click();
      await page.getByRole('link', { name: 'Change Password' }).click();
      await page.getByRole('heading', { name: 'Change Password' }).waitFor();
      await page.waitForURL(/#\/changepassword$/);
      const help = page.locator('.tn-navbar').getByRole('link', { name: 'Help' });
      assert.equal(await help.getAttribute('aria-current'), null);
      assert.doesNotMatch((await help.getAttribute('class')) ?? '', /\bactive\b/);
    });

    await journey.finish();
  },
);

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
  'first run: register with the offline checkout, read the code in /dev/mailbox, verify, reach the dashboard',
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

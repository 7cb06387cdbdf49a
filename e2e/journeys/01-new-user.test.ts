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

const env = useJourneyEnvironment();

test(
  'a new user signs up with the yearly plan, pays, verifies the e-mail and reaches the dashboard',
  { timeout: JOURNEY_TIMEOUT_MS },
  async () => {
    const journey = await env.start('j1-new-user');
    const { page, app } = journey;
    const user = newCredentials('newbie', 'Nora', 'Newcomer');

    await journey.step('landing', async () => {
      await page.goto('/');
      await page.getByRole('heading', { name: 'Personal Financial Tracking Software' }).waitFor();
      await journey.screen('landing');
      await page.getByRole('link', { name: 'Get started with a 7 day free trial' }).first().click();
    });

    await journey.step('registration', async () => {
      await page.getByRole('heading', { name: 'Create your account' }).waitFor();
      await page.waitForURL(/#\/createaccount$/);
      const yearly = page.getByRole('radio', { name: /Pay yearly/ });
      const quarterly = page.getByRole('radio', { name: /Pay quarterly/ });
      assert.ok(await yearly.isChecked(), 'the yearly plan is preselected');
      assert.ok(!(await quarterly.isChecked()));
      await page.getByText('Best deal: 50% savings, 6 months free').waitFor();
      await journey.screen('register-empty');
      await fillSignUp(page, user);
      assert.ok(await yearly.isChecked(), 'still yearly after filling the form');
      await journey.screen('register-filled');
      await page.getByRole('button', { name: 'Sign Up' }).click();
    });

    await journey.step('stand-in checkout', async () => {
      await page.waitForURL(/\/billing\/offline\/checkout\//);
      await page.getByRole('heading', { name: 'Subscribe to TrueNet' }).waitFor();
      await page.getByText('Pay yearly').waitFor();
      await page.getByText('$29.95 every 12 months').waitFor();
      await journey.screen('checkout');
      await page.getByRole('button', { name: 'Pay', exact: true }).click();
    });

    await journey.step('thank you', async () => {
      await page.getByRole('heading', { name: 'Thank you for signing up' }).waitFor();
      await page.waitForURL(/#\/createaccount\/[^/]+$/);
      await journey.screen('thank-you');
      await page.getByRole('main').getByRole('link', { name: 'Login' }).click();
    });

    await journey.step('login', async () => {
      await page.getByRole('heading', { name: 'Login to your account' }).waitFor();
      await journey.screen('login');
      await fillLogin(page, user.userName, user.password);
    });

    await journey.step('redirected to validate e-mail', async () => {
      await page.getByRole('heading', { name: 'Verify your e-mail' }).waitFor();
      await page.waitForURL(/#\/validateemail$/);
      await page.getByText(user.email).waitFor();
      await journey.screen('validate-email');
    });

    await journey.step('code from the mail', async () => {
      const code = await app.mail.waitFor(user.email, VERIFICATION_CODE);
      await page.getByLabel('Verification Code').fill(code);
      await page.getByRole('button', { name: 'Verify Email' }).click();
      await page.getByRole('status').filter({ hasText: 'Email verified' }).waitFor();
      await journey.screen('email-verified');
      await page.getByRole('link', { name: 'Go to the dashboard' }).click();
    });

    await journey.step('dashboard', async () => {
      await dashboardHeading(page, user).waitFor();
      await page.waitForURL(/#\/userhome$/);
      await page.getByRole('heading', { name: /^Income and Liability Analysis For / }).waitFor();
      await page
        .getByText('Go to Manage Wallets to add a wallet and start tracking available cash')
        .waitFor();
      for (const tab of [
        'Analysis',
        'Spending',
        'Reports',
        'Manage Income',
        'Manage Expenses',
        'Manage Wallets',
      ]) {
        await page.getByRole('tab', { name: tab }).waitFor();
      }
      assert.equal(await page.getByRole('tab', { name: 'Analysis' }).getAttribute('aria-selected'), 'true');
      await journey.screen('dashboard-new');
    });

    await journey.finish();
  },
);

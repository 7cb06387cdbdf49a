import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createReadyUser, TEMPORARY_PASSWORD } from '../support/api';
import { JOURNEY_TIMEOUT_MS, dashboardHeading, submitLogin, useJourneyEnvironment } from '../support/journey';

const env = useJourneyEnvironment();

test(
  'password reset: temporary password by mail, forced change, sign in with the new one',
  { timeout: JOURNEY_TIMEOUT_MS },
  async () => {
    const journey = await env.start('j6-password');
    const { page, app } = journey;
    const user = await createReadyUser(app, 'forgetful', { firstName: 'Fay', lastName: 'Forgetful' });
    const newPassword = 'Fresh!Start9';
    let temporary = '';

    await journey.step('ask for a temporary password', async () => {
      await page.goto('/#/loginhome');
      await page.getByRole('link', { name: 'Forgot Password?' }).click();
      await page.getByRole('heading', { name: 'Reset Password' }).waitFor();
      await page.waitForURL(/#\/resetpassword$/);
      await journey.screen('reset-password');
      await page.getByLabel('Email').fill(user.email);
      await page.getByRole('button', { name: 'Send Temporary Password' }).click();
      await page
        .getByRole('status')
        .filter({
          hasText: 'If an account matches that e-mail address, a temporary password will be sent to it.',
        })
        .waitFor();
      await journey.screen('reset-password-sent');
    });

    await journey.step('the temporary password arrives by mail', async () => {
      temporary = await app.mail.waitFor(user.email, TEMPORARY_PASSWORD);
      assert.notEqual(temporary, user.password);
    });

    await journey.step('signing in with it forces a password change', async () => {
      await submitLogin(page, user.userName, temporary);
      await page.getByRole('heading', { name: 'Change Password' }).waitFor();
      await page.waitForURL(/#\/changepassword$/);
      await page
        .getByText('You signed in with a temporary password. Choose a new password to continue.')
        .waitFor();
      await journey.screen('change-password-forced');
      // The dashboard waits until the password is changed.
      await page.getByRole('link', { name: 'Dashboard' }).click();
      await page.getByRole('heading', { name: 'Change Password' }).waitFor();
      await page.waitForURL(/#\/changepassword$/);
    });

    await journey.step('change the password', async () => {
      await page.getByLabel('Old Password').fill(temporary);
      await page.getByLabel('New Password', { exact: true }).fill(newPassword);
      await page.getByLabel('Verify New Password').fill(newPassword);
      await page.getByRole('button', { name: 'Change Password' }).click();
      await page.getByRole('status').filter({ hasText: 'Password successfully changed' }).waitFor();
      await journey.screen('change-password-done');
      await page.getByRole('main').getByRole('link', { name: 'Go to the dashboard' }).click();
      await dashboardHeading(page, user).waitFor();
      await page.getByRole('button', { name: 'Logout' }).click();
      await page.getByRole('heading', { name: 'Personal Financial Tracking Software' }).waitFor();
    });

    await journey.step('the old and the temporary passwords no longer work', async () => {
      for (const stale of [user.password, temporary]) {
        await submitLogin(page, user.userName, stale);
        await page.getByRole('alert').filter({ hasText: 'Incorrect username or password' }).waitFor();
      }
      await page.waitForURL(/#\/loginhome$/);
    });

    await journey.step('sign in with the new password', async () => {
      await journey.signIn({ ...user, password: newPassword });
      await page.waitForURL(/#\/userhome$/);
      await journey.screen('dashboard-new-password');
    });

    await journey.finish();
  },
);

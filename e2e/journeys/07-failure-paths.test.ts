import { test } from 'node:test';
import { createReadyUser, newCredentials } from '../support/api';
import {
  dashboardHeading,
  fillLogin,
  JOURNEY_TIMEOUT_MS,
  fillSignUp,
  submitLogin,
  useJourneyEnvironment,
} from '../support/journey';

const env = useJourneyEnvironment();

test(
  'failure paths: a failed payment, a wrong password, the server gone mid-session',
  { timeout: JOURNEY_TIMEOUT_MS },
  async () => {
    const journey = await env.start('j7-failures');
    const { page, app } = journey;

    const person = newCredentials('unlucky', 'Una', 'Unlucky');
    await journey.step('a failed payment at the checkout', async () => {
      await page.goto('/#/createaccount');
      await page.getByRole('heading', { name: 'Create your account' }).waitFor();
      await fillSignUp(page, person);
      await page.getByRole('button', { name: 'Sign Up' }).click();
      await page.getByRole('heading', { name: 'Subscribe to TrueNet' }).waitFor();
      await page.getByRole('button', { name: 'Fail', exact: true }).click();
      await page.getByRole('heading', { name: 'There was a problem with your payment' }).waitFor();
      await page.waitForURL(/#\/createaccount\/failed/);
      await journey.screen('payment-failed');
    });

    await journey.step('not a dead end: the account just made tries the payment again and pays', async () => {
      // The registration form remembered the username; the password is the one just chosen.
      await page.getByLabel('Password', { exact: true }).fill(person.password);
      await page.getByRole('button', { name: 'Try the payment again' }).click();
      await page.getByRole('heading', { name: 'Subscribe to TrueNet' }).waitFor();
      await page.getByRole('button', { name: 'Pay', exact: true }).click();
      await page.getByRole('heading', { name: 'Thank you for signing up' }).waitFor();
    });

    await journey.step('the other public pages', async () => {
      await page.getByRole('button', { name: 'Logout' }).click();
      await page.getByRole('heading', { name: 'Personal Financial Tracking Software' }).waitFor();
      await page.getByRole('link', { name: 'FAQ' }).click();
      await page.getByRole('heading', { level: 1, name: 'Frequently Asked Questions' }).waitFor();
      await journey.screen('faq');
      await page.getByRole('link', { name: 'Contact Us', exact: true }).click();
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.waitForURL(/#\/contactus$/);
      await journey.screen('contact-us');
    });

    const user = await createReadyUser(app, 'failing', { firstName: 'Flo', lastName: 'Failing' });

    await journey.step('a wrong password', async () => {
      await submitLogin(page, user.userName, 'Wrong!Pass1');
      await page.getByRole('alert').filter({ hasText: 'Incorrect username or password' }).waitFor();
      await page.waitForURL(/#\/loginhome$/);
      await journey.screen('login-wrong-password');
    });

    await journey.step('the server stops mid-session: change password says No Server Response', async () => {
      await journey.signIn(user);
      await page.getByRole('link', { name: 'Manage Account' }).click();
      await page.getByRole('heading', { level: 1, name: 'Manage Account' }).waitFor();
      await journey.screen('manage-account');
      await page.goto('/#/changepassword');
      await page.getByRole('heading', { name: 'Change Password' }).waitFor();
      await page.getByLabel('Old Password').fill(user.password);
      await page.getByLabel('New Password', { exact: true }).fill('Other!Pass2');
      await page.getByLabel('Verify New Password').fill('Other!Pass2');
      await app.stopServer();
      await page.getByRole('button', { name: 'Change Password' }).click();
      await page.getByRole('alert').filter({ hasText: 'No Server Response' }).waitFor();
      await journey.screen('change-password-no-server');
    });

    await journey.step('with the server still gone, login says No Server Response', async () => {
      await page.getByRole('button', { name: 'Logout' }).click();
      await page.getByRole('heading', { name: 'Personal Financial Tracking Software' }).waitFor();
      await page.getByRole('link', { name: 'Login', exact: true }).click();
      await page.getByRole('heading', { name: 'Login to your account' }).waitFor();
      await fillLogin(page, user.userName, user.password);
      await page.getByRole('alert').filter({ hasText: 'No Server Response' }).waitFor();
      await journey.screen('login-no-server');
    });

    await journey.step('the server is back: the same login goes through', async () => {
      await app.restart();
      await page.getByRole('button', { name: 'Login', exact: true }).click();
      await dashboardHeading(page, user).waitFor();
      await page.waitForURL(/#\/userhome$/);
    });

    await journey.finish();
  },
);

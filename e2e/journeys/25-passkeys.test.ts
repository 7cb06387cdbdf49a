import { test } from 'node:test';
import { createReadyUser } from '../support/api';
import { JOURNEY_TIMEOUT_MS, dashboardHeading, useJourneyEnvironment } from '../support/journey';

// A WebAuthn relying party is a domain, never an IP address: this journey runs on localhost.
const env = useJourneyEnvironment({ host: 'localhost' });

test(
  'passkeys: add one with the device, sign in with it instead of the password, remove it',
  { timeout: JOURNEY_TIMEOUT_MS },
  async () => {
    const journey = await env.start('j25-passkeys');
    const { page, context, app } = journey;
    // Chromium's virtual authenticator stands in for the phone's or laptop's (DevTools protocol).
    const devtools = await context.newCDPSession(page);
    await devtools.send('WebAuthn.enable');
    await devtools.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    });
    const user = await createReadyUser(app, 'passkey', { firstName: 'Pia', lastName: 'Passkey' });

    await journey.step('add a passkey on Manage Account', async () => {
      await journey.signIn(user);
      await page.getByRole('link', { name: 'Manage Account' }).click();
      const section = page.getByRole('region', { name: 'Passkeys' });
      await section.getByText('You have no passkeys.').waitFor();
      await section.getByLabel('Passkey name').fill('Work laptop');
      await section.getByRole('button', { name: 'Add a passkey' }).click();
      await section.getByText('Passkey "Work laptop" added').waitFor();
      const list = section.getByRole('list', { name: 'Your passkeys' });
      await list.getByText('Work laptop').waitFor();
      await list.getByText(/Last used: Never/).waitFor();
      await journey.screen('passkey-added');
    });

    await journey.step('sign out, then sign in with the passkey alone', async () => {
      await page.getByRole('button', { name: 'Logout' }).click();
      await page.getByRole('heading', { name: 'Personal Financial Tracking Software' }).waitFor();
      await page.getByRole('link', { name: 'Login', exact: true }).click();
      await page.getByRole('heading', { name: 'Login to your account' }).waitFor();
      await journey.screen('login-with-passkey-button');
      await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
      await dashboardHeading(page, user).waitFor();
    });

    await journey.step('the passkey shows its last use, and is removed with the password', async () => {
      await page.getByRole('link', { name: 'Manage Account' }).click();
      const section = page.getByRole('region', { name: 'Passkeys' });
      const list = section.getByRole('list', { name: 'Your passkeys' });
      await list.getByText(/Last used: \w{3} \w{3} \d{1,2}, \d{4}/).waitFor();
      await section.getByRole('button', { name: 'Remove Work laptop' }).click();
      await section.getByLabel('Password to remove "Work laptop"').fill(user.password);
      await section.getByRole('button', { name: 'Remove passkey' }).click();
      await section.getByText('Passkey "Work laptop" removed').waitFor();
      await section.getByText('You have no passkeys.').waitFor();
    });

    await journey.finish();
  },
);

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { generateSync } from 'otplib';
import { createReadyUser } from '../support/api';
import { JOURNEY_TIMEOUT_MS, dashboardHeading, fillLogin, useJourneyEnvironment } from '../support/journey';

const env = useJourneyEnvironment();

/** The code a phone's authenticator app shows `offsetSeconds` from now (RFC 6238, as the app does). */
function codeFor(secret: string, offsetSeconds = 0): string {
  return generateSync({ secret, epoch: Math.floor(Date.now() / 1000) + offsetSeconds });
}

test(
  'two-factor sign-in: set up with the app, sign in with a code, then with a recovery code',
  { timeout: JOURNEY_TIMEOUT_MS },
  async () => {
    const journey = await env.start('j24-two-factor');
    const { page, app } = journey;
    const user = await createReadyUser(app, 'twofa', { firstName: 'Tess', lastName: 'Totp' });
    let secret = '';
    let recoveryCodes: string[] = [];

    await journey.step('sign in and open Sign-in security on Manage Account', async () => {
      await journey.signIn(user);
      await page.getByRole('link', { name: 'Manage Account' }).click();
      await page.getByRole('heading', { level: 1, name: 'Manage Account' }).waitFor();
      const section = page.getByRole('region', { name: 'Sign-in security' });
      await section.getByText('Two-factor sign-in is off.').waitFor();
    });

    await journey.step('set up: scan the QR code (or type the key), confirm with a first code', async () => {
      const section = page.getByRole('region', { name: 'Sign-in security' });
      await section.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
      await section.getByRole('img', { name: 'QR code to add TrueNet to your authenticator app' }).waitFor();
      secret = ((await section.getByLabel('Setup key').textContent()) ?? '').replace(/\s/g, '');
      assert.match(secret, /^[A-Z2-7]{32}$/);
      assert.equal(
        await section.getByLabel('Code from your app').getAttribute('autocomplete'),
        'one-time-code',
      );
      await journey.screen('enrollment');
      await section.getByLabel('Code from your app').fill(codeFor(secret));
      await section.getByRole('button', { name: 'Turn on' }).click();
      const list = section.getByRole('list', { name: 'Recovery codes' });
      await list.waitFor();
      recoveryCodes = (await list.getByRole('listitem').allTextContents()).map((code) => code.trim());
      assert.equal(recoveryCodes.length, 10);
      await journey.screen('recovery-codes');
      await section.getByRole('button', { name: 'I have saved my codes' }).click();
      await section.getByText(/Two-factor sign-in is on\. 10 recovery codes left\./).waitFor();
    });

    await journey.step(
      'sign out, then the password asks for a code: the next one from the app signs in',
      async () => {
        await page.getByRole('button', { name: 'Logout' }).click();
        await page.getByRole('heading', { name: 'Personal Financial Tracking Software' }).waitFor();
        await page.getByRole('link', { name: 'Login', exact: true }).click();
        await fillLogin(page, user.userName, user.password);
        await page.getByRole('heading', { name: 'Two-factor sign-in' }).waitFor();
        const field = page.getByLabel('Code from your app');
        assert.equal(await field.getAttribute('autocomplete'), 'one-time-code');
        await journey.screen('second-step');
        // The set-up's code was taken; the app's next code (one step ahead is accepted) signs in.
        await field.fill(codeFor(secret, 30));
        await page.getByRole('button', { name: 'Verify' }).click();
        await dashboardHeading(page, user).waitFor();
      },
    );

    await journey.step('a recovery code signs in when the phone is not at hand', async () => {
      await page.getByRole('button', { name: 'Logout' }).click();
      await page.getByRole('heading', { name: 'Personal Financial Tracking Software' }).waitFor();
      await page.getByRole('link', { name: 'Login', exact: true }).click();
      await fillLogin(page, user.userName, user.password);
      await page.getByRole('button', { name: 'Use a recovery code' }).click();
      await page.getByLabel('Recovery code').fill('WXYZW-23456');
      await page.getByRole('button', { name: 'Verify' }).click();
      await page
        .getByText(
          'That code is not right. Enter the 6-digit code from your app, or an unused recovery code.',
        )
        .waitFor();
      await journey.screen('wrong-recovery-code');
      await page.getByLabel('Recovery code').fill(recoveryCodes[0]!);
      await page.getByRole('button', { name: 'Verify' }).click();
      await dashboardHeading(page, user).waitFor();
      // The owner is told by e-mail (the server tests read its words: 9 codes left).
      await app.mail.waitFor(user.email, /Subject: A recovery code was used to sign in to TrueNet/);
    });

    await journey.finish();
  },
);

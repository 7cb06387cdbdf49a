import assert from 'node:assert/strict';
import { test } from 'node:test';
import { useJourneyEnvironment } from '../support/journey';

const env = useJourneyEnvironment();

/** Every screen a visitor can reach without an account, with its level-1 heading. */
const PUBLIC_SCREENS = [
  { name: 'landing', path: '/', heading: 'Personal Financial Tracking Software' },
  { name: 'faq', path: '/#/commonquestions', heading: 'Frequently Asked Questions' },
  { name: 'login', path: '/#/loginhome', heading: 'Login to your account' },
  { name: 'register', path: '/#/createaccount', heading: 'Create your account' },
  { name: 'reset-password', path: '/#/resetpassword', heading: /./ },
  { name: 'contact', path: '/#/contactus', heading: /./ },
] as const;

// The visual system follows the system's colour setting: each public screen is photographed at
// 375 and 1280 px in light and in dark mode, and axe checks contrast (and the rest) in both.
for (const colorScheme of ['light', 'dark'] as const) {
  test(`every public screen reads well in ${colorScheme} mode on a phone and a desktop`, async () => {
    const journey = await env.start(`public-${colorScheme}`);
    await journey.page.emulateMedia({ colorScheme });
    for (const screen of PUBLIC_SCREENS) {
      await journey.step(`open ${screen.name}`, async () => {
        await journey.page.goto(screen.path);
        await journey.page.getByRole('heading', { level: 1, name: screen.heading }).first().waitFor();
      });
      await journey.screen(screen.name);
    }
    await journey.step('a pricing card leads to registration with its plan chosen', async () => {
      const { page } = journey;
      await page.goto('/');
      await page.getByRole('link', { name: 'Start free trial: Pay quarterly' }).click();
      await page.getByRole('heading', { level: 1, name: 'Create your account' }).waitFor();
      assert.ok(await page.getByLabel(/Pay quarterly/).isChecked());
      assert.ok(!(await page.getByLabel(/Pay yearly/).isChecked()));
    });
    await journey.finish();
  });
}

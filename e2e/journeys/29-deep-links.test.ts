import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page, Route } from 'playwright-core';
import { createReadyUser } from '../support/api';
import { JOURNEY_TIMEOUT_MS, fillLogin, useJourneyEnvironment } from '../support/journey';

const env = useJourneyEnvironment();

/** Holds every silent refresh back for `ms`, as a slow phone network would. */
async function slowRefresh(page: Page, ms: number): Promise<void> {
  await page.route('**/graphql', async (route: Route) => {
    const body = route.request().postDataJSON() as { operationName?: string } | null;
    if (body?.operationName === 'RefreshSession') await new Promise((resolve) => setTimeout(resolve, ms));
    await route.continue();
  });
}

test(
  'a link to a signed-in screen lands there: after a slow silent refresh, and after signing in',
  { timeout: JOURNEY_TIMEOUT_MS },
  async () => {
    const journey = await env.start('j29-links');
    const { context, app } = journey;
    const user = await createReadyUser(app, 'links', { firstName: 'Lin', lastName: 'Links' });

    await journey.step('sign in', () => journey.signIn(user));

    await journey.step('a reminder link in a fresh tab, with a refresh slower than a second', async () => {
      // A fresh tab: the browser's cookie and its signed-in hint, but no tab flag.
      const tab = await context.newPage();
      await slowRefresh(tab, 1500);
      await tab.goto('/#/manageaccount');
      await tab.getByRole('heading', { name: 'Manage Account', level: 1 }).waitFor();
      assert.match(tab.url(), /#\/manageaccount$/);
      await tab.waitForTimeout(500);
      assert.match(tab.url(), /#\/manageaccount$/, 'still there once everything settled');
      await tab.close();
    });

    await journey.step('signed out, a link to Help goes through the login and then to Help', async () => {
      const stranger = await env.browser.newContext({ baseURL: app.url });
      try {
        const tab = await stranger.newPage();
        await slowRefresh(tab, 800);
        await tab.goto('/#/help');
        await tab.getByRole('heading', { name: 'Login to your account' }).waitFor();
        await fillLogin(tab, user.userName, user.password);
        await tab.getByRole('heading', { name: 'Help', level: 1 }).waitFor();
        assert.match(tab.url(), /#\/help$/);
      } finally {
        await stranger.close();
      }
    });

    await journey.finish();
  },
);

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createReadyUser } from '../support/api';
import { JOURNEY_TIMEOUT_MS, dashboardHeading, useJourneyEnvironment } from '../support/journey';

const env = useJourneyEnvironment();

/** Paths whose answers belong to one person (or change with every request): never in a cache. */
const PRIVATE_PATHS = /^\/(graphql|api|account|message|billing|dev|config\.js|healthz|readyz)(\/|$|\?)/;

test(
  'the installed app caches its shell only: no answer of the API is ever kept by the service worker',
  { timeout: JOURNEY_TIMEOUT_MS },
  async () => {
    const journey = await env.start('j21-service-worker');
    const { page, app } = journey;
    const user = await createReadyUser(app, 'offline', { firstName: 'Sam', lastName: 'Worker' });

    await journey.step('the service worker takes control of the page', async () => {
      await page.goto('/');
      await page.evaluate(async () => {
        await navigator.serviceWorker.ready;
      });
      // The first load registers it; from the next load on it answers the page's requests.
      await page.reload();
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
      const manifest = await page.evaluate(async () => {
        const link = document.querySelector<HTMLLinkElement>('link[rel="manifest"]');
        return link ? ((await (await fetch(link.href)).json()) as { icons: { purpose?: string }[] }) : null;
      });
      assert.ok(
        manifest?.icons.some((icon) => icon.purpose === 'maskable'),
        'installable, with a maskable icon',
      );
    });

    await journey.step('signed in and using the dashboard through the service worker', async () => {
      await journey.signIn(user);
      await dashboardHeading(page, user).waitFor();
      await page.getByRole('tab', { name: 'Manage Wallets' }).click();
      await page.getByRole('tab', { name: 'Analysis' }).click();
      await page.reload();
      await dashboardHeading(page, user).waitFor();
      assert.equal(await page.evaluate(() => navigator.serviceWorker.controller !== null), true);
    });

    await journey.step("links to the server's own pages open those pages, not the app", async () => {
      // An e-mail's unsubscribe link and a calendar address, opened where the app is installed.
      const unsubscribe = await page.goto('/reminders/unsubscribe?token=not-a-token');
      assert.equal(unsubscribe?.fromServiceWorker(), false);
      assert.equal(unsubscribe?.status(), 400);
      await page.getByRole('heading', { name: 'Link not valid' }).waitFor();
      const feed = await page.goto('/calendar/not-a-feed.ics');
      assert.equal(feed?.fromServiceWorker(), false);
      assert.equal(feed?.status(), 404);
      // The app's own screens still come from the service worker's shell.
      const shell = await page.goto('/#/userhome');
      assert.equal(shell?.fromServiceWorker(), true);
      await dashboardHeading(page, user).waitFor();
    });

    await journey.step(
      'the caches hold built files only: nothing from the API, nothing personal',
      async () => {
        const cached = await page.evaluate(async () => {
          const urls: string[] = [];
          for (const name of await caches.keys()) {
            const cache = await caches.open(name);
            for (const request of await cache.keys()) urls.push(new URL(request.url).pathname);
          }
          return urls;
        });
        assert.ok(cached.length > 0, 'the app shell is cached (installable, starts offline)');
        const personal = cached.filter((path) => PRIVATE_PATHS.test(path));
        assert.deepEqual(personal, [], 'no API answer is cached');
        const unexpected = cached.filter(
          (path) => !/\.(js|css|html|svg|png|webmanifest)$/.test(path) && path !== '/',
        );
        assert.deepEqual(unexpected, [], 'only built files are cached');
      },
    );

    await journey.finish();
  },
);

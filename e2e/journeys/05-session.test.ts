import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import type { Page, Request, Route } from 'playwright-core';
import { createReadyUser, expiredAccessToken, seedWallet } from '../support/api';
import { dialog, money, readWholeAnalysis, tabPanel } from '../support/dashboard';
import { JOURNEY_TIMEOUT_MS, dashboardHeading, useJourneyEnvironment } from '../support/journey';

const env = useJourneyEnvironment();

/** The secret the app signs access tokens with: configured, or the local one in its data directory. */
function jwtSecret(): string {
  return process.env.JWT_SECRET ?? readFileSync(path.join(env.app.dataDir, 'jwt-secret'), 'utf8').trim();
}

interface GraphQLCall {
  operation: string;
  status: number;
  errorCode: string | null;
}

/**
 * Watches the page's GraphQL traffic, and sends the next `operation` with `token` in place of the
 * page's own bearer token (as if the one in memory had expired). The server's answers are real.
 */
async function expireTokenFor(page: Page, operation: string, token: string): Promise<GraphQLCall[]> {
  const calls: GraphQLCall[] = [];
  let tampered = false;
  await page.route('**/graphql', async (route: Route) => {
    const request = route.request();
    const body = request.postDataJSON() as { operationName?: string } | null;
    const name = body?.operationName ?? '?';
    const headers = { ...request.headers() };
    if (name === operation && !tampered) {
      tampered = true;
      headers.authorization = `Bearer ${token}`;
    }
    const response = await route.fetch({ headers });
    let errorCode: string | null = null;
    try {
      const json = (await response.json()) as { errors?: { extensions?: { code?: string } }[] };
      errorCode = json.errors?.[0]?.extensions?.code ?? null;
    } catch {
      // not JSON
    }
    calls.push({ operation: name, status: response.status(), errorCode });
    await route.fulfill({ response });
  });
  return calls;
}

test(
  'session: reload keeps the page, an expired token renews silently, logout, protected routes',
  { timeout: JOURNEY_TIMEOUT_MS },
  async () => {
    const journey = await env.start('j5-session');
    const { page, context, app } = journey;
    const user = await createReadyUser(app, 'session', { firstName: 'Sid', lastName: 'Session' });
    await seedWallet(app, user, { walletName: 'Checking', balance: 1000 });

    await journey.step('sign in', () => journey.signIn(user));

    await journey.step(
      'a new tab at / goes to the dashboard without showing the landing page first',
      async () => {
        const other = await context.newPage();
        await other.goto('/');
        // The prerendered landing page was taken out before the first paint: this browser is signed in.
        assert.equal(await other.locator('#root').getAttribute('data-prerendered'), '');
        await dashboardHeading(other, user).waitFor();
        assert.equal(
          await other.getByRole('heading', { name: 'Personal Financial Tracking Software' }).count(),
          0,
        );
        await other.close();
      },
    );

    await journey.step(
      "before any script has run, a returning browser shows the dashboard's frame and asks for its code and its session",
      async () => {
        // A context of its own: no service worker to answer for the scripts held back.
        // A phone's width, where the tabs' own rules keep them on one row.
        const frameOnly = await env.browser.newContext({
          baseURL: app.url,
          viewport: { width: 375, height: 812 },
        });
        await frameOnly.addCookies(await context.cookies());
        await frameOnly.addInitScript(() => window.localStorage.setItem('truenet.signedIn', '1'));
        // The application's stylesheets held back too: the frame is styled by index.html's own rules.
        await frameOnly.route(/\/assets\/.*\.(js|css)$/, (route) => route.abort());
        // The silent refresh goes out from the page itself, held back here: answered, it would
        // rotate the refresh cookie this journey's own browser still holds.
        const asked = new Promise<string | undefined>((resolve) => {
          void frameOnly.route('**/graphql', async (route) => {
            resolve((route.request().postDataJSON() as { operationName?: string }).operationName);
            await route.abort();
          });
        });
        const other = await frameOnly.newPage();
        await other.goto('/');
        const today = await other.evaluate(() => {
          const now = new Date();
          const weekday = now.toLocaleDateString('en-US', { weekday: 'short' });
          const month = now.toLocaleDateString('en-US', { month: 'short' });
          return `${weekday} ${month} ${now.getDate()}, ${now.getFullYear()}`;
        });
        await other
          .getByRole('heading', { level: 2, name: `Income and Liability Analysis For ${today}` })
          .waitFor();
        await other.getByRole('tab', { name: 'Manage Wallets' }).waitFor();
        // Each tab's name on one line, as the dashboard draws them: wrapped, the frame's tab row was
        // taller and everything under it moved up when the application replaced it.
        const linesPerTab = await other.getByRole('tab').evaluateAll((tabs) =>
          tabs.map((tab) => {
            const range = document.createRange();
            range.selectNodeContents(tab);
            return range.getClientRects().length;
          }),
        );
        assert.deepEqual(linesPerTab, [1, 1, 1, 1, 1, 1], "the frame's tabs stay on one row, one line each");
        assert.equal(await other.getByRole('link', { name: 'Login' }).count(), 0);
        // A tab tapped on the frame is chosen at once, with no script of the application's yet.
        await other.getByRole('tab', { name: 'Manage Wallets' }).click();
        assert.equal(
          await other.getByRole('tab', { name: 'Manage Wallets' }).getAttribute('aria-selected'),
          'true',
        );
        await other.getByRole('tabpanel', { name: 'Manage Wallets' }).getByRole('status').waitFor();
        // The dashboard's own code was asked for while the page was parsed, not once the entry ran.
        const preloaded = await other.evaluate(() =>
          [...document.querySelectorAll('link[rel="modulepreload"]')].map((link) =>
            link.getAttribute('href'),
          ),
        );
        assert.ok(
          preloaded.some((href) => /^\/assets\/UserHomePage-[\w-]+\.js$/.test(href ?? '')),
          `the dashboard's chunk is preloaded: ${preloaded.join(' ')}`,
        );
        assert.equal(await asked, 'RefreshSession', 'the silent refresh is sent by the page as it is parsed');
        await frameOnly.close();
      },
    );

    await journey.step('reload on a protected page stays there', async () => {
      await page.getByRole('link', { name: 'Help' }).click();
      await page.getByRole('heading', { level: 1, name: 'Help' }).waitFor();
      await journey.screen('help');
      await page.reload();
      await page.getByRole('heading', { level: 1, name: 'Help' }).waitFor();
      await page.waitForURL(/#\/help$/);
      await page.getByRole('link', { name: 'Dashboard' }).click();
      await dashboardHeading(page, user).waitFor();
      const sent: string[] = [];
      const thenQuery: string[] = [];
      const count = (request: Request) => {
        if (new URL(request.url()).pathname !== '/graphql') return;
        const body = request.postDataJSON() as { operationName?: string; extensions?: object };
        // Apollo Client names itself in every request it sends; the page's boot script does not.
        const byPage = !(body.extensions && 'clientLibrary' in body.extensions);
        sent.push(`${body.operationName ?? ''}${byPage ? ' (by the page)' : ''}`);
        if (body.extensions && 'thenQuery' in body.extensions) thenQuery.push(body.operationName ?? '');
      };
      page.on('request', count);
      await page.reload();
      await dashboardHeading(page, user).waitFor();
      page.off('request', count);
      // Sent by the page as it is parsed and taken over by the application: never twice, since
      // each refresh rotates the cookie and a reused one ends the session.
      assert.equal(
        sent.filter((name) => name === 'RefreshSession (by the page)').length,
        1,
        `one refresh: ${sent.join(', ')}`,
      );
      // The dashboard's numbers brought by that refresh and taken over: never asked for apart.
      assert.deepEqual(
        sent.filter((name) => name.startsWith('DashboardFirstScreen')),
        [],
        `the first screen came with the refresh: ${sent.join(', ')}`,
      );
      assert.ok(thenQuery.includes('RefreshSession'), 'the page’s refresh asked for the first screen');
      await page.waitForURL(/#\/userhome$/);
      await readWholeAnalysis(page);
      await tabPanel(page, 'Analysis').getByText('Checking (default)').waitFor({ state: 'attached' });
      await journey.screen('dashboard-after-reload');
    });

    await journey.step(
      'an expired access token is renewed silently and the action goes through once',
      async () => {
        const calls = await expireTokenFor(
          page,
          'UpdateWalletBalance',
          expiredAccessToken(jwtSecret(), user.uid),
        );
        const panel = tabPanel(page, 'Analysis');
        await panel.getByLabel('Amount').fill('10');
        await panel.getByLabel('Note (optional)').fill('Coffee');
        await panel.getByRole('button', { name: 'Spent' }).click();
        await page.waitForFunction(
          ([element, expected]) => (element as HTMLInputElement).value === expected,
          [await panel.getByLabel('Wallet Balance').elementHandle(), money(990)] as const,
        );
        await page.unrouteAll({ behavior: 'wait' });
        const updates = calls.filter((c) => c.operation === 'UpdateWalletBalance');
        assert.equal(
          updates.length,
          2,
          `the update was sent, refused, and retried once: ${JSON.stringify(calls)}`,
        );
        assert.ok(
          updates[0]!.status === 401 || updates[0]!.errorCode === 'UNAUTHENTICATED',
          `the server refused the expired token: ${JSON.stringify(updates[0])}`,
        );
        assert.equal(updates[1]!.status, 200);
        assert.equal(updates[1]!.errorCode, null);
        const refreshes = calls.filter((c) => c.operation === 'RefreshSession');
        assert.equal(refreshes.length, 1, 'one silent refresh');
        assert.equal(refreshes[0]!.status, 200);
        assert.match(page.url(), /#\/userhome$/, 'still on the dashboard');
        assert.equal(await panel.getByRole('alert').count(), 0, 'no error shown');

        await page.getByRole('button', { name: 'Open the register of Checking' }).click();
        const register = dialog(page, /^Wallet Register: Checking/);
        await register.getByText('Coffee').waitFor();
        assert.deepEqual(await register.locator('tbody tr td:first-child').allTextContents(), [money(-10)]);
        await journey.screen('register-after-renewal');
        await register.getByRole('button', { name: 'Close Register' }).click();
        await register.waitFor({ state: 'hidden' });
      },
    );

    await journey.step(
      'after a deploy the open page offers a reload, keeps the session, and works again once reloaded',
      async () => {
        // The page's JavaScript is the build before: its documents' hashes are ones the running
        // server does not hold (the server's answer is real).
        await page.route('**/graphql', async (route: Route) => {
          const body = route.request().postDataJSON() as {
            extensions?: { persistedQuery?: { sha256Hash?: string } };
          } | null;
          const persisted = body?.extensions?.persistedQuery;
          if (!persisted) return route.continue();
          persisted.sha256Hash = '0'.repeat(64);
          await route.continue({ postData: JSON.stringify(body) });
        });
        const panel = tabPanel(page, 'Analysis');
        await panel.getByLabel('Amount').fill('5');
        await panel.getByRole('button', { name: 'Spent' }).click();
        const notice = page
          .getByRole('alert')
          .filter({ has: page.getByRole('button', { name: 'Reload page' }) });
        await notice.waitFor();
        // The refused action says so in words, beside it.
        await panel
          .getByRole('alert')
          .filter({ hasText: 'TrueNet has been updated. Reload the page' })
          .waitFor();
        await journey.screen('outdated-page');
        assert.match(page.url(), /#\/userhome$/, 'still on the dashboard: the session was not ended');
        await page.unrouteAll({ behavior: 'wait' });
        await notice.getByRole('button', { name: 'Reload page' }).click();
        await dashboardHeading(page, user).waitFor();
        await notice.waitFor({ state: 'detached' });
        await readWholeAnalysis(page);
        // Nothing was spent by the refused request: the balance is what it was.
        await page.waitForFunction(
          ([element, expected]) => (element as HTMLInputElement).value === expected,
          [
            await tabPanel(page, 'Analysis').getByLabel('Wallet Balance').elementHandle(),
            money(990),
          ] as const,
        );
      },
    );

    await journey.step('logout goes to the landing page', async () => {
      await page.getByRole('button', { name: 'Logout' }).click();
      await page.getByRole('heading', { name: 'Personal Financial Tracking Software' }).waitFor();
      assert.equal(new URL(page.url()).hash || '#/', '#/');
      await page.getByRole('link', { name: 'Login', exact: true }).waitFor();
      await journey.screen('landing-after-logout');
      await page.reload();
      await page.getByRole('heading', { name: 'Personal Financial Tracking Software' }).waitFor();
    });

    await journey.step('a signed-out visit to userhome goes to the login', async () => {
      await page.goto('/#/userhome');
      await page.getByRole('heading', { name: 'Login to your account' }).waitFor();
      await page.waitForURL(/#\/loginhome$/);
      await journey.screen('login-after-protected-visit');
    });

    await journey.step('a refresh that fails mid-session ends the session at the login', async () => {
      await journey.signIn(user);
      await readWholeAnalysis(page);
      await context.clearCookies(); // the refresh cookie is gone: renewing cannot work
      const calls = await expireTokenFor(
        page,
        'UpdateWalletBalance',
        expiredAccessToken(jwtSecret(), user.uid),
      );
      const panel = tabPanel(page, 'Analysis');
      await panel.getByLabel('Amount').fill('5');
      await panel.getByRole('button', { name: 'Spent' }).click();
      await page.getByRole('heading', { name: 'Login to your account' }).waitFor();
      // The specification's /login is the login screen, loginhome ("also referred to by the path /login").
      await page.waitForURL(/#\/login(home)?$/);
      await page.unrouteAll({ behavior: 'wait' });
      assert.equal(calls.filter((c) => c.operation === 'UpdateWalletBalance').length, 1, 'not retried');
      const refresh = calls.find((c) => c.operation === 'RefreshSession');
      assert.ok(refresh && refresh.errorCode !== null, `the refresh was refused: ${JSON.stringify(calls)}`);
      await page.getByRole('link', { name: 'Login', exact: true }).waitFor();
      await journey.screen('login-after-lost-session');
      // Nothing was spent: the balance is still $990.00.
      await journey.signIn(user);
      await readWholeAnalysis(page);
      assert.equal(await tabPanel(page, 'Analysis').getByLabel('Wallet Balance').inputValue(), money(990));
    });

    await journey.finish();
  },
);

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createReadyUser, seedExpense, seedIncome, seedWallet } from '../support/api';
import { PHONE, screenshot } from '../support/browser';
import { analysisSections, dialog, openTab, readWholeAnalysis } from '../support/dashboard';
import { addDays, today } from '../support/dates';
import { JOURNEY_TIMEOUT_MS, dashboardHeading, submitLogin, useJourneyEnvironment } from '../support/journey';
import { phoneProblems } from '../support/phone';

const env = useJourneyEnvironment();

test(
  'a phone (375 × 812): no sideways scroll, every touch target 44 px, modal actions in view',
  { timeout: JOURNEY_TIMEOUT_MS },
  async () => {
    const journey = await env.start('j19-phone');
    const { page, app } = journey;
    const user = await createReadyUser(app, 'phone', { firstName: 'Pia', lastName: 'Phone' });
    const day = today();
    await seedWallet(app, user, { walletName: 'Everyday Checking Account', balance: 1800 });
    await seedWallet(app, user, { walletName: 'Rainy Day Savings', balance: 5200 });
    await seedIncome(app, user, {
      sourceName: 'Northwind Logistics Payroll',
      incomeFrequency: 'BIWEEKLY',
      nextPmtDate: addDays(day, 5),
      paymentAmount: 2150,
    });
    for (const [index, name] of ['Apartment Rent', 'Car Insurance Premium', 'Mobile Phone Plan'].entries()) {
      await seedExpense(app, user, {
        creditorName: name,
        debtType: 'MISC_BILL',
        frequency: 'MONTHLY',
        dueDate: addDays(day, index + 1),
        payment: 300 + index * 125.5,
      });
    }

    /** The screen as a phone user meets it: nothing wider than the screen, nothing too small to tap. */
    async function expectPhoneFriendly(where: string) {
      const { sideways, smallTargets } = await phoneProblems(page);
      assert.equal(sideways, 0, `${where}: the page scrolls sideways by ${sideways} px`);
      assert.deepEqual(smallTargets, [], `${where}: touch targets under 44 × 44 px`);
    }

    /**
     * A phone's browser of its own, signed in: no service worker in it to answer for the scripts a
     * step holds back.
     */
    async function signedInPhone() {
      const phone = await env.browser.newContext({
        baseURL: app.url,
        viewport: PHONE,
        serviceWorkers: 'block',
      });
      const other = await phone.newPage();
      await submitLogin(other, user.userName, user.password);
      return { phone, other };
    }

    await journey.step('sign in on a phone', async () => {
      await page.setViewportSize(PHONE);
      await journey.signIn(user);
    });

    await journey.step(
      'the analysis: tabs in one row, the chart fits, nothing too small to tap',
      async () => {
        const tabs = page.getByRole('tab');
        const tops = await tabs.evaluateAll((elements) =>
          elements.map((tab) => tab.getBoundingClientRect().top),
        );
        assert.equal(new Set(tops).size, 1, 'the five tabs sit in one row');
        // The sections far below a phone's first screen are drawn as the person scrolls toward
        // them, not while the first screen appears: the last of them holds only its place.
        const comingDue = page.getByRole('region', { name: 'Obligations Due Within 30 Days' });
        await comingDue.waitFor();
        assert.equal(await comingDue.getByRole('heading').count(), 0, 'the last section waits below');
        await readWholeAnalysis(page);
        await comingDue.getByRole('heading', { name: 'Obligations Due Within 30 Days' }).waitFor();
        const chart = page.getByRole('group', { name: /^Balance forecast chart/ });
        await chart.locator('canvas').first().waitFor();
        const box = await chart.boundingBox();
        assert.ok(box && box.x >= 0 && box.x + box.width <= PHONE.width, 'the chart fits the screen');
        // "Can I afford it?": its form (with the page's only date field, costly to draw first) is
        // drawn as the person scrolls within half a screen of it.
        const afford = page.getByRole('region', { name: 'Can I afford it?' });
        await afford.scrollIntoViewIfNeeded();
        await afford.getByLabel('When').waitFor();
        await expectPhoneFriendly('Analysis');
        // A tap near the corner of a switch's 44 px square still turns it: the target is real.
        const paid = page.getByRole('switch', { name: 'Paid Apartment Rent' });
        const square = page.locator('.tn-switch').filter({ has: paid });
        await square.click({ position: { x: 3, y: 3 } });
        assert.equal(await paid.isChecked(), true, 'the tap turned Paid on');
        await square.click({ position: { x: 3, y: 3 } });
        assert.equal(await paid.isChecked(), false, 'a second tap turned it off');
        await journey.screen('analysis');
      },
    );

    await journey.step(
      "a reload shows the numbers before the application's code has arrived, and keeps them in place",
      async () => {
        const { phone, other } = await signedInPhone();
        const hero = other.getByRole('region', { name: 'True net income' });
        const figures = async () =>
          Promise.all(
            ['hero-scope', 'true-net-income', 'safe-to-spend', 'lowest-balance'].map((id) =>
              hero.getByTestId(id).textContent(),
            ),
          );
        await hero.getByTestId('lowest-balance').waitFor();
        const drawn = await figures();
        const place = await hero.boundingBox();

        // What the page asks /graphql for, by operation.
        let asked: string[] = [];
        other.on('request', (request) => {
          if (new URL(request.url()).pathname !== '/graphql') return;
          asked.push(
            String((JSON.parse(request.postData() ?? '{}') as { operationName?: string }).operationName),
          );
        });

        // index.html's boot script alone: the session, the numbers and the frame, no application.
        await other.route(/\/assets\/.*\.js$/, (route) => route.abort());
        asked = [];
        await other.reload();
        await dashboardHeading(other, user).waitFor();
        await hero.getByTestId('lowest-balance').waitFor();
        // Measured once it shows: a box read while it is out of the layout is null.
        await hero.waitFor({ state: 'visible' });
        assert.equal(await other.locator('#dashboard-tabs-loading').count(), 1, "still index.html's frame");
        assert.deepEqual(await figures(), drawn, 'the same figures as the dashboard draws');
        assert.deepEqual(await hero.boundingBox(), place, 'in the same place');
        assert.match(drawn[0] ?? '', /^All wallets \(2\)/);
        // Counted from the reload on (a request the page before it still had going may be among them).
        assert.equal(
          asked.filter((name) => name === 'RefreshSession').length,
          1,
          `one refresh: ${asked.join(', ')}`,
        );
        assert.ok(
          !asked.includes('DashboardFirstScreen'),
          `the refresh brought the numbers: ${asked.join(', ')}`,
        );
        await screenshot(other, 'j19-phone-numbers-before-the-code-375', false);

        // The application, once it has arrived, draws them in the same place, from that answer.
        await other.unroute(/\/assets\/.*\.js$/);
        asked = [];
        await other.reload();
        await other.locator('#dashboard-tabs').waitFor();
        // Its own Analysis, not the early hero it keeps until then (which it replaces in place): only
        // the application draws the sections below the hero, or the places they wait in.
        await analysisSections(other).first().waitFor({ state: 'attached' });
        await hero.getByTestId('lowest-balance').waitFor();
        await hero.waitFor({ state: 'visible' });
        assert.deepEqual(await figures(), drawn, "the application's figures are the early ones");
        assert.deepEqual(await hero.boundingBox(), place, "the application's hero where the early one was");
        assert.ok(asked.includes('RefreshSession'), `the page refreshed its session: ${asked.join(', ')}`);
        assert.ok(
          !asked.includes('DashboardFirstScreen'),
          `the first screen came with the refresh: ${asked.join(', ')}`,
        );
        await phone.close();
      },
    );

    await journey.step(
      "with the entry's code alone, the frame and its numbers answer every tap, and the dashboard opens as left",
      async () => {
        const { phone, other } = await signedInPhone();
        await other.locator('#dashboard-tabs').waitFor();
        // The dashboard's code (Apollo Client's root and the page, which bring the rest) held back,
        // as a cheap phone on Slow 4G is still fetching it: the entry's code alone has arrived.
        let release = () => {};
        const released = new Promise<void>((resolve) => (release = resolve));
        const heldBack: string[] = [];
        await other.route(/\/assets\/(ApolloRoot|UserHomePage)-[\w-]+\.js$/, async (route) => {
          heldBack.push(new URL(route.request().url()).pathname);
          await released;
          await route.continue();
        });
        await other.reload();
        // The menu's button is the application's own (index.html's bar has none while it settles).
        const menu = other.getByRole('button', { name: 'Toggle navigation' });
        await menu.click();
        const manageAccount = other.getByRole('link', { name: 'Manage Account' });
        await manageAccount.waitFor();
        await menu.click();
        await manageAccount.waitFor({ state: 'hidden' });
        await other.getByRole('region', { name: 'True net income' }).getByTestId('true-net-income').waitFor();
        await other.getByRole('tab', { name: 'Spending' }).click();
        assert.equal(
          await other.getByRole('tab', { name: 'Spending' }).getAttribute('aria-selected'),
          'true',
        );
        await other.getByRole('tabpanel', { name: 'Spending' }).getByRole('status').waitFor();
        assert.equal(await other.locator('#dashboard-tabs').count(), 0, "the dashboard's code is still held");
        assert.ok(heldBack.length > 0, 'the page asked for the code held back');
        // Photographed once the tabs' transitions (Bootstrap's fade and colours) have run their course.
        await other.waitForFunction(() =>
          document
            .getAnimations()
            .every((each) => !(each instanceof CSSTransition) || each.playState !== 'running'),
        );
        await screenshot(other, 'j19-phone-frame-answers-before-the-dashboard-375', false);

        release();
        await other.locator('#dashboard-tabs').waitFor();
        assert.equal(
          await other.getByRole('tab', { name: 'Spending' }).getAttribute('aria-selected'),
          'true',
          'the dashboard opened on the tab tapped on its frame',
        );
        await phone.close();
      },
    );

    await journey.step('the wallet register becomes cards on a phone', async () => {
      await page.getByRole('button', { name: 'Open the register of Everyday Checking Account' }).click();
      const register = dialog(page, /^Wallet Register/);
      await register.waitFor();
      await expectPhoneFriendly('Wallet register');
      await journey.screen('wallet-register');
      await register.getByRole('button', { name: 'Close Register' }).click();
      await register.waitFor({ state: 'hidden' });
    });

    for (const [tab, addButton, title] of [
      ['Manage Income', 'Add Income Sources', 'Add Income'],
      ['Manage Expenses', 'Add Expenses', 'Add Expense'],
      ['Manage Wallets', 'Add Wallets', 'Add Wallet'],
    ] as const) {
      await journey.step(`${tab}: its list and its add form fit, and Save stays in view`, async () => {
        await openTab(page, tab);
        await expectPhoneFriendly(tab);
        await page.getByRole('button', { name: addButton }).click();
        const modal = dialog(page, title);
        await modal.waitFor();
        const save = modal.getByRole('button', { name: 'Save New Record' });
        const saveBox = await save.boundingBox();
        assert.ok(
          saveBox && saveBox.y + saveBox.height <= PHONE.height,
          `${title}: Save is in view without scrolling`,
        );
        await expectPhoneFriendly(title);
        await journey.screen(title.toLowerCase().replace(' ', '-'));
        await modal.getByRole('button', { name: 'Close', exact: true }).click();
        await modal.waitFor({ state: 'hidden' });
      });
    }

    await journey.step(
      "opened on a tab tapped before it could answer, the dashboard shows that tab in the phone's tab row",
      async () => {
        // What the frame's tabs leave when tapped before the application has loaded (wantedTab.ts).
        const other = await journey.context.newPage();
        await other.setViewportSize(PHONE);
        await other.addInitScript(() => Object.assign(window, { __truenetWantedTab: 'wallets' }));
        await other.goto('/#/userhome');
        await other.getByRole('button', { name: 'Add Wallets' }).waitFor();
        const tab = other.getByRole('tab', { name: 'Manage Wallets' });
        assert.equal(await tab.getAttribute('aria-selected'), 'true');
        const box = await tab.boundingBox();
        assert.ok(
          box && box.x >= 0 && box.x + box.width <= PHONE.width,
          `the open tab is scrolled into the row: ${JSON.stringify(box)}`,
        );
        await other.close();
      },
    );

    await journey.step('a laptop (1280 × 800): the add forms keep Save in view too', async () => {
      await page.setViewportSize({ width: 1280, height: 800 });
      for (const [tab, addButton, title] of [
        ['Manage Expenses', 'Add Expenses', 'Add Expense'],
        ['Manage Income', 'Add Income Sources', 'Add Income'],
      ] as const) {
        await openTab(page, tab);
        await page.getByRole('button', { name: addButton }).click();
        const modal = dialog(page, title);
        await modal.waitFor();
        const saveBox = await modal.getByRole('button', { name: 'Save New Record' }).boundingBox();
        assert.ok(saveBox && saveBox.y + saveBox.height <= 800, `${title}: Save is in view at 1280 × 800`);
        await modal.getByRole('button', { name: 'Close', exact: true }).click();
        await modal.waitFor({ state: 'hidden' });
      }
    });

    await journey.finish();
  },
);

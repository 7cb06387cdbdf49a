import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createReadyUser } from '../support/api';
import {
  analysisCard,
  dangerPixels,
  dialog,
  expectText,
  money,
  openTab,
  readWholeAnalysis,
  rowWith,
  snapshotValue,
  tabPanel,
} from '../support/dashboard';
import { addDays, displayDate, today } from '../support/dates';
import { JOURNEY_TIMEOUT_MS, useJourneyEnvironment } from '../support/journey';

const env = useJourneyEnvironment();

test(
  'setup: a wallet, a bi-weekly paycheck and three bills give a true net income of $429.00',
  { timeout: JOURNEY_TIMEOUT_MS },
  async () => {
    const journey = await env.start('j2-setup');
    const { page, app } = journey;
    const user = await createReadyUser(app, 'setup', { firstName: 'Sam', lastName: 'Setup' });
    const day = today();
    const lastPayDate = addDays(day, -10);
    const nextPayDate = addDays(day, 4);
    const bills = [
      {
        name: 'Home Mortgage',
        type: 'Mortgage/Rent',
        due: addDays(day, 1),
        amount: '1400',
        shown: '$1,400.00',
      },
      { name: 'Phone', type: 'Mobile Phone', due: addDays(day, 2), amount: '150', shown: '$150.00' },
      { name: 'Streaming', type: 'Subscription', due: addDays(day, 3), amount: '21', shown: '$21.00' },
    ];

    await journey.step('sign in', async () => {
      await journey.signIn(user);
      const setup = page.getByRole('region', { name: 'Three steps to your true net income' });
      await setup.getByText(/^3 steps to go\./).waitFor();
      await journey.screen('dashboard-empty');
    });

    await journey.step(
      'the first step leads to Bank connections, an address that survives a refresh',
      async () => {
        const setup = page.getByRole('region', { name: 'Three steps to your true net income' });
        await setup.getByRole('link', { name: 'Connect a bank' }).click();
        const heading = page.getByRole('heading', { name: 'Bank connections', level: 2 });
        await heading.waitFor();
        assert.match(page.url(), /#\/manageaccount\?section=bank-connections$/);
        // The page scrolls smoothly to the section once the sections above it have their content.
        const sectionAtTop = () =>
          page.waitForFunction(() => {
            const section = document.getElementById('section-bank-connections');
            const top = section?.getBoundingClientRect().top ?? -1;
            return document.activeElement === section && top >= 0 && top < window.innerHeight / 2;
          });
        await sectionAtTop();
        await journey.screen('bank-connections-section');
        await page.reload();
        await heading.waitFor();
        await sectionAtTop();
        await page.goBack();
        await page.getByRole('region', { name: 'Three steps to your true net income' }).waitFor();
      },
    );

    await journey.step('add a wallet', async () => {
      await openTab(page, 'Manage Wallets');
      await tabPanel(page, 'Manage Wallets').getByText('There are no wallets entered').waitFor();
      await journey.screen('wallets-empty');
      await page.getByRole('button', { name: 'Add Wallets' }).click();
      const modal = dialog(page, 'Add Wallet');
      await modal.waitFor();
      await modal.getByLabel('Wallet Name').fill('Checking');
      await modal.getByLabel('Description').fill('Main household account');
      await modal.getByLabel('Balance').fill('2500');
      // Typed as '$2,500'; leaving the field shows the cents.
      await modal.getByLabel('Balance').blur();
      assert.equal(await modal.getByLabel('Balance').inputValue(), '$2,500.00');
      await journey.screen('wallet-modal-filled');
      await modal.getByRole('button', { name: 'Save New Record' }).click();
      await modal.getByText('Wallet saved. Enter another or Close.').waitFor();
      await modal.getByRole('button', { name: 'Close', exact: true }).click();
      await modal.waitFor({ state: 'hidden' });
      const row = rowWith(tabPanel(page, 'Manage Wallets'), 'Checking');
      await row.getByText('$2,500.00').waitFor();
      await row.getByText('Default').waitFor();
      await journey.screen('wallets-list');
    });

    await journey.step('add the income source', async () => {
      await openTab(page, 'Manage Income');
      await tabPanel(page, 'Manage Income').getByText('There is no income entered').waitFor();
      await page.getByRole('button', { name: 'Add Income Sources' }).click();
      const modal = dialog(page, 'Add Income');
      await modal.waitFor();
      await modal.getByLabel('Source', { exact: true }).fill('Acme Payroll');
      await modal.getByLabel('Frequency Paid').selectOption({ label: 'Bi-Weekly' });
      await modal.getByLabel('Last Pay Date').fill(lastPayDate);
      await modal.getByLabel('Amount').fill('2000');
      await modal.getByLabel('Amount').blur();
      assert.equal(await modal.getByLabel('Amount').inputValue(), '$2,000.00');
      await journey.screen('income-modal-filled');
      await modal.getByRole('button', { name: 'Save New Record' }).click();
      await modal.getByText('Income saved. Enter another or Close.').waitFor();
      await modal.getByRole('button', { name: 'Close', exact: true }).click();
      await modal.waitFor({ state: 'hidden' });
      const row = rowWith(tabPanel(page, 'Manage Income'), 'Acme Payroll');
      await row.getByText('$2,000.00').waitFor();
      await row.getByText('Bi-Weekly').waitFor();
      await row.getByText(displayDate(lastPayDate)).waitFor();
      await journey.screen('income-list');
    });

    await journey.step('add three expenses', async () => {
      await openTab(page, 'Manage Expenses');
      await tabPanel(page, 'Manage Expenses').getByText('There are no expenses entered').waitFor();
      await page.getByRole('button', { name: 'Add Expenses' }).click();
      const modal = dialog(page, 'Add Expense');
      await modal.waitFor();
      for (const [index, bill] of bills.entries()) {
        await modal.getByLabel('Expense Source').fill(bill.name);
        await modal.getByLabel('Expense Type').selectOption({ label: bill.type });
        await modal.getByLabel('Frequency').selectOption({ label: 'Monthly' });
        await modal.getByLabel('Next Date Due').fill(bill.due);
        await modal.getByLabel('Amount', { exact: true }).fill(bill.amount);
        await modal.getByLabel('Amount', { exact: true }).blur();
        assert.equal(await modal.getByLabel('Amount', { exact: true }).inputValue(), bill.shown);
        if (index === 0) await journey.screen('expense-modal-filled');
        await modal.getByRole('button', { name: 'Save New Record' }).click();
        await modal.getByText('Expense saved. Enter another or Close.').waitFor();
        // The modal stays open, cleared for the next entry.
        assert.equal(await modal.getByLabel('Expense Source').inputValue(), '');
      }
      await modal.getByRole('button', { name: 'Close', exact: true }).click();
      await modal.waitFor({ state: 'hidden' });
      const table = tabPanel(page, 'Manage Expenses');
      for (const bill of bills) {
        const row = rowWith(table, bill.name);
        await row.getByText(bill.shown).waitFor();
        await row.getByText(displayDate(bill.due)).waitFor();
        await row.getByText(bill.type).waitFor();
      }
      await journey.screen('expenses-list');
    });

    await journey.step('the analysis shows the true net income', async () => {
      await page
        .getByRole('region', { name: 'Three steps to your true net income' })
        .waitFor({ state: 'detached' });
      await openTab(page, 'Analysis');
      await page
        .getByRole('heading', { name: `Income and Liability Analysis For ${displayDate(day)}` })
        .waitFor();
      await readWholeAnalysis(page);
      assert.equal(await snapshotValue(page, 'Net Income This Period').textContent(), money(429));
      assert.equal(await snapshotValue(page, 'Last Income Received').textContent(), money(2000));
      assert.equal(await snapshotValue(page, 'Obligations Before Next Income').textContent(), money(1571));
      assert.equal(await snapshotValue(page, 'Next Income Date').textContent(), displayDate(nextPayDate));
      assert.equal(await snapshotValue(page, 'Next Income Total').textContent(), money(2000));
      assert.equal(await snapshotValue(page, 'Wallet Available Balance').textContent(), money(2500));
      assert.equal(await snapshotValue(page, 'Available Cash').textContent(), money(2500 - 1571));

      const obligations = analysisCard(page, `Obligations Due By ${displayDate(nextPayDate)}`);
      for (const bill of bills) await expectText(rowWith(obligations, bill.name), bill.shown);
      await expectText(rowWith(obligations, 'Total'), money(1571));
      const lastIncome = analysisCard(page, 'Last Income Received');
      await expectText(rowWith(lastIncome, 'Acme Payroll'), displayDate(lastPayDate));
      const nextIncome = analysisCard(page, 'Next Expected Income');
      await expectText(rowWith(nextIncome, 'Acme Payroll'), displayDate(nextPayDate));
      await journey.screen('analysis');
    });

    await journey.step(
      'the forecast chart: drawn, read day by day from the keyboard, with its table',
      async () => {
        const chart = page.getByRole('group', { name: /^Balance forecast chart/ });
        await chart.locator('canvas').first().waitFor();
        await chart.focus();
        await page.keyboard.press('Home');
        const tooltip = page.getByTestId('forecast-tooltip');
        await expectText(tooltip, displayDate(day));
        await page.keyboard.press('ArrowRight');
        await expectText(tooltip, displayDate(addDays(day, 1)));
        await page.keyboard.press('End');
        const forecast = page.getByRole('region', { name: /^Balance forecast to / });
        const title = (await forecast.getByRole('heading').textContent()) ?? '';
        await expectText(tooltip, title.replace('Balance forecast to ', ''));
        // Each day's words also reach screen readers, and the table tells the same story.
        assert.match(
          (await page.locator('.tn-chart-frame [aria-live]').textContent()) ?? '',
          /^\w{3} \w{3} \d{1,2}, \d{4}: /,
        );
        await forecast.getByText('Show the forecast as a table').click();
        await expectText(rowWith(forecast, displayDate(nextPayDate)), 'Pay: Acme Payroll');
        await journey.screen('forecast-chart');
        await forecast.getByText('Show the forecast as a table').click();
      },
    );

    await journey.step(
      'can I afford it? a small spend yes, a large one says how short and when',
      async () => {
        const afford = page.getByRole('region', { name: 'Can I afford it?' });
        // Its form is drawn as the person scrolls toward it (NearViewport).
        await afford.scrollIntoViewIfNeeded();
        await afford.getByLabel('How much').fill('100');
        await afford.getByRole('button', { name: 'Check' }).click();
        await afford.getByText(/^Yes: your lowest balance before payday would be \$[\d,]+\.\d\d$/).waitFor();
        await afford.getByLabel('How much').fill('20000');
        await afford.getByRole('button', { name: 'Add' }).click();
        await afford
          .getByText(/^Not before payday: you would be \$[\d,]+\.\d\d short on \w{3} \w{3} \d{1,2}, \d{4}$/)
          .waitFor();
        assert.equal(await afford.getByRole('listitem').count(), 2, 'both spends are weighed together');
        // The what-ifs are drawn: a dashed line that turns the danger colour below zero.
        await page.getByRole('listitem').filter({ hasText: 'What if (dashed)' }).waitFor();
        assert.ok(
          (await dangerPixels(page)) > 150,
          'the part of the line below zero is drawn in the danger colour',
        );
        await journey.screen('can-i-afford-it');
        await afford.getByRole('button', { name: /^Remove \$20,000\.00 on / }).click();
        await afford.getByText(/^Yes: your lowest balance before payday/).waitFor();
      },
    );

    await journey.finish();
  },
);

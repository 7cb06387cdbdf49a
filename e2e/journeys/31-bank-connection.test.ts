import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createReadyUser, seedExpense, seedIncome, seedWallet } from '../support/api';
import {
  dialog,
  expectText,
  money,
  openTab,
  readWholeAnalysis,
  rowWith,
  tabPanel,
} from '../support/dashboard';
import { addDays, displayDate, today } from '../support/dates';
import { JOURNEY_TIMEOUT_MS, useJourneyEnvironment } from '../support/journey';

const env = useJourneyEnvironment();

/** The offline stand-in's coffee three days ago (server/src/modules/bank/simplefin-stand-in.ts): $5.61. */
const TYPED_COFFEE = 5.61;

test(
  'bank connection: the demo bank connected on screen, linked, synced, one look-alike reviewed, its bills found',
  { timeout: JOURNEY_TIMEOUT_MS },
  async () => {
    const journey = await env.start('j31-bank');
    const { page, app } = journey;
    const user = await createReadyUser(app, 'banker', { firstName: 'Bo', lastName: 'Banks' });
    const day = today();
    await seedWallet(app, user, { walletName: 'Checking', balance: 2500 });
    // The demo account's pay and bill, which the stand-in's bank pays and deposits.
    await seedIncome(app, user, {
      sourceName: 'Acme Payroll',
      incomeFrequency: 'BIWEEKLY',
      nextPmtDate: addDays(day, -4),
      paymentAmount: 2000,
    });
    await seedExpense(app, user, {
      creditorName: 'Rocket Mortgage',
      debtType: 'MORTGAGE_RENT',
      frequency: 'MONTHLY',
      dueDate: addDays(day, 2),
      payment: 1400,
    });

    await journey.step('sign in and type a coffee by hand', async () => {
      await journey.signIn(user);
      await readWholeAnalysis(page);
      const panel = page.getByRole('tabpanel', { name: 'Analysis' });
      await panel.getByLabel('Amount').fill(String(TYPED_COFFEE));
      await panel.getByLabel('Note (optional)').fill('coffee');
      await panel.getByRole('button', { name: 'Spent' }).click();
      await expectText(panel, `Spent ${money(TYPED_COFFEE)} from Checking`);
    });

    await journey.step('connect the demo bank in Manage Account', async () => {
      await page.getByRole('link', { name: 'Manage Account' }).click();
      const bank = page.locator('section[aria-labelledby="bank-connections-title"]');
      await bank.waitFor();
      await bank.getByRole('button', { name: 'Try the demo bank' }).click();
      await expectText(bank, 'Connected to Demo Bank. Choose the wallet each account fills, then Sync now.');
      await expectText(bank, 'Not synced yet');
      await bank.scrollIntoViewIfNeeded();
      await journey.screen('connected');
    });

    await journey.step('link the checking account to the wallet, keeping the bank balance', async () => {
      const bank = page.locator('section[aria-labelledby="bank-connections-title"]');
      const checking = bank.locator('div.border-top', { hasText: 'Everyday Checking' });
      await checking.getByLabel('Fills wallet').selectOption({ label: 'Checking' });
      await assert.doesNotReject(
        checking.getByLabel("Keep this wallet's balance equal to the bank's").waitFor(),
      );
      assert.equal(
        await checking.getByLabel("Keep this wallet's balance equal to the bank's").isChecked(),
        true,
      );
    });

    await journey.step(
      'sync now: posted rows in, the mortgage paid, the pay deposited, pending shown',
      async () => {
        const bank = page.locator('section[aria-labelledby="bank-connections-title"]');
        await bank.getByRole('button', { name: 'Sync Demo Bank now' }).click();
        await expectText(
          bank,
          /Synced: imported \d+ transactions, paid 1 bill, 1 transaction waits for your review, 1 charge is pending at the bank\./,
        );
        await expectText(bank, 'CITY PARKING (pending)');
        await expectText(bank, /Last synced/);
        await journey.screen('synced');
      },
    );

    await journey.step('the dashboard: the bank balance, and one transaction to review', async () => {
      await page.getByRole('link', { name: 'Dashboard' }).click();
      // What the sync found shows on the way back, though the tab was drawn before the sync.
      await expectText(
        page.getByRole('status', { name: 'Found in your bank' }),
        'Found in your bank: 6 bills',
      );
      const notices = page.getByRole('region', { name: 'Bank connections' });
      await expectText(notices, '1 bank transaction to review');
      await openTab(page, 'Manage Wallets');
      await expectText(rowWith(tabPanel(page, 'Manage Wallets'), 'Checking'), money(2743.18));
      await openTab(page, 'Analysis');
      await notices.getByRole('button', { name: 'Review' }).click();
      const review = dialog(page, 'Bank transactions to review: Checking');
      await expectText(
        review,
        `Looks like one you typed on ${displayDate(day).split(' ').slice(1, 3).join(' ').replace(',', '')}`,
      );
      await journey.screen('review');
      await review.getByRole('button', { name: 'Import none of them' }).click();
      await expectText(review, 'Imported 0 transactions, skipped 1.');
      await review.getByRole('button', { name: 'Close' }).last().click();
      await notices.waitFor({ state: 'detached' });
    });

    await journey.step(
      'found in your bank: the year of history proposes the bills not in the plan yet',
      async () => {
        const found = page.getByRole('status', { name: 'Found in your bank' });
        // The mortgage and the pay are in the plan already: only what is not is proposed.
        await expectText(found, 'Found in your bank: 6 bills');
        await found.getByRole('button', { name: 'Review' }).click();
        const review = dialog(page, 'Found in your bank');
        const netflix = review.getByRole('listitem').filter({ hasText: 'Netflix.com' });
        await expectText(netflix, 'varies, latest');
        await expectText(review, 'Every year');
        await expectText(review, 'Twice a year');
        await journey.screen('found-in-your-bank');
        await page.emulateMedia({ colorScheme: 'dark' });
        await journey.screen('found-in-your-bank-dark');
        await page.emulateMedia({ colorScheme: 'light' });

        await netflix.getByRole('button', { name: 'Add as a bill' }).click();
        await netflix.getByLabel('Bill name').fill('Netflix');
        await journey.screen('found-edit-step');
        await netflix.getByRole('button', { name: 'Add bill' }).click();
        await expectText(review, 'Netflix was added to your bills.');
        await review.getByRole('listitem').filter({ hasText: 'Netflix.com' }).waitFor({ state: 'detached' });

        const spotify = review.getByRole('listitem').filter({ hasText: 'Spotify' });
        await spotify.getByRole('button', { name: 'Not recurring' }).click();
        await expectText(review, 'Spotify will not be suggested again.');
        await review.getByRole('button', { name: 'Close' }).last().click();
        await expectText(found, 'Found in your bank: 4 bills');
        await found.scrollIntoViewIfNeeded();
        await journey.screen('found-notice');
      },
    );

    await journey.step('the bill added from the bank is in the plan', async () => {
      await openTab(page, 'Manage Expenses');
      await expectText(rowWith(tabPanel(page, 'Manage Expenses'), 'Netflix'), money(22.99));
    });

    await journey.finish();
  },
);

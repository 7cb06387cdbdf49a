import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createReadyUser, gql, seedWallet } from '../support/api';
import { dialog, expectText, openTab, tabPanel } from '../support/dashboard';
import { addDays, TIME_ZONE, today } from '../support/dates';
import { JOURNEY_TIMEOUT_MS, useJourneyEnvironment } from '../support/journey';
import { ofxStatement } from '../support/statements';

const env = useJourneyEnvironment();

interface LedgerAnswer {
  ledger: { rows: { payee: string; category: { name: string } | null; categorySource: string | null }[] };
}

test(
  'where the money goes: a statement categorized as it arrives, sorted from the keyboard, taught for a payee, a row split',
  { timeout: JOURNEY_TIMEOUT_MS },
  async () => {
    const journey = await env.start('j36-spending');
    const { page, app } = journey;
    const user = await createReadyUser(app, 'spend', { firstName: 'Sam', lastName: 'Spender' });
    const walletId = await seedWallet(app, user, { walletName: 'Checking', balance: 900 });
    // Rows of the last two weeks, looked at as a range of dates.
    const day = (back: number) => addDays(today(), -back);
    const statement = ofxStatement([
      { date: day(12), amount: -54.2, name: 'KING SOOPERS #0012 DENVER CO', fitid: 's1' },
      { date: day(10), amount: -6.75, name: 'TST* SHAKE SHACK 2779', fitid: 's2' },
      { date: day(9), amount: -18, name: 'SQ *KIMS DENVER CO', fitid: 's3' },
      { date: day(6), amount: -22, name: 'SQ *KIMS TAMPA FL', fitid: 's4' },
      { date: day(4), amount: -40, name: 'AMZN Mktp US*2K4PQ', fitid: 's5' },
      { date: day(2), amount: -31.5, name: 'THE BLUE DOOR', fitid: 's6' },
    ]);
    const { previewImport } = await gql<{ previewImport: { id: string } }>(
      app,
      'PreviewImport',
      {
        walletId,
        fileName: 'checking.ofx',
        contentBase64: statement.toString('base64'),
        timeZone: TIME_ZONE,
      },
      user.token,
    );
    await gql(app, 'ConfirmImport', { previewId: previewImport.id, timeZone: TIME_ZONE }, user.token);

    await journey.step('sign in and open Spending', async () => {
      await journey.signIn(user);
      await openTab(page, 'Spending');
    });
    const spending = tabPanel(page, 'Spending');

    await journey.step(
      'the last two weeks by category: each known shop in its place, the rest to sort',
      async () => {
        await spending.getByRole('button', { name: 'Dates' }).click();
        await spending.getByLabel('From').fill(day(14));
        await spending.getByLabel('to', { exact: true }).fill(today());
        await expectText(spending, '$172.45');
        await spending.getByRole('button', { name: /^Groceries/ }).waitFor();
        await spending.getByRole('button', { name: /^Dining/ }).waitFor();
        await spending.getByRole('button', { name: /^Shopping/ }).waitFor();
        await spending.getByRole('button', { name: '3 rows to sort' }).waitFor();
        await journey.screen('by-category');
      },
    );

    await journey.step('sort from the keyboard: Kims in one town teaches Kims in the other', async () => {
      await spending.getByRole('button', { name: '3 rows to sort' }).click();
      const sorting = dialog(page, 'Sort your rows');
      // Newest first: The Blue Door, whose name says nothing of what it sells.
      await expectText(sorting, 'The Blue Door');
      await journey.screen('sorting');
      // 'd' goes to Dining (again: Debt payments), Enter puts the row there.
      await page.keyboard.press('d');
      const focused = (name: string) =>
        sorting
          .getByRole('button', { name, exact: true })
          .evaluate((button) => button === document.activeElement);
      assert.equal(await focused('Dining'), true);
      await page.keyboard.press('d');
      assert.equal(await focused('Debt payments'), true);
      await page.keyboard.press('d');
      await page.keyboard.press('Enter');
      // Then Kims in Tampa; 'Always for Kims' sorts the Denver row too, and nothing is left.
      await expectText(sorting, 'Kims');
      await page.keyboard.press('d');
      await page.keyboard.press('Enter');
      await expectText(sorting, 'All sorted: 2 rows put in a category.');
      await sorting.getByRole('button', { name: 'Done' }).click();
      await sorting.waitFor({ state: 'hidden' });
      await spending.getByRole('button', { name: /rows? to sort/ }).waitFor({ state: 'detached' });
      const { ledger } = await gql<LedgerAnswer>(app, 'SpendingRows', { first: 50 }, user.token);
      const kims = ledger.rows.filter((row) => row.payee.startsWith('Kims'));
      assert.deepEqual(kims.map((row) => [row.category?.name, row.categorySource]).sort(), [
        ['Dining', 'LEARNED'],
        ['Dining', 'PERSON'],
      ]);
    });

    await journey.step("a category's rows: one changed with its picker, one split", async () => {
      await spending.getByRole('button', { name: /^Shopping/ }).click();
      const amazon = spending.locator('.tn-ledger-row', { hasText: 'Amzn Mktp' });
      await amazon.getByRole('button', { name: 'Split' }).click();
      const split = dialog(page, /^Split /);
      await split.getByLabel('Part 1: amount').fill('25');
      await split.getByLabel('Part 2: category').selectOption({ label: 'Groceries' });
      await expectText(split, '$15.00 left to place');
      await split.getByLabel('Part 2: amount').fill('15');
      await expectText(split, 'Adds up to the row');
      await split.getByRole('button', { name: 'Save split' }).click();
      await split.waitFor({ state: 'hidden' });
      await expectText(spending, /Split: Shopping \$25\.00 · Groceries \$15\.00/);
      await journey.screen('split');
    });

    await journey.step('a budget for Dining: what this month holds, what is left', async () => {
      const budgets = spending.getByRole('region', { name: 'Budgets' });
      await budgets.getByRole('button', { name: 'Set a budget' }).click();
      const modal = dialog(page, 'Set a budget');
      await modal.getByLabel('Category').selectOption({ label: 'Dining' });
      await modal.getByLabel('A month').fill('200');
      await modal.getByRole('button', { name: 'Save budget' }).click();
      await modal.waitFor({ state: 'hidden' });
      await expectText(budgets, /left · \$[\d.,]+ a day|left$/);
      await journey.screen('budget');
    });

    await journey.step('Manage Account: a category of their own, inside Dining', async () => {
      await page.goto(`${app.url}/#/manageaccount?section=categories`);
      const section = page.getByRole('region', { name: 'Categories' });
      await section.getByRole('button', { name: 'Add a category inside Dining' }).click();
      await section.getByRole('textbox', { name: 'Name inside Dining' }).fill('Date nights');
      await section.getByRole('button', { name: 'Save' }).click();
      await expectText(section, 'Date nights added');
      await journey.screen('categories');
    });

    await journey.step('dark', async () => {
      await page.emulateMedia({ colorScheme: 'dark' });
      await page.goto(`${app.url}/#/userhome`);
      await openTab(page, 'Spending');
      await expectText(spending, /spent from/);
      await journey.screen('dark');
    });

    await journey.finish();
  },
);

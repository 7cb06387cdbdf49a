import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { createReadyUser, seedWallet } from '../support/api';
import {
  dialog,
  expectText,
  money,
  openTab,
  readWholeAnalysis,
  rowWith,
  tabPanel,
} from '../support/dashboard';
import { addDays, today } from '../support/dates';
import { JOURNEY_TIMEOUT_MS, useJourneyEnvironment } from '../support/journey';
import { chooseStatementFile, ofxStatement } from '../support/statements';

const env = useJourneyEnvironment();

/** The same day `months` months from `date`, clamped to the month's length. */
function addMonths(date: string, months: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const first = new Date(Date.UTC(year, month - 1 + months, 1));
  const length = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(day, length));
  return first.toISOString().slice(0, 10);
}

async function importFile(page: Page, name: string, statement: Buffer, rows: number, summary: RegExp) {
  const wallets = tabPanel(page, 'Manage Wallets');
  await openTab(page, 'Manage Wallets');
  await wallets.getByRole('button', { name: 'Import a statement into Checking' }).click();
  const importDialog = dialog(page, 'Import statement: Checking');
  await importDialog.waitFor();
  await chooseStatementFile(page, name, statement);
  await expectText(importDialog, `${rows} new`);
  await importDialog.getByRole('button', { name: new RegExp(`^Import ${rows} transactions?$`) }).click();
  await expectText(importDialog, summary);
  await importDialog.getByRole('button', { name: 'Close' }).last().click();
  await importDialog.waitFor({ state: 'detached' });
}

test(
  'found in your bank: a year of statements imported, Netflix proposed and added, its price rise followed',
  { timeout: JOURNEY_TIMEOUT_MS },
  async () => {
    const journey = await env.start('j34-found');
    const { page, app } = journey;
    const user = await createReadyUser(app, 'finder', { firstName: 'Fay', lastName: 'Finder' });
    const day = today();
    await seedWallet(app, user, { walletName: 'Checking', balance: 3000 });
    // Netflix every month for a year, the latest 10 days ago; two coffees that are no bill.
    const latest = addDays(day, -10);
    const year = Array.from({ length: 12 }, (_, months) => ({
      date: addMonths(latest, -months),
      amount: -15.49,
      name: `POS DEBIT CARD 4411 NETFLIX.COM 866-579-7172`,
      fitid: `N${months}`,
    }));
    const coffees = [
      { date: addDays(day, -3), amount: -4.5, name: 'SQ *BLUE BOTTLE', fitid: 'C1' },
      { date: addDays(day, -2), amount: -5.25, name: 'SQ *BLUE BOTTLE', fitid: 'C2' },
    ];
    const nextDue = addMonths(latest, 1);

    await journey.step('sign in and import a year of statements', async () => {
      await journey.signIn(user);
      await importFile(
        page,
        'checking-year.ofx',
        ofxStatement([...year, ...coffees]),
        14,
        /^Imported 14 transactions/,
      );
    });

    await journey.step(
      'the Analysis tab proposes Netflix with its evidence; it is added as a bill',
      async () => {
        await openTab(page, 'Analysis');
        await readWholeAnalysis(page);
        const found = page.getByRole('status', { name: 'Found in your bank' });
        await expectText(found, 'Found in your bank: 1 bill');
        await found.getByRole('button', { name: 'Review' }).click();
        const review = dialog(page, 'Found in your bank');
        const netflix = review.getByRole('listitem').filter({ hasText: 'Netflix.com' });
        await expectText(netflix, 'Every month');
        await expectText(netflix, 'Paid 12 times since');
        await netflix.getByRole('button', { name: 'Add as a bill' }).click();
        await journey.screen('edit-step');
        await netflix.getByRole('button', { name: 'Add bill' }).click();
        await expectText(review, 'Netflix.com was added to your bills.');
        await expectText(review, 'Nothing left to review.');
        await review.getByRole('button', { name: 'Close' }).last().click();
        await found.waitFor({ state: 'detached' });
      },
    );

    await journey.step('two payments at the new price are matched to the bill by its payee', async () => {
      const paid = /^Imported 1 transaction, paid 1 bill/;
      const rise = (date: string, fitid: string) =>
        ofxStatement([{ date, amount: -17.99, name: 'NETFLIX.COM', fitid }]);
      await importFile(page, 'checking-next.ofx', rise(nextDue, 'R1'), 1, paid);
      await importFile(page, 'checking-after.ofx', rise(addMonths(nextDue, 1), 'R2'), 1, paid);
    });

    await journey.step('the price rise is told, and followed from the next bill on', async () => {
      await openTab(page, 'Analysis');
      await readWholeAnalysis(page);
      const changes = page.getByRole('region', { name: 'Amounts that changed at the bank' });
      await expectText(changes, `Netflix.com went up: ${money(15.49)} → ${money(17.99)}`);
      await changes.scrollIntoViewIfNeeded();
      await journey.screen('amount-change');
      await changes.getByRole('button', { name: `Update to ${money(17.99)}` }).click();
      await changes.waitFor({ state: 'detached' });
      await openTab(page, 'Manage Expenses');
      await expectText(rowWith(tabPanel(page, 'Manage Expenses'), 'Netflix.com'), money(17.99));
    });

    await journey.finish();
  },
);

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createReadyUser, seedExpense, seedWallet } from '../support/api';
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
import { chooseStatementFile, ofxStatement } from '../support/statements';

const env = useJourneyEnvironment();

test(
  'statement import: an OFX and a CSV imported once each, a bill settled from its row, undo and delete',
  { timeout: JOURNEY_TIMEOUT_MS },
  async () => {
    const journey = await env.start('j30-import');
    const { page, app } = journey;
    const user = await createReadyUser(app, 'importer', { firstName: 'Ima', lastName: 'Porter' });
    const day = today();
    const rentDue = addDays(day, -3);
    await seedWallet(app, user, { walletName: 'Checking', balance: 2000 });
    await seedExpense(app, user, {
      creditorName: 'Rent',
      debtType: 'MORTGAGE_RENT',
      frequency: 'MONTHLY',
      dueDate: rentDue,
      payment: 1200,
    });
    const statement = ofxStatement([
      { date: addDays(day, -6), amount: -4.5, name: 'BLUE BOTTLE CAFÉ', fitid: 'F1' },
      { date: addDays(day, -6), amount: -4.5, name: 'BLUE BOTTLE CAFÉ', fitid: 'F2' },
      { date: addDays(day, -2), amount: -1200, name: 'ACH RENT OAK PROPERTIES', fitid: 'F3' },
      { date: addDays(day, -1), amount: 250, name: 'REFUND HARDWARE', fitid: 'F4' },
    ]);
    const importDialog = dialog(page, 'Import statement: Checking');
    const wallets = tabPanel(page, 'Manage Wallets');

    await journey.step('sign in', () => journey.signIn(user));

    await journey.step('open Import statement on the wallet and choose the OFX file', async () => {
      await openTab(page, 'Manage Wallets');
      await wallets.getByRole('button', { name: 'Import a statement into Checking' }).click();
      await importDialog.waitFor();
      await journey.screen('choose');
      await chooseStatementFile(page, 'checking-november.ofx', statement);
      await expectText(importDialog, '4 new');
      // The café keeps its accent from a Windows-1252 file; the twins are two rows.
      assert.equal(await rowWith(importDialog, 'BLUE BOTTLE CAFÉ').count(), 2);
      const shortDue = displayDate(rentDue).split(' ').slice(1, 3).join(' ').replace(',', '');
      const rentMatch = importDialog.getByLabel(`Pays Rent due ${shortDue} (${money(1200)})`);
      assert.equal(await rentMatch.isChecked(), true);
      await journey.screen('preview');
    });

    await journey.step(
      'import the 4 rows: the rent is paid from its row, the wallet moves once',
      async () => {
        await importDialog.getByRole('button', { name: 'Import 4 transactions' }).click();
        await expectText(importDialog, 'Imported 4 transactions, paid 1 bill.');
        await journey.screen('summary');
        await expectText(rowWith(wallets, 'Checking'), money(2000 - 9 - 1200 + 250));
      },
    );

    await journey.step('the same file again: nothing new', async () => {
      await importDialog.getByRole('button', { name: 'Import another file' }).click();
      await chooseStatementFile(page, 'checking-november.ofx', statement);
      await expectText(importDialog, '4 already imported');
      assert.equal(
        await importDialog.getByRole('button', { name: 'Import 0 transactions' }).isDisabled(),
        true,
      );
      await importDialog.getByRole('button', { name: 'Choose another file' }).click();
    });

    await journey.step('a CSV file: the columns chosen on screen, then imported', async () => {
      const csv = Buffer.from(
        [
          'Account 000123456 export',
          'Posted;Details;Money out;Money in',
          `${day.split('-').reverse().join('/')};Farmers market;12,40;`,
          `${day.split('-').reverse().join('/')};Cashback;;3,00`,
        ].join('\n'),
      );
      await chooseStatementFile(page, 'checking.csv', csv);
      await expectText(importDialog, 'Which column holds what? These are the first lines of the file.');
      assert.equal(await importDialog.getByLabel('Transactions start on line').inputValue(), '3');
      await importDialog.getByLabel('Dates are written').selectOption('DMY');
      await importDialog.getByLabel('Description', { exact: true }).selectOption({ label: '2: Details' });
      await journey.screen('csv-columns');
      await importDialog.getByRole('button', { name: 'Show the transactions' }).click();
      await expectText(importDialog, '2 new');
      await expectText(rowWith(importDialog, 'Farmers market'), money(-12.4));
      await importDialog.getByRole('button', { name: 'Import 2 transactions' }).click();
      await expectText(importDialog, 'Imported 2 transactions.');
      await expectText(rowWith(wallets, 'Checking'), money(2000 - 9 - 1200 + 250 - 12.4 + 3));
    });

    await journey.step('undo the CSV import from the history: the balance goes back', async () => {
      await importDialog.getByRole('button', { name: 'Import another file' }).click();
      const history = importDialog.getByRole('region', { name: 'Imported before into this wallet' });
      await history.getByRole('button', { name: 'Undo the import of checking.csv' }).click();
      await expectText(importDialog, 'The import of checking.csv is undone');
      await expectText(history, /Undone/);
      await journey.screen('history');
      await importDialog.getByRole('button', { name: 'Close' }).last().click();
      await expectText(rowWith(wallets, 'Checking'), money(2000 - 9 - 1200 + 250));
    });

    await journey.step('the rent moved on to next month', async () => {
      await openTab(page, 'Manage Expenses');
      const rent = rowWith(tabPanel(page, 'Manage Expenses'), 'Rent');
      await expectText(rent, displayDate(addMonthsOf(rentDue)));
    });

    await journey.step(
      'delete an imported row in the register; importing again offers it as deleted',
      async () => {
        await openTab(page, 'Analysis');
        await readWholeAnalysis(page);
        await page.getByRole('button', { name: 'Open the register of Checking' }).first().click();
        const register = dialog(page, /^Wallet Register: Checking/);
        await register.getByRole('button', { name: /^Delete REFUND HARDWARE/ }).click();
        const confirm = dialog(page, 'Delete Transaction');
        await journey.screen('delete-entry');
        await expectText(confirm, `${money(250)} comes out of Checking.`);
        await confirm.getByRole('button', { name: 'Delete' }).click();
        await register.waitFor();
        await expectText(register, 'BLUE BOTTLE CAFÉ');
        assert.equal(await rowWith(register, 'REFUND HARDWARE').count(), 0);
        await register.getByRole('button', { name: 'Import statement' }).click();
        await chooseStatementFile(page, 'checking-november.ofx', statement);
        await expectText(importDialog, '3 already imported · 1 deleted before');
        await expectText(rowWith(importDialog, 'REFUND HARDWARE'), 'Deleted before');
      },
    );

    await journey.finish();
  },
);

/** The same day one month on, as the app's monthly schedule counts it (the journeys' own reckoning). */
function addMonthsOf(isoDate: string): string {
  const [year, month, day] = isoDate.split('-').map(Number) as [number, number, number];
  const next = new Date(Date.UTC(year, month, 1));
  const last = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate();
  next.setUTCDate(Math.min(day, last));
  return next.toISOString().slice(0, 10);
}

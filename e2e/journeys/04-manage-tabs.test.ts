import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Locator } from 'playwright-core';
import { createReadyUser, seedWallet } from '../support/api';
import { dialog, expectText, openTab, rowWith, tabPanel } from '../support/dashboard';
import { addDays, displayDate, today } from '../support/dates';
import { JOURNEY_TIMEOUT_MS, useJourneyEnvironment } from '../support/journey';

const env = useJourneyEnvironment();

/** The suggestion list of a name field offers `label` ('name (url: address)'). */
async function assertSuggestionOffered(field: Locator, label: string): Promise<void> {
  const listId = await field.getAttribute('list');
  assert.ok(listId, 'the name field has a suggestion list');
  const option = field.page().locator(`datalist[id="${listId}"] option[value="${label}"]`);
  await option.waitFor({ state: 'attached' });
}

test(
  'manage tabs: add, edit and delete in each tab, with suggestions and the confirmation modal',
  { timeout: JOURNEY_TIMEOUT_MS },
  async () => {
    const journey = await env.start('j4-manage');
    const { page, app } = journey;
    const user = await createReadyUser(app, 'manage', { firstName: 'Max', lastName: 'Manager' });
    await seedWallet(app, user, { walletName: 'Checking', balance: 1000 });
    const day = today();

    await journey.step('sign in', () => journey.signIn(user));

    await journey.step('wallets: an invalid submit says so', async () => {
      await openTab(page, 'Manage Wallets');
      await page.getByRole('button', { name: 'Add Wallets' }).click();
      const modal = dialog(page, 'Add Wallet');
      await modal.waitFor();
      assert.ok(await modal.getByRole('button', { name: 'Save New Record' }).isDisabled());
      await modal.getByLabel('Wallet Name').fill('   ');
      await modal.getByLabel('Wallet Name').press('Enter');
      await modal.getByText('Some fields are not valid').waitFor();
      await journey.screen('wallet-modal-invalid');
    });

    await journey.step('wallets: two adds in a row, the modal stays open', async () => {
      const modal = dialog(page, 'Add Wallet');
      await modal.getByLabel('Wallet Name').fill('Savings');
      await modal.getByLabel('Balance').fill('500');
      await modal.getByRole('button', { name: 'Save New Record' }).click();
      await modal.getByText('Wallet saved. Enter another or Close.').waitFor();
      assert.equal(await modal.getByLabel('Wallet Name').inputValue(), '', 'the form is cleared');
      await journey.screen('wallet-modal-after-add');
      await modal.getByLabel('Wallet Name').fill('Cash');
      await modal.getByLabel('Description').fill('Coins and bills');
      await modal.getByLabel('Balance').fill('40');
      await modal.getByRole('button', { name: 'Save New Record' }).click();
      await modal.getByText('Wallet saved. Enter another or Close.').waitFor();
      assert.ok(await modal.isVisible(), 'still open after the second add');
      await modal.getByRole('button', { name: 'Close', exact: true }).click();
      await modal.waitFor({ state: 'hidden' });
      const table = tabPanel(page, 'Manage Wallets');
      await expectText(rowWith(table, 'Savings'), '$500.00');
      await expectText(rowWith(table, 'Cash'), '$40.00');
    });

    await journey.step('wallets: edit closes the modal', async () => {
      await page.getByRole('button', { name: 'Edit Cash' }).click();
      const modal = dialog(page, 'Edit Wallet');
      await modal.waitFor();
      assert.equal(await modal.getByLabel('Wallet Name').inputValue(), 'Cash');
      assert.equal(await modal.getByLabel('Balance').inputValue(), '$40.00');
      await modal.getByRole('button', { name: 'Cancel' }).waitFor();
      await modal.getByLabel('Wallet Name').fill('Pocket Cash');
      await modal.getByLabel('Balance').fill('60');
      await journey.screen('wallet-modal-edit');
      await modal.getByRole('button', { name: 'Save Changes' }).click();
      await modal.waitFor({ state: 'hidden' });
      await expectText(rowWith(tabPanel(page, 'Manage Wallets'), 'Pocket Cash'), '$60.00');
    });

    await journey.step('wallets: delete asks first; cancel keeps, confirm deletes', async () => {
      const table = tabPanel(page, 'Manage Wallets');
      await page.getByRole('button', { name: 'Delete Pocket Cash' }).click();
      const confirm = dialog(page, 'Delete Wallet');
      await confirm.getByText("Delete the wallet 'Pocket Cash' and its register?").waitFor();
      await journey.screen('wallet-confirm-delete');
      await confirm.getByRole('button', { name: 'Cancel' }).click();
      await confirm.waitFor({ state: 'hidden' });
      await rowWith(table, 'Pocket Cash').waitFor();
      await page.getByRole('button', { name: 'Delete Pocket Cash' }).click();
      await confirm.getByRole('button', { name: 'Confirm' }).click();
      await confirm.waitFor({ state: 'hidden' });
      await rowWith(table, 'Pocket Cash').waitFor({ state: 'detached' });
      await rowWith(table, 'Savings').waitFor();
      await rowWith(table, 'Checking').waitFor();
      await journey.screen('wallets-after-delete');
    });

    await journey.step('income: a suggestion fills the name and the website', async () => {
      await openTab(page, 'Manage Income');
      await page.getByRole('button', { name: 'Add Income Sources' }).click();
      const modal = dialog(page, 'Add Income');
      await modal.waitFor();
      const name = modal.getByRole('combobox', { name: 'Source' });
      await assertSuggestionOffered(name, 'Gusto (url: gusto.com)');
      await name.fill('Gusto (url: gusto.com)');
      assert.equal(await name.inputValue(), 'Gusto');
      assert.equal(await modal.getByLabel('Website').inputValue(), 'gusto.com');
      await modal.getByLabel('Frequency Paid').selectOption({ label: 'Monthly' });
      await modal.getByLabel('Last Pay Date').fill(addDays(day, -5));
      await modal.getByLabel('Amount').fill('3000');
      await journey.screen('income-modal-suggestion');
      await modal.getByRole('button', { name: 'Save New Record' }).click();
      await modal.getByText('Income saved. Enter another or Close.').waitFor();
      await name.fill('Side Gig');
      await modal.getByLabel('Frequency Paid').selectOption({ label: 'Weekly' });
      await modal.getByLabel('Last Pay Date').fill(addDays(day, -2));
      await modal.getByLabel('Amount').fill('200');
      await modal.getByRole('button', { name: 'Save New Record' }).click();
      await modal.getByText('Income saved. Enter another or Close.').waitFor();
      await modal.getByRole('button', { name: 'Close', exact: true }).click();
      await modal.waitFor({ state: 'hidden' });
      const table = tabPanel(page, 'Manage Income');
      await expectText(rowWith(table, 'Gusto'), 'gusto.com');
      await expectText(rowWith(table, 'Gusto'), '$3,000.00');
      await expectText(rowWith(table, 'Side Gig'), 'Weekly');
    });

    await journey.step('income: edit; leaving Twice Monthly clears the second pay date', async () => {
      await page.getByRole('button', { name: 'Edit Side Gig' }).click();
      const modal = dialog(page, 'Edit Income');
      await modal.waitFor();
      await modal.getByLabel('Frequency Paid').selectOption({ label: 'Twice Monthly' });
      await modal.getByLabel('Enter Next Pay Date').fill(addDays(day, 10));
      await journey.screen('income-modal-twice-monthly');
      await modal.getByLabel('Frequency Paid').selectOption({ label: 'Weekly' });
      await modal.getByLabel('Enter Next Pay Date').waitFor({ state: 'detached' });
      await modal.getByLabel('Frequency Paid').selectOption({ label: 'Twice Monthly' });
      assert.equal(
        await modal.getByLabel('Enter Next Pay Date').inputValue(),
        '',
        'the second date was cleared',
      );
      await modal.getByLabel('Frequency Paid').selectOption({ label: 'Weekly' });
      await modal.getByLabel('Amount').fill('250');
      await modal.getByRole('button', { name: 'Save Changes' }).click();
      await modal.waitFor({ state: 'hidden' });
      await expectText(rowWith(tabPanel(page, 'Manage Income'), 'Side Gig'), '$250.00');
    });

    await journey.step('income: delete through the confirmation', async () => {
      const table = tabPanel(page, 'Manage Income');
      await page.getByRole('button', { name: 'Delete Side Gig' }).click();
      const confirm = dialog(page, 'Delete Income Source');
      await confirm.getByText("Delete the income source 'Side Gig'?").waitFor();
      await journey.screen('income-confirm-delete');
      await confirm.getByRole('button', { name: 'Confirm' }).click();
      await confirm.waitFor({ state: 'hidden' });
      await rowWith(table, 'Side Gig').waitFor({ state: 'detached' });
      await rowWith(table, 'Gusto').waitFor();
      await journey.screen('income-after-delete');
    });

    await journey.step('expenses: a suggestion, then a second add in the same modal', async () => {
      await openTab(page, 'Manage Expenses');
      await page.getByRole('button', { name: 'Add Expenses' }).click();
      const modal = dialog(page, 'Add Expense');
      await modal.waitFor();
      const name = modal.getByRole('combobox', { name: 'Expense Source' });
      await assertSuggestionOffered(name, 'Netflix (url: netflix.com)');
      await name.fill('Netflix (url: netflix.com)');
      assert.equal(await name.inputValue(), 'Netflix');
      assert.equal(await modal.getByLabel('Website').inputValue(), 'netflix.com');
      await modal.getByLabel('Expense Type').selectOption({ label: 'Subscription' });
      await modal.getByLabel('Frequency').selectOption({ label: 'Monthly' });
      await modal.getByLabel('Next Date Due').fill(addDays(day, 5));
      await modal.getByLabel('Amount', { exact: true }).fill('15.49');
      await modal.getByRole('button', { name: 'Save New Record' }).click();
      await modal.getByText('Expense saved. Enter another or Close.').waitFor();
      await name.fill('Car Payment');
      await modal.getByLabel('Expense Type').selectOption({ label: 'Car Loan' });
      await modal.getByLabel('Frequency').selectOption({ label: 'Monthly' });
      await modal.getByLabel('Next Date Due').fill(addDays(day, 9));
      await modal.getByLabel('Amount', { exact: true }).fill('350');
      await modal.getByLabel('Balance (optional)').fill('12000');
      await journey.screen('expense-modal-second');
      await modal.getByRole('button', { name: 'Save New Record' }).click();
      await modal.getByText('Expense saved. Enter another or Close.').waitFor();
      await modal.getByRole('button', { name: 'Close', exact: true }).click();
      await modal.waitFor({ state: 'hidden' });
      const table = tabPanel(page, 'Manage Expenses');
      await expectText(rowWith(table, 'Netflix'), '$15.49');
      await expectText(rowWith(table, 'Netflix'), 'netflix.com');
      await expectText(rowWith(table, 'Car Payment'), '$12,000.00');
      await expectText(rowWith(table, 'Car Payment'), displayDate(addDays(day, 9)));
    });

    await journey.step('expenses: edit closes the modal', async () => {
      await page.getByRole('button', { name: 'Edit Car Payment' }).click();
      const modal = dialog(page, 'Edit Expense');
      await modal.waitFor();
      assert.equal(await modal.getByLabel('Amount', { exact: true }).inputValue(), '$350.00');
      await modal.getByLabel('Amount', { exact: true }).fill('375');
      await modal.getByLabel('Auto Paid?').check();
      await journey.screen('expense-modal-edit');
      await modal.getByRole('button', { name: 'Save Changes' }).click();
      await modal.waitFor({ state: 'hidden' });
      const row = rowWith(tabPanel(page, 'Manage Expenses'), 'Car Payment');
      await expectText(row, '$375.00');
      await expectText(row, 'Yes');
    });

    await journey.step('expenses: delete through the confirmation', async () => {
      const table = tabPanel(page, 'Manage Expenses');
      await page.getByRole('button', { name: 'Delete Netflix' }).click();
      const confirm = dialog(page, 'Delete Expense');
      await confirm.getByText("Delete the expense 'Netflix'?").waitFor();
      await journey.screen('expense-confirm-delete');
      await confirm.getByRole('button', { name: 'Confirm' }).click();
      await confirm.waitFor({ state: 'hidden' });
      await rowWith(table, 'Netflix').waitFor({ state: 'detached' });
      await rowWith(table, 'Car Payment').waitFor();
      await journey.screen('expenses-after-delete');
    });

    await journey.step('the analysis follows the edits', async () => {
      await openTab(page, 'Analysis');
      const select = tabPanel(page, 'Analysis').getByLabel('Wallet', { exact: true });
      const options = await select.locator('option').allTextContents();
      assert.deepEqual(options.sort(), ['Checking (default)', 'Savings'].sort());
      await journey.screen('analysis-after-edits');
    });

    await journey.finish();
  },
);

import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { createReadyUser, seedExpense, seedIncome, seedWallet } from '../support/api';
import {
  analysisCard,
  dialog,
  expectText,
  money,
  openTab,
  readWholeAnalysis,
  rowWith,
  tabPanel,
} from '../support/dashboard';
import { addDays, addMonths, displayDate, today } from '../support/dates';
import { JOURNEY_TIMEOUT_MS, tabTo, useJourneyEnvironment } from '../support/journey';

const env = useJourneyEnvironment();

/** The selected wallet's balance, as the Analysis tab shows it in its balance field. */
async function expectBalance(page: Page, amount: number): Promise<void> {
  await readWholeAnalysis(page);
  const field = tabPanel(page, 'Analysis').getByLabel('Wallet Balance');
  await page.waitForFunction(([element, expected]) => (element as HTMLInputElement).value === expected, [
    await field.elementHandle(),
    money(amount),
  ] as const);
  await expectText(rowWith(page.locator('.card', { hasText: 'Wallet Overview' }), 'Checking'), money(amount));
}

test(
  'money moves: spent, deposited, update wallet, the register, paid and cleared, deposit pay',
  { timeout: JOURNEY_TIMEOUT_MS },
  async () => {
    const journey = await env.start('j3-money');
    const { page, app } = journey;
    const user = await createReadyUser(app, 'money', { firstName: 'Mia', lastName: 'Mover' });
    const day = today();
    const lastPayDate = addDays(day, -10);
    const phoneDue = addDays(day, 2);
    await seedWallet(app, user, { walletName: 'Checking', balance: 2500 });
    await seedIncome(app, user, {
      sourceName: 'Acme Payroll',
      incomeFrequency: 'BIWEEKLY',
      nextPmtDate: lastPayDate,
      paymentAmount: 2000,
    });
    await seedExpense(app, user, {
      creditorName: 'Phone',
      debtType: 'MOBILE_PHONE',
      frequency: 'MONTHLY',
      dueDate: phoneDue,
      payment: 150,
    });
    await seedExpense(app, user, {
      creditorName: 'Streaming',
      debtType: 'SUBSCRIPTION',
      frequency: 'MONTHLY',
      dueDate: addDays(day, 3),
      payment: 21,
    });
    const panel = tabPanel(page, 'Analysis');

    await journey.step('sign in with the keyboard', async () => {
      await journey.signInWithKeyboard(user);
      await expectBalance(page, 2500);
      await journey.screen('analysis-start');
    });

    await journey.step('an empty register', async () => {
      await page.getByRole('button', { name: 'Open the register of Checking' }).click();
      const register = dialog(page, /^Wallet Register: Checking/);
      await register.getByText('(Transactions are deleted after 28 days)').waitFor();
      await register.getByText('There are no transactions to show').waitFor();
      await journey.screen('register-empty');
      await register.getByRole('button', { name: 'Close Register' }).click();
      await register.waitFor({ state: 'hidden' });
    });

    await journey.step('spent $45.10 with a note, keyboard only', async () => {
      const spent = panel.getByRole('button', { name: 'Spent' });
      assert.ok(await spent.isDisabled(), 'Spent is disabled while the amount is empty');
      await tabTo(page, panel.getByLabel('Amount'));
      await page.keyboard.type('45.10');
      await tabTo(page, panel.getByLabel('Note (optional)'));
      await page.keyboard.type('Groceries at the market');
      await journey.screen('spent-filled');
      await tabTo(page, spent);
      await page.keyboard.press('Enter');
      await expectBalance(page, 2454.9);
      assert.equal(await panel.getByLabel('Amount').inputValue(), '', 'the amount is cleared');
      assert.equal(await panel.getByLabel('Note (optional)').inputValue(), '', 'the note is cleared');
    });

    await journey.step('deposited $100.00', async () => {
      await panel.getByLabel('Amount').fill('100');
      await panel.getByLabel('Note (optional)').fill('Birthday gift');
      await panel.getByRole('button', { name: 'Deposited' }).click();
      await expectBalance(page, 2554.9);
    });

    await journey.step('update wallet to a typed value', async () => {
      await panel.getByLabel('Wallet Balance').fill('2600');
      await panel.getByRole('button', { name: 'Update Wallet' }).click();
      await expectBalance(page, 2600);
      await journey.screen('analysis-after-moves');
    });

    await journey.step('the register lists the three moves, newest first', async () => {
      await page.getByRole('button', { name: 'Open the register of Checking' }).click();
      const register = dialog(page, /^Wallet Register: Checking/);
      const rows = register.locator('tbody tr');
      await rows.nth(2).waitFor();
      assert.equal(await rows.count(), 3);
      // Each cell's words, without the row's Delete button (it sits beside the description).
      const cells = async (index: number) =>
        rows
          .nth(index)
          .locator('td')
          .evaluateAll((tds) =>
            tds.map((td) => {
              const copy = td.cloneNode(true) as HTMLElement;
              copy.querySelectorAll('button').forEach((button) => button.remove());
              return (copy.textContent ?? '').trim();
            }),
          );
      assert.deepEqual(await cells(0), [money(45.1), displayDate(day), 'Balance updated']);
      assert.deepEqual(await cells(1), [money(100), displayDate(day), 'Birthday gift']);
      assert.deepEqual(await cells(2), [money(-45.1), displayDate(day), 'Groceries at the market']);
      await register
        .getByRole('button', { name: `Delete Groceries at the market of ${displayDate(day)}` })
        .waitFor();
      const spentAmount = rows.nth(2).locator('td').first().locator('span');
      assert.match((await spentAmount.getAttribute('class')) ?? '', /text-danger/, 'spent shows in red');
      await journey.screen('register-three-moves');
      await register.getByRole('button', { name: 'Close Register' }).click();
      await register.waitFor({ state: 'hidden' });
    });

    await journey.step('mark an obligation paid, then cleared', async () => {
      const obligations = analysisCard(page, /^Obligations Due By /);
      const save = obligations.getByRole('button', { name: /^Save Paid Info/ });
      const cleared = obligations.getByRole('switch', { name: 'Cleared Phone' });
      assert.ok(await save.isDisabled(), 'nothing to save yet');
      assert.ok(await cleared.isDisabled(), 'cleared waits for paid');
      await obligations.getByRole('switch', { name: 'Paid Phone' }).check();
      await obligations.getByRole('button', { name: 'Save Paid Info *' }).waitFor();
      assert.ok(await cleared.isEnabled(), 'cleared is possible once paid');
      await cleared.check();
      await expectText(obligations, `Leaves the wallet when you save: ${money(150)}`);
      await journey.screen('obligation-paid-cleared');
    });

    await journey.step(
      'save paid info: the wallet goes down, the bill stays as paid and moves to its next due date',
      async () => {
        const obligations = analysisCard(page, /^Obligations Due By /);
        await obligations.getByRole('button', { name: 'Save Paid Info *' }).click();
        await expectBalance(page, 2450);
        await expectText(rowWith(obligations, 'Phone'), `Paid ${displayDate(day)}`);
        assert.equal(
          await rowWith(obligations, 'Phone').getByRole('switch').count(),
          0,
          'a paid row has no switches',
        );
        await expectText(rowWith(obligations, 'Streaming'), money(21));
        assert.ok(await obligations.getByRole('button', { name: 'Save Paid Info' }).isDisabled());
        await journey.screen('after-save-paid-info');
        await openTab(page, 'Manage Expenses');
        await expectText(
          rowWith(tabPanel(page, 'Manage Expenses'), 'Phone'),
          displayDate(addMonths(phoneDue, 1)),
        );
        await openTab(page, 'Analysis');
      },
    );

    await journey.step(
      'deposit pay: the wallet goes up, the pay date cannot be deposited again',
      async () => {
        const lastIncome = analysisCard(page, 'Last Income Received');
        const deposited = lastIncome.getByRole('switch', {
          name: `Deposited Acme Payroll ${displayDate(lastPayDate)}`,
        });
        const depositPay = lastIncome.getByRole('button', { name: /^Deposit Pay/ });
        assert.ok(await depositPay.isDisabled());
        await deposited.check();
        await lastIncome.getByRole('button', { name: 'Deposit Pay *' }).waitFor();
        await expectText(lastIncome, `To deposit: ${money(2000)}`);
        await journey.screen('deposit-selected');
        await lastIncome.getByRole('button', { name: 'Deposit Pay *' }).click();
        await expectBalance(page, 4450);
        assert.ok(await deposited.isChecked(), 'the occurrence shows as deposited');
        assert.ok(await deposited.isDisabled(), 'the switch is no longer operable');
        assert.ok(await depositPay.isDisabled(), 'nothing left to deposit');
        assert.equal((await depositPay.textContent())?.trim(), 'Deposit Pay');
        await journey.screen('after-deposit-pay');
      },
    );

    await journey.step('after a reload the register explains every change', async () => {
      await page.reload();
      await expectBalance(page, 4450);
      await page.getByRole('button', { name: 'Open the register of Checking' }).click();
      const register = dialog(page, /^Wallet Register: Checking/);
      const rows = register.locator('tbody tr');
      await rows.nth(4).waitFor();
      assert.equal(await rows.count(), 5);
      const amounts = await register.locator('tbody tr td:first-child').allTextContents();
      assert.deepEqual(
        amounts.slice().sort(),
        [money(-45.1), money(-150), money(100), money(2000), money(45.1)].sort(),
      );
      await journey.screen('register-five-moves');
      await register.getByRole('button', { name: 'Close Register' }).click();
    });

    await journey.finish();
  },
);

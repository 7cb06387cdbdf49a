import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createReadyUser, seedExpense, seedIncome, seedWallet } from '../support/api';
import {
  analysisCard,
  dialog,
  expectText,
  money,
  openTab,
  readWholeAnalysis,
  rowWith,
  snapshotValue,
  tabPanel,
} from '../support/dashboard';
import { addDays, addMonths, displayDate, today } from '../support/dates';
import { JOURNEY_TIMEOUT_MS, useJourneyEnvironment } from '../support/journey';

const env = useJourneyEnvironment();

test(
  'pay periods: settling a bill keeps the true net income; undo and skip',
  { timeout: JOURNEY_TIMEOUT_MS },
  async () => {
    const journey = await env.start('j8-pay-period');
    const { page, app } = journey;
    const user = await createReadyUser(app, 'period', { firstName: 'Paz', lastName: 'Period' });
    const day = today();
    const mortgageDue = addDays(day, 2);
    const phoneDue = addDays(day, 4);
    await seedWallet(app, user, { walletName: 'Checking', balance: 2500 });
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
      dueDate: mortgageDue,
      payment: 1400,
    });
    await seedExpense(app, user, {
      creditorName: 'Verizon',
      debtType: 'MOBILE_PHONE',
      frequency: 'MONTHLY',
      dueDate: phoneDue,
      payment: 150,
    });
    await seedExpense(app, user, {
      creditorName: 'Netflix',
      debtType: 'SUBSCRIPTION',
      frequency: 'MONTHLY',
      dueDate: addDays(day, 6),
      payment: 21,
    });
    const obligations = analysisCard(page, /^Obligations Due By /);
    const netIncome = snapshotValue(page, 'Net Income This Period');

    await journey.step('the specification example: $429.00', async () => {
      await journey.signIn(user);
      await readWholeAnalysis(page);
      await expectText(netIncome, money(429));
      await journey.screen('example-429');
    });

    await journey.step('settle the mortgage: the headline stays $429.00, the row shows as paid', async () => {
      await obligations.getByRole('switch', { name: 'Paid Rocket Mortgage' }).check();
      await obligations.getByRole('switch', { name: 'Cleared Rocket Mortgage' }).check();
      const amount = rowWith(obligations, 'Rocket Mortgage').getByLabel('Amount paid');
      assert.equal(await amount.inputValue(), money(1400), 'the amount paid starts at the scheduled payment');
      await obligations.getByRole('button', { name: 'Save Paid Info *' }).click();
      await expectText(snapshotValue(page, 'Wallet Available Balance'), money(1100));
      await expectText(rowWith(obligations, 'Rocket Mortgage'), `Paid ${displayDate(day)}`);
      await expectText(netIncome, money(429));
      await expectText(snapshotValue(page, 'Available Cash'), money(929));
      await journey.screen('mortgage-settled');
    });

    await journey.step('undo brings the money back and the bill due again', async () => {
      await rowWith(obligations, 'Rocket Mortgage')
        .getByRole('button', { name: `Undo the payment of Rocket Mortgage due ${displayDate(mortgageDue)}` })
        .click();
      await expectText(page.getByRole('tabpanel', { name: 'Analysis' }), /undone$/);
      await expectText(snapshotValue(page, 'Wallet Available Balance'), money(2500));
      await obligations.getByRole('switch', { name: 'Paid Rocket Mortgage' }).waitFor();
      await expectText(netIncome, money(429));
    });

    await journey.step('a variable bill settles at what it cost', async () => {
      await obligations.getByRole('switch', { name: 'Paid Verizon' }).check();
      await obligations.getByRole('switch', { name: 'Cleared Verizon' }).check();
      await rowWith(obligations, 'Verizon').getByLabel('Amount paid').fill('123.45');
      await obligations.getByRole('button', { name: 'Save Paid Info *' }).click();
      await expectText(snapshotValue(page, 'Wallet Available Balance'), money(2500 - 123.45));
      await expectText(netIncome, money(2000 - 1400 - 123.45 - 21));
    });

    await journey.step('skip this month of Netflix: its due date moves a month on', async () => {
      await rowWith(obligations, 'Netflix')
        .getByRole('button', { name: /^Skip this time: Netflix due/ })
        .click();
      await rowWith(obligations, 'Netflix').waitFor({ state: 'detached' });
      await journey.screen('netflix-skipped');
      await openTab(page, 'Manage Expenses');
      const expenses = tabPanel(page, 'Manage Expenses');
      await expectText(rowWith(expenses, 'Netflix'), displayDate(addMonths(addDays(day, 6), 1)));
    });

    await journey.step('the payment history of an expense', async () => {
      const expenses = tabPanel(page, 'Manage Expenses');
      await expenses.getByRole('button', { name: 'Payment history of Verizon' }).click();
      const history = dialog(page, 'Payment History: Verizon');
      await expectText(history, money(123.45));
      await expectText(history, displayDate(phoneDue));
      await journey.screen('payment-history');
      await history.getByRole('button', { name: 'Close' }).last().click();
      await history.waitFor({ state: 'hidden' });
    });

    await journey.finish();
  },
);

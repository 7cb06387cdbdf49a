import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createReadyUser, gql, seedWallet } from '../support/api';
import { dialog, openTab, readWholeAnalysis } from '../support/dashboard';
import { addDays, today } from '../support/dates';
import { JOURNEY_TIMEOUT_MS, useJourneyEnvironment } from '../support/journey';

const env = useJourneyEnvironment();

interface DebtPlanAnswer {
  debtPlan: { debtFreeMonth: string | null; debts: { name: string; apr: number | null }[] };
}

test(
  'the debt plan: three debts, an APR added on the expense form, avalanche and snowball with an extra $100',
  { timeout: JOURNEY_TIMEOUT_MS },
  async () => {
    const journey = await env.start('j35-debts');
    const { page, app } = journey;
    const user = await createReadyUser(app, 'debts', { firstName: 'Dee', lastName: 'Debt' });
    await seedWallet(app, user, { walletName: 'Checking', balance: 1500 });
    const due = addDays(today(), 10);
    const debts = [
      { creditorName: 'Visa', debtType: 'CREDIT_CARD', payment: 120, balance: 4200, apr: 24.99 },
      { creditorName: 'Car Loan', debtType: 'CAR_LOAN', payment: 310, balance: 9800, apr: 6.5 },
      { creditorName: 'Student Loan', debtType: 'GENERAL_LOAN', payment: 80, balance: 1500 },
    ];
    for (const debt of debts) {
      await gql(
        app,
        'AddLiability',
        { input: { ...debt, frequency: 'MONTHLY', dueDate: due, timeZone: 'UTC' } },
        user.token,
      );
    }

    await journey.step('sign in: the Debts section flags the debt with no APR', () => journey.signIn(user));
    const section = page.getByRole('region', { name: 'Debts' });
    await journey.step('the debt without an APR is flagged', async () => {
      await readWholeAnalysis(page);
      await section.getByTestId('debts-without-apr').getByText('Student Loan has no APR yet').waitFor();
    });

    await journey.step('the APR goes in on the expense form', async () => {
      await openTab(page, 'Manage Expenses');
      await page.getByRole('button', { name: 'Edit Student Loan' }).click();
      const modal = dialog(page, 'Edit Expense');
      await modal.getByLabel('APR % (optional)').fill('101');
      await modal.getByLabel('APR % (optional)').press('Tab');
      await modal
        .getByText('Enter the APR as a percentage from 0 to 100, with at most 2 decimals.')
        .waitFor();
      await modal.getByLabel('APR % (optional)').fill('4.99');
      await modal.getByRole('button', { name: 'Save Changes' }).click();
      await modal.waitFor({ state: 'hidden' });
      await openTab(page, 'Analysis');
      await section.getByRole('heading', { name: 'Debts' }).waitFor();
      assert.equal(await section.getByTestId('debts-without-apr').count(), 0);
    });

    for (const [strategy, label] of [
      ['AVALANCHE', 'Avalanche'],
      ['SNOWBALL', 'Snowball'],
    ] as const) {
      await journey.step(
        `${label} with an extra $100: the sentence and the hero agree with the plan`,
        async () => {
          await section.getByLabel(new RegExp(`^${label}`)).check();
          await section.getByLabel('Extra a month').fill('100');
          const plan = await gql<DebtPlanAnswer>(
            app,
            'DebtPlan',
            { strategy, extraPayment: 100, timeZone: 'UTC' },
            user.token,
          );
          const month = plan.debtPlan.debtFreeMonth;
          assert.ok(month, 'the debts are paid off');
          const [year, number] = month.split('-').map(Number) as [number, number];
          const name = new Date(Date.UTC(year, number - 1, 1)).toLocaleString('en-US', {
            month: 'long',
            year: 'numeric',
            timeZone: 'UTC',
          });
          await section.getByTestId('debt-plan-sentence').getByText(`Debt-free by ${name}:`).waitFor();
          await page.getByTestId('debt-free').getByText(`Debt-free by ${name}`).waitFor();
          assert.equal(plan.debtPlan.debts.find((debt) => debt.name === 'Student Loan')?.apr, 4.99);
        },
      );
    }
    await journey.step('screens', async () => {
      await section.scrollIntoViewIfNeeded();
      await journey.screen('debt-plan');
    });
    await journey.finish();
  },
);

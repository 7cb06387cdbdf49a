import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { createReadyUser, seedExpense, seedIncome, seedWallet } from '../support/api';
import {
  analysisCard,
  expectText,
  money,
  readWholeAnalysis,
  rowWith,
  snapshotValue,
} from '../support/dashboard';
import { addDays, displayDate, today } from '../support/dates';
import { JOURNEY_TIMEOUT_MS, useJourneyEnvironment, type Journey } from '../support/journey';

const env = useJourneyEnvironment();

/** Every figure the analysis shows, read off the screen. */
async function figures(page: Page) {
  const hero = page.getByRole('region', { name: 'True net income' });
  const text = async (testId: string) => ((await hero.getByTestId(testId).textContent()) ?? '').trim();
  return {
    trueNetIncome: await text('true-net-income'),
    safeToSpend: await text('safe-to-spend'),
    availableCash: ((await snapshotValue(page, 'Available Cash').textContent()) ?? '').trim(),
    walletAvailable: ((await snapshotValue(page, 'Wallet Available Balance').textContent()) ?? '').trim(),
    netIncome: ((await snapshotValue(page, 'Net Income This Period').textContent()) ?? '').trim(),
  };
}

/** Waits for the hero's safe to spend to read `amount` (the forecast is fetched after each action). */
async function safeToSpendReads(page: Page, amount: number) {
  await page
    .getByRole('region', { name: 'True net income' })
    .getByTestId('safe-to-spend')
    .getByText(money(amount), { exact: true })
    .waitFor();
}

/** The screen at both widths in the light and then the dark colour mode. */
async function bothModes(journey: Journey, name: string) {
  await journey.screen(`${name}-light`);
  await journey.page.emulateMedia({ colorScheme: 'dark' });
  try {
    await journey.screen(`${name}-dark`);
  } finally {
    await journey.page.emulateMedia({ colorScheme: 'light' });
  }
}

test(
  'numbers that agree: safe to spend never exceeds the money held, through deposit, paid and cleared',
  { timeout: JOURNEY_TIMEOUT_MS },
  async () => {
    const journey = await env.start('j28-numbers');
    const { page, app } = journey;
    const user = await createReadyUser(app, 'numbers', { firstName: 'Nia', lastName: 'Numbers' });
    const day = today();
    const paidOn = addDays(day, -3);
    await seedWallet(app, user, { walletName: 'Checking', balance: 2500 });
    await seedIncome(app, user, {
      sourceName: 'Acme Payroll',
      incomeFrequency: 'BIWEEKLY',
      nextPmtDate: paidOn,
      paymentAmount: 2000,
    });
    const bills = [
      ['Rent', 'MORTGAGE_RENT', 1, 1400],
      ['Phone', 'MOBILE_PHONE', 2, 150],
      ['Streaming', 'SUBSCRIPTION', 3, 21],
    ] as const;
    for (const [creditorName, debtType, inDays, payment] of bills) {
      await seedExpense(app, user, {
        creditorName,
        debtType,
        frequency: 'MONTHLY',
        dueDate: addDays(day, inDays),
        payment,
      });
    }
    const hero = page.getByRole('region', { name: 'True net income' });
    const snapshot = analysisCard(page, 'Cash Flow Snapshot');

    await journey.step('sign in, and read the analysis down to its end', async () => {
      await journey.signIn(user);
      await readWholeAnalysis(page);
    });

    await journey.step('pay received, not deposited: a to-do, never spendable', async () => {
      await safeToSpendReads(page, 929);
      assert.deepEqual(await figures(page), {
        trueNetIncome: money(429),
        safeToSpend: money(929),
        availableCash: money(929),
        walletAvailable: money(2500),
        netIncome: money(429),
      });
      await expectText(hero, 'All wallets');
      await expectText(
        hero,
        `Acme Payroll ${money(2000)} from ${displayDate(paidOn)} is not in a wallet yet.`,
      );
      await expectText(
        snapshot,
        `Wallet balances ${money(2500)} − payments and bills still to clear ${money(1571)} = ${money(929)}`,
      );
      await bothModes(journey, 'undeposited');
    });

    await journey.step('Deposit Pay from the to-do: the figures follow at once and agree', async () => {
      await hero.getByRole('button', { name: 'Deposit Pay to Checking' }).click();
      await safeToSpendReads(page, 2929);
      await hero.getByTestId('undeposited-pay').waitFor({ state: 'detached' });
      assert.deepEqual(await figures(page), {
        trueNetIncome: money(429),
        safeToSpend: money(2929),
        availableCash: money(2929),
        walletAvailable: money(4500),
        netIncome: money(429),
      });
    });

    const obligations = analysisCard(page, /^Obligations Due By/);

    await journey.step(
      'Rent paid, not cleared: it keeps its date, and is set aside from the wallet',
      async () => {
        await obligations.getByRole('switch', { name: 'Paid Rent' }).check();
        await obligations.getByRole('button', { name: 'Save Paid Info *' }).click();
        await expectText(snapshotValue(page, 'Wallet Available Balance'), money(3100));
        await expectText(rowWith(obligations, 'Rent'), displayDate(addDays(day, 1)));
        assert.deepEqual(await figures(page), {
          trueNetIncome: money(429),
          safeToSpend: money(2929),
          availableCash: money(2929),
          walletAvailable: money(3100),
          netIncome: money(429),
        });
        await expectText(
          snapshot,
          `Wallet balances ${money(4500)} − payments and bills still to clear ${money(1571)} = ${money(2929)}`,
        );
        await expectText(obligations, /^you sent the payment\. The bill keeps its due date/);
      },
    );

    await journey.step('Rent cleared: it leaves the wallet and is paid; nothing else moves', async () => {
      await obligations.getByRole('switch', { name: 'Cleared Rent' }).check();
      await obligations.getByRole('button', { name: 'Save Paid Info *' }).click();
      await expectText(
        snapshot,
        `Wallet balances ${money(3100)} − payments and bills still to clear ${money(171)} = ${money(2929)}`,
      );
      await rowWith(obligations, 'Rent')
        .getByText(/^Paid /)
        .waitFor();
      assert.deepEqual(await figures(page), {
        trueNetIncome: money(429),
        safeToSpend: money(2929),
        availableCash: money(2929),
        walletAvailable: money(3100),
        netIncome: money(429),
      });
      await bothModes(journey, 'cleared');
    });

    await journey.finish();
  },
);

import {
  addDays,
  analyzeCashFlow,
  forecastBalances,
  type AnalysisInput,
  type BalanceForecast,
  type CashFlowAnalysis,
} from '@truenet/core';

/** The day the stored picture (examplePicture.ts) was computed for. */
export const EXAMPLE_REFERENCE_DAY = '2026-01-07';

/**
 * The specification's worked example as a household the app's own rules run on, with its dates
 * relative to `today`: $2,000 every two weeks, last paid 5 days ago, $2,500 in checking, and the
 * mortgage, phone and streaming bills due in 3, 5 and 7 days, before the next pay in 9. Whatever
 * the day, core answers the same figures (a test holds it), so the landing page can say them with
 * relative dates and no clock.
 */
function exampleInput(today: string): AnalysisInput {
  return {
    today,
    selectedWalletId: null,
    wallets: [
      {
        id: 'checking',
        walletName: 'Checking',
        balanceCents: 250_000,
        defaultWallet: true,
        lastUpdate: null,
      },
    ],
    incomeSources: [
      {
        id: 'pay',
        sourceName: 'Paycheck',
        frequency: 'BIWEEKLY',
        nextPmtDate: addDays(today, -5),
        biMonthlyPayDate: null,
        paymentCents: 200_000,
        active: true,
        depositedDates: [addDays(today, -5)],
      },
    ],
    liabilities: [
      bill('mortgage', 'Mortgage', 'MORTGAGE_RENT', addDays(today, 3), 140_000),
      bill('phone', 'Phone', 'MOBILE_PHONE', addDays(today, 5), 15_000),
      bill('streaming', 'Streaming', 'SUBSCRIPTION', addDays(today, 7), 2_100),
    ],
  };
}

function bill(
  id: string,
  creditorName: string,
  debtType: AnalysisInput['liabilities'][number]['debtType'],
  dueDate: string,
  paymentCents: number,
): AnalysisInput['liabilities'][number] {
  return {
    id,
    creditorName,
    debtType,
    frequency: 'MONTHLY',
    anchorDate: dueDate,
    dueDate,
    paymentCents,
    balanceCents: null,
    autoPay: false,
    currentPaid: false,
    currentCleared: false,
    paidFromWalletId: null,
  };
}

export interface ExampleHousehold {
  analysis: CashFlowAnalysis;
  forecast: BalanceForecast;
}

/**
 * The example's analysis and its 30-day forecast on `today`, computed by core as the server
 * computes them.
 * Only tests run it: they keep examplePicture.ts (what the landing page draws) equal to it.
 */
export function exampleHousehold(today: string = EXAMPLE_REFERENCE_DAY): ExampleHousehold {
  const input = exampleInput(today);
  return {
    analysis: analyzeCashFlow(input),
    forecast: forecastBalances({ ...input, walletId: null, days: 30, whatIfs: [] }),
  };
}

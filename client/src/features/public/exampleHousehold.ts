import {
  analyzeCashFlow,
  forecastBalances,
  type AnalysisInput,
  type BalanceForecast,
  type CashFlowAnalysis,
} from '@truenet/core';

/**
 * The specification's worked example as a household the app's own rules run on: $2,000 every two
 * weeks (last paid Jan 2), $2,500 in checking, and the mortgage, phone and streaming bills due
 * before the next pay. A fixed "today" keeps the picture the same for every visitor.
 */
const EXAMPLE: AnalysisInput = {
  today: '2026-01-07',
  selectedWalletId: null,
  wallets: [
    { id: 'checking', walletName: 'Checking', balanceCents: 250_000, defaultWallet: true, lastUpdate: null },
  ],
  incomeSources: [
    {
      id: 'pay',
      sourceName: 'Paycheck',
      frequency: 'BIWEEKLY',
      nextPmtDate: '2026-01-02',
      biMonthlyPayDate: null,
      paymentCents: 200_000,
      active: true,
      depositedDates: ['2026-01-02'],
    },
  ],
  liabilities: [
    bill('mortgage', 'Mortgage', 'MORTGAGE_RENT', '2026-01-10', 140_000),
    bill('phone', 'Phone', 'MOBILE_PHONE', '2026-01-12', 15_000),
    bill('streaming', 'Streaming', 'SUBSCRIPTION', '2026-01-14', 2_100),
  ],
};

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
 * The example's analysis and its 30-day forecast, computed by core as the server computes them.
 * Only tests run it: they keep examplePicture.ts (what the landing page draws) equal to it.
 */
export function exampleHousehold(): ExampleHousehold {
  return {
    analysis: analyzeCashFlow(EXAMPLE),
    forecast: forecastBalances({ ...EXAMPLE, walletId: null, days: 30, whatIfs: [] }),
  };
}

/**
 * Test factories: a valid row with sensible defaults; a test overrides only what matters to it.
 * Used by core's own tests (and available to the server's).
 */
import type { AnalysisInput, IncomeSourceInput, LiabilityInput, WalletInput } from '../types';

let sequence = 0;
function nextId(prefix: string): string {
  sequence += 1;
  return `${prefix}-${sequence}`;
}

export function buildWallet(overrides: Partial<WalletInput> = {}): WalletInput {
  return {
    id: nextId('wallet'),
    walletName: 'Checking',
    balanceCents: 100_000,
    defaultWallet: false,
    lastUpdate: null,
    ...overrides,
  };
}

export function buildIncomeSource(overrides: Partial<IncomeSourceInput> = {}): IncomeSourceInput {
  return {
    id: nextId('source'),
    sourceName: 'Payroll',
    frequency: 'MONTHLY',
    nextPmtDate: '2026-03-01',
    biMonthlyPayDate: null,
    paymentCents: 200_000,
    active: true,
    depositedDates: [],
    ...overrides,
  };
}

/** A liability whose current due date is its anchor unless told otherwise. */
export function buildLiability(overrides: Partial<LiabilityInput> = {}): LiabilityInput {
  const dueDate = overrides.dueDate ?? overrides.anchorDate ?? '2026-03-10';
  return {
    id: nextId('liability'),
    creditorName: 'Mortgage',
    debtType: 'MORTGAGE_RENT',
    frequency: 'MONTHLY',
    anchorDate: overrides.anchorDate ?? dueDate,
    dueDate,
    paymentCents: 140_000,
    balanceCents: null,
    autoPay: false,
    currentPaid: false,
    currentCleared: false,
    paidFromWalletId: null,
    ...overrides,
  };
}

export function buildAnalysisInput(overrides: Partial<AnalysisInput> = {}): AnalysisInput {
  return {
    today: '2026-03-05',
    wallets: [],
    incomeSources: [],
    liabilities: [],
    selectedWalletId: null,
    ...overrides,
  };
}

import type { CashFlowAnalysis as CoreAnalysis, IncomeOccurrence, LiabilityOccurrence } from '@truenet/core';
import type {
  CashFlowAnalysis,
  IncomeOccurrence as IncomeOccurrenceType,
  LiabilityOccurrence as LiabilityOccurrenceType,
} from '../../generated/graphql';

function presentIncomeOccurrence(occurrence: IncomeOccurrence): IncomeOccurrenceType {
  const { amountCents, ...rest } = occurrence;
  return { ...rest, amount: amountCents };
}

function presentLiabilityOccurrence(occurrence: LiabilityOccurrence): LiabilityOccurrenceType {
  const { amountCents, ...rest } = occurrence;
  return { ...rest, amount: amountCents };
}

/** Core's analysis (cents) as the GraphQL `CashFlowAnalysis` (the Money scalar converts cents). */
export function presentAnalysis(analysis: CoreAnalysis): CashFlowAnalysis {
  return {
    asOf: analysis.asOf,
    nextIncomeDate: analysis.nextIncomeDate,
    nextIncomeTotal: analysis.nextIncomeTotalCents,
    lastIncomeTotal: analysis.lastIncomeTotalCents,
    obligationsTotal: analysis.obligationsTotalCents,
    netIncomeThisPeriod: analysis.netIncomeThisPeriodCents,
    availableCash: analysis.availableCashCents,
    walletAvailableBalance: analysis.walletAvailableBalanceCents,
    lastIncomeReceived: analysis.lastIncomeReceived.map(presentIncomeOccurrence),
    nextIncome: analysis.nextIncome.map(presentIncomeOccurrence),
    obligations: analysis.obligations.map(presentLiabilityOccurrence),
    comingDue: analysis.comingDue.map(presentLiabilityOccurrence),
    wallets: analysis.wallets.map((wallet) => ({
      walletId: wallet.walletId,
      walletName: wallet.walletName,
      balance: wallet.balanceCents,
      availableBalance: wallet.availableBalanceCents,
      defaultWallet: wallet.defaultWallet,
      lastUpdate: wallet.lastUpdate,
    })),
  };
}

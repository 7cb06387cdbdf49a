import type { ActionResult, LiabilityActionResult } from './analysis.service';
import { presentLiability } from '../liabilities/liabilities.presenter';
import { presentPayment } from '../liabilities/payments.presenter';
import { presentWallet } from '../wallets/wallets.presenter';
import type { CashFlowAnalysis as CoreAnalysis, IncomeOccurrence, LiabilityOccurrence } from '@truenet/core';
import type {
  CashFlowAnalysis,
  IncomeOccurrence as IncomeOccurrenceType,
  LiabilityOccurrence as LiabilityOccurrenceType,
  ResolversTypes,
} from '../../generated/graphql';

// As resolvers answer them: a bill's category is the categories module's field resolver's.
type ActionPayload = ResolversTypes['ActionPayload'];
type LiabilityActionPayload = ResolversTypes['LiabilityActionPayload'];

// Each field by name: a rest spread copies with exclusions, which V8 does field by field slowly,
// and the analysis presents hundreds of rows per request (issue #23's profile).
export function presentIncomeOccurrence(occurrence: IncomeOccurrence): IncomeOccurrenceType {
  return {
    incomeSourceId: occurrence.incomeSourceId,
    sourceName: occurrence.sourceName,
    date: occurrence.date,
    amount: occurrence.amountCents,
    deposited: occurrence.deposited,
    active: occurrence.active,
  };
}

function presentLiabilityOccurrence(occurrence: LiabilityOccurrence): LiabilityOccurrenceType {
  return {
    liabilityId: occurrence.liabilityId,
    creditorName: occurrence.creditorName,
    debtType: occurrence.debtType,
    dueDate: occurrence.dueDate,
    amount: occurrence.amountCents,
    current: occurrence.current,
    paid: occurrence.paid,
    cleared: occurrence.cleared,
    pastDue: occurrence.pastDue,
    autoPaid: occurrence.autoPaid,
    paidFromWalletId: occurrence.paidFromWalletId,
    settled: occurrence.settled,
    paidOn: occurrence.paidOn,
    amountPaid: occurrence.amountPaidCents,
    paymentId: occurrence.paymentId,
  };
}

/** Core's analysis (cents) as the GraphQL `CashFlowAnalysis` (the Money scalar converts cents). */
export function presentAnalysis(analysis: CoreAnalysis): CashFlowAnalysis {
  return {
    asOf: analysis.asOf,
    periodStart: analysis.periodStart,
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
    setAsideThisPeriod: analysis.setAsideThisPeriodCents,
    netIncomeAfterSetAside: analysis.netIncomeAfterSetAsideCents,
    heldForBills: analysis.heldForBillsCents,
    setAsideBills: analysis.setAsideBills.map((bill) => ({
      liabilityId: bill.liabilityId,
      name: bill.name,
      frequency: bill.frequency,
      nextDueDate: bill.nextDueDate,
      payment: bill.paymentCents,
      shareThisPeriod: bill.shareThisPeriodCents,
      heldNow: bill.heldNowCents,
    })),
  };
}

/** A dashboard action's rows as the API's `ActionPayload`. */
export function presentActionPayload(result: ActionResult): ActionPayload {
  return {
    wallet: presentWallet(result.wallet),
    liabilities: result.liabilities.map(presentLiability),
    analysis: presentAnalysis(result.analysis),
  };
}

/** 'Skip' and 'Undo' rows as the API's `LiabilityActionPayload`. */
export function presentLiabilityActionPayload(result: LiabilityActionResult): LiabilityActionPayload {
  return {
    payment: presentPayment(result.payment),
    wallets: result.wallets.map(presentWallet),
    liabilities: result.liabilities.map(presentLiability),
    analysis: presentAnalysis(result.analysis),
  };
}

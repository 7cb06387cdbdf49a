import type { DebtPlanResult } from '@truenet/core';
import type { DebtPlan } from '../../generated/graphql';

/** Core's plan as the API's DebtPlan (Money in cents; the scalar writes dollars). */
export function presentDebtPlan(plan: DebtPlanResult): DebtPlan {
  return {
    strategy: plan.strategy,
    extraPayment: plan.extraPaymentCents,
    startMonth: plan.startMonth,
    debtFreeMonth: plan.debtFreeMonth,
    totalInterest: plan.totalInterestCents,
    totalPaid: plan.totalPaidCents,
    months: plan.months,
    interestSavedVsMinimums: plan.interestSavedVsMinimumsCents,
    monthsSavedVsMinimums: plan.monthsSavedVsMinimums,
    debts: plan.debts.map((debt) => ({
      liabilityId: debt.id,
      name: debt.name,
      startBalance: debt.startBalanceCents,
      apr: debt.apr,
      monthlyPayment: debt.monthlyPaymentCents,
      payoffMonth: debt.payoffMonth,
      months: debt.months,
      totalInterest: debt.totalInterestCents,
      neverPaidOff: debt.neverPaidOff,
    })),
    balances: plan.balances.map((month) => ({
      month: month.month,
      balance: month.balanceCents,
      interest: month.interestCents,
    })),
  };
}

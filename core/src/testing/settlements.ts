/**
 * Test support: what the server writes for 'Save Paid Info', 'Skip' and 'Undo', applied to an
 * `AnalysisInput` in memory, so core's properties can compare the analysis before and after.
 */
import { planPaidInfo, planSkip } from '../transitions';
import type { AnalysisInput, LiabilityUpdatePlan, PaymentRecord } from '../types';

let sequence = 0;

/** Settles the current occurrence of `liabilityId` (paid and cleared) from `walletId` today. */
export function settleCurrent(
  input: AnalysisInput,
  liabilityId: string,
  walletId: string,
  amountCents: number | null = null,
): AnalysisInput {
  const liability = input.liabilities.find((row) => row.id === liabilityId);
  if (!liability) throw new Error(`no liability ${liabilityId}`);
  const plan = planPaidInfo(
    input.liabilities,
    [{ liabilityId, paid: true, cleared: true, amountCents }],
    walletId,
  )[0] as LiabilityUpdatePlan;
  const payingWalletId = plan.spentFromWalletId ?? walletId;
  sequence += 1;
  const payment: PaymentRecord = {
    id: `payment-${sequence}`,
    liabilityId,
    creditorName: liability.creditorName,
    debtType: liability.debtType,
    dueDate: liability.dueDate,
    amountCents: plan.spentCents,
    walletId: payingWalletId,
    paidOn: input.today,
    kind: 'PAID',
  };
  return {
    ...input,
    wallets: input.wallets.map((wallet) =>
      wallet.id === payingWalletId
        ? { ...wallet, balanceCents: wallet.balanceCents - plan.spentCents }
        : wallet,
    ),
    liabilities: input.liabilities.map((row) => (row.id === liabilityId ? { ...row, ...plan.next } : row)),
    payments: [...(input.payments ?? []), payment],
  };
}

/** Skips the current occurrence of `liabilityId`: no money moves, the due date advances. */
export function skipCurrent(input: AnalysisInput, liabilityId: string): AnalysisInput {
  const liability = input.liabilities.find((row) => row.id === liabilityId);
  if (!liability) throw new Error(`no liability ${liabilityId}`);
  const plan = planSkip(liability, liability.dueDate);
  sequence += 1;
  const payment: PaymentRecord = {
    id: `payment-${sequence}`,
    liabilityId,
    creditorName: liability.creditorName,
    debtType: liability.debtType,
    dueDate: plan.skippedDueDate,
    amountCents: 0,
    walletId: null,
    paidOn: input.today,
    kind: 'SKIPPED',
  };
  return {
    ...input,
    liabilities: input.liabilities.map((row) =>
      row.id === liabilityId ? { ...row, dueDate: plan.nextDueDate } : row,
    ),
    payments: [...(input.payments ?? []), payment],
  };
}

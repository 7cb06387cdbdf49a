import type { DebtType, ExpenseFrequency, LiabilityInput as AnalysisLiability } from '@truenet/core';

/** The columns every liability query selects; dates as text, never JS Dates. */
export const LIABILITY_COLUMNS = `l.id, l.creditor_name, l.creditor_url, l.description, l.debt_type, l.frequency,
  l.anchor_date::text AS anchor_date, l.due_date::text AS due_date, l.payment_cents, l.balance_cents,
  l.apr, l.auto_pay, l.current_paid, l.current_cleared, l.paid_wallet_id, l.wallet_id`;

export interface LiabilityRow {
  id: number;
  creditor_name: string;
  creditor_url: string | null;
  description: string | null;
  debt_type: DebtType;
  frequency: ExpenseFrequency;
  anchor_date: string;
  due_date: string;
  payment_cents: string | number;
  balance_cents: string | number | null;
  /** numeric(5,2): text from a query, a number from the snapshot's JSON. */
  apr: string | number | null;
  auto_pay: boolean;
  current_paid: boolean;
  current_cleared: boolean;
  paid_wallet_id: number | null;
  /** 'Paid from'; null: the default wallet. */
  wallet_id: number | null;
}

/** The liability as core's analysis and paid-info plan read it. */
export function analysisLiability(row: LiabilityRow): AnalysisLiability {
  return {
    id: String(row.id),
    creditorName: row.creditor_name,
    debtType: row.debt_type,
    frequency: row.frequency,
    anchorDate: row.anchor_date,
    dueDate: row.due_date,
    paymentCents: Number(row.payment_cents),
    balanceCents: row.balance_cents === null ? null : Number(row.balance_cents),
    autoPay: row.auto_pay,
    currentPaid: row.current_paid,
    currentCleared: row.current_cleared,
    paidFromWalletId: row.paid_wallet_id === null ? null : String(row.paid_wallet_id),
    walletId: row.wallet_id === null ? null : String(row.wallet_id),
  };
}

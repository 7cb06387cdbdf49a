import type { DebtType, PaymentKind, PaymentRecord } from '@truenet/core';

/** The columns every payment-history query selects; dates as text, never JS Dates. */
export const PAYMENT_COLUMNS = `p.id::text AS id, p.liability_id, p.creditor_name, p.debt_type,
  p.due_date::text AS due_date, p.kind, p.amount_cents, p.balance_reduced_cents, p.wallet_id,
  p.paid_on::text AS paid_on, (SELECT e.first_name FROM debtor e WHERE e.id = p.entered_by) AS entered_by_name`;

export interface PaymentRow {
  id: string;
  liability_id: number | null;
  creditor_name: string;
  debt_type: DebtType;
  due_date: string;
  kind: PaymentKind;
  amount_cents: string | number;
  balance_reduced_cents: string | number;
  wallet_id: number | null;
  paid_on: string;
  /** The first name of the member who settled or skipped it (absent where a read does not need it). */
  entered_by_name?: string | null;
}

/** The history row as core's analysis and undo plan read it. */
export function paymentRecord(row: PaymentRow): PaymentRecord {
  return {
    id: row.id,
    liabilityId: row.liability_id === null ? '' : String(row.liability_id),
    creditorName: row.creditor_name,
    debtType: row.debt_type,
    dueDate: row.due_date,
    amountCents: Number(row.amount_cents),
    walletId: row.wallet_id === null ? null : String(row.wallet_id),
    paidOn: row.paid_on,
    kind: row.kind,
  };
}

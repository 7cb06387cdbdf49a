import type { LiabilityPayment } from '../../generated/graphql';
import type { PaymentRow } from './payments.rows';

export function presentPayment(row: PaymentRow): LiabilityPayment {
  return {
    id: row.id,
    liabilityId: row.liability_id === null ? null : String(row.liability_id),
    creditorName: row.creditor_name,
    dueDate: row.due_date,
    amount: Number(row.amount_cents),
    walletId: row.wallet_id === null ? null : String(row.wallet_id),
    paidOn: row.paid_on,
    kind: row.kind,
    enteredBy: row.entered_by_name ?? null,
  };
}

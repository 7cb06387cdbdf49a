import type { Liability } from '../../generated/graphql';
import type { LiabilityRow } from './liabilities.rows';

/** The Liability as presented from its row; its category comes from the categories module's resolver. */
export type PresentedLiability = Omit<Liability, 'categoryId'>;

export function presentLiability(row: LiabilityRow): PresentedLiability {
  return {
    id: String(row.id),
    creditorName: row.creditor_name,
    creditorUrl: row.creditor_url,
    creditorDescription: row.description,
    debtType: row.debt_type,
    frequency: row.frequency,
    dueDate: row.due_date,
    balance: row.balance_cents === null ? null : Number(row.balance_cents),
    payment: Number(row.payment_cents),
    apr: row.apr === null ? null : Number(row.apr),
    autoPay: row.auto_pay,
    currentPaid: row.current_paid,
    currentCleared: row.current_cleared,
    paidFromWalletId: row.paid_wallet_id === null ? null : String(row.paid_wallet_id),
    walletId: row.wallet_id === null ? null : String(row.wallet_id),
  };
}

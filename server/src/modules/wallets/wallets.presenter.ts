import type { Transaction, Wallet } from '../../generated/graphql';
import type { WalletRow, RegisterRow } from './wallets.rows';

export function presentWallet(row: WalletRow): Wallet {
  return {
    id: String(row.id),
    walletName: row.name,
    walletDescription: row.description,
    balance: Number(row.balance_cents),
    defaultWallet: row.is_default,
    lastUpdate: row.last_update ? row.last_update.toISOString() : null,
  };
}

export function presentRegisterEntry(row: RegisterRow): Transaction {
  return {
    id: String(row.id),
    walletId: String(row.wallet_id),
    direction: row.direction === 'spent' ? 'SPENT' : 'DEPOSITED',
    amount: Number(row.amount_cents),
    date: row.occurred_on,
    transactionDescription: row.description,
    createdAt: row.created_at.toISOString(),
    importBatchId: row.import_batch_id,
    enteredBy: row.entered_by_name,
  };
}

import type { BankAccount, BankConnection } from '../../generated/graphql';
import type { AccountRow, ConnectionWithAccounts } from './bank.rows';

export function presentBankAccount(row: AccountRow): BankAccount {
  return {
    id: row.id,
    org: row.org,
    name: row.name,
    currency: row.currency,
    balance: row.balance_cents === null ? null : Number(row.balance_cents),
    balanceDate: row.balance_date ? row.balance_date.toISOString() : null,
    walletId: row.wallet_id === null ? null : String(row.wallet_id),
    keepBalance: row.keep_balance,
    pending: row.pending.map((pending, index) => ({
      index,
      date: pending.date,
      amount: pending.amountCents,
      description: pending.description,
      bankId: pending.bankId,
      status: 'PENDING',
      selected: false,
      similarTransactionId: null,
      billMatch: null,
      incomeMatch: null,
    })),
  };
}

/** The connection as people and scripts see it: never its access URL. */
export function presentBankConnection(row: ConnectionWithAccounts): BankConnection {
  return {
    id: row.id,
    label: row.label,
    status: row.status,
    lastError: row.last_error,
    createdAt: row.created_at.toISOString(),
    lastSyncAt: row.last_sync_at ? row.last_sync_at.toISOString() : null,
    accounts: row.accounts.map(presentBankAccount),
  };
}

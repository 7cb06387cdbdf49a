import type { StatementRow } from '@truenet/core';

export type BankConnectionStatus = 'OK' | 'NEEDS_ATTENTION' | 'DISCONNECTED';

/** Every column but the sealed access URL, which only bank.service's sync opens. */
export const CONNECTION_COLUMNS = `c.id, c.label, c.status, c.last_error, c.created_at, c.last_sync_at,
  c.last_posted_epoch, c.next_sync_at, c.failures`;

export interface ConnectionRow {
  id: string;
  label: string;
  status: BankConnectionStatus;
  last_error: string | null;
  created_at: Date;
  last_sync_at: Date | null;
  last_posted_epoch: string | number | null;
  next_sync_at: Date;
  failures: number;
}

export const ACCOUNT_COLUMNS = `a.id, a.connection_id, a.remote_id, a.org, a.name, a.currency, a.balance_cents,
  a.balance_date, a.wallet_id, a.keep_balance, a.pending`;

export interface AccountRow {
  id: string;
  connection_id: string;
  remote_id: string;
  org: string;
  name: string;
  currency: string;
  balance_cents: string | number | null;
  balance_date: Date | null;
  wallet_id: number | null;
  keep_balance: boolean;
  /** Pending charges as the bank last reported them: shown on the wallet, never applied. */
  pending: StatementRow[];
}

export interface ConnectionWithAccounts extends ConnectionRow {
  accounts: AccountRow[];
}

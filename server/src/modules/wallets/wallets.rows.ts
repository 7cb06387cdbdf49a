import type { WalletInput as AnalysisWallet } from '@truenet/core';

/** The columns every wallet query selects, so one row type and one presenter serve them all. */
export const WALLET_COLUMNS = `id, name, description, balance_cents, is_default, last_update`;

export interface WalletRow {
  id: number;
  name: string;
  description: string | null;
  /** pg reads bigint as text. */
  balance_cents: string | number;
  is_default: boolean;
  last_update: Date | null;
}

/** The wallet as core's analysis reads it. */
export function analysisWallet(row: WalletRow): AnalysisWallet {
  return {
    id: String(row.id),
    walletName: row.name,
    balanceCents: Number(row.balance_cents),
    defaultWallet: row.is_default,
    lastUpdate: row.last_update ? row.last_update.toISOString() : null,
  };
}

export interface RegisterRow {
  id: string;
  wallet_id: number;
  direction: 'spent' | 'deposited';
  amount_cents: string | number;
  description: string | null;
  occurred_on: string;
  created_at: Date;
  import_batch_id: string | null;
  /** The first name of the member who made it (null: unknown, or an account since deleted). */
  entered_by_name: string | null;
}

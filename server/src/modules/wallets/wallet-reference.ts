import { notFound } from '../../errors';
import { rowId } from '../../input/row-id';

/**
 * 'Deposits to' and 'Paid from' (docs/product-rules.md §7-§8 "Where money lands"): the wallet an income source or
 * a liability names. The database checks that it is the household's own (a composite key on
 * (wallet_id, household_id)), so no extra read is needed; a refusal reads as the wallet not found,
 * exactly like another household's id everywhere else.
 */

/** What an input says about the wallet: an id, null (the default wallet), or undefined (unchanged). */
export type WalletChoice = number | null | undefined;

/** The API's `walletId` (an ID, null, or absent) as a wallet choice; garbage reads as not found. */
export function walletChoice(value: string | number | null | undefined): WalletChoice {
  if (value === undefined) return undefined;
  if (value === null || value === '') return null;
  return rowId(String(value).trim(), 'Wallet');
}

const WALLET_REFERENCES = new Set(['income_source_wallet_fk', 'liability_wallet_fk']);

/** Rethrows a refused wallet reference as NOT_FOUND; any other error unchanged. */
export function translateWalletReference(error: unknown): never {
  const failure = error as { code?: string; constraint?: string; driverError?: { constraint?: string } };
  const constraint = failure.constraint ?? failure.driverError?.constraint;
  if (failure.code === '23503' && constraint !== undefined && WALLET_REFERENCES.has(constraint)) {
    throw notFound('Wallet');
  }
  throw error;
}

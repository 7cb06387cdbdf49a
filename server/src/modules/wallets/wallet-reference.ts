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

/** What an input says about a bill's or pay's category: an id, null (its type's), or undefined (unchanged). */
export type CategoryChoice = number | null | undefined;

/** The API's `categoryId` as a category choice; garbage reads as not found. */
export function categoryChoice(value: string | number | null | undefined): CategoryChoice {
  if (value === undefined) return undefined;
  if (value === null || value === '') return null;
  return rowId(String(value).trim(), 'Category');
}

const WALLET_REFERENCES = new Set(['income_source_wallet_fk', 'liability_wallet_fk']);
// A category is the household's own by the same kind of composite key (its migration).
const CATEGORY_REFERENCES = new Set(['income_source_category', 'liability_category']);

/** Rethrows a refused wallet or category reference as NOT_FOUND; any other error unchanged. */
export function translateWalletReference(error: unknown): never {
  const failure = error as { code?: string; constraint?: string; driverError?: { constraint?: string } };
  const constraint = failure.constraint ?? failure.driverError?.constraint;
  if (failure.code === '23503' && constraint !== undefined && WALLET_REFERENCES.has(constraint)) {
    throw notFound('Wallet');
  }
  if (failure.code === '23503' && constraint !== undefined && CATEGORY_REFERENCES.has(constraint)) {
    throw notFound('Category');
  }
  throw error;
}

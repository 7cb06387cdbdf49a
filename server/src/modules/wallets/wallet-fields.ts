import { validateWallet, type WalletFormInput } from '@truenet/core';
import { assertNoFieldErrors, optionalText, validatedCents } from '../analysis/finance-input';
import type { WalletFields } from './wallets.service';

/** The one place a wallet's input becomes the service's fields, for GraphQL and REST alike. */
export function walletFields(draft: WalletFormInput): WalletFields {
  assertNoFieldErrors(validateWallet(draft));
  return {
    walletName: draft.walletName.trim(),
    walletDescription: optionalText(draft.walletDescription),
    balanceCents: validatedCents(draft.balance),
  };
}

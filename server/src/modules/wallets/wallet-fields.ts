import { parseMoney, validateTransaction, validateWallet, type WalletFormInput } from '@truenet/core';
import { badUserInput } from '../../errors';
import { assertNoFieldErrors } from '../../input/field-errors';
import { optionalText, validatedCents } from '../../input/values';
import type { BalanceUpdate, WalletFields } from './wallets.service';

/** The one place a wallet's input becomes the service's fields, for GraphQL and REST alike. */
export function walletFields(draft: WalletFormInput): WalletFields {
  assertNoFieldErrors(validateWallet(draft));
  return {
    walletName: draft.walletName.trim(),
    walletDescription: optionalText(draft.walletDescription),
    balanceCents: validatedCents(draft.balance),
  };
}

/** 'Update Wallet' (a new balance, dollars) or 'Spent'/'Deposited' (a transaction), as adapters receive them. */
export interface BalanceChangeDraft {
  balance?: number | string | null;
  transaction?: {
    direction: unknown;
    amount: number | string | null;
    transactionDescription?: string | null;
    /** The category's id as the API gave it; checked as the household's by the service. */
    categoryId?: number | null;
  } | null;
}

/**
 * The one place a balance change is validated for GraphQL and REST alike. With a transaction its
 * amount is what counts (docs/product-rules.md: the client's computed balance is ignored); otherwise the new
 * balance is set.
 */
export function balanceUpdateOf(draft: BalanceChangeDraft): BalanceUpdate {
  const { transaction } = draft;
  if (transaction) {
    const direction =
      typeof transaction.direction === 'string' ? transaction.direction.trim().toLowerCase() : '';
    if (direction !== 'spent' && direction !== 'deposited') {
      throw badUserInput("The direction must be 'spent' or 'deposited'", 'direction');
    }
    assertNoFieldErrors(
      validateTransaction({
        amount: transaction.amount,
        transactionDescription: transaction.transactionDescription,
      }),
    );
    return {
      kind: 'transaction',
      direction,
      amountCents: validatedCents(transaction.amount) as number,
      note: optionalText(transaction.transactionDescription),
      categoryId: transaction.categoryId ?? null,
    };
  }
  if (draft.balance === null || draft.balance === undefined || draft.balance === '') {
    throw badUserInput('Enter a new balance or a spent/deposited amount', 'balance');
  }
  return { kind: 'newBalance', balanceCents: parseMoney(draft.balance, 'balance') };
}

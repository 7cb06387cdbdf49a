import {
  debtTypeFromLabelOrCode,
  expenseFrequencyFromLabelOrCode,
  readApr,
  validateLiability,
  type IsoDate,
  type LiabilityFormInput,
} from '@truenet/core';
import { assertNoFieldErrors } from '../../input/field-errors';
import { optionalText, validatedCents } from '../../input/values';
import { categoryChoice, walletChoice } from '../wallets/wallet-reference';
import type { LiabilityFields } from './liabilities.service';

/** An expense as any adapter receives it: core's form shape (labels or codes, dollars) plus autoPay. */
export interface LiabilityDraft extends LiabilityFormInput {
  autoPay?: boolean | null;
  /** 'Paid from': an id, null for the default wallet, absent to keep it (on update). */
  walletId?: string | null;
  /** A debt's APR (core's rule); absent to keep it (on update). */
  apr?: number | string | null;
  /** Its category: an id, null for its type's, absent to keep it (on update). */
  categoryId?: string | null;
}

/**
 * The one place an expense's input becomes the service's fields, for GraphQL and REST alike:
 * core's rules (the due date within the window around the user's today), then trimmed text,
 * option codes and integer cents. `errorNames` renames fields in errors, for an API whose field
 * names differ from core's.
 */
export function liabilityFields(
  draft: LiabilityDraft,
  today: IsoDate,
  errorNames: Record<string, string> = {},
): LiabilityFields {
  assertNoFieldErrors(validateLiability(draft, today), errorNames);
  return {
    creditorName: draft.creditorName.trim(),
    creditorUrl: optionalText(draft.creditorUrl),
    description: optionalText(draft.creditorDescription),
    debtType: debtTypeFromLabelOrCode(String(draft.debtType).trim()),
    frequency: expenseFrequencyFromLabelOrCode(String(draft.frequency).trim()),
    dueDate: String(draft.dueDate).trim(),
    balanceCents: validatedCents(draft.balance),
    paymentCents: validatedCents(draft.payment) as number,
    autoPay: draft.autoPay ?? false,
    walletId: walletChoice(draft.walletId),
    apr: draft.apr === undefined ? undefined : readApr(draft.apr),
    categoryId: categoryChoice(draft.categoryId),
  };
}

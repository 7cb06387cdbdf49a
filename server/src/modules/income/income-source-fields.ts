import {
  incomeFrequencyFromLabelOrCode,
  validateIncomeSource,
  type IncomeSourceFormInput,
  type IsoDate,
} from '@truenet/core';
import { assertNoFieldErrors } from '../../input/field-errors';
import { optionalText, validatedCents } from '../../input/values';
import { categoryChoice, walletChoice } from '../wallets/wallet-reference';
import type { IncomeSourceFields } from './income.service';

/** An income source as any adapter receives it: core's form shape (labels or codes, dollars) plus its status. */
export interface IncomeSourceDraft extends IncomeSourceFormInput {
  sourceStatus?: boolean | null;
  /** 'Deposits to': an id, null for the default wallet, absent to keep it (on update). */
  walletId?: string | null;
  /** Its category: an id, null for Income, absent to keep it (on update). */
  categoryId?: string | null;
}

/**
 * The one place an income source's input becomes the service's fields, for GraphQL and REST alike.
 * The second pay date is kept only for Twice Monthly. `errorNames` renames fields in errors, for an
 * API whose field names differ from core's (GraphQL spells `sourceDescription` correctly).
 */
export function incomeSourceFields(
  draft: IncomeSourceDraft,
  today: IsoDate,
  errorNames: Record<string, string> = {},
): IncomeSourceFields {
  assertNoFieldErrors(validateIncomeSource(draft, today), errorNames);
  const frequency = incomeFrequencyFromLabelOrCode(String(draft.incomeFrequency).trim());
  return {
    sourceName: draft.sourceName.trim(),
    sourceUrl: optionalText(draft.sourceUrl),
    description: optionalText(draft.sourceDesciption),
    frequency,
    nextPmtDate: String(draft.nextPmtDate).trim(),
    biMonthlyPayDate: frequency === 'TWICE_MONTHLY' ? (draft.biMonthlyPayDate?.trim() ?? null) : null,
    paymentCents: validatedCents(draft.paymentAmount) as number,
    active: draft.sourceStatus ?? true,
    walletId: walletChoice(draft.walletId),
    categoryId: categoryChoice(draft.categoryId),
  };
}

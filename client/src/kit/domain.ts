/**
 * The option lists and form rules the dashboard's modals use (the product specification and §9), from
 * `@truenet/core` so that the server checks the same rules. Field names follow the GraphQL inputs;
 * money is in dollars as the forms hold it.
 */
import {
  DEBT_TYPES,
  EXPENSE_FREQUENCIES,
  INCOME_FREQUENCIES,
  labelOfDebtType,
  labelOfExpenseFrequency,
  labelOfIncomeFrequency,
  validateIncomeSource,
  validateLiability,
  validateWallet,
} from '@truenet/core';
import type { DebtType, ExpenseFrequency, IncomeFrequency } from '../gql/graphql';

export type FieldErrors<F extends string> = Partial<Record<F, string>>;

export const INCOME_FREQUENCY_OPTIONS = INCOME_FREQUENCIES;
export const EXPENSE_FREQUENCY_OPTIONS = EXPENSE_FREQUENCIES;
export const DEBT_TYPE_OPTIONS = DEBT_TYPES;

export const incomeFrequencyLabel = (code: IncomeFrequency | null | undefined) =>
  code ? labelOfIncomeFrequency(code) : '';
export const expenseFrequencyLabel = (code: ExpenseFrequency | null | undefined) =>
  code ? labelOfExpenseFrequency(code) : '';
export const debtTypeLabel = (code: DebtType | null | undefined) => (code ? labelOfDebtType(code) : '');

export interface WalletForm {
  walletName: string;
  walletDescription: string;
  balance: number | null;
}

export function validateWalletForm(form: WalletForm): FieldErrors<keyof WalletForm> {
  return validateWallet(form);
}

export interface IncomeForm {
  sourceName: string;
  sourceUrl: string;
  sourceDescription: string;
  incomeFrequency: IncomeFrequency | '';
  nextPmtDate: string;
  biMonthlyPayDate: string;
  paymentAmount: number | null;
  sourceStatus: boolean;
  /** 'Deposits to': a wallet id, '' for the default wallet. */
  walletId: string;
}

export function validateIncomeForm(form: IncomeForm, today: string): FieldErrors<keyof IncomeForm> {
  const { sourceDesciption, ...errors } = validateIncomeSource(
    {
      sourceName: form.sourceName,
      sourceUrl: form.sourceUrl,
      incomeFrequency: form.incomeFrequency || null,
      nextPmtDate: form.nextPmtDate || null,
      biMonthlyPayDate: form.biMonthlyPayDate || null,
      paymentAmount: form.paymentAmount,
      // The specification spells the notes field so; the form and GraphQL do not.
      sourceDesciption: form.sourceDescription,
    },
    today,
  );
  return sourceDesciption ? { ...errors, sourceDescription: sourceDesciption } : errors;
}

export interface ExpenseForm {
  creditorName: string;
  creditorUrl: string;
  creditorDescription: string;
  debtType: DebtType | '';
  frequency: ExpenseFrequency | '';
  dueDate: string;
  payment: number | null;
  balance: number | null;
  autoPay: boolean;
  /** 'Paid from': a wallet id, '' for the default wallet. */
  walletId: string;
  /** A debt's APR as typed ('24.99'); '' when not known. */
  apr: string;
}

export function validateExpenseForm(form: ExpenseForm, today: string): FieldErrors<keyof ExpenseForm> {
  return validateLiability(
    {
      ...form,
      debtType: form.debtType || null,
      frequency: form.frequency || null,
      dueDate: form.dueDate || null,
    },
    today,
  );
}

/** A suggestion as the name field's list shows it: 'name (url: address)'. */
export function suggestionLabel(name: string, url: string | null | undefined): string {
  return `${name} (url: ${url ?? ''})`;
}

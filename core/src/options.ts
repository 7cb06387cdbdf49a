/**
 * The option lists and business constants of the specification (§9) with their exact labels.
 * GraphQL uses the codes; the REST compatibility routes speak the labels ('Bi-Weekly',
 * 'Mortgage/Rent') and accept the codes too.
 */
import { DomainError } from './errors';
import type { Cents, DebtType, ExpenseFrequency, IncomeFrequency, PlanCode } from './types';

export interface Option<Code extends string> {
  code: Code;
  label: string;
}

export const INCOME_FREQUENCIES: readonly Option<IncomeFrequency>[] = [
  { code: 'WEEKLY', label: 'Weekly' },
  { code: 'BIWEEKLY', label: 'Bi-Weekly' },
  { code: 'TWICE_MONTHLY', label: 'Twice Monthly' },
  { code: 'MONTHLY', label: 'Monthly' },
];

export const EXPENSE_FREQUENCIES: readonly Option<ExpenseFrequency>[] = [
  { code: 'WEEKLY', label: 'Weekly' },
  { code: 'BIWEEKLY', label: 'Bi-Weekly' },
  { code: 'MONTHLY', label: 'Monthly' },
  { code: 'BIMONTHLY', label: 'Bi-Monthly' },
  { code: 'QUARTERLY', label: 'Quarterly' },
  { code: 'TWICE_YEARLY', label: 'Twice Yearly' },
  { code: 'YEARLY', label: 'Yearly' },
];

export const DEBT_TYPES: readonly Option<DebtType>[] = [
  { code: 'MORTGAGE_RENT', label: 'Mortgage/Rent' },
  { code: 'CAR_LOAN', label: 'Car Loan' },
  { code: 'GENERAL_LOAN', label: 'General Loan' },
  { code: 'CREDIT_CARD', label: 'Credit Card' },
  { code: 'INSURANCE', label: 'Insurance' },
  { code: 'MOBILE_PHONE', label: 'Mobile Phone' },
  { code: 'SUBSCRIPTION', label: 'Subscription' },
  { code: 'UTILITY', label: 'Utility' },
  { code: 'MISC_BILL', label: 'Misc Bill' },
];

export interface Plan {
  code: PlanCode;
  priceCents: Cents;
  /** Billing period in months. */
  intervalMonths: number;
  label: string;
  tagline: string | null;
  isDefault: boolean;
}

export const PLANS: readonly Plan[] = [
  {
    code: 'QUARTERLY',
    priceCents: 1495,
    intervalMonths: 3,
    label: 'Pay quarterly',
    tagline: null,
    isDefault: false,
  },
  {
    code: 'YEARLY',
    priceCents: 2995,
    intervalMonths: 12,
    label: 'Pay yearly',
    tagline: 'Best deal: 50% savings, 6 months free',
    isDefault: true,
  },
];

export const DEFAULT_PLAN: PlanCode = 'YEARLY';

/** Free trial before the first charge. */
export const TRIAL_DAYS = 7;
/** Register entries older than this are purged. */
export const REGISTER_RETENTION_DAYS = 28;
/** 'Obligations due within 30 days': the coming-due window after today. */
export const COMING_DUE_WINDOW_DAYS = 30;
/** The support reply time promised on the FAQ page. */
export const SUPPORT_REPLY_HOURS = 48;

export function planByCode(code: string): Plan {
  const plan = PLANS.find((candidate) => candidate.code === code);
  if (!plan) throw new DomainError(`Unknown plan: ${code}`, 'plan');
  return plan;
}

function fromLabelOrCode<Code extends string>(
  options: readonly Option<Code>[],
  value: string,
  what: string,
  field: string,
): Code {
  const text = typeof value === 'string' ? value.trim() : '';
  const option = options.find((candidate) => candidate.code === text || candidate.label === text);
  if (!option) {
    const labels = options.map((candidate) => candidate.label).join(', ');
    throw new DomainError(`Unknown ${what} '${String(value)}': choose one of ${labels}`, field);
  }
  return option.code;
}

function labelOf<Code extends string>(options: readonly Option<Code>[], code: Code, what: string): string {
  const option = options.find((candidate) => candidate.code === code);
  if (!option) throw new DomainError(`Unknown ${what}: ${String(code)}`);
  return option.label;
}

/** 'Bi-Weekly' or 'BIWEEKLY' → 'BIWEEKLY'; anything else is a DomainError. */
export function incomeFrequencyFromLabelOrCode(value: string): IncomeFrequency {
  return fromLabelOrCode(INCOME_FREQUENCIES, value, 'income frequency', 'incomeFrequency');
}

export function expenseFrequencyFromLabelOrCode(value: string): ExpenseFrequency {
  return fromLabelOrCode(EXPENSE_FREQUENCIES, value, 'expense frequency', 'frequency');
}

export function debtTypeFromLabelOrCode(value: string): DebtType {
  return fromLabelOrCode(DEBT_TYPES, value, 'expense type', 'debtType');
}

export function labelOfIncomeFrequency(code: IncomeFrequency): string {
  return labelOf(INCOME_FREQUENCIES, code, 'income frequency');
}

export function labelOfExpenseFrequency(code: ExpenseFrequency): string {
  return labelOf(EXPENSE_FREQUENCIES, code, 'expense frequency');
}

export function labelOfDebtType(code: DebtType): string {
  return labelOf(DEBT_TYPES, code, 'expense type');
}

/**
 * The option lists and form rules the dashboard's modals use (specification §5 and §9).
 * Field names follow the GraphQL inputs; money is in dollars as the forms hold it.
 */
import dayjs from 'dayjs';
import type { DebtType, ExpenseFrequency, IncomeFrequency } from '../../gql/graphql';

export type FieldErrors<F extends string> = Partial<Record<F, string>>;

export const INCOME_FREQUENCY_OPTIONS: { code: IncomeFrequency; label: string }[] = [
  { code: 'WEEKLY', label: 'Weekly' },
  { code: 'BIWEEKLY', label: 'Bi-Weekly' },
  { code: 'TWICE_MONTHLY', label: 'Twice Monthly' },
  { code: 'MONTHLY', label: 'Monthly' },
];

export const EXPENSE_FREQUENCY_OPTIONS: { code: ExpenseFrequency; label: string }[] = [
  { code: 'WEEKLY', label: 'Weekly' },
  { code: 'BIWEEKLY', label: 'Bi-Weekly' },
  { code: 'MONTHLY', label: 'Monthly' },
  { code: 'BIMONTHLY', label: 'Bi-Monthly' },
  { code: 'QUARTERLY', label: 'Quarterly' },
  { code: 'TWICE_YEARLY', label: 'Twice Yearly' },
  { code: 'YEARLY', label: 'Yearly' },
];

export const DEBT_TYPE_OPTIONS: { code: DebtType; label: string }[] = [
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

function labelOf<C extends string>(
  options: { code: C; label: string }[],
  code: C | null | undefined,
): string {
  return options.find((option) => option.code === code)?.label ?? '';
}

export const incomeFrequencyLabel = (code: IncomeFrequency | null | undefined) =>
  labelOf(INCOME_FREQUENCY_OPTIONS, code);
export const expenseFrequencyLabel = (code: ExpenseFrequency | null | undefined) =>
  labelOf(EXPENSE_FREQUENCY_OPTIONS, code);
export const debtTypeLabel = (code: DebtType | null | undefined) => labelOf(DEBT_TYPE_OPTIONS, code);

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const URL_PATTERN = /^(https?:\/\/)?([a-z0-9]([a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,}(:\d+)?(\/\S*)?$/i;

/** A date is valid between 2 years before and 3 years after today. */
export function dateError(value: string, today: string): string | undefined {
  if (!ISO_DATE.test(value) || !dayjs(value).isValid() || dayjs(value).format('YYYY-MM-DD') !== value) {
    return 'Enter a valid date';
  }
  const from = dayjs(today).subtract(2, 'year').format('YYYY-MM-DD');
  const to = dayjs(today).add(3, 'year').format('YYYY-MM-DD');
  if (value < from || value > to) return 'The date must be within 2 years back and 3 years ahead';
  return undefined;
}

function urlError(value: string): string | undefined {
  const url = value.trim();
  if (url === '') return undefined;
  return URL_PATTERN.test(url) ? undefined : 'Enter a web address like example.com';
}

function nameError(value: string): string | undefined {
  return value.trim() === '' ? 'A name is required' : undefined;
}

function compact<F extends string>(errors: Record<F, string | undefined>): FieldErrors<F> {
  const result: FieldErrors<F> = {};
  for (const key of Object.keys(errors) as F[]) {
    if (errors[key]) result[key] = errors[key];
  }
  return result;
}

export interface WalletForm {
  walletName: string;
  walletDescription: string;
  balance: number | null;
}

export function validateWalletForm(form: WalletForm): FieldErrors<keyof WalletForm> {
  return compact({
    walletName: nameError(form.walletName),
    walletDescription: undefined,
    balance: undefined,
  });
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
}

export function validateIncomeForm(form: IncomeForm, today: string): FieldErrors<keyof IncomeForm> {
  const twice = form.incomeFrequency === 'TWICE_MONTHLY';
  const nextError = dateError(form.nextPmtDate, today);
  let secondError = twice ? dateError(form.biMonthlyPayDate, today) : undefined;
  if (twice && !nextError && !secondError && !(form.nextPmtDate < form.biMonthlyPayDate)) {
    secondError = 'The next pay date must be after the last pay date';
  }
  return compact({
    sourceName: nameError(form.sourceName),
    sourceUrl: urlError(form.sourceUrl),
    sourceDescription: undefined,
    incomeFrequency: form.incomeFrequency ? undefined : 'Choose how often you are paid',
    nextPmtDate: nextError,
    biMonthlyPayDate: secondError,
    paymentAmount:
      form.paymentAmount !== null && form.paymentAmount > 0 ? undefined : 'The amount must be greater than 0',
    sourceStatus: undefined,
  });
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
}

export function validateExpenseForm(form: ExpenseForm, today: string): FieldErrors<keyof ExpenseForm> {
  return compact({
    creditorName: nameError(form.creditorName),
    creditorUrl: urlError(form.creditorUrl),
    creditorDescription: undefined,
    debtType: form.debtType ? undefined : 'Choose an expense type',
    frequency: form.frequency ? undefined : 'Choose a frequency',
    dueDate: dateError(form.dueDate, today),
    payment: form.payment !== null && form.payment > 0 ? undefined : 'The amount must be greater than 0',
    balance: form.balance !== null && form.balance < 0 ? 'The balance cannot be negative' : undefined,
    autoPay: undefined,
  });
}

/** A suggestion as the name field's list shows it: 'name (url: address)'. */
export function suggestionLabel(name: string, url: string | null | undefined): string {
  return `${name} (url: ${url ?? ''})`;
}

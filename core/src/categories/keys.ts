import type { DebtType } from '../types';

/** The built-in categories every household has (docs/product-rules.md, where the money goes). */
export const CATEGORY_KEYS = [
  'INCOME',
  'TRANSFERS',
  'CASH',
  'HOUSING',
  'UTILITIES',
  'GROCERIES',
  'DINING',
  'TRANSPORT',
  'SHOPPING',
  'HEALTH',
  'INSURANCE',
  'SUBSCRIPTIONS',
  'ENTERTAINMENT',
  'PERSONAL_CARE',
  'EDUCATION_CHILDCARE',
  'TRAVEL',
  'DEBT_PAYMENTS',
  'FEES',
  'GIVING',
  'TAXES',
  'PETS',
  'OTHER',
] as const;

export type CategoryKey = (typeof CATEGORY_KEYS)[number];

/** What chose a row's category, strongest first. */
export type CategorySource = 'PERSON' | 'PLAN' | 'TRANSFER' | 'RULE' | 'LEARNED' | 'BUILT_IN';

/** A built-in's name until the household renames it. */
export const CATEGORY_NAMES: Readonly<Record<CategoryKey, string>> = {
  INCOME: 'Income',
  TRANSFERS: 'Transfers',
  CASH: 'Cash',
  HOUSING: 'Housing',
  UTILITIES: 'Utilities',
  GROCERIES: 'Groceries',
  DINING: 'Dining',
  TRANSPORT: 'Transport',
  SHOPPING: 'Shopping',
  HEALTH: 'Health',
  INSURANCE: 'Insurance',
  SUBSCRIPTIONS: 'Subscriptions',
  ENTERTAINMENT: 'Entertainment',
  PERSONAL_CARE: 'Personal care',
  EDUCATION_CHILDCARE: 'Education & childcare',
  TRAVEL: 'Travel',
  DEBT_PAYMENTS: 'Debt payments',
  FEES: 'Fees & interest',
  GIVING: 'Giving',
  TAXES: 'Taxes & government',
  PETS: 'Pets',
  OTHER: 'Other',
};

/** Categories whose rows are not spending: money earned, and money moved between the household's own pockets. */
export const NOT_SPENDING: ReadonlySet<CategoryKey> = new Set(['INCOME', 'TRANSFERS']);

/** The category a bill starts in, from its type; a misc bill has none until someone picks one. */
export function categoryOfDebtType(debtType: DebtType): CategoryKey | null {
  switch (debtType) {
    case 'MORTGAGE_RENT':
      return 'HOUSING';
    case 'CAR_LOAN':
    case 'GENERAL_LOAN':
    case 'CREDIT_CARD':
      return 'DEBT_PAYMENTS';
    case 'INSURANCE':
      return 'INSURANCE';
    case 'MOBILE_PHONE':
    case 'UTILITY':
      return 'UTILITIES';
    case 'SUBSCRIPTION':
      return 'SUBSCRIPTIONS';
    case 'MISC_BILL':
      return null;
  }
}

export function isCategoryKey(value: string): value is CategoryKey {
  return (CATEGORY_KEYS as readonly string[]).includes(value);
}

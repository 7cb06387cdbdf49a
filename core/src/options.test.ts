import { DomainError } from './errors';
import {
  COMING_DUE_WINDOW_DAYS,
  DEBT_TYPES,
  debtTypeFromLabelOrCode,
  DEFAULT_PLAN,
  EXPENSE_FREQUENCIES,
  expenseFrequencyFromLabelOrCode,
  INCOME_FREQUENCIES,
  incomeFrequencyFromLabelOrCode,
  labelOfDebtType,
  labelOfExpenseFrequency,
  labelOfIncomeFrequency,
  planByCode,
  PLANS,
  REGISTER_RETENTION_DAYS,
  SUPPORT_REPLY_HOURS,
  TRIAL_DAYS,
} from './options';
import type { DebtType, ExpenseFrequency, IncomeFrequency } from './types';

describe('option lists carry the specification’s exact labels', () => {
  it('income frequencies', () => {
    expect(INCOME_FREQUENCIES.map((option) => option.label)).toEqual([
      'Weekly',
      'Bi-Weekly',
      'Twice Monthly',
      'Monthly',
    ]);
  });

  it('expense frequencies', () => {
    expect(EXPENSE_FREQUENCIES.map((option) => option.label)).toEqual([
      'Weekly',
      'Bi-Weekly',
      'Monthly',
      'Bi-Monthly',
      'Quarterly',
      'Twice Yearly',
      'Yearly',
    ]);
  });

  it('debt types', () => {
    expect(DEBT_TYPES.map((option) => option.label)).toEqual([
      'Mortgage/Rent',
      'Car Loan',
      'General Loan',
      'Credit Card',
      'Insurance',
      'Mobile Phone',
      'Subscription',
      'Utility',
      'Misc Bill',
    ]);
  });
});

describe('plans and business constants', () => {
  it('quarterly $14.95 every 3 months; yearly $29.95 every 12 months, the default', () => {
    expect(PLANS).toEqual([
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
    ]);
    expect(DEFAULT_PLAN).toBe('YEARLY');
    expect(planByCode('QUARTERLY').priceCents).toBe(1495);
    expect(() => planByCode('MONTHLY')).toThrow(new DomainError('Unknown plan: MONTHLY', 'plan'));
  });

  it('a 7-day trial, a 28-day register, a 30-day coming-due window, 48-hour support replies', () => {
    expect([TRIAL_DAYS, REGISTER_RETENTION_DAYS, COMING_DUE_WINDOW_DAYS, SUPPORT_REPLY_HOURS]).toEqual([
      7, 28, 30, 48,
    ]);
  });
});

describe('labels and codes are both accepted (REST speaks labels, GraphQL codes)', () => {
  it.each([
    ['Bi-Weekly', 'BIWEEKLY'],
    ['BIWEEKLY', 'BIWEEKLY'],
    ['Twice Monthly', 'TWICE_MONTHLY'],
    [' Monthly ', 'MONTHLY'],
  ])('income frequency %p → %p', (value, code) => {
    expect(incomeFrequencyFromLabelOrCode(value)).toBe(code);
  });

  it.each([
    ['Bi-Monthly', 'BIMONTHLY'],
    ['TWICE_YEARLY', 'TWICE_YEARLY'],
    ['Yearly', 'YEARLY'],
  ])('expense frequency %p → %p', (value, code) => {
    expect(expenseFrequencyFromLabelOrCode(value)).toBe(code);
  });

  it.each([
    ['Mortgage/Rent', 'MORTGAGE_RENT'],
    ['MISC_BILL', 'MISC_BILL'],
    ['Misc Bill', 'MISC_BILL'],
  ])('debt type %p → %p', (value, code) => {
    expect(debtTypeFromLabelOrCode(value)).toBe(code);
  });

  it('refuses anything else, listing the choices', () => {
    expect(() => incomeFrequencyFromLabelOrCode('Daily')).toThrow(
      new DomainError(
        "Unknown income frequency 'Daily': choose one of Weekly, Bi-Weekly, Twice Monthly, Monthly",
        'incomeFrequency',
      ),
    );
    expect(() => expenseFrequencyFromLabelOrCode('biweekly')).toThrow(DomainError);
    expect(() => debtTypeFromLabelOrCode(undefined as unknown as string)).toThrow(
      "Unknown expense type 'undefined'",
    );
  });

  it('gives the label of every code, and refuses unknown codes', () => {
    for (const { code, label } of INCOME_FREQUENCIES) expect(labelOfIncomeFrequency(code)).toBe(label);
    for (const { code, label } of EXPENSE_FREQUENCIES) expect(labelOfExpenseFrequency(code)).toBe(label);
    for (const { code, label } of DEBT_TYPES) expect(labelOfDebtType(code)).toBe(label);
    expect(() => labelOfIncomeFrequency('DAILY' as IncomeFrequency)).toThrow(
      'Unknown income frequency: DAILY',
    );
    expect(() => labelOfExpenseFrequency('DAILY' as ExpenseFrequency)).toThrow(DomainError);
    expect(() => labelOfDebtType('TAX' as DebtType)).toThrow('Unknown expense type: TAX');
  });
});

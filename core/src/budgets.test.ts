import {
  budgetAlertLine,
  budgetMonth,
  checkBudgetAmount,
  checkMonth,
  daysLeftIn,
  monthsFrom,
  shiftMonthBy,
  suggestBudget,
  thresholdsReached,
} from './budgets';

const spent = (byMonth: Record<string, number>) => (month: string) => byMonth[month] ?? 0;

describe('budgets', () => {
  it('counts a month without rollover: spent, left, left a day, and the status', () => {
    const groceries = { monthlyCents: 60_000, rollover: false, startsMonth: '2026-09' };
    // Nov 16: 15 days left, today included.
    expect(budgetMonth(groceries, spent({ '2026-11': 30_000 }), '2026-11', '2026-11-16')).toEqual({
      carriedCents: 0,
      spentCents: 30_000,
      leftCents: 30_000,
      leftPerDayCents: 2_000,
      status: 'UNDER',
    });
    expect(budgetMonth(groceries, spent({ '2026-11': 48_000 }), '2026-11', '2026-11-16').status).toBe('NEAR');
    expect(budgetMonth(groceries, spent({ '2026-11': 60_000 }), '2026-11', '2026-11-16').status).toBe('NEAR');
    expect(budgetMonth(groceries, spent({ '2026-11': 60_001 }), '2026-11', '2026-11-16')).toMatchObject({
      leftCents: -1,
      leftPerDayCents: 0,
      status: 'OVER',
    });
  });

  it('chains a rollover from the month it was set: overspending is carried as less', () => {
    const dining = { monthlyCents: 20_000, rollover: true, startsMonth: '2026-09' };
    const history = spent({ '2026-08': 99_999, '2026-09': 15_000, '2026-10': 26_000, '2026-11': 5_000 });
    // Sep carries nothing (its first month); Oct carries 200 − 150 = 50; Nov carries 200 + 50 − 260 = −10.
    expect(budgetMonth(dining, history, '2026-09', '2026-11-16').carriedCents).toBe(0);
    expect(budgetMonth(dining, history, '2026-10', '2026-11-16').carriedCents).toBe(5_000);
    expect(budgetMonth(dining, history, '2026-11', '2026-11-16')).toMatchObject({
      carriedCents: -1_000,
      leftCents: 14_000,
      leftPerDayCents: 933,
    });
    // A month to come carries what is left now, and spreads it over all its days.
    expect(budgetMonth(dining, history, '2026-12', '2026-11-16')).toMatchObject({
      carriedCents: 14_000,
      leftCents: 34_000,
      leftPerDayCents: Math.floor(34_000 / 31),
    });
  });

  it('suggests the median of the last three complete months, rounded up to $5, when spent in two of them', () => {
    expect(suggestBudget([41_210, 38_000, 52_130])).toBe(41_500);
    expect(suggestBudget([0, 12_001, 9_000])).toBe(9_000);
    expect(suggestBudget([0, 0, 9_000])).toBeNull();
  });

  it('reads months and amounts strictly', () => {
    expect(checkMonth('2026-02')).toBe('2026-02');
    expect(() => checkMonth('2026-13')).toThrow('YYYY-MM');
    expect(() => checkMonth('2026-2')).toThrow('YYYY-MM');
    expect(() => checkBudgetAmount(-1)).toThrow('$0.00 to $1,000,000.00');
    expect(() => checkBudgetAmount(100_000_001)).toThrow('$0.00 to $1,000,000.00');
    expect(checkBudgetAmount(0)).toBe(0);
    expect(shiftMonthBy('2026-01', -1)).toBe('2025-12');
    expect(monthsFrom('2026-11', '2027-01')).toEqual(['2026-11', '2026-12', '2027-01']);
    expect(monthsFrom('2026-11', '2026-10')).toEqual([]);
    expect(daysLeftIn('2026-10', '2026-11-16')).toBe(0);
    expect(daysLeftIn('2027-02', '2026-11-16')).toBe(28);
  });

  it('reaches 80% and then all of what the month holds, each once told in a line', () => {
    const groceries = { monthlyCents: 50_000, rollover: false, startsMonth: '2026-09' };
    const month = (cents: number) =>
      budgetMonth(groceries, spent({ '2026-11': cents }), '2026-11', '2026-11-19');
    expect(thresholdsReached(month(0))).toEqual([]);
    expect(thresholdsReached(month(39_999))).toEqual([]);
    expect(thresholdsReached(month(40_000))).toEqual([80]);
    expect(thresholdsReached(month(50_000))).toEqual([80, 100]);
    // Nov 19: 12 days left, today included; $80.00 / 12 = $6.66 a day.
    expect(budgetAlertLine('Groceries', month(42_000))).toBe(
      'Groceries budget: 84% spent, $80.00 left ($6.66 a day)',
    );
    expect(budgetAlertLine('Groceries', month(50_000))).toBe('Groceries budget: all $500.00 spent');
    expect(budgetAlertLine('Groceries', month(51_240))).toBe(
      'Groceries budget: all $500.00 spent, $12.40 over',
    );
  });

  it('counts a month that holds nothing as spent with its first spending', () => {
    const overspent = { monthlyCents: 10_000, rollover: true, startsMonth: '2026-10' };
    const november = budgetMonth(
      overspent,
      spent({ '2026-10': 25_000, '2026-11': 100 }),
      '2026-11',
      '2026-11-19',
    );
    expect(november.leftCents).toBe(-5_100);
    expect(thresholdsReached(november)).toEqual([80, 100]);
    expect(budgetAlertLine('Dining', november)).toBe('Dining budget: $51.00 over');
  });
});

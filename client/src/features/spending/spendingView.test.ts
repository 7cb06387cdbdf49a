import {
  categoryLabel,
  changeFromUsual,
  monthRange,
  nextByLetter,
  payPeriodRange,
  rowsToSort,
  shiftMonth,
  shortDate,
  taughtPayee,
} from './spendingView';

const category = (id: string, name: string, parentId: string | null = null) => ({
  id,
  key: null,
  name,
  parentId,
  archived: false,
});

describe('spendingView', () => {
  it('takes this pay period up to the day before the next pay, or today', () => {
    expect(
      payPeriodRange({ periodStart: '2026-11-13', asOf: '2026-11-20', nextIncomeDate: '2026-11-27' }),
    ).toEqual({
      from: '2026-11-13',
      to: '2026-11-26',
    });
    expect(payPeriodRange({ periodStart: '2026-11-13', asOf: '2026-11-20', nextIncomeDate: null })).toEqual({
      from: '2026-11-13',
      to: '2026-11-20',
    });
  });

  it('steps through months, the last day of each included', () => {
    expect(monthRange('2026-02')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(shiftMonth('2026-01', -1)).toBe('2025-12');
    expect(shiftMonth('2026-12', 1)).toBe('2027-01');
    expect(shortDate('2026-11-03', '2026')).toBe('Nov 3');
    expect(shortDate('2025-11-03', '2026')).toBe('Nov 3, 2025');
  });

  it('says how a category compares with usual', () => {
    expect(changeFromUsual(120, 100)).toEqual({ text: '$20.00 more than usual', tone: 'more' });
    expect(changeFromUsual(80, 100)).toEqual({ text: '$20.00 less than usual', tone: 'less' });
    expect(changeFromUsual(101, 100).tone).toBe('same');
    expect(changeFromUsual(40, 0).text).toBe('Nothing here before');
  });

  it('names a child after its parent and walks names by their first letter', () => {
    const all = [category('1', 'Dining'), category('2', 'Coffee', '1')];
    expect(categoryLabel(all[1]!, all)).toBe('Dining › Coffee');
    const names = ['Cash', 'Dining', 'Debt payments', 'Groceries'];
    expect(nextByLetter(names, 'd', 0)).toBe(1);
    expect(nextByLetter(names, 'D', 1)).toBe(2);
    expect(nextByLetter(names, 'd', 2)).toBe(1);
    expect(nextByLetter(names, 'z', 0)).toBe(-1);
    expect(rowsToSort(1)).toBe('1 row to sort');
    expect(rowsToSort(12)).toBe('12 rows to sort');
    expect(taughtPayee('Kims Tampa Fl')).toBe('Kims');
    expect(taughtPayee('Netflix.com')).toBe('Netflix.com');
  });
});

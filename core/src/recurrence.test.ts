import fc from 'fast-check';
import { addDays, addMonthsClamped, daysBetween } from './dates';
import { fromDayNumber } from './day-numbers';
import {
  expenseOccurrencesThrough,
  expenseSchedule,
  incomeOccurrencesBetween,
  incomeSchedule,
  isIncomeOccurrence,
  lastIncomeOccurrence,
  nextExpenseDueDate,
  nextIncomeOccurrence,
  type IncomeSchedule,
} from './recurrence';
import type { ExpenseFrequency, IncomeFrequency } from './types';

const weekly: IncomeSchedule = { frequency: 'WEEKLY', nextPmtDate: '2026-03-06', biMonthlyPayDate: null };
const biweekly: IncomeSchedule = { frequency: 'BIWEEKLY', nextPmtDate: '2026-03-06', biMonthlyPayDate: null };
const monthlyOn31: IncomeSchedule = {
  frequency: 'MONTHLY',
  nextPmtDate: '2026-01-31',
  biMonthlyPayDate: null,
};
const twiceMonthly15And31: IncomeSchedule = {
  frequency: 'TWICE_MONTHLY',
  nextPmtDate: '2024-01-15',
  biMonthlyPayDate: '2024-01-31',
};

describe('income occurrences, forward and backward from the anchor', () => {
  it('Weekly pays every 7 days', () => {
    expect(incomeOccurrencesBetween(weekly, '2026-02-20', '2026-03-20')).toEqual([
      '2026-02-20',
      '2026-02-27',
      '2026-03-06',
      '2026-03-13',
      '2026-03-20',
    ]);
  });

  it('Bi-Weekly pays every 14 days', () => {
    expect(incomeOccurrencesBetween(biweekly, '2026-02-01', '2026-04-01')).toEqual([
      '2026-02-06',
      '2026-02-20',
      '2026-03-06',
      '2026-03-20',
    ]);
  });

  it('Monthly keeps the anchor day, clamped to short months', () => {
    expect(incomeOccurrencesBetween(monthlyOn31, '2025-11-01', '2026-05-01')).toEqual([
      '2025-11-30',
      '2025-12-31',
      '2026-01-31',
      '2026-02-28',
      '2026-03-31',
      '2026-04-30',
    ]);
  });

  it('Twice Monthly on the 15th and 31st pays Feb 15 and Feb 29 in a leap year', () => {
    expect(incomeOccurrencesBetween(twiceMonthly15And31, '2024-01-01', '2024-04-30')).toEqual([
      '2024-01-15',
      '2024-01-31',
      '2024-02-15',
      '2024-02-29',
      '2024-03-15',
      '2024-03-31',
      '2024-04-15',
      '2024-04-30',
    ]);
  });

  it('Twice Monthly on the 15th and 31st pays Feb 15 and Feb 28 in a non-leap year', () => {
    const source = { ...twiceMonthly15And31, nextPmtDate: '2025-01-15', biMonthlyPayDate: '2025-01-31' };
    expect(incomeOccurrencesBetween(source, '2025-02-01', '2025-03-20')).toEqual([
      '2025-02-15',
      '2025-02-28',
      '2025-03-15',
    ]);
    expect(lastIncomeOccurrence(source, '2025-02-27')).toBe('2025-02-15');
    expect(nextIncomeOccurrence(source, '2025-02-27')).toBe('2025-02-28');
    expect(nextIncomeOccurrence(source, '2025-02-28')).toBe('2025-03-15');
    expect(lastIncomeOccurrence(source, '2025-03-14')).toBe('2025-02-28');
  });

  it('Twice Monthly whose days both clamp to the end of February pays once that month', () => {
    const source = {
      frequency: 'TWICE_MONTHLY' as const,
      nextPmtDate: '2025-01-30',
      biMonthlyPayDate: '2025-03-31',
    };
    expect(incomeOccurrencesBetween(source, '2025-02-01', '2025-03-31')).toEqual([
      '2025-02-28',
      '2025-03-30',
      '2025-03-31',
    ]);
  });

  it('Twice Monthly on the 1st and 15th', () => {
    const source = {
      frequency: 'TWICE_MONTHLY' as const,
      nextPmtDate: '2026-03-01',
      biMonthlyPayDate: '2026-03-15',
    };
    expect(lastIncomeOccurrence(source, '2026-03-10')).toBe('2026-03-01');
    expect(nextIncomeOccurrence(source, '2026-03-10')).toBe('2026-03-15');
    expect(nextIncomeOccurrence(source, '2026-03-20')).toBe('2026-04-01');
    expect(lastIncomeOccurrence(source, '2026-04-01')).toBe('2026-04-01');
  });

  it('Twice Monthly without a second date falls back to monthly', () => {
    const source = { frequency: 'TWICE_MONTHLY' as const, nextPmtDate: '2026-03-15', biMonthlyPayDate: null };
    expect(nextIncomeOccurrence(source, '2026-03-20')).toBe('2026-04-15');
  });

  it('generates occurrences before the anchor too', () => {
    expect(isIncomeOccurrence(weekly, '2026-01-02')).toBe(true);
    expect(isIncomeOccurrence(weekly, '2026-01-03')).toBe(false);
    expect(isIncomeOccurrence(monthlyOn31, '2025-09-30')).toBe(true);
    expect(isIncomeOccurrence(twiceMonthly15And31, '2023-02-28')).toBe(true);
    expect(isIncomeOccurrence(twiceMonthly15And31, '2023-02-27')).toBe(false);
  });

  it('refuses an unknown frequency', () => {
    const source = {
      frequency: 'DAILY' as IncomeFrequency,
      nextPmtDate: '2026-03-01',
      biMonthlyPayDate: null,
    };
    expect(() => incomeSchedule(source)).toThrow('Unknown income frequency: DAILY');
  });
});

describe('last occurrence ≤ today < next occurrence', () => {
  it('a pay day is its own last occurrence; the next one is a step later', () => {
    expect(lastIncomeOccurrence(weekly, '2026-03-06')).toBe('2026-03-06');
    expect(nextIncomeOccurrence(weekly, '2026-03-06')).toBe('2026-03-13');
    expect(lastIncomeOccurrence(monthlyOn31, '2026-03-30')).toBe('2026-02-28');
    expect(nextIncomeOccurrence(monthlyOn31, '2026-03-30')).toBe('2026-03-31');
    expect(nextIncomeOccurrence(monthlyOn31, '2026-02-28')).toBe('2026-03-31');
  });

  it('a source whose anchor is in the future has no last income, and its next pay is the anchor', () => {
    expect(lastIncomeOccurrence(weekly, '2026-02-01')).toBeNull();
    expect(nextIncomeOccurrence(weekly, '2026-02-01')).toBe('2026-03-06');
  });
});

const incomeFrequencies: IncomeFrequency[] = ['WEEKLY', 'BIWEEKLY', 'TWICE_MONTHLY', 'MONTHLY'];
const expenseFrequencies: ExpenseFrequency[] = [
  'WEEKLY',
  'BIWEEKLY',
  'MONTHLY',
  'BIMONTHLY',
  'QUARTERLY',
  'TWICE_YEARLY',
  'YEARLY',
];
const dayNumbers = fc.integer({ min: 18_000, max: 23_000 }); // 2019 .. 2032
const isoDates = dayNumbers.map(fromDayNumber);

const incomeSources = fc
  .record({
    frequency: fc.constantFrom(...incomeFrequencies),
    anchor: dayNumbers,
    secondOffset: fc.integer({ min: 1, max: 27 }),
  })
  .map(({ frequency, anchor, secondOffset }): IncomeSchedule => ({
    frequency,
    nextPmtDate: fromDayNumber(anchor),
    biMonthlyPayDate: frequency === 'TWICE_MONTHLY' ? fromDayNumber(anchor + secondOffset) : null,
  }));

/** The gap between two consecutive occurrences that each frequency allows. */
function stepIsConsistent(frequency: IncomeFrequency, from: string, to: string): boolean {
  const gap = daysBetween(from, to);
  switch (frequency) {
    case 'WEEKLY':
      return gap === 7;
    case 'BIWEEKLY':
      return gap === 14;
    case 'TWICE_MONTHLY':
      return gap >= 1 && gap <= 31;
    case 'MONTHLY':
      return gap >= 28 && gap <= 31;
  }
}

describe('income occurrences (properties)', () => {
  it('are strictly increasing and step-consistent', () => {
    fc.assert(
      fc.property(incomeSources, isoDates, (source, from) => {
        const dates = incomeOccurrencesBetween(source, from, addDays(from, 120));
        return dates.every(
          (date, i) =>
            i === 0 || (dates[i - 1]! < date && stepIsConsistent(source.frequency, dates[i - 1]!, date)),
        );
      }),
    );
  });

  it('satisfy last ≤ T < next, with nothing in between', () => {
    fc.assert(
      fc.property(incomeSources, isoDates, (source, today) => {
        const last = lastIncomeOccurrence(source, today);
        const next = nextIncomeOccurrence(source, today);
        if (next <= today) return false;
        if (last === null) return source.nextPmtDate > today && next === source.nextPmtDate;
        return (
          last <= today &&
          isIncomeOccurrence(source, last) &&
          isIncomeOccurrence(source, next) &&
          incomeOccurrencesBetween(source, last, next).length === 2
        );
      }),
    );
  });

  it('Twice Monthly pays on exactly two days (or one, when clamped together) of every month', () => {
    fc.assert(
      fc.property(
        incomeSources.filter((source) => source.frequency === 'TWICE_MONTHLY'),
        isoDates,
        (source, day) => {
          const monthStart = `${day.slice(0, 7)}-01`;
          const monthEnd = addDays(addMonthsClamped(monthStart, 1), -1);
          const count = incomeOccurrencesBetween(source, monthStart, monthEnd).length;
          return count === 2 || count === 1;
        },
      ),
    );
  });
});

describe('expense due dates, computed from the anchor', () => {
  it.each([
    ['WEEKLY', '2026-03-17'],
    ['BIWEEKLY', '2026-03-24'],
    ['MONTHLY', '2026-04-10'],
    ['BIMONTHLY', '2026-05-10'],
    ['QUARTERLY', '2026-06-10'],
    ['TWICE_YEARLY', '2026-09-10'],
    ['YEARLY', '2027-03-10'],
  ] as const)('%s: the due date after Mar 10 is %s', (frequency, next) => {
    expect(nextExpenseDueDate('2026-03-10', '2026-03-10', frequency)).toBe(next);
  });

  it('never chains: a Jan 31 monthly bill is due Feb 28, then Mar 31 again', () => {
    expect(nextExpenseDueDate('2026-01-31', '2026-01-31', 'MONTHLY')).toBe('2026-02-28');
    expect(nextExpenseDueDate('2026-01-31', '2026-02-28', 'MONTHLY')).toBe('2026-03-31');
    expect(nextExpenseDueDate('2026-01-31', '2026-03-31', 'MONTHLY')).toBe('2026-04-30');
    expect(nextExpenseDueDate('2025-08-31', '2025-08-31', 'TWICE_YEARLY')).toBe('2026-02-28');
    expect(nextExpenseDueDate('2025-08-31', '2026-02-28', 'TWICE_YEARLY')).toBe('2026-08-31');
  });

  it('lists the current due date and the projected ones through a date', () => {
    const bill = { anchorDate: '2026-01-31', frequency: 'MONTHLY' as const };
    expect(expenseOccurrencesThrough(bill, '2026-02-28', '2026-05-31')).toEqual([
      '2026-02-28',
      '2026-03-31',
      '2026-04-30',
      '2026-05-31',
    ]);
    expect(expenseOccurrencesThrough(bill, '2026-02-28', '2026-02-27')).toEqual([]);
  });

  it('follows the anchor when the current due date was moved off it', () => {
    expect(nextExpenseDueDate('2026-03-10', '2026-03-12', 'WEEKLY')).toBe('2026-03-17');
  });

  it('refuses an unknown frequency', () => {
    expect(() => expenseSchedule('2026-03-10', 'DAILY' as ExpenseFrequency)).toThrow(
      'Unknown expense frequency: DAILY',
    );
  });

  it('occurrences are strictly increasing and step-consistent (property)', () => {
    const months: Partial<Record<ExpenseFrequency, number>> = {
      MONTHLY: 1,
      BIMONTHLY: 2,
      QUARTERLY: 3,
      TWICE_YEARLY: 6,
      YEARLY: 12,
    };
    fc.assert(
      fc.property(fc.constantFrom(...expenseFrequencies), isoDates, (frequency, anchorDate) => {
        const dates = expenseOccurrencesThrough(
          { anchorDate, frequency },
          anchorDate,
          addDays(anchorDate, 800),
        );
        return dates.every((date, k) => {
          const step = months[frequency];
          const expected =
            step === undefined
              ? addDays(anchorDate, k * (frequency === 'WEEKLY' ? 7 : 14))
              : addMonthsClamped(anchorDate, k * step);
          return date === expected;
        });
      }),
    );
  });
});

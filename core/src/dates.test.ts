import fc from 'fast-check';
import {
  addDays,
  addMonthsClamped,
  assertIsoDate,
  compareIsoDates,
  daysBetween,
  formatDisplayDate,
  formatShortDate,
  isIsoDate,
  isValidTimeZone,
  isWithinValidWindow,
  todayInZone,
  validDateWindow,
} from './dates';
import {
  civilFromDayNumber,
  dayNumberFromCivil,
  fromDayNumber,
  isLeapYear,
  isoFromCivil,
  toDayNumber,
  weekdayOf,
} from './day-numbers';
import { DomainError } from './errors';

describe('calendar dates are YYYY-MM-DD strings', () => {
  it.each(['2026-03-05', '2024-02-29', '2000-02-29', '1999-12-31'])('accepts the real date %p', (value) => {
    expect(isIsoDate(value)).toBe(true);
    expect(() => assertIsoDate(value)).not.toThrow();
  });

  it.each([
    '2023-02-29',
    '1900-02-29',
    '2026-13-01',
    '2026-00-10',
    '2026-04-31',
    '2026-1-5',
    '',
    null,
    20260305,
  ])('refuses %p', (value) => {
    expect(isIsoDate(value)).toBe(false);
  });

  it('names the field when a date is not valid', () => {
    expect(() => assertIsoDate('2026-02-30', 'dueDate')).toThrow(
      new DomainError('dueDate must be a calendar date written YYYY-MM-DD', 'dueDate'),
    );
    expect(() => assertIsoDate('x')).toThrow('date must be a calendar date written YYYY-MM-DD');
  });
});

describe('"today" is the date in the user\'s time zone', () => {
  // 2026-01-01T11:00Z is already Jan 2 in Auckland (UTC+13) but still Jan 1 in Los Angeles (UTC-8).
  const instant = Date.UTC(2026, 0, 1, 11, 0);

  it('gives different days for the same instant in Pacific/Auckland and America/Los_Angeles', () => {
    expect(todayInZone(instant, 'Pacific/Auckland')).toBe('2026-01-02');
    expect(todayInZone(instant, 'America/Los_Angeles')).toBe('2026-01-01');
    expect(todayInZone(new Date(instant), 'UTC')).toBe('2026-01-01');
  });

  it('moves to the next day exactly at local midnight', () => {
    // Midnight in Los Angeles on 2026-07-01 is 07:00Z (daylight saving time, UTC-7).
    expect(todayInZone(Date.UTC(2026, 6, 1, 6, 59, 59), 'America/Los_Angeles')).toBe('2026-06-30');
    expect(todayInZone(Date.UTC(2026, 6, 1, 7, 0, 0), 'America/Los_Angeles')).toBe('2026-07-01');
  });

  it('stays exact when asked again and again around a midnight', () => {
    // Repeated questions are answered from a remembered quarter hour; the answers must not change.
    const around = [
      Date.UTC(2026, 6, 1, 6, 50),
      Date.UTC(2026, 6, 1, 6, 59, 59, 999),
      Date.UTC(2026, 6, 1, 7, 0),
      Date.UTC(2026, 6, 1, 6, 50),
      Date.UTC(2026, 6, 1, 7, 14, 59),
    ];
    expect(around.map((at) => todayInZone(at, 'America/Los_Angeles'))).toEqual([
      '2026-06-30',
      '2026-06-30',
      '2026-07-01',
      '2026-06-30',
      '2026-07-01',
    ]);
  });

  it('stays exact in a zone whose midnight falls inside a quarter hour of UTC', () => {
    // Liberia kept UTC-00:44:30 until 1972: its midnight was 00:44:30Z.
    const before = Date.UTC(1960, 5, 1, 0, 44, 29);
    const after = Date.UTC(1960, 5, 1, 0, 44, 30);
    for (const [at, day] of [
      [before, '1960-05-31'],
      [after, '1960-06-01'],
      [before, '1960-05-31'],
    ] as const) {
      expect(todayInZone(at, 'Africa/Monrovia')).toBe(day);
    }
  });

  it('refuses an unknown time zone with a clear message', () => {
    expect(() => todayInZone(instant, 'Mars/Olympus_Mons')).toThrow(
      new DomainError('Unknown time zone: Mars/Olympus_Mons', 'timeZone'),
    );
    expect(() => todayInZone(instant, '')).toThrow('Unknown time zone: ');
  });

  it('refuses an invalid instant', () => {
    expect(() => todayInZone(NaN, 'UTC')).toThrow('Invalid instant');
    expect(() => todayInZone(new Date('nope'), 'UTC')).toThrow('Invalid instant');
  });

  it('knows which time zones are valid', () => {
    expect(isValidTimeZone('Pacific/Auckland')).toBe(true);
    expect(isValidTimeZone('Pacific/Auckland')).toBe(true); // from the cache
    expect(isValidTimeZone('Europe/Nowhere')).toBe(false);
    expect(isValidTimeZone('')).toBe(false);
    expect(isValidTimeZone(42)).toBe(false);
  });
});

describe('date arithmetic', () => {
  it('adds days across months and years', () => {
    expect(addDays('2026-02-27', 2)).toBe('2026-03-01');
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
  });

  it('keeps the anchor day clamped to the month: Jan 31 → Feb 28 → Mar 31 → Apr 30', () => {
    expect(addMonthsClamped('2023-01-31', 1)).toBe('2023-02-28');
    expect(addMonthsClamped('2024-01-31', 1)).toBe('2024-02-29');
    expect(addMonthsClamped('2023-01-31', 2)).toBe('2023-03-31');
    expect(addMonthsClamped('2023-01-31', 3)).toBe('2023-04-30');
    expect(addMonthsClamped('2023-01-31', 12)).toBe('2024-01-31');
    expect(addMonthsClamped('2023-03-31', -1)).toBe('2023-02-28');
    expect(addMonthsClamped('2024-02-29', 12)).toBe('2025-02-28');
    expect(addMonthsClamped('2026-11-15', 3)).toBe('2027-02-15');
  });

  it('refuses a month step from something that is not a date', () => {
    expect(() => addMonthsClamped('2026-02-30', 1)).toThrow(DomainError);
  });

  it('compares dates and counts the days between them', () => {
    expect(compareIsoDates('2026-03-01', '2026-03-02')).toBeLessThan(0);
    expect(compareIsoDates('2026-03-02', '2026-03-02')).toBe(0);
    expect(compareIsoDates('2027-01-01', '2026-12-31')).toBeGreaterThan(0);
    expect(daysBetween('2026-02-01', '2026-03-01')).toBe(28);
    expect(daysBetween('2024-02-01', '2024-03-01')).toBe(29);
    expect(daysBetween('2026-03-01', '2026-02-01')).toBe(-28);
  });
});

describe('a user-entered date is valid between 2 years before and 3 years after today', () => {
  const today = '2026-03-05';

  it('includes both ends of the window', () => {
    expect(validDateWindow(today)).toEqual({ from: '2024-03-05', to: '2029-03-05' });
    expect(isWithinValidWindow('2024-03-05', today)).toBe(true);
    expect(isWithinValidWindow('2029-03-05', today)).toBe(true);
    expect(isWithinValidWindow(today, today)).toBe(true);
  });

  it('excludes the days just outside', () => {
    expect(isWithinValidWindow('2024-03-04', today)).toBe(false);
    expect(isWithinValidWindow('2029-03-06', today)).toBe(false);
    expect(isWithinValidWindow('not a date', today)).toBe(false);
  });

  it('clamps Feb 29 to Feb 28 in the years around it', () => {
    expect(validDateWindow('2028-02-29')).toEqual({ from: '2026-02-28', to: '2031-02-28' });
  });
});

describe("display format 'ddd MMM D, YYYY'", () => {
  it.each([
    ['2026-11-20', 'Fri Nov 20, 2026'],
    ['2026-03-05', 'Thu Mar 5, 2026'],
    ['2024-02-29', 'Thu Feb 29, 2024'],
    ['1970-01-01', 'Thu Jan 1, 1970'],
    ['1969-12-28', 'Sun Dec 28, 1969'],
    ['2000-01-01', 'Sat Jan 1, 2000'],
  ])('shows %p as %p', (date, text) => {
    expect(formatDisplayDate(date)).toBe(text);
  });
});

describe("a chart's axis date 'MMM D'", () => {
  it.each([
    ['2026-12-03', 'Dec 3'],
    ['2026-01-31', 'Jan 31'],
    ['2024-02-29', 'Feb 29'],
  ])('shows %p as %p', (date, text) => {
    expect(formatShortDate(date)).toBe(text);
  });
});

describe('day numbers (the arithmetic underneath)', () => {
  it('counts days from 1970-01-01', () => {
    expect(toDayNumber('1970-01-01')).toBe(0);
    expect(toDayNumber('1970-01-02')).toBe(1);
    expect(toDayNumber('1969-12-31')).toBe(-1);
    expect(fromDayNumber(20_000)).toBe('2024-10-04');
    expect(weekdayOf(toDayNumber('2026-11-20'))).toBe(5);
    expect(weekdayOf(-1)).toBe(3);
  });

  it('agrees with UTC calendar arithmetic on every day of four centuries (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: -150_000, max: 150_000 }), (dayNumber) => {
        const iso = new Date(dayNumber * 86_400_000).toISOString().slice(0, 10);
        const { year, month, day } = civilFromDayNumber(dayNumber);
        return fromDayNumber(dayNumber) === iso && dayNumberFromCivil(year, month, day) === dayNumber;
      }),
    );
  });

  it('knows leap years and writes dates with four-digit years', () => {
    expect([1900, 2000, 2024, 2026].map(isLeapYear)).toEqual([false, true, true, false]);
    expect(isoFromCivil({ year: 987, month: 3, day: 5 })).toBe('0987-03-05');
  });

  it('refuses a date that does not exist', () => {
    expect(() => toDayNumber('2026-02-29', 'dueDate')).toThrow(
      'dueDate must be a calendar date written YYYY-MM-DD',
    );
  });
});

/**
 * The landing page's picture of the product: the specification's worked example as core computes it
 * (exampleHousehold.ts; a test keeps this copy equal to core's answer), stored as numbers so the
 * landing page does not load the analysis and forecast code.
 */
export interface ExamplePicture {
  hero: {
    netIncomeThisPeriodCents: number;
    nextIncomeDate: string;
    lastIncomeTotalCents: number;
    obligationsTotalCents: number;
    safeToSpendCents: number;
    lowestBalanceCents: number;
    lowestDate: string;
    firstNegativeDate: string | null;
    horizon: string;
  };
  /** Each day: its date, its end-of-day balance in cents, and whether pay or a bill falls on it. */
  days: [date: string, balanceCents: number, mark: 'pay' | 'bill' | ''][];
}

export const EXAMPLE_PICTURE: ExamplePicture = {
  hero: {
    netIncomeThisPeriodCents: 42900,
    nextIncomeDate: '2026-01-16',
    lastIncomeTotalCents: 200000,
    obligationsTotalCents: 157100,
    safeToSpendCents: 92900,
    lowestBalanceCents: 92900,
    lowestDate: '2026-01-14',
    firstNegativeDate: null,
    horizon: '2026-02-05',
  },
  days: [
    ['2026-01-07', 250000, ''],
    ['2026-01-08', 250000, ''],
    ['2026-01-09', 250000, ''],
    ['2026-01-10', 110000, 'bill'],
    ['2026-01-11', 110000, ''],
    ['2026-01-12', 95000, 'bill'],
    ['2026-01-13', 95000, ''],
    ['2026-01-14', 92900, 'bill'],
    ['2026-01-15', 92900, ''],
    ['2026-01-16', 292900, 'pay'],
    ['2026-01-17', 292900, ''],
    ['2026-01-18', 292900, ''],
    ['2026-01-19', 292900, ''],
    ['2026-01-20', 292900, ''],
    ['2026-01-21', 292900, ''],
    ['2026-01-22', 292900, ''],
    ['2026-01-23', 292900, ''],
    ['2026-01-24', 292900, ''],
    ['2026-01-25', 292900, ''],
    ['2026-01-26', 292900, ''],
    ['2026-01-27', 292900, ''],
    ['2026-01-28', 292900, ''],
    ['2026-01-29', 292900, ''],
    ['2026-01-30', 492900, 'pay'],
    ['2026-01-31', 492900, ''],
    ['2026-02-01', 492900, ''],
    ['2026-02-02', 492900, ''],
    ['2026-02-03', 492900, ''],
    ['2026-02-04', 492900, ''],
    ['2026-02-05', 492900, ''],
  ],
};

const DAY_MS = 86_400_000;

/** Days from the picture's first day (its "today") to `date`: both are the picture's own dates. */
function daysFromToday(date: string): number {
  const first = EXAMPLE_PICTURE.days[0]?.[0] ?? date;
  return Math.round((Date.parse(date) - Date.parse(first)) / DAY_MS);
}

/**
 * How the landing page says one of the picture's dates: relative to the visitor's today ('9 days
 * from today'), since the example's dates move with today and the prerendered page reads no clock.
 */
export function inDays(date: string): string {
  const days = daysFromToday(date);
  if (days === 0) return 'today';
  if (days === 1) return 'tomorrow';
  return `${days} days from today`;
}

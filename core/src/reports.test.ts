import {
  cashFlowByMonth,
  checkReportSpan,
  endedPayPeriods,
  flowEffect,
  lastMonths,
  netWorthDates,
  netWorthSeries,
  periodResults,
  type FlowSum,
} from './reports';
import { monthEnd } from './budgets';

const flow = (overrides: Partial<FlowSum>): FlowSum => ({
  bucket: '2026-10',
  categoryId: 'dining',
  categoryKey: 'DINING',
  direction: 'SPENT',
  settlesBill: false,
  cents: 1_000,
  count: 1,
  ...overrides,
});

describe('reports: what each sum counts as', () => {
  it('counts pay as income, outflows as spending, refunds back, and leaves transfers, bills and unsorted inflows out', () => {
    expect(flowEffect(flow({ categoryKey: 'INCOME', direction: 'DEPOSITED', cents: 200_000 }))).toEqual({
      income: 200_000,
      spending: 0,
    });
    expect(flowEffect(flow({ categoryKey: 'INCOME', direction: 'SPENT', cents: 5_000 }))).toEqual({
      income: -5_000,
      spending: 0,
    });
    expect(flowEffect(flow({ cents: 4_250 }))).toEqual({ income: 0, spending: 4_250 });
    expect(flowEffect(flow({ direction: 'DEPOSITED', cents: 1_200 }))).toEqual({
      income: 0,
      spending: -1_200,
    });
    expect(flowEffect(flow({ categoryId: null, categoryKey: null, cents: 700 }))).toEqual({
      income: 0,
      spending: 700,
    });
    for (const ignored of [
      flow({ categoryKey: 'TRANSFERS', direction: 'SPENT' }),
      flow({ categoryKey: 'TRANSFERS', direction: 'DEPOSITED' }),
      flow({ categoryKey: 'HOUSING', settlesBill: true, cents: 140_000 }),
      flow({ categoryId: null, categoryKey: null, direction: 'DEPOSITED' }),
    ]) {
      expect(flowEffect(ignored)).toEqual({ income: 0, spending: 0 });
    }
  });
});

describe('cashFlowByMonth', () => {
  it('adds each month up by hand, bills from the payment history, net = income − bills − spending', () => {
    const sums = [
      flow({ categoryId: 'income', categoryKey: 'INCOME', direction: 'DEPOSITED', cents: 400_000, count: 2 }),
      flow({ categoryId: 'groceries', categoryKey: 'GROCERIES', cents: 61_234, count: 9 }),
      flow({ categoryId: 'groceries', categoryKey: 'GROCERIES', direction: 'DEPOSITED', cents: 1_234 }),
      flow({ categoryId: 'dining', cents: 18_000, count: 6 }),
      flow({ categoryId: 'housing', categoryKey: 'HOUSING', settlesBill: true, cents: 140_000 }),
      flow({ categoryId: 'transfers', categoryKey: 'TRANSFERS', cents: 50_000 }),
      flow({ bucket: '2026-11', categoryId: null, categoryKey: null, cents: 999 }),
    ];
    const [september, october, november] = cashFlowByMonth(
      ['2026-09', '2026-10', '2026-11'],
      sums,
      new Map([['2026-10', 155_000]]),
      'other',
    );
    expect(september).toEqual({
      month: '2026-09',
      incomeCents: 0,
      spendingCents: 0,
      billsCents: 0,
      netCents: 0,
      topCategories: [],
    });
    // Spending: 612.34 − 12.34 + 180.00 = 780.00; net: 4,000.00 − 1,550.00 − 780.00 = 1,670.00.
    expect(october).toEqual({
      month: '2026-10',
      incomeCents: 400_000,
      spendingCents: 78_000,
      billsCents: 155_000,
      netCents: 167_000,
      topCategories: [
        { categoryId: 'groceries', spentCents: 60_000, count: 10, previousAverageCents: 0 },
        { categoryId: 'dining', spentCents: 18_000, count: 6, previousAverageCents: 0 },
      ],
    });
    expect(november?.topCategories).toEqual([
      { categoryId: null, spentCents: 999, count: 1, previousAverageCents: 0 },
    ]);
    // Dining's $180.00 of October is a third of November's three months before: $60.00.
    const [withDining] = cashFlowByMonth(
      ['2026-11'],
      [...sums, flow({ bucket: '2026-11', cents: 100 })],
      new Map(),
      null,
    );
    expect(
      withDining?.topCategories.find((total) => total.categoryId === 'dining')?.previousAverageCents,
    ).toBe(6_000);
  });

  it('names five categories, then Other holding the rest (Other itself among the five takes it in)', () => {
    const spent = (ids: string[]) =>
      ids.map((id, index) =>
        flow({ categoryId: id, categoryKey: null, cents: (ids.length - index) * 1_000 }),
      );
    const [month] = cashFlowByMonth(
      ['2026-10'],
      spent(['a', 'b', 'c', 'd', 'e', 'f', 'g']),
      new Map(),
      'other',
    );
    expect(month?.topCategories.map((total) => [total.categoryId, total.spentCents])).toEqual([
      ['a', 7_000],
      ['b', 6_000],
      ['c', 5_000],
      ['d', 4_000],
      ['e', 3_000],
      ['other', 3_000],
    ]);
    const [withOther] = cashFlowByMonth(
      ['2026-10'],
      spent(['a', 'other', 'c', 'd', 'e', 'f', 'g']),
      new Map(),
      'other',
    );
    expect(withOther?.topCategories.map((total) => [total.categoryId, total.spentCents])).toEqual([
      ['a', 7_000],
      ['other', 9_000],
      ['c', 5_000],
      ['d', 4_000],
      ['e', 3_000],
    ]);
  });
});

describe('net worth', () => {
  it("walks today's balances back over the movements and payments after each date", () => {
    const dates = netWorthDates('2026-11-29', 3);
    expect(dates).toEqual(['2026-09-30', '2026-10-31', '2026-11-29']);
    const points = netWorthSeries(
      dates,
      [
        { id: 'checking', balanceCents: 250_000, addedOn: '2026-01-01' },
        { id: 'savings', balanceCents: 100_000, addedOn: '2026-10-15' },
      ],
      [
        { id: 'checking', day: '2026-10-31', cents: -40_000 },
        { id: 'checking', day: '2026-11-15', cents: 200_000 },
        { id: 'checking', day: '2026-11-20', cents: -60_000 },
        { id: 'savings', day: '2026-11-01', cents: 100_000 },
      ],
      [{ id: 'car', balanceCents: 900_000, addedOn: '2026-01-01' }],
      [
        { id: 'car', day: '2026-10-05', cents: 30_000 },
        { id: 'car', day: '2026-11-05', cents: 30_000 },
      ],
    );
    expect(points).toEqual([
      // Checking 2,500 − (2,000 − 600 − 400) = 1,500; savings not there yet; car 9,000 + 300 + 300.
      { date: '2026-09-30', walletsCents: 150_000, debtsCents: 960_000, netWorthCents: -810_000 },
      // Checking 2,500 − 1,400 = 1,100; savings 1,000 − 1,000 = 0; car 9,000 + 300.
      { date: '2026-10-31', walletsCents: 110_000, debtsCents: 930_000, netWorthCents: -820_000 },
      { date: '2026-11-29', walletsCents: 350_000, debtsCents: 900_000, netWorthCents: -550_000 },
    ]);
  });
});

describe('pay periods', () => {
  it('runs each from a payday to the day before the next, ended once the next has come', () => {
    const paydays = [
      '2026-10-02',
      '2026-10-16',
      '2026-10-16',
      '2026-10-30',
      '2026-11-13',
      '2026-11-27',
      '2026-12-11',
    ];
    expect(endedPayPeriods(paydays, '2026-11-29', 12)).toEqual([
      { start: '2026-10-02', end: '2026-10-15' },
      { start: '2026-10-16', end: '2026-10-29' },
      { start: '2026-10-30', end: '2026-11-12' },
      { start: '2026-11-13', end: '2026-11-26' },
    ]);
    expect(endedPayPeriods(paydays, '2026-11-29', 2).map((period) => period.start)).toEqual([
      '2026-10-30',
      '2026-11-13',
    ]);
    expect(endedPayPeriods(['2026-11-27'], '2026-11-29', 12)).toEqual([]);
  });

  it('tells what each period should have left and what it did', () => {
    const [first, second] = periodResults(
      [
        { start: '2026-10-02', end: '2026-10-15' },
        { start: '2026-10-16', end: '2026-10-29' },
      ],
      {
        pay: [
          { day: '2026-10-02', cents: 200_000 },
          { day: '2026-10-16', cents: 210_000 },
        ],
        billsPaid: [
          { day: '2026-10-03', cents: 140_000 },
          { day: '2026-10-20', cents: 15_000 },
        ],
        unpaid: [{ day: '2026-10-25', cents: 9_000 }],
        sums: [
          flow({ bucket: '2026-10-05', cents: 30_000 }),
          flow({ bucket: '2026-10-16', cents: 50_000 }),
          flow({ bucket: '2026-10-17', categoryKey: 'TRANSFERS', cents: 70_000 }),
        ],
      },
    );
    expect(first).toEqual({
      start: '2026-10-02',
      end: '2026-10-15',
      payCents: 200_000,
      billsCents: 140_000,
      otherSpendingCents: 30_000,
      trueNetIncomeCents: 60_000,
      leftAtEndCents: 30_000,
    });
    expect(second).toMatchObject({ trueNetIncomeCents: 186_000, leftAtEndCents: 145_000 });
  });
});

describe('report spans', () => {
  it('takes 1 to 36 and the months ending with this one', () => {
    expect(lastMonths('2026-02-10', 3)).toEqual(['2025-12', '2026-01', '2026-02']);
    expect(monthEnd('2024-02')).toBe('2024-02-29');
    expect(checkReportSpan(36, 'months', 'months')).toBe(36);
    for (const bad of [0, 37, 1.5]) {
      expect(() => checkReportSpan(bad, 'months', 'months')).toThrow('Ask for 1 to 36 months');
    }
  });
});

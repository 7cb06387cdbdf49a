import fc from 'fast-check';
import { DomainError } from '../errors';
import {
  isExtraPayment,
  MAX_EXTRA_PAYMENT_CENTS,
  MAX_PLAN_MONTHS,
  monthAfter,
  monthlyInterest,
  monthlyPaymentOf,
  planDebtPayoff,
  type DebtInput,
  type DebtPlanInput,
} from './plan';

const debt = (overrides: Partial<DebtInput>): DebtInput => ({
  id: overrides.name ?? 'd',
  name: 'Debt',
  balanceCents: 100_000,
  apr: 12,
  paymentCents: 10_000,
  frequency: 'MONTHLY',
  ...overrides,
});

const plan = (overrides: Partial<DebtPlanInput>) =>
  planDebtPayoff({
    debts: [],
    strategy: 'AVALANCHE',
    extraPaymentCents: 0,
    startMonth: '2026-12',
    ...overrides,
  });

describe('the extra a month', () => {
  it('is whole cents from $0 to $1,000,000', () => {
    expect([0, 1, MAX_EXTRA_PAYMENT_CENTS].map(isExtraPayment)).toEqual([true, true, true]);
    expect([-1, MAX_EXTRA_PAYMENT_CENTS + 1, 0.5, Number.NaN].map(isExtraPayment)).toEqual([
      false,
      false,
      false,
      false,
    ]);
  });
});

describe('the arithmetic', () => {
  it('makes a monthly payment of any frequency, to the cent', () => {
    expect(monthlyPaymentOf(10_000, 'WEEKLY')).toBe(43_333);
    expect(monthlyPaymentOf(200_000, 'BIWEEKLY')).toBe(433_333);
    expect(monthlyPaymentOf(60_000, 'QUARTERLY')).toBe(20_000);
    expect(monthlyPaymentOf(13_900, 'YEARLY')).toBe(1_158);
  });

  it("works out a month's interest to the cent, half away from zero", () => {
    expect(monthlyInterest(100_000, 18)).toBe(1_500);
    expect(monthlyInterest(12_345, 19.99)).toBe(206);
    expect(monthlyInterest(50, 12)).toBe(1); // 0.5 cents
    expect(monthlyInterest(100_000, null)).toBe(0);
  });

  it('counts months across years', () => {
    expect(monthAfter('2026-12', 0)).toBe('2026-12');
    expect(monthAfter('2026-12', 1)).toBe('2027-01');
    expect(monthAfter('2026-12', 27)).toBe('2029-03');
  });
});

describe('one debt', () => {
  it('pays off when the annuity formula says, with the interest it says', () => {
    // $5,000 at 18% with $150 a month: n = -ln(1 - rB/P) / ln(1 + r) = 46.55 months.
    const result = plan({ debts: [debt({ balanceCents: 500_000, apr: 18, paymentCents: 15_000 })] });
    const r = 0.015;
    const n = -Math.log(1 - (r * 5_000) / 150) / Math.log(1 + r);
    expect(result.months).toBe(Math.ceil(n));
    expect(result.debtFreeMonth).toBe(monthAfter('2026-12', Math.ceil(n) - 1));
    // What was paid is the balance and the interest, to the cent, and close to the formula's.
    expect(result.totalPaidCents).toBe(500_000 + result.totalInterestCents);
    expect(Math.abs(result.totalInterestCents - (15_000 * n - 500_000))).toBeLessThan(200);
    expect(result.balances).toHaveLength(47);
    expect(result.balances.at(-1)).toMatchObject({ month: '2030-10', balanceCents: 0 });
  });

  it('is never paid off when the payment does not cover the interest, and says so', () => {
    const result = plan({ debts: [debt({ balanceCents: 1_000_000, apr: 24, paymentCents: 10_000 })] });
    expect(result).toMatchObject({ debtFreeMonth: null, months: null, monthsSavedVsMinimums: 0 });
    expect(result.debts[0]).toMatchObject({ neverPaidOff: true, payoffMonth: null, months: null });
    expect(result.balances).toHaveLength(MAX_PLAN_MONTHS);
  });
});

describe('the pool', () => {
  // A: $1,000 at 12%, $100 a month; B: $300 at 0%, $50 a month; $100 extra.
  const debts = [
    debt({ id: 'a', name: 'Card A', balanceCents: 100_000, apr: 12, paymentCents: 10_000 }),
    debt({ id: 'b', name: 'Loan B', balanceCents: 30_000, apr: 0, paymentCents: 5_000 }),
  ];

  it('cascades the extra to the first unpaid debt, then rolls a paid-off debt’s payment on (worked by hand)', () => {
    const result = plan({ debts, strategy: 'SNOWBALL', extraPaymentCents: 10_000 });
    // Month 1: A accrues $10.00 (1,010.00), pays 100 (910.00); B pays 50 (250.00), the $100 pool → 150.00.
    // Month 2: A accrues $9.10 (919.10), pays 100 (819.10); B pays 50 (100.00), the pool → 0: paid off.
    // Month 3: A accrues $8.19 (827.29), pays 100 (727.29), the pool of $100 + B's $50 → 577.29.
    expect(result.balances.slice(0, 3)).toEqual([
      { month: '2026-12', balanceCents: 91_000 + 15_000, interestCents: 1_000 },
      { month: '2027-01', balanceCents: 81_910, interestCents: 910 },
      { month: '2027-02', balanceCents: 57_729, interestCents: 819 },
    ]);
    expect(result.debts.find((d) => d.id === 'b')).toMatchObject({ payoffMonth: '2027-01', months: 2 });
  });

  it('adds what a last payment leaves over to the pool the same month', () => {
    const small = debt({ id: 'c', name: 'Store card', balanceCents: 3_000, apr: 0, paymentCents: 5_000 });
    const result = plan({ debts: [small, debts[1]!], strategy: 'SNOWBALL' });
    // Month 1: the store card takes $30.00 of its $50.00; the $20.00 left goes to Loan B (300 - 50 - 20).
    expect(result.balances[0]).toMatchObject({ balanceCents: 23_000 });
  });

  it('pays the minimums only: no extra, nothing rolled on', () => {
    const result = plan({ debts, strategy: 'MINIMUMS', extraPaymentCents: 10_000 });
    expect(result.extraPaymentCents).toBe(0);
    expect(result.balances[0]).toMatchObject({ balanceCents: 91_000 + 25_000 });
    expect(result).toMatchObject({ interestSavedVsMinimumsCents: 0, monthsSavedVsMinimums: 0 });
    const faster = plan({ debts, strategy: 'AVALANCHE', extraPaymentCents: 10_000 });
    expect(faster.monthsSavedVsMinimums).toBe((result.months as number) - (faster.months as number));
    expect(faster.interestSavedVsMinimumsCents).toBe(result.totalInterestCents - faster.totalInterestCents);
    expect(faster.interestSavedVsMinimumsCents).toBeGreaterThan(0);
  });
});

describe('the order', () => {
  const high = debt({ id: 'h', name: 'high', balanceCents: 500_000, apr: 24.99 });
  const low = debt({ id: 'l', name: 'Low', balanceCents: 50_000, apr: 5 });
  const twin = debt({ id: 't', name: 'alpha', balanceCents: 50_000, apr: 5 });
  const firstPaid = (result: ReturnType<typeof plan>) =>
    [...result.debts].sort((a, b) => (a.months ?? 999) - (b.months ?? 999) || (a.name < b.name ? -1 : 1))[0]
      ?.id;

  it('avalanche pays the highest rate first, snowball the smallest balance, custom as listed', () => {
    const extra = { extraPaymentCents: 300_000 };
    // The pool goes to the 24.99% card under avalanche, so the next month accrues less interest.
    const avalanche = plan({ debts: [low, high], strategy: 'AVALANCHE', ...extra });
    const snowball = plan({ debts: [low, high], strategy: 'SNOWBALL', ...extra });
    expect(avalanche.balances[1]!.interestCents).toBeLessThan(snowball.balances[1]!.interestCents);
    expect(firstPaid(plan({ debts: [high, low], strategy: 'SNOWBALL', ...extra }))).toBe('l');
    // A custom order is followed as given: high first reads like avalanche, low first like snowball.
    const custom = (order: string[]) => plan({ debts: [low, high], strategy: 'CUSTOM', order, ...extra });
    expect(custom(['h', 'l']).balances).toEqual(avalanche.balances);
    expect(custom(['l', 'h']).balances).toEqual(snowball.balances);
  });

  it('breaks ties by balance or rate, then by name, case folded', () => {
    const extra = { extraPaymentCents: 60_000 };
    expect(firstPaid(plan({ debts: [low, twin], strategy: 'AVALANCHE', ...extra }))).toBe('t');
    expect(firstPaid(plan({ debts: [twin, low], strategy: 'SNOWBALL', ...extra }))).toBe('t');
    const sameName = debt({ id: 's', name: 'ALPHA', balanceCents: 50_000, apr: 5 });
    expect(firstPaid(plan({ debts: [twin, sameName], strategy: 'SNOWBALL', ...extra }))).toBe('s');
  });

  it('refuses a custom order that does not list every debt once, and a negative extra', () => {
    for (const order of [['h'], ['h', 'h'], ['h', 'x'], null]) {
      expect(() => plan({ debts: [high, low], strategy: 'CUSTOM', order })).toThrow(DomainError);
    }
    expect(() => plan({ debts: [high], extraPaymentCents: -1 })).toThrow(
      'The extra a month must be zero or more',
    );
  });

  it('has nothing to plan for debts already at zero', () => {
    const result = plan({ debts: [debt({ balanceCents: 0 })] });
    expect(result).toMatchObject({ months: 0, debtFreeMonth: null, balances: [] });
    expect(result.debts[0]).toMatchObject({ neverPaidOff: false, payoffMonth: null });
  });
});

describe('properties', () => {
  const debts = fc.array(
    fc.record({
      balanceCents: fc.integer({ min: 1_000, max: 2_000_000 }),
      apr: fc.integer({ min: 0, max: 3_000 }).map((basis) => basis / 100),
      paymentCents: fc.integer({ min: 2_500, max: 60_000 }),
    }),
    { minLength: 1, maxLength: 5 },
  );
  const asInput = (list: { balanceCents: number; apr: number; paymentCents: number }[]) =>
    list.map((d, i) => debt({ ...d, id: `d${i}`, name: `Debt ${i}` }));

  it('more extra never pays off later', () => {
    fc.assert(
      fc.property(
        debts,
        fc.integer({ min: 0, max: 50_000 }),
        fc.integer({ min: 1, max: 50_000 }),
        (list, extra, more) => {
          const input = asInput(list);
          const less = plan({ debts: input, extraPaymentCents: extra });
          const plenty = plan({ debts: input, extraPaymentCents: extra + more });
          expect(plenty.months ?? MAX_PLAN_MONTHS + 1).toBeLessThanOrEqual(
            less.months ?? MAX_PLAN_MONTHS + 1,
          );
        },
      ),
      { seed: 7, numRuns: 60 },
    );
  });

  it('avalanche never pays more interest than snowball for the same money', () => {
    fc.assert(
      fc.property(debts, fc.integer({ min: 0, max: 50_000 }), (list, extra) => {
        const input = asInput(list);
        const avalanche = plan({ debts: input, strategy: 'AVALANCHE', extraPaymentCents: extra });
        const snowball = plan({ debts: input, strategy: 'SNOWBALL', extraPaymentCents: extra });
        fc.pre(avalanche.months !== null && snowball.months !== null);
        expect(avalanche.totalInterestCents).toBeLessThanOrEqual(snowball.totalInterestCents);
      }),
      { seed: 7, numRuns: 60 },
    );
  });
});

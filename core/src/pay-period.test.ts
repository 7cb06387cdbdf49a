import fc from 'fast-check';
import { analyzeCashFlow } from './analysis';
import { fromDayNumber, toDayNumber } from './day-numbers';
import { buildAnalysisInput, buildIncomeSource, buildLiability, buildWallet } from './testing/factories';
import { settleCurrent, skipCurrent } from './testing/settlements';
import { planPaidInfo, planSkip, planUndo } from './transitions';
import type {
  AnalysisInput,
  ExpenseFrequency,
  IncomeFrequency,
  LiabilityInput,
  PaymentRecord,
} from './types';

/** docs/product-rules.md §7-§8's example: T = Sun Nov 22 2026, bi-weekly $2,000 paid Wed Nov 18 (N = Wed Dec 2). */
function designExample(): AnalysisInput {
  return buildAnalysisInput({
    today: '2026-11-22',
    wallets: [buildWallet({ id: 'checking', balanceCents: 250_000, defaultWallet: true })],
    incomeSources: [
      buildIncomeSource({
        id: 'payroll',
        frequency: 'BIWEEKLY',
        nextPmtDate: '2026-11-18',
        paymentCents: 200_000,
      }),
    ],
    liabilities: [
      buildLiability({
        id: 'mortgage',
        creditorName: 'Mortgage',
        dueDate: '2026-11-24',
        paymentCents: 140_000,
      }),
      buildLiability({ id: 'phone', creditorName: 'Phone', dueDate: '2026-11-27', paymentCents: 15_000 }),
      buildLiability({
        id: 'streaming',
        creditorName: 'Streaming',
        dueDate: '2026-11-30',
        paymentCents: 2_100,
      }),
    ],
  });
}

describe('the current pay period (docs/product-rules.md §7-§8)', () => {
  it('the example: net income $429 and available cash $929 before and after the mortgage is settled', () => {
    const before = analyzeCashFlow(designExample());
    expect(before.periodStart).toBe('2026-11-18');
    expect(before.nextIncomeDate).toBe('2026-12-02');
    expect(before.netIncomeThisPeriodCents).toBe(42_900);
    expect(before.availableCashCents).toBe(92_900);

    const after = analyzeCashFlow(settleCurrent(designExample(), 'mortgage', 'checking'));
    expect(after.wallets[0]?.balanceCents).toBe(110_000);
    expect(after.netIncomeThisPeriodCents).toBe(42_900);
    expect(after.obligationsTotalCents).toBe(157_100);
    expect(after.availableCashCents).toBe(92_900);
    expect(after.obligations.find((row) => row.creditorName === 'Mortgage')).toEqual(
      expect.objectContaining({
        dueDate: '2026-11-24',
        settled: true,
        paid: true,
        cleared: true,
        current: false,
        paidOn: '2026-11-22',
        amountPaidCents: 140_000,
        paymentId: expect.any(String),
      }),
    );
    expect(after.obligations.filter((row) => !row.settled).every((row) => row.paymentId === null)).toBe(true);
  });

  it('a variable bill settles at the amount actually paid, which the total uses', () => {
    const after = analyzeCashFlow(settleCurrent(designExample(), 'phone', 'checking', 12_345));
    expect(after.obligationsTotalCents).toBe(140_000 + 12_345 + 2_100);
    expect(after.wallets[0]?.balanceCents).toBe(250_000 - 12_345);
    expect(after.obligations.find((row) => row.creditorName === 'Phone')?.amountPaidCents).toBe(12_345);
  });

  it('a bill paid early (due after N) lowers this period’s net income once; the next period does not count it', () => {
    const input = designExample();
    input.liabilities.push(
      buildLiability({ id: 'car', creditorName: 'Car', dueDate: '2026-12-05', paymentCents: 30_000 }),
    );
    expect(analyzeCashFlow(input).netIncomeThisPeriodCents).toBe(42_900);
    const paidEarly = settleCurrent(input, 'car', 'checking');
    expect(analyzeCashFlow(paidEarly).netIncomeThisPeriodCents).toBe(12_900);

    const nextPeriod = analyzeCashFlow({ ...paidEarly, today: '2026-12-03' });
    expect(nextPeriod.periodStart).toBe('2026-12-02');
    expect(
      nextPeriod.obligations.some((row) => row.creditorName === 'Car' && row.dueDate === '2026-12-05'),
    ).toBe(false);
  });

  it('settlements paid before the period started are not this period’s obligations', () => {
    const input = designExample();
    const old: PaymentRecord = {
      id: 'p-old',
      liabilityId: 'mortgage',
      creditorName: 'Mortgage',
      debtType: 'MORTGAGE_RENT',
      dueDate: '2026-10-24',
      amountCents: 140_000,
      walletId: 'checking',
      paidOn: '2026-11-17',
      kind: 'PAID',
    };
    expect(analyzeCashFlow({ ...input, payments: [old] }).netIncomeThisPeriodCents).toBe(42_900);
    expect(
      analyzeCashFlow({ ...input, payments: [{ ...old, paidOn: '2026-11-18' }] }).netIncomeThisPeriodCents,
    ).toBe(42_900 - 140_000);
  });

  it('with no last pay the period starts today', () => {
    const analysis = analyzeCashFlow({ ...designExample(), incomeSources: [] });
    expect(analysis.periodStart).toBe('2026-11-22');
  });

  it('a skipped occurrence leaves the obligations and moves no money', () => {
    const after = analyzeCashFlow(skipCurrent(designExample(), 'streaming'));
    expect(after.obligations.map((row) => row.creditorName)).toEqual(['Mortgage', 'Phone']);
    expect(after.netIncomeThisPeriodCents).toBe(45_000);
    expect(after.wallets[0]?.balanceCents).toBe(250_000);
  });
});

describe('skip and undo plans', () => {
  const mortgage = buildLiability({
    id: 'm',
    creditorName: 'Mortgage',
    dueDate: '2026-11-24',
    balanceCents: 50_000,
  });

  it('skip: only the current, unpaid occurrence', () => {
    expect(planSkip(mortgage, '2026-11-24')).toEqual({
      skippedDueDate: '2026-11-24',
      nextDueDate: '2026-12-24',
    });
    expect(() => planSkip(mortgage, '2026-12-24')).toThrow(
      'Only the current occurrence of Mortgage (due Tue Nov 24, 2026)',
    );
    expect(() => planSkip({ ...mortgage, currentPaid: true }, '2026-11-24')).toThrow(
      'unmark it before skipping',
    );
  });

  it('settling records how much the balance went down, so an undo restores it exactly', () => {
    const plan = planPaidInfo([mortgage], [{ liabilityId: 'm', paid: true, cleared: true }], 'w')[0];
    expect(plan?.next.balanceCents).toBe(0);
    expect(plan?.balanceReducedCents).toBe(50_000);
    expect(plan?.settledDueDate).toBe('2026-11-24');
  });

  it('an amount on a row that does not settle is refused', () => {
    expect(() =>
      planPaidInfo([mortgage], [{ liabilityId: 'm', paid: true, cleared: false, amountCents: 100 }], 'w'),
    ).toThrow('recorded when it is marked paid and cleared');
  });

  it('undo: the latest payment only; money, balance and due date come back', () => {
    const payment: PaymentRecord = {
      id: 'p2',
      liabilityId: 'm',
      creditorName: 'Mortgage',
      debtType: 'MORTGAGE_RENT',
      dueDate: '2026-11-24',
      amountCents: 140_000,
      walletId: 'w',
      paidOn: '2026-11-22',
      kind: 'PAID',
    };
    const moved = { ...mortgage, dueDate: '2026-12-24', balanceCents: 0 };
    expect(planUndo(moved, payment, payment, 50_000)).toEqual({
      refundCents: 140_000,
      walletId: 'w',
      balanceCents: 50_000,
      dueDate: '2026-11-24',
    });
    expect(() => planUndo(moved, { ...payment, id: 'p1' }, payment, 0)).toThrow(
      'Only the latest payment of Mortgage (due Tue Nov 24, 2026) can be undone',
    );
    expect(() => planUndo(moved, { ...payment, walletId: null }, { ...payment, walletId: null }, 0)).toThrow(
      'no longer exists',
    );
    expect(
      planUndo(moved, { ...payment, kind: 'SKIPPED', amountCents: 0 }, { ...payment, kind: 'SKIPPED' }, 0),
    ).toEqual(expect.objectContaining({ refundCents: 0, walletId: null, dueDate: '2026-11-24' }));
  });
});

describe('pay-period properties', () => {
  const todayDay = toDayNumber('2026-11-22', 'today');
  const today = fromDayNumber(todayDay);
  const nearDay = fc.integer({ min: todayDay - 40, max: todayDay + 40 });
  const incomeFrequency = fc.constantFrom<IncomeFrequency>('WEEKLY', 'BIWEEKLY', 'TWICE_MONTHLY', 'MONTHLY');
  const expenseFrequency = fc.constantFrom<ExpenseFrequency>(
    'WEEKLY',
    'BIWEEKLY',
    'MONTHLY',
    'BIMONTHLY',
    'QUARTERLY',
    'TWICE_YEARLY',
    'YEARLY',
  );
  const source = fc
    .record({
      frequency: incomeFrequency,
      anchor: fc.integer({ min: todayDay - 40, max: todayDay }),
      second: fc.integer({ min: 1, max: 14 }),
      paymentCents: fc.integer({ min: 1, max: 500_000 }),
    })
    .map((s) =>
      buildIncomeSource({
        frequency: s.frequency,
        nextPmtDate: fromDayNumber(s.anchor),
        biMonthlyPayDate: s.frequency === 'TWICE_MONTHLY' ? fromDayNumber(s.anchor + s.second) : null,
        paymentCents: s.paymentCents,
      }),
    );
  const liability = fc
    .record({
      frequency: expenseFrequency,
      anchor: nearDay,
      paymentCents: fc.integer({ min: 1, max: 500_000 }),
      autoPay: fc.boolean(),
      currentPaid: fc.boolean(),
      paidFromFirst: fc.boolean(),
    })
    .map((l) =>
      buildLiability({
        frequency: l.frequency,
        anchorDate: fromDayNumber(l.anchor),
        dueDate: fromDayNumber(l.anchor),
        paymentCents: l.paymentCents,
        autoPay: l.autoPay,
        currentPaid: l.currentPaid,
        paidFromWalletId: l.currentPaid ? (l.paidFromFirst ? 'w1' : 'w2') : null,
      }),
    );
  const scenario = fc.record({
    incomeSources: fc.array(source, { minLength: 1, maxLength: 3 }),
    liabilities: fc.array(liability, { minLength: 1, maxLength: 8 }),
    balances: fc.tuple(fc.integer({ min: -100_000, max: 1_000_000 }), fc.integer({ min: 0, max: 1_000_000 })),
    pick: fc.nat(),
    payFrom: fc.constantFrom('w1', 'w2'),
  });
  type Scenario = typeof scenario extends fc.Arbitrary<infer T> ? T : never;
  function inputOf(s: Scenario): AnalysisInput {
    return buildAnalysisInput({
      today,
      wallets: [
        buildWallet({ id: 'w1', balanceCents: s.balances[0], defaultWallet: true }),
        buildWallet({ id: 'w2', balanceCents: s.balances[1] }),
      ],
      incomeSources: s.incomeSources,
      liabilities: s.liabilities,
    });
  }

  it('settling any occurrence due before N leaves net income and available cash unchanged', () => {
    fc.assert(
      fc.property(scenario, (s) => {
        let input = inputOf(s);
        const before = analyzeCashFlow(input);
        const next = before.nextIncomeDate as string;
        const target = input.liabilities[s.pick % input.liabilities.length] as LiabilityInput;
        // Settle the chosen bill's occurrences one after the other while they fall before N.
        for (let steps = 0; steps < 5; steps += 1) {
          const current = input.liabilities.find((row) => row.id === target.id);
          if (!current || current.dueDate >= next) break;
          input = settleCurrent(input, target.id, s.payFrom);
          const after = analyzeCashFlow(input);
          expect(after.netIncomeThisPeriodCents).toBe(before.netIncomeThisPeriodCents);
          expect(after.availableCashCents).toBe(before.availableCashCents);
          expect(after.obligationsTotalCents).toBe(before.obligationsTotalCents);
        }
      }),
    );
  });

  it('paying early a bill due after N lowers net income by exactly its amount, and only once', () => {
    const oneSource = scenario.map((s) => ({ ...s, incomeSources: s.incomeSources.slice(0, 1) }));
    fc.assert(
      fc.property(oneSource, (s) => {
        const input = inputOf(s);
        const before = analyzeCashFlow(input);
        const next = before.nextIncomeDate as string;
        const target = input.liabilities[s.pick % input.liabilities.length] as LiabilityInput;
        fc.pre(target.dueDate >= next && !target.currentPaid);
        const paid = settleCurrent(input, target.id, s.payFrom);
        const after = analyzeCashFlow(paid);
        expect(after.netIncomeThisPeriodCents).toBe(before.netIncomeThisPeriodCents - target.paymentCents);
        const nextPeriod = analyzeCashFlow({ ...paid, today: next });
        const countedAgain = nextPeriod.obligations.filter(
          (row) => row.liabilityId === target.id && row.dueDate === target.dueDate,
        );
        expect(countedAgain).toEqual([]);
      }),
    );
  });

  it('skipping the current occurrence removes it from the obligations', () => {
    fc.assert(
      fc.property(scenario, (s) => {
        const input = inputOf(s);
        const target = input.liabilities[s.pick % input.liabilities.length] as LiabilityInput;
        fc.pre(!target.currentPaid);
        const before = analyzeCashFlow(input);
        const after = analyzeCashFlow(skipCurrent(input, target.id));
        const isSkipped = (row: { liabilityId: string; dueDate: string }) =>
          row.liabilityId === target.id && row.dueDate === target.dueDate;
        expect(after.obligations.some(isSkipped)).toBe(false);
        const dropped = before.obligations.some(isSkipped) ? target.paymentCents : 0;
        expect(after.obligationsTotalCents).toBe(before.obligationsTotalCents - dropped);
      }),
    );
  });
});

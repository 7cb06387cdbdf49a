import fc from 'fast-check';
import { DomainError } from './errors';
import { buildIncomeSource, buildLiability } from './testing/factories';
import { planDeposit, planPaidInfo } from './transitions';

describe("'Save Paid Info'", () => {
  const rent = buildLiability({
    id: 'rent',
    creditorName: 'Rent',
    anchorDate: '2026-01-31',
    dueDate: '2026-02-28',
    paymentCents: 140_000,
    balanceCents: 500_000,
  });

  it('marking paid stores the paying wallet; the bill stays current', () => {
    expect(planPaidInfo([rent], [{ liabilityId: 'rent', paid: true, cleared: false }], 'checking')).toEqual([
      {
        liabilityId: 'rent',
        settled: false,
        balanceReducedCents: 0,
        settledDueDate: null,
        spentCents: 0,
        spentFromWalletId: null,
        next: {
          dueDate: '2026-02-28',
          balanceCents: 500_000,
          currentPaid: true,
          currentCleared: false,
          paidFromWalletId: 'checking',
        },
      },
    ]);
  });

  it('a bill already paid from a wallet keeps that wallet', () => {
    const paid = { ...rent, currentPaid: true, paidFromWalletId: 'savings' };
    const [plan] = planPaidInfo([paid], [{ liabilityId: 'rent', paid: true, cleared: false }], 'checking');
    expect(plan?.next.paidFromWalletId).toBe('savings');
  });

  it('unmarking paid resets cleared and forgets the wallet', () => {
    const paid = { ...rent, currentPaid: true, paidFromWalletId: 'checking' };
    const [plan] = planPaidInfo([paid], [{ liabilityId: 'rent', paid: false, cleared: true }], 'checking');
    expect(plan).toMatchObject({
      settled: false,
      spentCents: 0,
      next: { currentPaid: false, currentCleared: false, paidFromWalletId: null, dueDate: '2026-02-28' },
    });
  });

  it('paid and cleared settles: spent from the wallet, balance down, due date one step on from the anchor, flags reset', () => {
    const [plan] = planPaidInfo([rent], [{ liabilityId: 'rent', paid: true, cleared: true }], 'checking');
    expect(plan).toEqual({
      liabilityId: 'rent',
      settled: true,
      spentCents: 140_000,
      balanceReducedCents: 140_000,
      settledDueDate: '2026-02-28',
      spentFromWalletId: 'checking',
      next: {
        dueDate: '2026-03-31',
        balanceCents: 360_000,
        currentPaid: false,
        currentCleared: false,
        paidFromWalletId: null,
      },
    });
  });

  it('settling spends from the wallet the bill was marked paid from', () => {
    const paid = { ...rent, currentPaid: true, paidFromWalletId: 'savings' };
    const [plan] = planPaidInfo([paid], [{ liabilityId: 'rent', paid: true, cleared: true }], 'checking');
    expect(plan?.spentFromWalletId).toBe('savings');
  });

  it('a balance never goes below 0; no balance stays no balance', () => {
    const almostPaidOff = { ...rent, balanceCents: 50_000 };
    const noBalance = buildLiability({ id: 'phone', balanceCents: null, paymentCents: 15_000 });
    const plans = planPaidInfo(
      [almostPaidOff, noBalance],
      [
        { liabilityId: 'rent', paid: true, cleared: true },
        { liabilityId: 'phone', paid: true, cleared: true },
      ],
      'checking',
    );
    expect(plans.map((plan) => plan.next.balanceCents)).toEqual([0, null]);
  });

  it('refuses an unknown expense and the same expense twice', () => {
    expect(() =>
      planPaidInfo([rent], [{ liabilityId: 'nope', paid: true, cleared: false }], 'checking'),
    ).toThrow(new DomainError('Unknown expense: nope', 'liabilityId'));
    expect(() =>
      planPaidInfo(
        [rent],
        [
          { liabilityId: 'rent', paid: true, cleared: false },
          { liabilityId: 'rent', paid: true, cleared: true },
        ],
        'checking',
      ),
    ).toThrow('Expense Rent appears twice in the changes');
  });

  it('settlement never makes a liability balance negative (property)', () => {
    fc.assert(
      fc.property(
        fc.option(fc.integer({ min: 0, max: 10_000_000 }), { nil: null }),
        fc.integer({ min: 1, max: 10_000_000 }),
        (balanceCents, paymentCents) => {
          const liability = { ...rent, balanceCents, paymentCents };
          const [plan] = planPaidInfo([liability], [{ liabilityId: 'rent', paid: true, cleared: true }], 'w');
          const balance = plan!.next.balanceCents;
          return balanceCents === null
            ? balance === null
            : balance !== null && balance >= 0 && balance <= balanceCents;
        },
      ),
    );
  });
});

describe("'Deposit Pay'", () => {
  const payroll = buildIncomeSource({
    id: 'payroll',
    sourceName: 'Payroll',
    frequency: 'BIWEEKLY',
    nextPmtDate: '2026-02-20',
    paymentCents: 120_000,
    depositedDates: ['2026-02-20'],
  });
  const rental = buildIncomeSource({
    id: 'rental',
    sourceName: 'Rental',
    nextPmtDate: '2026-03-01',
    paymentCents: 80_000,
  });
  const today = '2026-03-06';

  it('sums the checked occurrences', () => {
    expect(
      planDeposit(
        [payroll, rental],
        [
          { incomeSourceId: 'payroll', date: '2026-03-06' },
          { incomeSourceId: 'rental', date: '2026-03-01' },
        ],
        today,
      ),
    ).toEqual({
      occurrences: [
        { incomeSourceId: 'payroll', date: '2026-03-06', amountCents: 120_000 },
        { incomeSourceId: 'rental', date: '2026-03-01', amountCents: 80_000 },
      ],
      totalCents: 200_000,
    });
  });

  it('refuses an occurrence deposited before: money is never added twice', () => {
    expect(() => planDeposit([payroll], [{ incomeSourceId: 'payroll', date: '2026-02-20' }], today)).toThrow(
      'The Payroll pay of 2026-02-20 is already deposited',
    );
  });

  it('refuses the same occurrence twice in one request', () => {
    const twice = [
      { incomeSourceId: 'rental', date: '2026-03-01' },
      { incomeSourceId: 'rental', date: '2026-03-01' },
    ];
    expect(() => planDeposit([rental], twice, today)).toThrow(
      'The Rental pay of 2026-03-01 is already deposited',
    );
  });

  it('refuses a date that is not a pay date of the source', () => {
    expect(() => planDeposit([rental], [{ incomeSourceId: 'rental', date: '2026-03-02' }], today)).toThrow(
      '2026-03-02 is not a pay date of Rental',
    );
  });

  it('refuses a pay that is not due yet', () => {
    expect(() => planDeposit([payroll], [{ incomeSourceId: 'payroll', date: '2026-03-20' }], today)).toThrow(
      'The Payroll pay of 2026-03-20 is not due yet',
    );
  });

  it('refuses an unknown source and an empty request', () => {
    expect(() => planDeposit([payroll], [{ incomeSourceId: 'nope', date: today }], today)).toThrow(
      'Unknown income source: nope',
    );
    expect(() => planDeposit([payroll], [], today)).toThrow('Choose at least one pay to deposit');
  });
});

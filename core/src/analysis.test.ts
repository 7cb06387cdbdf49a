import fc from 'fast-check';
import { analyzeCashFlow } from './analysis';
import { fromDayNumber } from './day-numbers';
import { buildAnalysisInput, buildIncomeSource, buildLiability, buildWallet } from './testing/factories';
import type { ExpenseFrequency, IncomeFrequency } from './types';

const today = '2026-03-05';

describe('the specification example: net income this period', () => {
  it('pay 2000; mortgage 1400, phone 150, streaming 21 → net income 429', () => {
    const analysis = analyzeCashFlow(
      buildAnalysisInput({
        today,
        incomeSources: [buildIncomeSource({ nextPmtDate: '2026-03-01', paymentCents: 200_000 })],
        liabilities: [
          buildLiability({ creditorName: 'Mortgage', dueDate: '2026-03-10', paymentCents: 140_000 }),
          buildLiability({ creditorName: 'Phone', dueDate: '2026-03-15', paymentCents: 15_000 }),
          buildLiability({ creditorName: 'Streaming', dueDate: '2026-03-20', paymentCents: 2_100 }),
        ],
      }),
    );
    expect(analysis.lastIncomeTotalCents).toBe(200_000);
    expect(analysis.nextIncomeDate).toBe('2026-04-01');
    expect(analysis.obligations.map((o) => o.creditorName)).toEqual(['Mortgage', 'Phone', 'Streaming']);
    expect(analysis.obligationsTotalCents).toBe(157_100);
    expect(analysis.netIncomeThisPeriodCents).toBe(42_900);
  });
});

describe('the pay that arrived', () => {
  it('counts a deposit matched to the bank at the amount that arrived, and the schedule for the next pay', () => {
    const source = buildIncomeSource({
      nextPmtDate: '2026-03-01',
      paymentCents: 200_000,
      depositedDates: ['2026-03-01'],
      depositedAmounts: { '2026-03-01': 212_345 },
    });
    const analysis = analyzeCashFlow(
      buildAnalysisInput({
        today,
        incomeSources: [source],
        liabilities: [buildLiability({ dueDate: '2026-03-10', paymentCents: 140_000 })],
      }),
    );
    expect(analysis.lastIncomeReceived.map((pay) => [pay.amountCents, pay.deposited])).toEqual([
      [212_345, true],
    ]);
    expect(analysis.lastIncomeTotalCents).toBe(212_345);
    expect(analysis.netIncomeThisPeriodCents).toBe(72_345);
    expect(analysis.nextIncome.map((pay) => pay.amountCents)).toEqual([200_000]);
  });
});

describe('last income received and next expected income', () => {
  it('lists each source’s last pay with its deposited flag', () => {
    const analysis = analyzeCashFlow(
      buildAnalysisInput({
        incomeSources: [
          buildIncomeSource({
            sourceName: 'Payroll',
            nextPmtDate: '2026-03-01',
            depositedDates: ['2026-03-01'],
          }),
          buildIncomeSource({
            sourceName: 'Side gig',
            frequency: 'WEEKLY',
            nextPmtDate: '2026-02-06',
            paymentCents: 30_000,
          }),
        ],
      }),
    );
    expect(analysis.lastIncomeReceived).toEqual([
      expect.objectContaining({ sourceName: 'Side gig', date: '2026-02-27', deposited: false, active: true }),
      expect.objectContaining({
        sourceName: 'Payroll',
        date: '2026-03-01',
        deposited: true,
        amountCents: 200_000,
      }),
    ]);
    expect(analysis.lastIncomeTotalCents).toBe(230_000);
    expect(analysis.nextIncomeDate).toBe('2026-03-06');
    expect(analysis.nextIncome).toEqual([
      expect.objectContaining({ sourceName: 'Side gig', date: '2026-03-06' }),
    ]);
    expect(analysis.nextIncomeTotalCents).toBe(30_000);
  });

  it('sums several sources paid on the same next date', () => {
    const analysis = analyzeCashFlow(
      buildAnalysisInput({
        incomeSources: [
          buildIncomeSource({ sourceName: 'Her payroll', nextPmtDate: '2026-02-15', paymentCents: 150_000 }),
          buildIncomeSource({
            sourceName: 'His payroll',
            frequency: 'BIWEEKLY',
            nextPmtDate: '2026-03-01',
            paymentCents: 120_000,
          }),
          buildIncomeSource({
            sourceName: 'Rent from the flat',
            nextPmtDate: '2026-02-20',
            paymentCents: 80_000,
          }),
        ],
      }),
    );
    expect(analysis.nextIncomeDate).toBe('2026-03-15');
    expect(analysis.nextIncome.map((income) => income.sourceName)).toEqual(['Her payroll', 'His payroll']);
    expect(analysis.nextIncomeTotalCents).toBe(270_000);
  });

  it('a source whose anchor is in the future has no last income; its first pay is the next income', () => {
    const analysis = analyzeCashFlow(
      buildAnalysisInput({
        incomeSources: [
          buildIncomeSource({ sourceName: 'New job', nextPmtDate: '2026-03-20', paymentCents: 250_000 }),
        ],
        liabilities: [buildLiability({ dueDate: '2026-03-10' })],
      }),
    );
    expect(analysis.lastIncomeReceived).toEqual([]);
    expect(analysis.lastIncomeTotalCents).toBe(0);
    expect(analysis.nextIncomeDate).toBe('2026-03-20');
    expect(analysis.nextIncomeTotalCents).toBe(250_000);
    expect(analysis.netIncomeThisPeriodCents).toBe(-140_000);
  });

  it('a pay day is today: it is the last income, the next one is a full step later', () => {
    const analysis = analyzeCashFlow(
      buildAnalysisInput({ incomeSources: [buildIncomeSource({ frequency: 'WEEKLY', nextPmtDate: today })] }),
    );
    expect(analysis.lastIncomeReceived[0]?.date).toBe(today);
    expect(analysis.nextIncomeDate).toBe('2026-03-12');
  });
});

describe('inactive income sources', () => {
  // Bi-weekly, last paid Mar 1: had it stayed active, the next pay would have been Mar 15.
  const retired = buildIncomeSource({
    sourceName: 'Old job',
    frequency: 'BIWEEKLY',
    nextPmtDate: '2026-03-01',
    paymentCents: 90_000,
    active: false,
  });
  const payroll = buildIncomeSource({
    sourceName: 'Payroll',
    nextPmtDate: '2026-02-20',
    paymentCents: 200_000,
  });

  it('inside its cycle: stays in last income received, but produces no next income', () => {
    const analysis = analyzeCashFlow(buildAnalysisInput({ today, incomeSources: [retired, payroll] }));
    expect(analysis.lastIncomeReceived).toEqual([
      expect.objectContaining({ sourceName: 'Payroll', date: '2026-02-20' }),
      expect.objectContaining({ sourceName: 'Old job', date: '2026-03-01', active: false }),
    ]);
    expect(analysis.lastIncomeTotalCents).toBe(290_000);
    expect(analysis.nextIncomeDate).toBe('2026-03-20');
    expect(analysis.nextIncome.map((income) => income.sourceName)).toEqual(['Payroll']);
  });

  it('stays through the date its next pay would have been', () => {
    const analysis = analyzeCashFlow(buildAnalysisInput({ today: '2026-03-15', incomeSources: [retired] }));
    expect(analysis.lastIncomeReceived.map((income) => income.date)).toEqual(['2026-03-01']);
  });

  it('after its cycle: skipped', () => {
    const analysis = analyzeCashFlow(
      buildAnalysisInput({ today: '2026-03-16', incomeSources: [retired, payroll] }),
    );
    expect(analysis.lastIncomeReceived.map((income) => income.sourceName)).toEqual(['Payroll']);
  });

  it('counts its last pay from the day it was set inactive, when known', () => {
    const stopped = { ...retired, nextPmtDate: '2026-01-04', inactiveSince: '2026-02-20' };
    // Pays Jan 4, 18, Feb 1, 15, Mar 1 ...: the last one before Feb 20 is Feb 15; its cycle ends Mar 1.
    expect(
      analyzeCashFlow(buildAnalysisInput({ today, incomeSources: [stopped] })).lastIncomeReceived.map(
        (i) => i.date,
      ),
    ).toEqual([]);
    expect(
      analyzeCashFlow(buildAnalysisInput({ today: '2026-02-28', incomeSources: [stopped] }))
        .lastIncomeReceived,
    ).toEqual([expect.objectContaining({ date: '2026-02-15' })]);
  });

  it('an inactive source that never paid is not listed', () => {
    const neverPaid = { ...retired, nextPmtDate: '2026-04-01' };
    const analysis = analyzeCashFlow(buildAnalysisInput({ today, incomeSources: [neverPaid] }));
    expect(analysis.lastIncomeReceived).toEqual([]);
    expect(analysis.nextIncomeDate).toBeNull();
  });
});

describe('obligations before the next income and bills coming due', () => {
  const monthlyPayroll = buildIncomeSource({ nextPmtDate: '2026-03-01' }); // next income Apr 1

  it('a weekly bill is counted 5 times before a monthly payday when five due dates fall before it', () => {
    const analysis = analyzeCashFlow(
      buildAnalysisInput({
        today: '2026-03-01',
        incomeSources: [monthlyPayroll],
        liabilities: [
          buildLiability({
            creditorName: 'Daycare',
            frequency: 'WEEKLY',
            dueDate: '2026-03-02',
            paymentCents: 5_000,
          }),
        ],
      }),
    );
    expect(analysis.obligations.map((o) => o.dueDate)).toEqual([
      '2026-03-02',
      '2026-03-09',
      '2026-03-16',
      '2026-03-23',
      '2026-03-30',
    ]);
    expect(analysis.obligations.map((o) => o.current)).toEqual([true, false, false, false, false]);
    expect(analysis.obligationsTotalCents).toBe(25_000);
  });

  it('a weekly bill is counted 4 times before a monthly payday when only four fall before it', () => {
    const analysis = analyzeCashFlow(
      buildAnalysisInput({
        today: '2026-03-01',
        incomeSources: [monthlyPayroll],
        liabilities: [buildLiability({ frequency: 'WEEKLY', dueDate: '2026-03-04', paymentCents: 5_000 })],
      }),
    );
    expect(analysis.obligations).toHaveLength(4);
    expect(analysis.obligationsTotalCents).toBe(20_000);
    // The fifth, Apr 1, is the payday itself and lies beyond today + 30 days: neither list.
    expect(analysis.comingDue.map((o) => o.dueDate)).toEqual([]);
  });

  it('a bill due exactly on the next payday is coming due, not an obligation', () => {
    const analysis = analyzeCashFlow(
      buildAnalysisInput({
        today: '2026-03-10',
        incomeSources: [buildIncomeSource({ nextPmtDate: '2026-03-01' })],
        liabilities: [buildLiability({ creditorName: 'Car', dueDate: '2026-04-01', paymentCents: 30_000 })],
      }),
    );
    expect(analysis.nextIncomeDate).toBe('2026-04-01');
    expect(analysis.obligations).toEqual([]);
    expect(analysis.comingDue).toEqual([
      expect.objectContaining({ creditorName: 'Car', dueDate: '2026-04-01', current: true }),
    ]);
    expect(analysis.obligationsTotalCents).toBe(0);
  });

  it('coming due runs from the next payday through today + 30 days, both included', () => {
    const analysis = analyzeCashFlow(
      buildAnalysisInput({
        today,
        incomeSources: [buildIncomeSource({ frequency: 'WEEKLY', nextPmtDate: '2026-03-06' })],
        liabilities: [
          buildLiability({
            creditorName: 'Gym',
            frequency: 'WEEKLY',
            dueDate: '2026-03-05',
            paymentCents: 1_000,
          }),
          buildLiability({ creditorName: 'Insurance', dueDate: '2026-04-04' }),
          buildLiability({ creditorName: 'Tax', frequency: 'YEARLY', dueDate: '2026-04-05' }),
        ],
      }),
    );
    expect(analysis.obligations.map((o) => `${o.creditorName} ${o.dueDate}`)).toEqual(['Gym 2026-03-05']);
    expect(analysis.comingDue.map((o) => `${o.creditorName} ${o.dueDate}`)).toEqual([
      'Gym 2026-03-12',
      'Gym 2026-03-19',
      'Gym 2026-03-26',
      'Gym 2026-04-02',
      'Insurance 2026-04-04',
    ]);
  });

  it('a bill after a far payday is neither an obligation nor coming due when beyond 30 days', () => {
    const analysis = analyzeCashFlow(
      buildAnalysisInput({
        today: '2026-02-28',
        incomeSources: [buildIncomeSource({ nextPmtDate: '2026-01-31' })], // next Mar 31, 31 days away
        liabilities: [
          buildLiability({ creditorName: 'Rent', dueDate: '2026-03-30' }),
          buildLiability({ creditorName: 'Later', dueDate: '2026-03-31' }),
        ],
      }),
    );
    expect(analysis.obligations.map((o) => o.creditorName)).toEqual(['Rent']);
    expect(analysis.comingDue).toEqual([]);
  });

  it('with no income, obligations are every occurrence through today + 30 days and nothing is coming due', () => {
    const analysis = analyzeCashFlow(
      buildAnalysisInput({
        today,
        liabilities: [
          buildLiability({ creditorName: 'Phone', dueDate: '2026-03-15', paymentCents: 15_000 }),
          buildLiability({
            creditorName: 'Gym',
            frequency: 'BIWEEKLY',
            dueDate: '2026-03-05',
            paymentCents: 1_000,
          }),
          buildLiability({ creditorName: 'Insurance', dueDate: '2026-04-05' }),
        ],
      }),
    );
    expect(analysis.nextIncomeDate).toBeNull();
    expect(analysis.nextIncome).toEqual([]);
    expect(analysis.nextIncomeTotalCents).toBe(0);
    expect(analysis.lastIncomeReceived).toEqual([]);
    expect(analysis.obligations.map((o) => `${o.creditorName} ${o.dueDate}`)).toEqual([
      'Gym 2026-03-05',
      'Phone 2026-03-15',
      'Gym 2026-03-19',
      'Gym 2026-04-02',
    ]);
    expect(analysis.comingDue).toEqual([]);
    expect(analysis.netIncomeThisPeriodCents).toBe(-18_000);
  });

  it('sorts by due date, then by name', () => {
    const analysis = analyzeCashFlow(
      buildAnalysisInput({
        incomeSources: [monthlyPayroll],
        liabilities: [
          buildLiability({ creditorName: 'Water', dueDate: '2026-03-20' }),
          buildLiability({ creditorName: 'Power', dueDate: '2026-03-20' }),
          buildLiability({ creditorName: 'Zoo pass', dueDate: '2026-03-06' }),
          buildLiability({ creditorName: 'Power', dueDate: '2026-03-20' }),
        ],
      }),
    );
    expect(analysis.obligations.map((o) => o.creditorName)).toEqual(['Zoo pass', 'Power', 'Power', 'Water']);
  });
});

describe('past due and auto-paid', () => {
  const payroll = buildIncomeSource({ nextPmtDate: '2026-03-01' });

  it('past due: the current due date is before today and it is not paid', () => {
    const analysis = analyzeCashFlow(
      buildAnalysisInput({
        today,
        incomeSources: [payroll],
        liabilities: [
          buildLiability({ creditorName: 'Late', dueDate: '2026-03-04' }),
          buildLiability({
            creditorName: 'Paid late',
            dueDate: '2026-03-04',
            currentPaid: true,
            paidFromWalletId: 'w',
          }),
          buildLiability({ creditorName: 'Due today', dueDate: today }),
        ],
      }),
    );
    const byName = Object.fromEntries(analysis.obligations.map((o) => [o.creditorName, o]));
    expect(byName['Late']).toMatchObject({ pastDue: true, paid: false });
    expect(byName['Paid late']).toMatchObject({ pastDue: false, paid: true, paidFromWalletId: 'w' });
    expect(byName['Due today']).toMatchObject({ pastDue: false });
  });

  it('a bill left unpaid for months shows every missed occurrence; only the current one carries the flags', () => {
    const analysis = analyzeCashFlow(
      buildAnalysisInput({
        today,
        incomeSources: [payroll],
        liabilities: [
          buildLiability({ anchorDate: '2026-01-10', dueDate: '2026-01-10', paymentCents: 10_000 }),
        ],
      }),
    );
    expect(analysis.obligations.map((o) => [o.dueDate, o.current, o.pastDue])).toEqual([
      ['2026-01-10', true, true],
      ['2026-02-10', false, false],
      ['2026-03-10', false, false],
    ]);
    expect(analysis.obligationsTotalCents).toBe(30_000);
  });

  it('auto-paid: an auto-pay bill due today is reported paid', () => {
    const analysis = analyzeCashFlow(
      buildAnalysisInput({
        today,
        incomeSources: [payroll],
        liabilities: [
          buildLiability({ creditorName: 'Streaming', dueDate: today, autoPay: true, paymentCents: 2_100 }),
          buildLiability({ creditorName: 'Insurance', dueDate: '2026-03-06', autoPay: true }),
          buildLiability({ creditorName: 'Card', dueDate: '2026-03-01', autoPay: true }),
        ],
      }),
    );
    const byName = Object.fromEntries(analysis.obligations.map((o) => [o.creditorName, o]));
    expect(byName['Streaming']).toMatchObject({ paid: true, autoPaid: true, pastDue: false, cleared: false });
    expect(byName['Card']).toMatchObject({ paid: true, autoPaid: true, pastDue: false });
    expect(byName['Insurance']).toMatchObject({ paid: false, autoPaid: false });
    // Auto-paid does not settle anything: the obligation still counts until it is cleared.
    expect(analysis.obligationsTotalCents).toBe(2_100 + 140_000 + 140_000);
  });

  it('projected occurrences are plain upcoming rows with no switches', () => {
    const analysis = analyzeCashFlow(
      buildAnalysisInput({
        today: '2026-03-01',
        incomeSources: [payroll],
        liabilities: [
          buildLiability({
            frequency: 'WEEKLY',
            dueDate: '2026-03-02',
            autoPay: true,
            currentPaid: true,
            currentCleared: false,
            paidFromWalletId: 'w',
          }),
        ],
      }),
    );
    expect(analysis.obligations[1]).toMatchObject({
      current: false,
      paid: false,
      cleared: false,
      pastDue: false,
      autoPaid: false,
      paidFromWalletId: null,
    });
  });
});

describe('wallets: available balance and available cash', () => {
  const checking = buildWallet({ id: 'checking', walletName: 'Checking', balanceCents: 300_000 });
  const savings = buildWallet({
    id: 'savings',
    walletName: 'Savings',
    balanceCents: 500_000,
    defaultWallet: true,
  });
  const payroll = buildIncomeSource({ nextPmtDate: '2026-03-01' });
  const liabilities = [
    // Paid from checking, not cleared yet: still leaves checking.
    buildLiability({
      creditorName: 'Rent',
      dueDate: '2026-03-03',
      paymentCents: 100_000,
      currentPaid: true,
      paidFromWalletId: 'checking',
    }),
    // Paid and cleared: already out of every balance.
    buildLiability({
      creditorName: 'Phone',
      dueDate: '2026-03-04',
      paymentCents: 15_000,
      currentPaid: true,
      currentCleared: true,
      paidFromWalletId: 'checking',
    }),
    // Paid early from savings for a bill due after the next payday.
    buildLiability({
      creditorName: 'Tax',
      dueDate: '2026-04-15',
      paymentCents: 40_000,
      currentPaid: true,
      paidFromWalletId: 'savings',
    }),
    // Not paid at all.
    buildLiability({ creditorName: 'Power', dueDate: '2026-03-20', paymentCents: 8_000 }),
  ];

  it('wallet available balance = balance − paid-but-not-cleared payments from that wallet', () => {
    const analysis = analyzeCashFlow(
      buildAnalysisInput({ today, wallets: [checking, savings], incomeSources: [payroll], liabilities }),
    );
    expect(analysis.wallets).toEqual([
      {
        walletId: 'checking',
        walletName: 'Checking',
        balanceCents: 300_000,
        availableBalanceCents: 200_000,
        defaultWallet: false,
        lastUpdate: null,
      },
      {
        walletId: 'savings',
        walletName: 'Savings',
        balanceCents: 500_000,
        availableBalanceCents: 460_000,
        defaultWallet: true,
        lastUpdate: null,
      },
    ]);
  });

  it('available cash = all wallet balances − payments about to leave them − every unpaid obligation before the next income', () => {
    const analysis = analyzeCashFlow(
      buildAnalysisInput({ today, wallets: [checking, savings], incomeSources: [payroll], liabilities }),
    );
    // Obligations before Apr 1: Rent 1000 (paid, not cleared), Phone 150 (cleared), Power 80 (unpaid).
    expect(analysis.obligationsTotalCents).toBe(123_000);
    // About to leave: Rent 1000 and Tax 400 (paid early, due after the payday); unpaid: Power 80.
    expect(analysis.availableCashCents).toBe(800_000 - 100_000 - 40_000 - 8_000);
  });

  it('the selected wallet drives the wallet available balance', () => {
    const analysis = analyzeCashFlow(
      buildAnalysisInput({
        today,
        wallets: [checking, savings],
        incomeSources: [payroll],
        liabilities,
        selectedWalletId: 'checking',
      }),
    );
    expect(analysis.selectedWalletId).toBe('checking');
    expect(analysis.walletAvailableBalanceCents).toBe(200_000);
  });

  it('no selection: the default wallet', () => {
    const analysis = analyzeCashFlow(
      buildAnalysisInput({ today, wallets: [checking, savings], liabilities }),
    );
    expect(analysis.selectedWalletId).toBe('savings');
    expect(analysis.walletAvailableBalanceCents).toBe(460_000);
  });

  it('no selection and no default: the first wallet; an unknown selection falls back the same way', () => {
    const plainSavings = { ...savings, defaultWallet: false };
    expect(analyzeCashFlow(buildAnalysisInput({ wallets: [checking, plainSavings] })).selectedWalletId).toBe(
      'checking',
    );
    expect(
      analyzeCashFlow(buildAnalysisInput({ wallets: [checking, savings], selectedWalletId: 'gone' }))
        .selectedWalletId,
    ).toBe('savings');
  });

  it('no wallets: no selected wallet and no wallet balance', () => {
    const analysis = analyzeCashFlow(buildAnalysisInput({ today, incomeSources: [payroll], liabilities }));
    expect(analysis.wallets).toEqual([]);
    expect(analysis.selectedWalletId).toBeNull();
    expect(analysis.walletAvailableBalanceCents).toBeNull();
    expect(analysis.availableCashCents).toBe(-148_000);
  });

  it('an auto-paid bill with a paying wallet is pending on that wallet until cleared', () => {
    const analysis = analyzeCashFlow(
      buildAnalysisInput({
        today,
        wallets: [checking],
        liabilities: [
          buildLiability({
            dueDate: '2026-03-01',
            autoPay: true,
            paymentCents: 5_000,
            paidFromWalletId: 'checking',
          }),
        ],
      }),
    );
    expect(analysis.wallets[0]?.availableBalanceCents).toBe(295_000);
  });
});

describe('the analysis (properties)', () => {
  const frequencies = {
    income: ['WEEKLY', 'BIWEEKLY', 'TWICE_MONTHLY', 'MONTHLY'] as IncomeFrequency[],
    expense: [
      'WEEKLY',
      'BIWEEKLY',
      'MONTHLY',
      'BIMONTHLY',
      'QUARTERLY',
      'TWICE_YEARLY',
      'YEARLY',
    ] as ExpenseFrequency[],
  };
  const todayDay = 20_517; // 2026-03-05
  const nearDay = fc.integer({ min: todayDay - 60, max: todayDay + 60 });
  const source = fc
    .record({
      frequency: fc.constantFrom(...frequencies.income),
      anchor: nearDay,
      second: fc.integer({ min: 1, max: 20 }),
      paymentCents: fc.integer({ min: 1, max: 1_000_000 }),
      active: fc.boolean(),
    })
    .map((s) =>
      buildIncomeSource({
        frequency: s.frequency,
        nextPmtDate: fromDayNumber(s.anchor),
        biMonthlyPayDate: s.frequency === 'TWICE_MONTHLY' ? fromDayNumber(s.anchor + s.second) : null,
        paymentCents: s.paymentCents,
        active: s.active,
      }),
    );
  const liability = fc
    .record({
      frequency: fc.constantFrom(...frequencies.expense),
      anchor: nearDay,
      paymentCents: fc.integer({ min: 1, max: 1_000_000 }),
      autoPay: fc.boolean(),
      currentPaid: fc.boolean(),
      currentCleared: fc.boolean(),
    })
    .map((l) =>
      buildLiability({ ...l, anchorDate: fromDayNumber(l.anchor), dueDate: fromDayNumber(l.anchor) }),
    );
  const inputs = fc.record({
    incomeSources: fc.array(source, { maxLength: 5 }),
    liabilities: fc.array(liability, { maxLength: 10 }),
  });

  it('netIncome = lastIncomeTotal − obligationsTotal, and each total sums its list', () => {
    fc.assert(
      fc.property(inputs, ({ incomeSources, liabilities }) => {
        const analysis = analyzeCashFlow(
          buildAnalysisInput({ today: fromDayNumber(todayDay), incomeSources, liabilities }),
        );
        const total = (amounts: number[]) => amounts.reduce((a, b) => a + b, 0);
        return (
          analysis.netIncomeThisPeriodCents ===
            analysis.lastIncomeTotalCents - analysis.obligationsTotalCents &&
          analysis.lastIncomeTotalCents === total(analysis.lastIncomeReceived.map((i) => i.amountCents)) &&
          analysis.obligationsTotalCents === total(analysis.obligations.map((o) => o.amountCents)) &&
          analysis.nextIncomeTotalCents === total(analysis.nextIncome.map((i) => i.amountCents))
        );
      }),
    );
  });

  it('obligations fall before the next income, coming due from it through today + 30', () => {
    fc.assert(
      fc.property(inputs, ({ incomeSources, liabilities }) => {
        const asOf = fromDayNumber(todayDay);
        const analysis = analyzeCashFlow(buildAnalysisInput({ today: asOf, incomeSources, liabilities }));
        const limit = fromDayNumber(todayDay + 30);
        const next = analysis.nextIncomeDate;
        return (
          (next === null || next > asOf) &&
          analysis.lastIncomeReceived.every((i) => i.date <= asOf) &&
          analysis.obligations.every((o) => (next === null ? o.dueDate <= limit : o.dueDate < next)) &&
          analysis.comingDue.every((o) => next !== null && o.dueDate >= next && o.dueDate <= limit)
        );
      }),
    );
  });
});

import fc from 'fast-check';
import { fromDayNumber, toDayNumber } from './day-numbers';
import { analyzeCashFlow } from './analysis';
import { DomainError } from './errors';
import { forecastBalances, forecastRequestErrors, type ForecastInput } from './forecast';
import { nextExpenseDueDate } from './recurrence';
import { buildIncomeSource, buildLiability, buildWallet } from './testing/factories';
import type { ExpenseFrequency, IncomeFrequency } from './types';

// docs/product-rules.md §7-§8's example: Sun Nov 22 2026, a bi-weekly $2,000 paid Wed Nov 18 (N = Wed Dec 2).
const today = '2026-11-22';

function forecastInput(overrides: Partial<ForecastInput> = {}): ForecastInput {
  return {
    today,
    wallets: [],
    incomeSources: [],
    liabilities: [],
    walletId: null,
    days: 14,
    whatIfs: [],
    ...overrides,
  };
}

function dayOf(forecast: ReturnType<typeof forecastBalances>, date: string) {
  const day = forecast.days.find((candidate) => candidate.date === date);
  if (!day) throw new Error(`no day ${date}`);
  return day;
}

const checking = buildWallet({
  id: 'checking',
  walletName: 'Checking',
  balanceCents: 250_000,
  defaultWallet: true,
});
const savings = buildWallet({ id: 'savings', walletName: 'Savings', balanceCents: 80_000 });
const payroll = buildIncomeSource({
  id: 'payroll',
  sourceName: 'Acme Payroll',
  frequency: 'BIWEEKLY',
  nextPmtDate: '2026-11-18',
  paymentCents: 200_000,
  depositedDates: ['2026-11-18'],
});
const mortgage = buildLiability({
  id: 'mortgage',
  creditorName: 'Mortgage',
  dueDate: '2026-11-24',
  paymentCents: 140_000,
});
const phone = buildLiability({
  id: 'phone',
  creditorName: 'Phone',
  dueDate: '2026-11-27',
  paymentCents: 15_000,
});
const streaming = buildLiability({
  id: 'streaming',
  creditorName: 'Streaming',
  dueDate: '2026-11-30',
  paymentCents: 2_100,
});

describe('the example of docs/product-rules.md §7-§8', () => {
  const forecast = forecastBalances(
    forecastInput({
      wallets: [checking],
      incomeSources: [payroll],
      liabilities: [mortgage, phone, streaming],
    }),
  );

  it('walks the balance down bill by bill, and back up on payday', () => {
    expect(forecast.startBalanceCents).toBe(250_000);
    expect(dayOf(forecast, '2026-11-22').balanceCents).toBe(250_000);
    expect(dayOf(forecast, '2026-11-24')).toMatchObject({
      balanceCents: 110_000,
      outflowCents: 140_000,
      inflowCents: 0,
    });
    expect(dayOf(forecast, '2026-11-27').balanceCents).toBe(95_000);
    expect(dayOf(forecast, '2026-11-30').balanceCents).toBe(92_900);
    expect(dayOf(forecast, '2026-12-02')).toMatchObject({ balanceCents: 292_900, inflowCents: 200_000 });
    expect(dayOf(forecast, '2026-12-02').events).toEqual([
      { kind: 'INCOME', name: 'Acme Payroll', amountCents: 200_000, pending: false, pastDue: false },
    ]);
  });

  it('safe to spend until payday is the available cash of the analysis: $929', () => {
    expect(forecast.nextIncomeDate).toBe('2026-12-02');
    expect(forecast.safeToSpendCents).toBe(92_900);
    expect(forecast.lowestBalanceCents).toBe(92_900);
    expect(forecast.lowestDate).toBe('2026-11-30');
    expect(forecast.firstNegativeDate).toBeNull();
  });

  it('covers one day per day from asOf to the horizon (asOf + days - 1)', () => {
    expect(forecast.asOf).toBe(today);
    expect(forecast.horizon).toBe('2026-12-05');
    expect(forecast.walletId).toBeNull();
    expect(forecast.days.map((day) => day.date)).toEqual(
      Array.from({ length: 14 }, (_, i) => fromDayNumber(toDayNumber(today) + i)),
    );
  });
});

describe('start: the available balance', () => {
  it('is the wallet balance minus its paid-but-not-cleared payments', () => {
    const paidEarly = { ...mortgage, currentPaid: true, paidFromWalletId: 'checking' };
    const forecast = forecastBalances(
      forecastInput({ wallets: [checking, savings], liabilities: [paidEarly], walletId: 'checking' }),
    );
    expect(forecast.startBalanceCents).toBe(250_000 - 140_000);
    expect(forecast.walletId).toBe('checking');
  });

  it('sums every wallet when no wallet is named', () => {
    const forecast = forecastBalances(forecastInput({ wallets: [checking, savings] }));
    expect(forecast.startBalanceCents).toBe(330_000);
  });

  it("an auto-paid bill with no paying wallet leaves its 'Paid from' wallet", () => {
    const autoPaid = {
      ...phone,
      dueDate: '2026-11-20',
      anchorDate: '2026-11-20',
      autoPay: true,
      walletId: 'savings',
    };
    const ofSavings = forecastBalances(
      forecastInput({ wallets: [checking, savings], liabilities: [autoPaid], walletId: 'savings' }),
    );
    expect(ofSavings.startBalanceCents).toBe(80_000 - 15_000);
    expect(ofSavings.days[0]?.events).toEqual([]);
    const ofChecking = forecastBalances(
      forecastInput({ wallets: [checking, savings], liabilities: [autoPaid], walletId: 'checking' }),
    );
    expect(ofChecking.startBalanceCents).toBe(250_000);
  });

  it('with no wallet at all, starts at 0 less what is paid and not cleared', () => {
    const paid = { ...mortgage, currentPaid: true };
    expect(forecastBalances(forecastInput({ liabilities: [paid] })).startBalanceCents).toBe(-140_000);
  });
});

describe("today's events", () => {
  it("this period's pay not yet deposited is no money in a wallet: listed as undeposited, never counted", () => {
    const notDeposited = { ...payroll, depositedDates: [] };
    const side = buildIncomeSource({
      id: 'side',
      sourceName: 'Side gig',
      frequency: 'WEEKLY',
      nextPmtDate: '2026-11-20',
      paymentCents: 30_000,
      depositedDates: ['2026-11-20'],
    });
    const forecast = forecastBalances(
      forecastInput({ wallets: [checking], incomeSources: [notDeposited, side] }),
    );
    expect(forecast.days[0]?.events).toEqual([]);
    expect(forecast.days[0]?.balanceCents).toBe(250_000);
    expect(forecast.undepositedIncome).toEqual([
      expect.objectContaining({ sourceName: 'Acme Payroll', date: '2026-11-18', amountCents: 200_000 }),
    ]);
    expect(forecast.days.flatMap((day) => day.events).some((event) => event.pending)).toBe(false);
  });

  it('a pay date today, not deposited, is a to-do, not an event, and the next one comes a full step later', () => {
    const weekly = buildIncomeSource({
      sourceName: 'Weekly',
      frequency: 'WEEKLY',
      nextPmtDate: today,
      paymentCents: 10_000,
    });
    const forecast = forecastBalances(forecastInput({ incomeSources: [weekly] }));
    expect(forecast.days[0]?.events).toEqual([]);
    expect(forecast.undepositedIncome).toEqual([
      expect.objectContaining({ date: today, amountCents: 10_000 }),
    ]);
    expect(forecast.days.filter((day) => day.inflowCents > 0).map((day) => day.date)).toEqual(['2026-11-29']);
  });

  it('unpaid bills due before today count today as past due, projected ones included; one due today is not past due', () => {
    const weeklyLate = buildLiability({
      creditorName: 'Daycare',
      frequency: 'WEEKLY',
      dueDate: '2026-11-08',
      paymentCents: 5_000,
    });
    const dueToday = buildLiability({ creditorName: 'Gym', dueDate: today, paymentCents: 3_000 });
    const forecast = forecastBalances(
      forecastInput({ wallets: [checking], liabilities: [dueToday, weeklyLate] }),
    );
    expect(forecast.days[0]?.events).toEqual([
      { kind: 'BILL', name: 'Daycare', amountCents: -5_000, pending: false, pastDue: true },
      { kind: 'BILL', name: 'Daycare', amountCents: -5_000, pending: false, pastDue: true },
      { kind: 'BILL', name: 'Daycare', amountCents: -5_000, pending: false, pastDue: false },
      { kind: 'BILL', name: 'Gym', amountCents: -3_000, pending: false, pastDue: false },
    ]);
    expect(forecast.days[0]).toMatchObject({ outflowCents: 18_000, balanceCents: 232_000 });
  });

  it('a paid-but-not-cleared bill is in the start balance, not an event: a bill paid early never counts twice', () => {
    const paidEarly = { ...mortgage, currentPaid: true, paidFromWalletId: 'checking' };
    const forecast = forecastBalances(
      forecastInput({ wallets: [checking], liabilities: [paidEarly], days: 40 }),
    );
    expect(forecast.startBalanceCents).toBe(110_000);
    expect(dayOf(forecast, '2026-11-24').events).toEqual([]);
    // The next month's occurrence is still to pay.
    expect(dayOf(forecast, '2026-12-24').events).toEqual([
      expect.objectContaining({ name: 'Mortgage', amountCents: -140_000 }),
    ]);
  });

  it('a paid and cleared current occurrence has left the balance: neither in the start nor an event', () => {
    const cleared = { ...mortgage, currentPaid: true, currentCleared: true, paidFromWalletId: 'checking' };
    const forecast = forecastBalances(forecastInput({ wallets: [checking], liabilities: [cleared] }));
    expect(forecast.startBalanceCents).toBe(250_000);
    expect(forecast.days.every((day) => day.events.length === 0)).toBe(true);
  });

  it('what-ifs dated today come after bills, named by their description', () => {
    const forecast = forecastBalances(
      forecastInput({
        wallets: [checking],
        liabilities: [{ ...phone, dueDate: today, anchorDate: today }],
        whatIfs: [
          { date: today, amountCents: 30_000, description: ' New tyres ' },
          { date: today, amountCents: 1_000 },
        ],
      }),
    );
    expect(forecast.days[0]?.events.map((event) => [event.kind, event.name, event.amountCents])).toEqual([
      ['BILL', 'Phone', -15_000],
      ['WHAT_IF', 'New tyres', -30_000],
      ['WHAT_IF', 'What if', -1_000],
    ]);
  });
});

describe('later days', () => {
  it('add the pay dates of active sources; an inactive source pays nothing more', () => {
    const retired = { ...payroll, id: 'retired', sourceName: 'Old job', active: false };
    const forecast = forecastBalances(forecastInput({ incomeSources: [payroll, retired], days: 30 }));
    expect(forecast.days.filter((day) => day.inflowCents > 0).map((day) => day.date)).toEqual([
      '2026-12-02',
      '2026-12-16',
    ]);
  });

  it('a source whose first pay is in the future pays from that date, not before', () => {
    const newJob = buildIncomeSource({
      sourceName: 'New job',
      frequency: 'WEEKLY',
      nextPmtDate: '2026-11-30',
      paymentCents: 50_000,
    });
    const forecast = forecastBalances(forecastInput({ incomeSources: [newJob] }));
    expect(forecast.days.filter((day) => day.inflowCents > 0).map((day) => day.date)).toEqual(['2026-11-30']);
    expect(forecast.nextIncomeDate).toBe('2026-11-30');
  });

  it('subtract the current and projected occurrences on their due dates, up to the horizon', () => {
    const weekly = buildLiability({
      creditorName: 'Groceries',
      frequency: 'WEEKLY',
      dueDate: '2026-11-23',
      paymentCents: 10_000,
    });
    const later = buildLiability({ creditorName: 'Insurance', dueDate: '2027-02-01', paymentCents: 50_000 });
    const forecast = forecastBalances(forecastInput({ liabilities: [weekly, later] }));
    expect(forecast.days.filter((day) => day.outflowCents > 0).map((day) => day.date)).toEqual([
      '2026-11-23',
      '2026-11-30',
    ]);
    expect(forecast.days.at(-1)?.balanceCents).toBe(-20_000);
  });

  it('a due date off its schedule counts once, then the schedule from the anchor goes on (as in the analysis)', () => {
    const weekly = buildLiability({
      frequency: 'WEEKLY',
      anchorDate: '2026-11-02',
      dueDate: '2026-11-25',
      paymentCents: 1_000,
    });
    const monthly = buildLiability({ anchorDate: '2026-01-31', dueDate: '2026-11-27', paymentCents: 2_000 });
    const forecast = forecastBalances(forecastInput({ liabilities: [weekly, monthly], days: 100 }));
    const dueDates = (amount: number) =>
      forecast.days
        .filter((day) => day.events.some((event) => event.amountCents === amount))
        .map((day) => day.date);
    expect(dueDates(-1_000).slice(0, 3)).toEqual(['2026-11-25', '2026-11-30', '2026-12-07']);
    expect(dueDates(-2_000)).toEqual(['2026-11-27', '2026-11-30', '2026-12-31', '2027-01-31', '2027-02-28']);
  });

  it('the days run on across month and year ends and leap days', () => {
    const forecast = forecastBalances(forecastInput({ today: '2027-12-20', days: 366 }));
    expect(forecast.days.map((day) => day.date)).toEqual(
      Array.from({ length: 366 }, (_, i) => fromDayNumber(toDayNumber('2027-12-20') + i)),
    );
    expect(forecast.days.map((day) => day.date)).toContain('2028-02-29');
  });

  it('subtract what-ifs on their dates; income comes before bills on the same day', () => {
    const forecast = forecastBalances(
      forecastInput({
        incomeSources: [payroll],
        liabilities: [buildLiability({ creditorName: 'Rent', dueDate: '2026-12-02', paymentCents: 100_000 })],
        whatIfs: [{ date: '2026-12-02', amountCents: 30_000, description: 'Bike' }],
      }),
    );
    expect(dayOf(forecast, '2026-12-02')).toMatchObject({ inflowCents: 200_000, outflowCents: 130_000 });
    expect(dayOf(forecast, '2026-12-02').events.map((event) => event.kind)).toEqual([
      'INCOME',
      'BILL',
      'WHAT_IF',
    ]);
  });
});

describe('one wallet', () => {
  const toSavings = {
    ...payroll,
    id: 'to-savings',
    sourceName: 'Bonus',
    walletId: 'savings',
    depositedDates: [],
  };
  const fromSavings = { ...phone, walletId: 'savings' };
  const input = forecastInput({
    wallets: [checking, savings],
    incomeSources: [payroll, toSavings],
    liabilities: [mortgage, fromSavings],
    whatIfs: [{ date: '2026-11-25', amountCents: 1_000 }],
  });

  it('counts only the events naming it', () => {
    const forecast = forecastBalances({ ...input, walletId: 'savings' });
    expect(forecast.startBalanceCents).toBe(80_000);
    expect(forecast.days.flatMap((day) => day.events.map((event) => event.name))).toEqual([
      'What if',
      'Phone',
      'Bonus',
    ]);
    expect(forecast.undepositedIncome.map((occurrence) => occurrence.sourceName)).toEqual(['Bonus']);
  });

  it('the default wallet also takes the events naming no wallet', () => {
    const forecast = forecastBalances({ ...input, walletId: 'checking' });
    expect(forecast.days.flatMap((day) => day.events.map((event) => event.name))).toEqual([
      'Mortgage',
      'What if',
      'Acme Payroll',
    ]);
  });

  it('without a flagged default, the first wallet is the default', () => {
    const forecast = forecastBalances({
      ...input,
      wallets: [{ ...checking, defaultWallet: false }, savings],
      walletId: 'checking',
    });
    expect(forecast.days.some((day) => day.events.some((event) => event.name === 'Mortgage'))).toBe(true);
  });

  it('an unknown wallet is refused', () => {
    expect(() => forecastBalances({ ...input, walletId: 'elsewhere' })).toThrow(
      new DomainError('Wallet not found', 'walletId'),
    );
  });
});

describe('lowest balance, first negative day and safe to spend', () => {
  it('lowest: the minimum end-of-day balance, the earliest day on ties; first negative: the first day below 0', () => {
    const forecast = forecastBalances(
      forecastInput({
        wallets: [{ ...checking, balanceCents: 10_000 }],
        liabilities: [
          buildLiability({ creditorName: 'A', dueDate: '2026-11-23', paymentCents: 15_000 }),
          buildLiability({ creditorName: 'B', dueDate: '2026-11-26', paymentCents: 5_000 }),
        ],
        incomeSources: [
          buildIncomeSource({ frequency: 'WEEKLY', nextPmtDate: '2026-11-25', paymentCents: 5_000 }),
        ],
        days: 4,
      }),
    );
    expect(forecast.days.map((day) => day.balanceCents)).toEqual([10_000, -5_000, -5_000, 0]);
    expect(forecast.lowestBalanceCents).toBe(-5_000);
    expect(forecast.lowestDate).toBe('2026-11-23');
    expect(forecast.firstNegativeDate).toBe('2026-11-23');
    expect(forecast.safeToSpendCents).toBe(0);
  });

  it('safe to spend looks only through the day before payday', () => {
    const forecast = forecastBalances(
      forecastInput({
        wallets: [checking],
        incomeSources: [payroll],
        liabilities: [
          buildLiability({ creditorName: 'Tuition', dueDate: '2026-12-03', paymentCents: 300_000 }),
        ],
      }),
    );
    expect(forecast.safeToSpendCents).toBe(250_000);
    expect(forecast.lowestBalanceCents).toBe(150_000);
    expect(forecast.lowestDate).toBe('2026-12-03');
  });

  it('with no next payday, safe to spend looks at the whole horizon', () => {
    const forecast = forecastBalances(
      forecastInput({
        wallets: [checking],
        liabilities: [buildLiability({ dueDate: '2026-12-05', paymentCents: 200_000 })],
      }),
    );
    expect(forecast.nextIncomeDate).toBeNull();
    expect(forecast.safeToSpendCents).toBe(50_000);
  });

  it('when payday is beyond the horizon, safe to spend is the lowest balance of the horizon', () => {
    const monthly = buildIncomeSource({
      nextPmtDate: '2026-11-01',
      paymentCents: 100_000,
      depositedDates: ['2026-11-01'],
    });
    const forecast = forecastBalances(
      forecastInput({ wallets: [checking], incomeSources: [monthly], liabilities: [mortgage], days: 5 }),
    );
    expect(forecast.nextIncomeDate).toBe('2026-12-01');
    expect(forecast.safeToSpendCents).toBe(110_000);
  });

  it('"Can I afford $300 on Friday?": a what-if changes the low point and what is safe', () => {
    const base = forecastInput({
      wallets: [checking],
      incomeSources: [payroll],
      liabilities: [mortgage, phone, streaming],
    });
    const asked = forecastBalances({
      ...base,
      whatIfs: [{ date: '2026-11-27', amountCents: 30_000, description: 'Friday' }],
    });
    expect(asked.lowestBalanceCents).toBe(62_900);
    expect(asked.safeToSpendCents).toBe(62_900);
    const tooMuch = forecastBalances({ ...base, whatIfs: [{ date: '2026-11-27', amountCents: 100_000 }] });
    expect(tooMuch.firstNegativeDate).toBe('2026-11-27');
    expect(tooMuch.safeToSpendCents).toBe(0);
  });
});

describe('limits', () => {
  const request = { today, days: 45, whatIfs: [] };

  it('days from 1 to 366', () => {
    expect(forecastRequestErrors({ ...request, days: 0 })).toEqual({
      days: 'days must be a whole number from 1 to 366',
    });
    expect(forecastRequestErrors({ ...request, days: 367 })).toHaveProperty('days');
    expect(forecastRequestErrors({ ...request, days: 1.5 })).toHaveProperty('days');
    expect(forecastRequestErrors({ ...request, days: 366 })).toEqual({});
    expect(forecastBalances(forecastInput({ days: 1 })).days).toHaveLength(1);
    expect(forecastBalances(forecastInput({ days: 366 })).horizon).toBe('2027-11-22');
  });

  it('at most 20 what-ifs', () => {
    const whatIfs = Array.from({ length: 21 }, () => ({ date: today, amountCents: 100 }));
    expect(forecastRequestErrors({ ...request, whatIfs })).toEqual({
      whatIf: 'At most 20 what-ifs can be asked at once',
    });
    expect(forecastRequestErrors({ ...request, whatIfs: whatIfs.slice(1) })).toEqual({});
  });

  it('each what-if dated from asOf through the horizon, with an amount above 0 and a short description', () => {
    expect(
      forecastRequestErrors({
        ...request,
        whatIfs: [
          { date: '2026-11-21', amountCents: 100 },
          { date: '2027-01-05', amountCents: 0 },
          { date: '2027-01-06', amountCents: -5, description: 'x'.repeat(256) },
        ],
      }),
    ).toEqual({
      'whatIf[0].date': 'A what-if must be dated from 2026-11-22 through 2027-01-05',
      'whatIf[1].amount': 'A what-if amount must be greater than 0',
      'whatIf[2].date': 'A what-if must be dated from 2026-11-22 through 2027-01-05',
      'whatIf[2].amount': 'A what-if amount must be greater than 0',
      'whatIf[2].description': 'A what-if description can have at most 255 characters',
    });
  });

  it('the forecast refuses a request out of limits with the first field at fault', () => {
    expect(() => forecastBalances(forecastInput({ days: 0 }))).toThrow(
      new DomainError('days must be a whole number from 1 to 366', 'days'),
    );
    expect(() =>
      forecastBalances(forecastInput({ whatIfs: [{ date: '2026-12-31', amountCents: 1 }] })),
    ).toThrow(DomainError);
  });
});

// Random households: up to 3 wallets, 4 sources and 8 liabilities around `today`.
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
const todayDay = toDayNumber(today);
const walletIds = ['w0', 'w1', 'w2'];

const householdArbitrary = (namedWallets: boolean) =>
  fc
    .record({
      walletCount: fc.integer({ min: 1, max: 3 }),
      balances: fc.array(fc.integer({ min: -500_000, max: 5_000_000 }), { minLength: 3, maxLength: 3 }),
      days: fc.integer({ min: 1, max: 120 }),
      sources: fc.array(
        fc.record({
          frequency: fc.constantFrom(...incomeFrequencies),
          offset: fc.integer({ min: -60, max: 30 }),
          paymentCents: fc.integer({ min: 1, max: 500_000 }),
          active: fc.boolean(),
          deposited: fc.boolean(),
          wallet: fc.integer({ min: 0, max: 2 }),
        }),
        { maxLength: 4 },
      ),
      liabilities: fc.array(
        fc.record({
          frequency: fc.constantFrom(...expenseFrequencies),
          anchorOffset: fc.integer({ min: -90, max: 0 }),
          dueSteps: fc.integer({ min: 0, max: 4 }),
          paymentCents: fc.integer({ min: 1, max: 300_000 }),
          autoPay: fc.boolean(),
          paid: fc.boolean(),
          cleared: fc.boolean(),
          wallet: fc.integer({ min: 0, max: 2 }),
          paidFrom: fc.integer({ min: 0, max: 2 }),
        }),
        { maxLength: 8 },
      ),
    })
    .map(({ walletCount, balances, days, sources, liabilities }): ForecastInput => {
      const wallets = walletIds
        .slice(0, walletCount)
        .map((id, i) => buildWallet({ id, balanceCents: balances[i] as number, defaultWallet: i === 0 }));
      const walletOf = (index: number) => (namedWallets ? (walletIds[index % walletCount] as string) : null);
      return forecastInput({
        wallets,
        days,
        incomeSources: sources.map((source, i) => {
          const anchor = fromDayNumber(todayDay + source.offset);
          return buildIncomeSource({
            id: `s${i}`,
            sourceName: `Source ${i}`,
            frequency: source.frequency,
            nextPmtDate: anchor,
            biMonthlyPayDate:
              source.frequency === 'TWICE_MONTHLY' ? fromDayNumber(todayDay + source.offset + 10) : null,
            paymentCents: source.paymentCents,
            active: source.active,
            depositedDates: source.deposited ? [anchor] : [],
            walletId: walletOf(source.wallet),
          });
        }),
        liabilities: liabilities.map((liability, i) => {
          const anchorDate = fromDayNumber(todayDay + liability.anchorOffset);
          // The current due date: some steps after the anchor, from the past into the future.
          let dueDate = anchorDate;
          for (let step = 0; step < liability.dueSteps; step += 1) {
            dueDate = nextExpenseDueDate(anchorDate, dueDate, liability.frequency);
          }
          const paid = liability.paid;
          return buildLiability({
            id: `l${i}`,
            creditorName: `Creditor ${i}`,
            frequency: liability.frequency,
            anchorDate,
            dueDate,
            paymentCents: liability.paymentCents,
            autoPay: liability.autoPay,
            currentPaid: paid,
            currentCleared: paid && liability.cleared,
            paidFromWalletId: paid ? walletOf(liability.paidFrom) : null,
            walletId: walletOf(liability.wallet),
          });
        }),
      });
    });

function sumOfEvents(forecast: ReturnType<typeof forecastBalances>): number {
  let total = 0;
  for (const day of forecast.days) for (const event of day.events) total += event.amountCents;
  return total;
}

describe('properties', () => {
  it('the sum of all events equals the last day’s balance minus the start', () => {
    fc.assert(
      fc.property(householdArbitrary(false), (input) => {
        const forecast = forecastBalances(input);
        expect(sumOfEvents(forecast)).toBe(
          (forecast.days.at(-1)?.balanceCents as number) - forecast.startBalanceCents,
        );
        for (const day of forecast.days) {
          expect(day.inflowCents - day.outflowCents).toBe(
            day.events.reduce((total, event) => total + event.amountCents, 0),
          );
        }
      }),
    );
  });

  it('a what-if of X lowers every day from its date by exactly X and never raises safe to spend', () => {
    fc.assert(
      fc.property(
        householdArbitrary(false),
        fc.nat(),
        fc.integer({ min: 1, max: 10_000_000 }),
        (input, dateSeed, amountCents) => {
          const offset = dateSeed % input.days;
          const before = forecastBalances(input);
          const after = forecastBalances({
            ...input,
            whatIfs: [{ date: fromDayNumber(todayDay + offset), amountCents }],
          });
          after.days.forEach((day, index) => {
            const expected =
              (before.days[index]?.balanceCents as number) - (index >= offset ? amountCents : 0);
            expect(day.balanceCents).toBe(expected);
          });
          expect(after.safeToSpendCents).toBeLessThanOrEqual(before.safeToSpendCents);
          expect(after.lowestBalanceCents).toBeLessThanOrEqual(before.lowestBalanceCents);
        },
      ),
    );
  });

  it('per-wallet forecasts of all wallets add up to the all-wallets forecast when every event names a wallet', () => {
    fc.assert(
      fc.property(householdArbitrary(true), (input) => {
        const together = forecastBalances(input);
        const apart = input.wallets.map((wallet) => forecastBalances({ ...input, walletId: wallet.id }));
        expect(apart.reduce((total, forecast) => total + forecast.startBalanceCents, 0)).toBe(
          together.startBalanceCents,
        );
        together.days.forEach((day, index) => {
          const sum = (pick: (d: (typeof together.days)[number]) => number) =>
            apart.reduce((total, forecast) => total + pick(forecast.days[index] as typeof day), 0);
          expect(sum((d) => d.balanceCents)).toBe(day.balanceCents);
          expect(sum((d) => d.inflowCents)).toBe(day.inflowCents);
          expect(sum((d) => d.outflowCents)).toBe(day.outflowCents);
          expect(sum((d) => d.events.length)).toBe(day.events.length);
        });
      }),
    );
  });
});

describe('numbers that agree (the dashboard never contradicts the cash held)', () => {
  const analysisOf = (input: ForecastInput) =>
    analyzeCashFlow({
      today: input.today,
      wallets: input.wallets,
      incomeSources: input.incomeSources,
      liabilities: input.liabilities,
      selectedWalletId: null,
    });
  const households = fc.oneof(householdArbitrary(false), householdArbitrary(true));

  it('all wallets, no what-ifs: start = the available balances, safe to spend = available cash (never below 0), never above the start', () => {
    fc.assert(
      fc.property(households, (input) => {
        const forecast = forecastBalances(input);
        const analysis = analysisOf(input);
        const available = analysis.wallets.reduce((total, wallet) => total + wallet.availableBalanceCents, 0);
        expect(forecast.startBalanceCents).toBe(available);
        expect(forecast.safeToSpendCents).toBe(Math.max(0, analysis.availableCashCents));
        expect(forecast.safeToSpendCents).toBeGreaterThanOrEqual(0);
        expect(forecast.safeToSpendCents).toBeLessThanOrEqual(Math.max(0, forecast.startBalanceCents));
        // Today's balance holds no pay that is not in a wallet: only today's bills move it.
        const today = forecast.days[0] as (typeof forecast.days)[number];
        expect(today.inflowCents).toBe(0);
        expect(today.balanceCents).toBe(forecast.startBalanceCents - today.outflowCents);
        expect(forecast.days.some((day) => day.events.some((event) => event.pending))).toBe(false);
      }),
    );
  });

  it('one wallet: start = its available balance, 0 ≤ safe to spend ≤ max(0, start)', () => {
    fc.assert(
      fc.property(households, fc.nat(), (input, pick) => {
        const wallet = input.wallets[pick % input.wallets.length] as (typeof input.wallets)[number];
        const forecast = forecastBalances({ ...input, walletId: wallet.id });
        const summary = analysisOf(input).wallets.find((candidate) => candidate.walletId === wallet.id);
        expect(forecast.startBalanceCents).toBe(summary?.availableBalanceCents);
        expect(forecast.safeToSpendCents).toBeGreaterThanOrEqual(0);
        expect(forecast.safeToSpendCents).toBeLessThanOrEqual(Math.max(0, forecast.startBalanceCents));
      }),
    );
  });

  it('with what-ifs, in every view: 0 ≤ safe to spend ≤ max(0, start), however few days are drawn', () => {
    fc.assert(
      fc.property(
        households,
        fc.array(fc.record({ offset: fc.nat(), amountCents: fc.integer({ min: 1, max: 5_000_000 }) }), {
          maxLength: 5,
        }),
        fc.option(fc.nat()),
        (input, asks, pick) => {
          const walletId = pick === null ? null : (input.wallets[pick % input.wallets.length]?.id ?? null);
          const whatIfs = asks.map((ask) => ({
            date: fromDayNumber(todayDay + (ask.offset % input.days)),
            amountCents: ask.amountCents,
          }));
          const forecast = forecastBalances({ ...input, walletId, whatIfs });
          expect(forecast.safeToSpendCents).toBeGreaterThanOrEqual(0);
          expect(forecast.safeToSpendCents).toBeLessThanOrEqual(Math.max(0, forecast.startBalanceCents));
          // Safe to spend reads the whole window to payday, not the days drawn.
          const drawnLonger = forecastBalances({ ...input, walletId, whatIfs, days: 366 });
          expect(drawnLonger.safeToSpendCents).toBe(forecast.safeToSpendCents);
        },
      ),
    );
  });
});

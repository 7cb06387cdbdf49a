import fc from 'fast-check';
import { addDays, addMonthsClamped } from '../dates';
import { toDayNumber, weekdayOf } from '../day-numbers';
import {
  amountChangeLine,
  changedAmount,
  defaultDebtType,
  findRecurringStreams,
  payeeKey,
  payeeName,
  suggestRecurring,
  type HistoryRow,
  type PlannedItem,
  type RecurringStream,
} from './index';

const TODAY = '2026-11-27';

function row(date: string, amount: number, description: string, walletId = '1'): HistoryRow {
  return {
    walletId,
    date,
    amountCents: Math.round(amount * 100),
    description,
    liabilityId: null,
    incomeSourceId: null,
  };
}

/** Dates from `first`, `step` days apart, up to `last`. */
function everyDays(first: string, step: number, last = TODAY): string[] {
  const dates: string[] = [];
  for (let date = first; date <= last; date = addDays(date, step)) dates.push(date);
  return dates;
}

/** The same day of each month from `first`, up to `last`. */
function everyMonths(first: string, months = 1, last = TODAY): string[] {
  const dates: string[] = [];
  for (let n = 0; addMonthsClamped(first, n) <= last; n += months) dates.push(addMonthsClamped(first, n));
  return dates;
}

/** A weekend date moved back to the Friday before, as payroll does. */
function backFromWeekend(date: string): string {
  const weekday = weekdayOf(toDayNumber(date));
  return weekday === 6 ? addDays(date, -1) : weekday === 0 ? addDays(date, -2) : date;
}

/** A small deterministic noise source, so the histories look real and stay the same. */
function noise(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

const summary = (stream: RecurringStream) => ({
  name: stream.name,
  kind: stream.kind,
  frequency: stream.frequency,
  status: stream.status,
  amount: stream.amountCents,
  next: stream.nextDate,
});

describe('payee keys', () => {
  it.each([
    ['POS DEBIT CARD 1234 NETFLIX.COM 866-579-7172', 'netflix.com', 'Netflix.com'],
    ['NETFLIX.COM 02/14 #88213', 'netflix.com', 'Netflix.com'],
    ['SQ *BLUE BOTTLE COFFEE 11/02', 'blue bottle coffee', 'Blue Bottle Coffee'],
    ['TST* JOES PIZZA #1234', 'joes pizza', 'Joes Pizza'],
    ['PAYPAL *SPOTIFY REF 88213X1', 'spotify', 'Spotify'],
    ['PURCHASE AUTHORIZED ON 10/14 SHELL OIL 57444 CARD 9911', 'shell oil', 'Shell Oil'],
    ['ACH CREDIT ACME CORP PAYROLL PPD ID: 1234567890', 'acme corp payroll', 'Acme Corp Payroll'],
    ['CHECKCARD 0412 T-MOBILE (800) 937-8997 WA', 't-mobile wa', 'T-Mobile Wa'],
    ['ONLINE TRANSFER TO SAVINGS 4455667788 2026-11-02', 'online transfer to savings 4455667788', null],
    ['TRANSFER FROM 99001122 CONF# 55AB1', 'transfer from 99001122', 'Transfer From 99001122'],
    ['CARD ENDING IN 4411 VISA RECURRING ADOBE', 'adobe', 'Adobe'],
    ['PAYPAL *SPOTIFY P2C8F1', 'spotify', 'Spotify'],
    ['CON EDISON WEB PMT', 'con edison', 'Con Edison'],
    ['ROCKET MORTGAGE PAYMENT', 'rocket mortgage', 'Rocket Mortgage'],
    ['ROUTE66 DINER', 'route66 diner', 'Route66 Diner'],
    ['12345678', '12345678', '12345678'],
  ])('%s → %s', (description, key, name) => {
    expect(payeeKey(description)).toBe(key);
    if (name) expect(payeeName(key)).toBe(name);
  });

  it('keeps a name to 60 characters', () => {
    const name = payeeName('a'.repeat(80));
    expect(name).toHaveLength(60);
    expect(name.endsWith('…')).toBe(true);
  });
});

describe('streams in a history', () => {
  it('finds biweekly Friday pay, its bonus months apart', () => {
    const dates = everyDays('2025-11-07', 14, '2026-11-20');
    const history = dates.map((date, n) =>
      row(date, n % 13 === 6 ? 3225 : 2150, `ACME CORP PAYROLL PPD ID: ${9_000_000 + n}`),
    );
    const streams = findRecurringStreams(history, TODAY);
    expect(streams.map(summary)).toEqual([
      {
        name: 'Acme Corp Payroll',
        kind: 'INCOME',
        frequency: 'BIWEEKLY',
        status: 'MATURE',
        amount: 215_000,
        next: '2026-12-04',
      },
    ]);
    expect(streams[0]?.amountVaries).toBe(false);
    expect(streams[0]?.occurrences).toHaveLength(dates.length - 2);
  });

  it('finds twice-monthly pay moved back from weekends, with its two usual days', () => {
    const dates = everyMonths('2025-12-01').flatMap((first) => [first, addDays(first, 14)]);
    const history = dates
      .filter((date) => date <= TODAY)
      .map((date) => row(backFromWeekend(date), 1875.5, 'DIRECT DEP GLOBEX'));
    const [stream, ...others] = findRecurringStreams(history, TODAY);
    expect(others).toEqual([]);
    expect(stream).toMatchObject({
      frequency: 'TWICE_MONTHLY',
      nextDate: '2026-12-01',
      secondDate: '2026-12-15',
      lastDate: '2026-11-13',
      status: 'MATURE',
    });
  });

  it('finds yearly and quarterly bills from few rows', () => {
    const history = [
      row('2025-03-10', -139, 'AMAZON PRIME*2K4LL0'),
      row('2026-03-08', -139, 'AMAZON PRIME*8J2PQ1'),
      ...everyMonths('2025-01-15', 3).map((date) => row(date, -64.2, 'CITY WATER UTIL')),
      row('2025-06-01', -600, 'STATE FARM INSURANCE'),
      row('2025-12-02', -600, 'STATE FARM INSURANCE'),
      row('2026-06-01', -600, 'STATE FARM INSURANCE'),
    ];
    expect(findRecurringStreams(history, TODAY).map(summary)).toEqual([
      {
        name: 'Amazon Prime',
        kind: 'BILL',
        frequency: 'YEARLY',
        status: 'MATURE',
        amount: 13_900,
        next: '2027-03-08',
      },
      {
        name: 'City Water Util',
        kind: 'BILL',
        frequency: 'QUARTERLY',
        status: 'MATURE',
        amount: 6420,
        next: '2027-01-15',
      },
      {
        name: 'State Farm Insurance',
        kind: 'BILL',
        frequency: 'TWICE_YEARLY',
        status: 'MATURE',
        amount: 60_000,
        next: '2026-12-01',
      },
    ]);
  });

  it('finds a utility whose amount varies, and says so', () => {
    const random = noise(7);
    const history = everyMonths('2025-11-22').map((date) =>
      row(
        addDays(date, Math.floor(random() * 5) - 2),
        -(90 + Math.round(random() * 30)),
        'CON EDISON WEB PMT',
      ),
    );
    const [stream] = findRecurringStreams(history, TODAY);
    expect(stream).toMatchObject({ frequency: 'MONTHLY', amountVaries: true, status: 'MATURE' });
    expect(stream?.averageCents).toBeGreaterThan(9000);
    expect(stream?.nextDate).toMatch(/^2026-12-2\d$/);
  });

  it('reads a coffee habit as no stream at all', () => {
    const random = noise(3);
    const history = everyDays('2026-06-01', 1)
      .filter((date) => [1, 3, 5].includes(weekdayOf(toDayNumber(date))))
      .map((date, n) => row(date, -(4.5 + (random() > 0.5 ? 1 : 0)), `SQ *BLUE BOTTLE ${n}`));
    expect(findRecurringStreams(history, TODAY)).toEqual([]);
  });

  it("finds a store's yearly membership among its random shopping", () => {
    const random = noise(11);
    const shopping = everyDays('2025-11-03', 16).map((date) =>
      row(date, -(40 + Math.round(random() * 160)), 'COSTCO WHSE #0123'),
    );
    const history = [
      ...shopping,
      row('2025-12-01', -65, 'COSTCO WHSE #0123'),
      row('2026-11-30', -65, 'COSTCO WHSE #0777'),
    ];
    const streams = findRecurringStreams(history, '2026-12-02');
    expect(streams.map(summary)).toEqual([
      {
        name: 'Costco Whse',
        kind: 'BILL',
        frequency: 'YEARLY',
        status: 'MATURE',
        amount: 6500,
        next: '2027-11-30',
      },
    ]);
  });

  it('tells one payee’s two subscriptions apart', () => {
    const history = everyMonths('2026-02-05').flatMap((date) => [
      row(date, -0.99, 'APPLE.COM/BILL 866-712-7753'),
      row(addDays(date, 3), -9.99, 'APPLE.COM/BILL 866-712-7753'),
    ]);
    expect(
      findRecurringStreams(history, TODAY).map((stream) => [
        stream.amountCents,
        stream.frequency,
        stream.nextDate,
      ]),
    ).toEqual([
      [99, 'MONTHLY', '2026-12-05'],
      [999, 'MONTHLY', '2026-12-08'],
    ]);
  });

  it('leaves out a cancelled gym, transfers between own wallets, and rows of no money', () => {
    const history = [
      ...everyMonths('2025-09-03', 1, '2026-06-03').map((date) => row(date, -39.99, 'PLANET FITNESS')),
      ...everyMonths('2026-01-28').flatMap((date) => [
        row(date, -500, 'ONLINE TRANSFER TO SAV 7788', '1'),
        row(addDays(date, 1), 500, 'ONLINE TRANSFER FROM CHK 1122', '2'),
      ]),
      ...everyMonths('2026-01-10').map((date) => row(date, 0, 'ZERO FEE')),
    ];
    expect(findRecurringStreams(history, TODAY)).toEqual([]);
  });

  it('groups rows whose descriptions differ only in card noise, and keeps what the bank wrote', () => {
    const history = everyMonths('2026-04-14').map((date, n) =>
      row(
        date,
        -15.49,
        `POS DEBIT CARD ${1000 + n} NETFLIX.COM 866-579-7172 ${date.slice(5, 7)}/${date.slice(8)}`,
      ),
    );
    const [stream] = findRecurringStreams(history, TODAY);
    expect(stream?.name).toBe('Netflix.com');
    expect(stream?.occurrences[0]).toEqual({
      date: '2026-04-14',
      amountCents: 1549,
      description: 'POS DEBIT CARD 1000 NETFLIX.COM 866-579-7172 04/14',
    });
  });

  it('finds a yearly premium that rose 3.9% from one year to the next, but not a monthly bill that rose as much', () => {
    const premium = [
      row('2025-12-01', -1236, 'GEICO AUTO POLICY'),
      row('2026-11-30', -1284, 'GEICO AUTO POLICY'),
    ];
    expect(findRecurringStreams(premium, TODAY).map(summary)).toEqual([
      {
        name: 'Geico Auto Policy',
        kind: 'BILL',
        frequency: 'YEARLY',
        status: 'MATURE',
        amount: 128_400,
        next: '2027-11-30',
      },
    ]);
    const monthly = [row('2026-10-02', -12.36, 'HULU'), row('2026-11-02', -12.84, 'HULU')];
    expect(findRecurringStreams(monthly, TODAY)).toEqual([]);
  });

  it('reads two agreeing payments as EARLY, and two that disagree as nothing', () => {
    const early = [row('2026-10-02', -12.99, 'HULU'), row('2026-11-02', -12.99, 'HULU')];
    expect(findRecurringStreams(early, TODAY).map(summary)).toEqual([
      { name: 'Hulu', kind: 'BILL', frequency: 'MONTHLY', status: 'EARLY', amount: 1299, next: '2026-12-02' },
    ]);
    const disagree = [row('2026-10-02', -12.99, 'HULU'), row('2026-11-02', -13.99, 'HULU')];
    expect(findRecurringStreams(disagree, TODAY)).toEqual([]);
  });

  it('finds weekly rows and reads a month with a missed payment as one miss', () => {
    const weekly = everyDays('2026-09-04', 7).map((date) => row(date, 300, 'UBER DRIVER PAYOUT'));
    const [stream] = findRecurringStreams(weekly, TODAY);
    expect(stream).toMatchObject({ frequency: 'WEEKLY', nextDate: '2026-12-04' });

    const rent = everyMonths('2026-01-01')
      .filter((date) => date !== '2026-06-01')
      .map((date) => row(date, -1450, 'ZELLE TO LANDLORD'));
    expect(findRecurringStreams(rent, TODAY)[0]).toMatchObject({
      frequency: 'MONTHLY',
      nextDate: '2026-12-01',
    });
    expect(findRecurringStreams(rent.slice(0, 2), TODAY)).toEqual([]);
  });

  it('finds bimonthly bills and months read with their last day as one', () => {
    const bimonthly = everyMonths('2025-11-20', 2).map((date) => row(date, -88, 'SEWER DISTRICT'));
    expect(findRecurringStreams(bimonthly, TODAY)[0]).toMatchObject({
      frequency: 'BIMONTHLY',
      nextDate: '2027-01-20',
    });
    const monthEnd = everyMonths('2026-01-31').map((date) => row(date, -1200, 'MORTGAGE LOAN SVC'));
    expect(findRecurringStreams(monthEnd, TODAY)[0]).toMatchObject({
      frequency: 'MONTHLY',
      nextDate: '2026-11-30',
    });
  });

  it('records the bills and pay its rows were matched to', () => {
    const history = everyMonths('2026-05-03').map((date) => ({
      ...row(date, -49.99, 'VERIZON WIRELESS'),
      liabilityId: date > '2026-09-01' ? '12' : null,
    }));
    const pay = everyDays('2026-08-07', 14).map((date) => ({
      ...row(date, 900, 'PAYROLL'),
      incomeSourceId: '4',
    }));
    const streams = findRecurringStreams([...history, ...pay], TODAY);
    expect(streams.map((stream) => [stream.matchedLiabilityIds, stream.matchedIncomeSourceIds])).toEqual([
      [['12'], []],
      [[], ['4']],
    ]);
  });
});

describe('what is suggested', () => {
  const netflix = everyMonths('2026-05-14').map((date) => row(date, -15.49, 'NETFLIX.COM'));
  const [stream] = findRecurringStreams(netflix, TODAY) as [RecurringStream];
  const bill = (overrides: Partial<PlannedItem>): PlannedItem => ({
    id: '1',
    kind: 'BILL',
    name: 'Netflix',
    frequency: 'MONTHLY',
    amountCents: 1549,
    active: true,
    payeeKey: null,
    ...overrides,
  });

  it('leaves out streams already in the plan', () => {
    expect(suggestRecurring([stream], [bill({})], [])).toEqual([]);
    expect(suggestRecurring([stream], [bill({ name: 'Streaming', payeeKey: 'netflix.com' })], [])).toEqual(
      [],
    );
    expect(suggestRecurring([{ ...stream, matchedLiabilityIds: ['1'] }], [bill({ name: 'TV' })], [])).toEqual(
      [],
    );
    for (const other of [
      bill({ amountCents: 1800 }),
      bill({ frequency: 'YEARLY' }),
      bill({ active: false }),
      bill({ kind: 'INCOME' }),
      bill({ name: '' }),
    ]) {
      expect(suggestRecurring([stream], [other], [])).toEqual([stream]);
    }
  });

  it('leaves out a dismissed payee until its amount moves more than 25%', () => {
    const dismissed = { walletId: '1', kind: 'BILL' as const, payeeKey: 'netflix.com', amountCents: 1549 };
    expect(suggestRecurring([stream], [], [dismissed])).toEqual([]);
    expect(suggestRecurring([{ ...stream, amountCents: 1999 }], [], [dismissed])).toHaveLength(1);
    expect(suggestRecurring([stream], [], [{ ...dismissed, walletId: '2' }])).toHaveLength(1);
  });

  it('lists sure streams first, then by next date', () => {
    const early = { ...stream, key: 'b', status: 'EARLY' as const, nextDate: '2026-12-01' };
    const later = { ...stream, key: 'c', nextDate: '2026-12-20' };
    const sooner = { ...stream, key: 'a', nextDate: '2026-12-02' };
    const twin = { ...stream, key: 'd', nextDate: '2026-12-02' };
    expect(suggestRecurring([early, later, twin, sooner], [], []).map((s) => s.key)).toEqual([
      'a',
      'd',
      'c',
      'b',
    ]);
  });

  it('makes a bill of up to $100 a month a subscription, and a larger one a misc bill', () => {
    expect(defaultDebtType({ amountCents: 10_000, frequency: 'MONTHLY' })).toBe('SUBSCRIPTION');
    expect(defaultDebtType({ amountCents: 10_001, frequency: 'MONTHLY' })).toBe('MISC_BILL');
    expect(defaultDebtType({ amountCents: 120_000, frequency: 'YEARLY' })).toBe('SUBSCRIPTION');
    expect(defaultDebtType({ amountCents: 5_000, frequency: 'WEEKLY' })).toBe('MISC_BILL');
  });
});

describe('properties', () => {
  const random = noise(5);
  const base: HistoryRow[] = [
    ...everyDays('2025-11-07', 14).map((date) => row(date, 2150, 'ACME PAYROLL')),
    ...everyMonths('2025-12-03').map((date) => row(date, -15.49, 'NETFLIX.COM')),
    ...everyMonths('2025-12-20').map((date) => row(date, -(80 + Math.round(random() * 20)), 'CON EDISON')),
    row('2025-12-10', -139, 'AMAZON PRIME'),
    ...everyMonths('2026-01-01').map((date) => row(date, -1450, 'RENT', '2')),
  ];
  const expected = findRecurringStreams(base, TODAY);

  it('has streams to compare', () => {
    expect(expected.length).toBe(4);
  });

  it('gives the same streams whatever the order of the rows', () => {
    fc.assert(
      fc.property(fc.shuffledSubarray(base, { minLength: base.length }), (shuffled) => {
        expect(findRecurringStreams(shuffled, TODAY)).toEqual(expected);
      }),
      { seed: 42, numRuns: 50 },
    );
  });

  it('gives the same streams when unrelated rows are added', () => {
    const unrelated = fc.record({
      walletId: fc.constantFrom('1', '2', '3'),
      date: fc.integer({ min: 0, max: 390 }).map((n) => addDays('2025-11-01', n)),
      amountCents: fc.integer({ min: -90_000, max: 90_000 }).filter((n) => n % 7 === 3),
      description: fc.constantFrom('TARGET', 'SHELL OIL', 'CVS PHARMACY', 'VENMO CASHOUT', 'ATM WITHDRAWAL'),
      liabilityId: fc.constant(null),
      incomeSourceId: fc.constant(null),
    });
    fc.assert(
      fc.property(fc.array(unrelated, { maxLength: 80 }), (extra) => {
        expect(findRecurringStreams([...extra, ...base], TODAY)).toEqual(expected);
      }),
      { seed: 42, numRuns: 50 },
    );
  });
});

describe('amount changes', () => {
  it('needs two payments that agree within a cent, at least 1% away from the plan', () => {
    expect(changedAmount(1549, 1799, 1799)).toBe(1799);
    expect(changedAmount(1549, 1799, 1798)).toBe(1799);
    expect(changedAmount(1549, 1799, 1797)).toBeNull();
    expect(changedAmount(10_000, 10_100, 10_100)).toBe(10_100);
    expect(changedAmount(10_000, 10_099, 10_099)).toBeNull();
    expect(changedAmount(10_000, 9_900, 9_900)).toBe(9_900);
  });

  it('reads as a person says it', () => {
    expect(amountChangeLine('Netflix', 1549, 1799)).toBe('Netflix went up: $15.49 → $17.99');
    expect(amountChangeLine('Acme pay', 210_000, 198_050)).toBe('Acme pay went down: $2,100.00 → $1,980.50');
  });
});

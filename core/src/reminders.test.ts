import {
  billOccurrenceKey,
  calendarEvents,
  planReminders,
  REMINDER_DEFAULTS,
  reminderSettingsErrors,
  unsettledOccurrencesBetween,
  type ReminderPlanInput,
} from './reminders';
import { buildIncomeSource, buildLiability, buildWallet } from './testing/factories';

// docs/product-rules.md §7-§8's example: Sun Nov 22 2026, bi-weekly $2,000 paid Wed Nov 18 (next Wed Dec 2).
const today = '2026-11-22';
const payroll = buildIncomeSource({
  id: '7',
  sourceName: 'Acme Payroll',
  frequency: 'BIWEEKLY',
  nextPmtDate: '2026-11-18',
  paymentCents: 200_000,
});
const mortgage = buildLiability({
  id: '1',
  creditorName: 'Mortgage',
  dueDate: '2026-11-24',
  paymentCents: 140_000,
});
const phone = buildLiability({ id: '2', creditorName: 'Phone', dueDate: '2026-11-27', paymentCents: 15_000 });
const streaming = buildLiability({
  id: '3',
  creditorName: 'Streaming',
  dueDate: '2026-11-30',
  paymentCents: 2_100,
});
const checking = buildWallet({ id: '9', walletName: 'Checking', balanceCents: 250_000, defaultWallet: true });

function plan(overrides: Partial<ReminderPlanInput> = {}) {
  return planReminders({
    today,
    settings: REMINDER_DEFAULTS,
    wallets: [checking],
    incomeSources: [payroll],
    liabilities: [mortgage, phone, streaming],
    alreadyReminded: new Set(),
    ...overrides,
  });
}

describe('reminder settings', () => {
  it('accepts lead days 0..14 and hours 0..23', () => {
    expect(reminderSettingsErrors({ ...REMINDER_DEFAULTS, billLeadDays: 0, sendHour: 0 })).toEqual({});
    expect(reminderSettingsErrors({ ...REMINDER_DEFAULTS, billLeadDays: 14, sendHour: 23 })).toEqual({});
  });
  it('refuses out-of-range or fractional values with a message per field', () => {
    expect(reminderSettingsErrors({ ...REMINDER_DEFAULTS, billLeadDays: 15, sendHour: 24 })).toEqual({
      billLeadDays: 'Choose from 0 to 14 days',
      sendHour: 'Choose an hour from 0 to 23',
    });
    expect(reminderSettingsErrors({ ...REMINDER_DEFAULTS, billLeadDays: -1, sendHour: 1.5 })).toEqual({
      billLeadDays: 'Choose from 0 to 14 days',
      sendHour: 'Choose an hour from 0 to 23',
    });
  });
});

describe('bills due soon', () => {
  it('lists unsettled occurrences due from today through today + lead days', () => {
    expect(plan().billsDueSoon.map((bill) => [bill.creditorName, bill.dueDate])).toEqual([
      ['Mortgage', '2026-11-24'],
    ]);
    const week = plan({ settings: { ...REMINDER_DEFAULTS, billLeadDays: 8 } });
    expect(week.billsDueSoon.map((bill) => bill.creditorName)).toEqual(['Mortgage', 'Phone', 'Streaming']);
  });

  it('reminds each occurrence once, and projected occurrences too', () => {
    const weekly = buildLiability({
      id: '4',
      creditorName: 'Gym',
      frequency: 'WEEKLY',
      dueDate: '2026-11-20',
    });
    const first = plan({ liabilities: [weekly], settings: { ...REMINDER_DEFAULTS, billLeadDays: 7 } });
    expect(first.billsDueSoon.map((bill) => bill.dueDate)).toEqual(['2026-11-27']);
    const again = plan({
      liabilities: [weekly],
      settings: { ...REMINDER_DEFAULTS, billLeadDays: 7 },
      alreadyReminded: new Set(first.billsDueSoon.map(billOccurrenceKey)),
    });
    expect(again.billsDueSoon).toEqual([]);
  });

  it('leaves out a current occurrence already marked paid, and everything when turned off', () => {
    const paid = { ...mortgage, currentPaid: true };
    expect(plan({ liabilities: [paid] }).billsDueSoon).toEqual([]);
    expect(plan({ settings: { ...REMINDER_DEFAULTS, billReminders: false } }).billsDueSoon).toEqual([]);
  });
});

describe('past due', () => {
  it('names unpaid occurrences due yesterday, not auto-paid or paid ones, nor older ones', () => {
    const late = buildLiability({
      id: '5',
      creditorName: 'Power',
      dueDate: '2026-11-21',
      paymentCents: 9_000,
    });
    const older = buildLiability({ id: '6', creditorName: 'Water', dueDate: '2026-11-20' });
    const auto = buildLiability({ id: '7', creditorName: 'Insurance', dueDate: '2026-11-21', autoPay: true });
    const paid = buildLiability({ id: '8', creditorName: 'Card', dueDate: '2026-11-21', currentPaid: true });
    const result = plan({ liabilities: [late, older, auto, paid] });
    expect(result.pastDue.map((bill) => bill.creditorName)).toEqual(['Power']);
    expect(
      plan({ liabilities: [late], settings: { ...REMINDER_DEFAULTS, pastDueNotices: false } }).pastDue,
    ).toEqual([]);
  });
});

describe('payday digest', () => {
  it('comes only on a pay date of an active source', () => {
    expect(plan().payday).toBeNull();
    expect(plan({ today: '2026-12-02', incomeSources: [{ ...payroll, active: false }] }).payday).toBeNull();
  });

  it('carries the pay, the bills before the next payday, the true net income and the lowest balance', () => {
    const digest = plan({ today: '2026-11-18' }).payday;
    expect(digest).toMatchObject({
      pay: [{ incomeSourceId: '7', sourceName: 'Acme Payroll', amountCents: 200_000 }],
      payTotalCents: 200_000,
      nextIncomeDate: '2026-12-02',
      billsTotalCents: 157_100,
      netIncomeThisPeriodCents: 42_900,
    });
    expect(digest?.bills.map((bill) => bill.creditorName)).toEqual(['Mortgage', 'Phone', 'Streaming']);
    // 2,500 − the three bills (today's pay is not in a wallet until deposited): the lowest is after Nov 30.
    expect(digest?.lowestBalanceCents).toBe(92_900);
    expect(digest).toMatchObject({
      setAsideFrequencies: [],
      netIncomeAfterSetAsideCents: 42_900,
      heldForBillsCents: 0,
    });
  });

  it('carries the bills that come less often as the hero says them', () => {
    const insurance = buildLiability({
      id: '9',
      creditorName: 'Car insurance',
      frequency: 'YEARLY',
      anchorDate: '2027-03-01',
      dueDate: '2027-03-01',
      paymentCents: 120_000,
    });
    const digest = plan({ today: '2026-11-18', liabilities: [mortgage, phone, streaming, insurance] }).payday;
    // Nov 18 to Dec 2: 14 days of a 365-day interval, $46.03.
    expect(digest).toMatchObject({
      setAsideFrequencies: ['YEARLY'],
      netIncomeAfterSetAsideCents: 42_900 - 4_603,
    });
  });
});

describe('payday digest with two sources', () => {
  it('lists every active source paying today, by name, and totals them', () => {
    const bonus = buildIncomeSource({
      id: '8',
      sourceName: 'Side Gig',
      frequency: 'WEEKLY',
      nextPmtDate: '2026-11-11',
      paymentCents: 10_000,
    });
    const digest = plan({ today: '2026-11-18', incomeSources: [bonus, payroll] }).payday;
    expect(digest?.pay.map((item) => item.sourceName)).toEqual(['Acme Payroll', 'Side Gig']);
    expect(digest?.payTotalCents).toBe(210_000);
  });
});

describe('calendar events', () => {
  const events = calendarEvents({
    today,
    liabilities: [{ ...mortgage, anchorDate: '2026-09-24' }],
    incomeSources: [payroll],
    includeAmounts: true,
  });

  it('has stable UIDs, one event per bill occurrence and pay date from 30 days back to 12 months ahead', () => {
    const bills = events.filter((event) => event.kind === 'BILL');
    expect(bills[0]).toEqual({
      uid: 'bill-1-20261024@truenet',
      date: '2026-10-24',
      summary: 'Mortgage paid $1,400.00',
      kind: 'BILL',
    });
    expect(bills[1]).toMatchObject({ uid: 'bill-1-20261124@truenet', summary: 'Mortgage due $1,400.00' });
    expect(bills.at(-1)?.date).toBe('2027-10-24');
    expect(bills).toHaveLength(13);
    const pays = events.filter((event) => event.kind === 'PAYDAY');
    expect(pays[0]).toEqual({
      uid: 'pay-7-20261104@truenet',
      date: '2026-11-04',
      summary: 'Payday: Acme Payroll $2,000.00',
      kind: 'PAYDAY',
    });
    expect(pays.at(-1)?.date).toBe('2027-11-17');
  });

  it('leaves the amounts out when asked, and inactive sources out', () => {
    const bare = calendarEvents({
      today,
      liabilities: [mortgage],
      incomeSources: [payroll, { ...payroll, id: '8', active: false }],
      includeAmounts: false,
    });
    expect(bare.find((event) => event.kind === 'BILL')?.summary).toBe('Mortgage due');
    expect(new Set(bare.filter((event) => event.kind === 'PAYDAY').map((event) => event.summary))).toEqual(
      new Set(['Payday: Acme Payroll']),
    );
    expect(bare.some((event) => event.uid.startsWith('pay-8-'))).toBe(false);
  });

  it('marks settled occurrences of the payment history paid at the amount paid, and leaves skipped ones out', () => {
    const liabilities = [{ ...mortgage, anchorDate: '2026-08-24' }];
    const paid = calendarEvents({
      today: '2026-11-22',
      liabilities: [{ ...mortgage, anchorDate: '2026-09-24' }],
      incomeSources: [],
      includeAmounts: true,
      history: [{ liabilityId: '1', dueDate: '2026-10-24', kind: 'PAID', amountCents: 139_000 }],
    });
    expect(paid[0]?.summary).toBe('Mortgage paid $1,390.00');
    const skipped = calendarEvents({
      today: '2026-11-22',
      liabilities,
      incomeSources: [],
      includeAmounts: true,
      history: [{ liabilityId: '1', dueDate: '2026-10-24', kind: 'SKIPPED', amountCents: 0 }],
    });
    expect(skipped.map((event) => event.date)).not.toContain('2026-10-24');
    expect(skipped[0]?.date).toBe('2026-11-24');
  });
});

describe('unsettled occurrences', () => {
  it('starts at the current due date, even when it is before the window', () => {
    const late = buildLiability({ id: '1', dueDate: '2026-10-01', frequency: 'MONTHLY' });
    expect(unsettledOccurrencesBetween([late], '2026-11-01', '2026-12-01').map((o) => o.dueDate)).toEqual([
      '2026-11-01',
      '2026-12-01',
    ]);
  });
});

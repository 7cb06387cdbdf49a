import fc from 'fast-check';
import { analyzeCashFlow } from './analysis';
import { addDays, addMonthsClamped } from './dates';
import { lessOftenKinds, lessOftenWord, setAsideFor, setAsideSentence } from './set-aside';
import { buildAnalysisInput, buildIncomeSource, buildLiability, buildWallet } from './testing/factories';

const insurance = (dueDate: string) =>
  buildLiability({
    creditorName: 'Car insurance',
    debtType: 'INSURANCE',
    frequency: 'YEARLY',
    anchorDate: '2025-12-10',
    dueDate,
    paymentCents: 120_000,
  });

describe('set aside for the bills that come less often, worked by hand', () => {
  it('counts a yearly bill as its share in the period it falls in, not as a lump', () => {
    // Biweekly pay of $2,000 on Nov 27 and Dec 11; the $1,200 insurance is due Dec 10; a $50 phone too.
    const analysis = analyzeCashFlow(
      buildAnalysisInput({
        today: '2026-12-01',
        wallets: [buildWallet({ defaultWallet: true })],
        incomeSources: [
          buildIncomeSource({ frequency: 'BIWEEKLY', nextPmtDate: '2026-11-27', paymentCents: 200_000 }),
        ],
        liabilities: [
          insurance('2026-12-10'),
          buildLiability({
            creditorName: 'Phone',
            debtType: 'MOBILE_PHONE',
            dueDate: '2026-12-05',
            paymentCents: 5_000,
          }),
        ],
      }),
    );
    // $1,200 × 14 days / 365 days = $46.027 → $46.03; held by Dec 1: × 356 / 365 = $1,170.41.
    expect(analysis.setAsideBills).toEqual([
      {
        liabilityId: expect.any(String),
        name: 'Car insurance',
        frequency: 'YEARLY',
        nextDueDate: '2026-12-10',
        paymentCents: 120_000,
        shareThisPeriodCents: 4_603,
        heldNowCents: 117_041,
      },
    ]);
    expect(analysis.netIncomeThisPeriodCents).toBe(200_000 - 120_000 - 5_000);
    expect(analysis.setAsideThisPeriodCents).toBe(4_603);
    expect(analysis.netIncomeAfterSetAsideCents).toBe(200_000 - 5_000 - 4_603);
    expect(analysis.heldForBillsCents).toBe(117_041);
  });

  it('keeps counting the share in the period just after, and starts holding again', () => {
    // Paid on Dec 10: next due Dec 10, 2027. Period Dec 11 to Dec 25; today Dec 12.
    const setAside = setAsideFor([insurance('2027-12-10')], '2026-12-11', '2026-12-25', '2026-12-12');
    // × 14 / 365 = $46.03 again; held: × 2 / 365 = $6.5753 → $6.58.
    expect(setAside.bills[0]).toMatchObject({ shareThisPeriodCents: 4_603, heldNowCents: 658 });
  });

  it("steps a quarterly bill due on the 31st back through the months' own ends", () => {
    const quarterly = (dueDate: string) =>
      buildLiability({ frequency: 'QUARTERLY', anchorDate: '2026-01-31', dueDate, paymentCents: 30_000 });
    // Apr 30 (clamped) back to Jan 31: 89 days; $300 × 14 / 89 = $47.191 → $47.19.
    expect(
      setAsideFor([quarterly('2026-04-30')], '2026-04-01', '2026-04-15', '2026-04-01').bills[0],
    ).toMatchObject({
      shareThisPeriodCents: 4_719,
      heldNowCents: Math.round((30_000 * 60) / 89),
    });
    // Oct 31 back to Jul 31: 92 days; $300 × 14 / 92 = $45.652 → $45.65.
    expect(
      setAsideFor([quarterly('2026-10-31')], '2026-10-01', '2026-10-15', '2026-10-01').bills[0],
    ).toMatchObject({
      shareThisPeriodCents: 4_565,
    });
  });

  it('holds at most the payment for a bill past due, and sets nothing aside without a next payday', () => {
    const late = setAsideFor([insurance('2026-12-10')], '2026-12-11', null, '2026-12-20');
    expect(late.bills[0]).toMatchObject({ shareThisPeriodCents: 0, heldNowCents: 120_000 });
    expect(late.setAsideThisPeriodCents).toBe(0);
    expect(
      setAsideFor([buildLiability({ frequency: 'MONTHLY' })], '2026-03-01', '2026-03-15', '2026-03-02').bills,
    ).toEqual([]);
  });

  it('adds up over a year of pay periods to the bills, within a cent a period', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('BIMONTHLY', 'QUARTERLY', 'TWICE_YEARLY', 'YEARLY' as const),
        fc.integer({ min: 1, max: 500_000 }),
        fc.integer({ min: 0, max: 400 }),
        fc.constantFrom(7, 14, 15, 30),
        (frequency, paymentCents, offset, step) => {
          const anchor = addDays('2025-01-01', offset);
          const months = { BIMONTHLY: 2, QUARTERLY: 3, TWICE_YEARLY: 6, YEARLY: 12 }[frequency];
          const due = addMonthsClamped(anchor, months);
          const bill = buildLiability({ frequency, anchorDate: anchor, dueDate: due, paymentCents });
          // Pay periods that cover the bill's interval exactly, from its previous due date to the next.
          let total = 0;
          let periods = 0;
          for (let start = anchor; start < due; start = addDays(start, step)) {
            const end = addDays(start, step) < due ? addDays(start, step) : due;
            total += setAsideFor([bill], start, end, start).setAsideThisPeriodCents;
            periods += 1;
          }
          expect(Math.abs(total - paymentCents)).toBeLessThanOrEqual(periods);
        },
      ),
    );
  });
});

describe('the words for the bills set aside', () => {
  it('names the kinds, longest first', () => {
    expect(lessOftenKinds(['YEARLY'])).toBe('yearly bill');
    expect(lessOftenWord('MONTHLY')).toBe('monthly');
    expect(lessOftenKinds(['QUARTERLY', 'YEARLY'])).toBe('yearly and quarterly bills');
    expect(lessOftenKinds(['BIMONTHLY', 'QUARTERLY', 'TWICE_YEARLY'])).toBe(
      'twice-yearly, quarterly and every-two-months bills',
    );
    expect(setAsideSentence(['YEARLY', 'YEARLY'])).toBe(
      'Counting your yearly bills as a share of each period',
    );
  });
});

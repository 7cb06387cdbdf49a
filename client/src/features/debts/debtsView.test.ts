import { print } from 'graphql';
import { DashboardAheadDocument, DashboardFirstScreenDocument } from '../../gql/graphql';
import { monthName, planSentence, shortMonth, STARTING_STRATEGY } from './debtsView';

describe('the debt plan in words', () => {
  it('names months as people say them', () => {
    expect([monthName('2029-03'), monthName('2027-12'), shortMonth('2029-03')]).toEqual([
      'March 2029',
      'December 2027',
      'Mar 2029',
    ]);
  });

  it('answers in one sentence, with what it saves against the minimums', () => {
    const plan = {
      debtFreeMonth: '2029-03',
      totalInterest: 3210.4,
      interestSavedVsMinimums: 1140,
      monthsSavedVsMinimums: 9,
    };
    expect(planSentence(plan)).toBe(
      'Debt-free by March 2029: $3,210 of interest, $1,140 less and 9 months sooner than the minimums',
    );
    expect(planSentence({ ...plan, interestSavedVsMinimums: 0, monthsSavedVsMinimums: 1 })).toBe(
      'Debt-free by March 2029: $3,210 of interest, 1 month sooner than the minimums',
    );
    expect(planSentence({ ...plan, interestSavedVsMinimums: 0, monthsSavedVsMinimums: 0 })).toBe(
      'Debt-free by March 2029: $3,210 of interest',
    );
    expect(planSentence({ ...plan, debtFreeMonth: null })).toBe(
      'At these payments a debt is never paid off: raise its payment or add an extra a month.',
    );
  });
});

describe("the hero's plan", () => {
  it("is the plan the Debts section opens on, in the first screen and in the hero's query alike", () => {
    const asked = `debtPlan(strategy: ${STARTING_STRATEGY}, timeZone: $timeZone)`;
    expect(print(DashboardAheadDocument)).toContain(asked);
    expect(print(DashboardFirstScreenDocument)).toContain(asked);
  });
});

import type { TestApp } from '../../test/harness';
import {
  addIncomeSource,
  addLiability,
  addWallet,
  newUser,
  ok,
  startFinanceApp,
  ZONE,
} from '../../test/finance';

/** Set aside for the bills that come less often (docs/product-rules.md §23), through the API. */

let t: TestApp;
beforeAll(async () => {
  t = await startFinanceApp();
});
afterAll(() => t.close());

it('answers true net income with the yearly bill as its share, beside the seed figure, and what is held for it', async () => {
  const user = await newUser(t);
  await addWallet(t, user, 'Checking', 2500);
  // Biweekly pay of $2,000, last on Fri Nov 13, next on Nov 27: a 14-day period around Mon Nov 16.
  await addIncomeSource(t, user, {
    incomeFrequency: 'BIWEEKLY',
    nextPmtDate: '2026-11-13',
    paymentAmount: 2000,
  });
  await addLiability(t, user, {
    creditorName: 'Car insurance',
    debtType: 'INSURANCE',
    frequency: 'YEARLY',
    dueDate: '2026-11-20',
    payment: 1200,
  });
  await addLiability(t, user, {
    creditorName: 'Phone',
    debtType: 'MOBILE_PHONE',
    dueDate: '2026-11-25',
    payment: 50,
  });
  const { cashFlowAnalysis } = ok(
    await t.gql<{ cashFlowAnalysis: Record<string, unknown> }>(
      `query($timeZone: String) { cashFlowAnalysis(timeZone: $timeZone) {
         netIncomeThisPeriod netIncomeAfterSetAside setAsideThisPeriod heldForBills
         setAsideBills { name frequency nextDueDate payment shareThisPeriod heldNow } } }`,
      { timeZone: ZONE },
      { token: user.token },
    ),
  );
  // $1,200 × 14 / 365 = $46.03; held by Nov 16: × 361 / 365 = $1,186.85.
  expect(cashFlowAnalysis).toEqual({
    netIncomeThisPeriod: 750,
    netIncomeAfterSetAside: 1903.97,
    setAsideThisPeriod: 46.03,
    heldForBills: 1186.85,
    setAsideBills: [
      {
        name: 'Car insurance',
        frequency: 'YEARLY',
        nextDueDate: '2026-11-20',
        payment: 1200,
        shareThisPeriod: 46.03,
        heldNow: 1186.85,
      },
    ],
  });
});

import { planDebtPayoff } from '@truenet/core';
import { queryOne } from '../../db/sql';
import {
  addLiability,
  errorCode,
  newUser,
  ok,
  startFinanceApp,
  ZONE,
  type TestUser,
} from '../../test/finance';
import type { TestApp } from '../../test/harness';
import { DEBT_PLAN_MESSAGES } from './debts.service';

/**
 * The debt payoff plan over the API (product rules, "Debts: a payoff plan"): a household's debts with
 * their APRs, planned by core from the month after the person's today, and every bad input refused
 * before anything is computed.
 */
const PLAN = `query ($strategy: DebtStrategy!, $extra: Money, $order: [ID!]) {
  debtPlan(strategy: $strategy, extraPayment: $extra, order: $order, timeZone: "${ZONE}") {
    strategy extraPayment startMonth debtFreeMonth totalInterest totalPaid months
    interestSavedVsMinimums monthsSavedVsMinimums
    debts { liabilityId name startBalance apr monthlyPayment payoffMonth months totalInterest neverPaidOff }
    balances { month balance interest }
  }
}`;

interface Plan {
  debtPlan: {
    strategy: string;
    extraPayment: number;
    startMonth: string;
    debtFreeMonth: string | null;
    totalInterest: number;
    months: number | null;
    interestSavedVsMinimums: number;
    monthsSavedVsMinimums: number;
    debts: { liabilityId: string; name: string; apr: number | null; payoffMonth: string | null }[];
    balances: { month: string; balance: number }[];
  };
}

let t: TestApp;
let ada: TestUser;
let debts: { card: string; car: string; loan: string; phone: string };

beforeAll(async () => {
  t = await startFinanceApp();
  ada = await newUser(t);
  const add = (input: Record<string, unknown>) => addLiability(t, ada, input).then((row) => row.id);
  debts = {
    card: await add({
      creditorName: 'Visa',
      debtType: 'CREDIT_CARD',
      balance: 4200,
      payment: 120,
      apr: 24.99,
    }),
    car: await add({
      creditorName: 'Car loan',
      debtType: 'CAR_LOAN',
      balance: 9800,
      payment: 310,
      apr: 6.5,
    }),
    loan: await add({
      creditorName: 'Student loan',
      debtType: 'GENERAL_LOAN',
      balance: 1500,
      payment: 80,
      apr: null,
    }),
    // A bill without a balance is no debt.
    phone: await add({ creditorName: 'Phone', debtType: 'MOBILE_PHONE', payment: 45 }),
  };
});
afterAll(() => t.close());

const plan = (variables: Record<string, unknown>, user = ada) =>
  t.gql<Plan>(PLAN, variables, { token: user.token });

describe('debtPlan', () => {
  it("plans the household's debts as core does, from the month after today, for each strategy", async () => {
    const today = await queryOne<{ month: string }>(
      t.deps.dataSource,
      `SELECT to_char((now() AT TIME ZONE $1) + interval '1 month', 'YYYY-MM') AS month`,
      [ZONE],
    );
    const input = {
      debts: [
        {
          id: debts.card,
          name: 'Visa',
          balanceCents: 420_000,
          apr: 24.99,
          paymentCents: 12_000,
          frequency: 'MONTHLY' as const,
        },
        {
          id: debts.car,
          name: 'Car loan',
          balanceCents: 980_000,
          apr: 6.5,
          paymentCents: 31_000,
          frequency: 'MONTHLY' as const,
        },
        {
          id: debts.loan,
          name: 'Student loan',
          balanceCents: 150_000,
          apr: null,
          paymentCents: 8_000,
          frequency: 'MONTHLY' as const,
        },
      ],
      extraPaymentCents: 10_000,
      startMonth: today!.month,
    };
    for (const strategy of ['AVALANCHE', 'SNOWBALL', 'MINIMUMS'] as const) {
      const answer = ok(await plan({ strategy, extra: 100 })).debtPlan;
      const expected = planDebtPayoff({ ...input, strategy });
      expect(answer).toMatchObject({
        strategy,
        startMonth: today!.month,
        debtFreeMonth: expected.debtFreeMonth,
        months: expected.months,
        extraPayment: expected.extraPaymentCents / 100,
        totalInterest: expected.totalInterestCents / 100,
        interestSavedVsMinimums: expected.interestSavedVsMinimumsCents / 100,
        monthsSavedVsMinimums: expected.monthsSavedVsMinimums,
      });
      expect(answer.debts.map((debt) => [debt.liabilityId, debt.payoffMonth])).toEqual(
        expected.debts.map((debt) => [debt.id, debt.payoffMonth]),
      );
      expect(answer.balances).toHaveLength(expected.balances.length);
    }
    // An extra $100 a month pays the debts off sooner, with less interest, than the minimums.
    const avalanche = ok(await plan({ strategy: 'AVALANCHE', extra: 100 })).debtPlan;
    expect(avalanche.monthsSavedVsMinimums).toBeGreaterThan(0);
    expect(avalanche.interestSavedVsMinimums).toBeGreaterThan(0);
    expect(avalanche.debts.find((debt) => debt.name === 'Student loan')?.apr).toBeNull();
    // A custom order: the car loan before the card, as asked.
    const order = [debts.loan, debts.car, debts.card];
    const custom = ok(await plan({ strategy: 'CUSTOM', extra: 100, order })).debtPlan;
    const expected = planDebtPayoff({ ...input, strategy: 'CUSTOM', order });
    expect(custom.debts.map((debt) => [debt.name, debt.payoffMonth])).toEqual(
      expected.debts.map((debt) => [debt.name, debt.payoffMonth]),
    );
    expect(custom.totalInterest).toBeGreaterThan(avalanche.totalInterest);
  });

  it('refuses a bad extra or order with a clear message, the same for an unknown id and another household’s', async () => {
    const other = await newUser(t);
    const theirs = (await addLiability(t, other, { balance: 500, apr: 5 })).id;
    const refusals: [Record<string, unknown>, string, string][] = [
      [{ strategy: 'AVALANCHE', extra: -1 }, 'extraPayment', DEBT_PLAN_MESSAGES.extraPayment],
      [{ strategy: 'AVALANCHE', extra: 1_000_000.01 }, 'extraPayment', DEBT_PLAN_MESSAGES.extraPayment],
      [{ strategy: 'CUSTOM', extra: 100 }, 'order', DEBT_PLAN_MESSAGES.order],
      [{ strategy: 'CUSTOM', order: [debts.card, debts.car] }, 'order', DEBT_PLAN_MESSAGES.order],
      [{ strategy: 'CUSTOM', order: [debts.card, debts.car, debts.car] }, 'order', DEBT_PLAN_MESSAGES.order],
      [
        { strategy: 'CUSTOM', order: [debts.card, debts.car, debts.loan, debts.phone] },
        'order',
        DEBT_PLAN_MESSAGES.order,
      ],
      [{ strategy: 'CUSTOM', order: [debts.card, debts.car, theirs] }, 'order', DEBT_PLAN_MESSAGES.order],
      [
        { strategy: 'CUSTOM', order: [debts.card, debts.car, '999999999'] },
        'order',
        DEBT_PLAN_MESSAGES.order,
      ],
      [{ strategy: 'AVALANCHE', order: ['not-an-id'] }, 'order', DEBT_PLAN_MESSAGES.order],
    ];
    for (const [variables, field, message] of refusals) {
      const response = await t.gql(PLAN, variables, { token: ada.token });
      expect({ variables, code: errorCode(response), error: response.errors?.[0] }).toMatchObject({
        variables,
        code: 'BAD_USER_INPUT',
        error: { message, extensions: { field } },
      });
    }
  });

  it('keeps an APR when an update leaves it out, clears it when sent empty, and refuses a bad one', async () => {
    const UPDATE = `mutation ($id: ID!, $input: LiabilityInput!) { updateLiability(id: $id, input: $input) { apr } }`;
    const base = {
      creditorName: 'Visa',
      debtType: 'CREDIT_CARD',
      frequency: 'MONTHLY',
      dueDate: '2026-12-20',
      payment: 120,
      balance: 4200,
    };
    const kept = ok(
      await t.gql<{ updateLiability: { apr: number | null } }>(
        UPDATE,
        { id: debts.card, input: base },
        { token: ada.token },
      ),
    );
    expect(kept.updateLiability.apr).toBe(24.99);
    const bad = await t.gql(UPDATE, { id: debts.card, input: { ...base, apr: 100.5 } }, { token: ada.token });
    expect(errorCode(bad)).toBe('BAD_USER_INPUT');
    expect(bad.errors?.[0]?.message).toBe(
      'Enter the APR as a percentage from 0 to 100, with at most 2 decimals.',
    );
    const cleared = ok(
      await t.gql<{ updateLiability: { apr: number | null } }>(
        UPDATE,
        { id: debts.card, input: { ...base, apr: null } },
        { token: ada.token },
      ),
    );
    expect(cleared.updateLiability.apr).toBeNull();
    ok(await t.gql(UPDATE, { id: debts.card, input: { ...base, apr: 24.99 } }, { token: ada.token }));
  });
});

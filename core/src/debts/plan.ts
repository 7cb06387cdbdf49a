import { DomainError } from '../errors';
import { OCCURRENCES_A_YEAR } from '../recurring/cadence';
import type { Cents, ExpenseFrequency } from '../types';

/**
 * The debt payoff plan (docs/product-rules.md, debts): a month-by-month simulation in integer
 * cents, as a bank's amortization table computes it. Each month, in this order: every debt accrues
 * its interest (balance × APR / 1200, to the cent, half away from zero); every debt gets its
 * monthly payment, at most its balance; then the pool (the extra a month, the payments of debts
 * already paid off, and what a last payment left over) goes to the first unpaid debt of the
 * strategy's order and what it leaves to the next. Money left after the last debt is not paid.
 */

export type DebtStrategy = 'AVALANCHE' | 'SNOWBALL' | 'CUSTOM' | 'MINIMUMS';

export interface DebtInput {
  id: string;
  name: string;
  balanceCents: Cents;
  /** Annual percentage rate, 0-100 with up to 2 decimals; null when unknown (counted as 0). */
  apr: number | null;
  /** The bill's payment and how often it is due: its monthly payment is worked out from them. */
  paymentCents: Cents;
  frequency: ExpenseFrequency;
}

export interface DebtPlanInput {
  debts: readonly DebtInput[];
  strategy: DebtStrategy;
  extraPaymentCents: Cents;
  /** CUSTOM: every debt's id exactly once, the first paid first. */
  order?: readonly string[] | null;
  /** 'YYYY-MM': the month after today's. */
  startMonth: string;
}

export interface DebtPayoff {
  id: string;
  name: string;
  startBalanceCents: Cents;
  apr: number | null;
  monthlyPaymentCents: Cents;
  payoffMonth: string | null;
  months: number | null;
  totalInterestCents: Cents;
  neverPaidOff: boolean;
}

export interface DebtMonth {
  month: string;
  balanceCents: Cents;
  interestCents: Cents;
}

export interface DebtPlanResult {
  strategy: DebtStrategy;
  extraPaymentCents: Cents;
  startMonth: string;
  debtFreeMonth: string | null;
  months: number | null;
  totalInterestCents: Cents;
  totalPaidCents: Cents;
  interestSavedVsMinimumsCents: Cents;
  monthsSavedVsMinimums: number;
  debts: DebtPayoff[];
  balances: DebtMonth[];
}

/** What a CUSTOM order that misses, repeats or names another debt is told. */
export const DEBT_ORDER_MESSAGE = 'List every debt exactly once, in the order to pay them off.';

/** The most a plan takes as an extra a month: $1,000,000. */
export const MAX_EXTRA_PAYMENT_CENTS = 100_000_000;

/** What an extra a month outside $0 to $1,000,000 (or not whole cents) is told. */
export const EXTRA_PAYMENT_MESSAGE = 'Enter an extra a month from $0 to $1,000,000.';

export function isExtraPayment(cents: Cents): boolean {
  return Number.isSafeInteger(cents) && cents >= 0 && cents <= MAX_EXTRA_PAYMENT_CENTS;
}

/** Fifty years: a debt still owing then is never paid off at this rate. */
export const MAX_PLAN_MONTHS = 600;

/** A bill's payment as a monthly amount: payment × occurrences a year / 12, to the cent. */
export function monthlyPaymentOf(paymentCents: Cents, frequency: ExpenseFrequency): Cents {
  return Math.round((paymentCents * OCCURRENCES_A_YEAR[frequency]) / 12);
}

/** A month's interest on a balance, to the cent, half away from zero (balances are never negative). */
export function monthlyInterest(balanceCents: Cents, apr: number | null): Cents {
  const basisPoints = Math.round((apr ?? 0) * 100);
  return Math.round((balanceCents * basisPoints) / 120_000);
}

/** 'YYYY-MM' `offset` months after `month`. */
export function monthAfter(month: string, offset: number): string {
  const [year, number] = month.split('-').map(Number) as [number, number];
  const index = year * 12 + number - 1 + offset;
  return `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`;
}

const folded = (name: string) => name.toLowerCase();
const byName = (a: DebtInput, b: DebtInput) =>
  folded(a.name) < folded(b.name) ? -1 : folded(a.name) > folded(b.name) ? 1 : a.id < b.id ? -1 : 1;

/** The order the pool pays debts in, fixed at the start from the starting balances. */
function payoffOrder(input: DebtPlanInput): DebtInput[] {
  const debts = [...input.debts];
  const apr = (debt: DebtInput) => debt.apr ?? 0;
  switch (input.strategy) {
    case 'AVALANCHE':
      return debts.sort((a, b) => apr(b) - apr(a) || a.balanceCents - b.balanceCents || byName(a, b));
    case 'SNOWBALL':
    case 'MINIMUMS':
      return debts.sort((a, b) => a.balanceCents - b.balanceCents || apr(b) - apr(a) || byName(a, b));
    case 'CUSTOM': {
      const order = input.order ?? [];
      const byId = new Map(debts.map((debt) => [debt.id, debt]));
      const listed = order.map((id) => byId.get(id));
      if (
        order.length !== debts.length ||
        new Set(order).size !== order.length ||
        listed.includes(undefined)
      ) {
        throw new DomainError(DEBT_ORDER_MESSAGE, 'order');
      }
      return listed as DebtInput[];
    }
  }
}

interface Running {
  debt: DebtInput;
  balance: Cents;
  monthly: Cents;
  interest: Cents;
  paidOffAt: number | null;
}

/** One strategy's plan, without the comparison with the minimums. */
function simulate(input: DebtPlanInput) {
  const pooled = input.strategy !== 'MINIMUMS';
  const extra = pooled ? input.extraPaymentCents : 0;
  const running: Running[] = payoffOrder(input).map((debt) => ({
    debt,
    balance: debt.balanceCents,
    monthly: monthlyPaymentOf(debt.paymentCents, debt.frequency),
    interest: 0,
    paidOffAt: debt.balanceCents > 0 ? null : 0,
  }));
  const balances: DebtMonth[] = [];
  let totalPaid = 0;
  let freed = 0;
  for (let month = 1; month <= MAX_PLAN_MONTHS && running.some((r) => r.balance > 0); month += 1) {
    let interest = 0;
    for (const r of running) {
      if (r.balance === 0) continue;
      const accrued = monthlyInterest(r.balance, r.debt.apr);
      r.balance += accrued;
      r.interest += accrued;
      interest += accrued;
    }
    let pool = extra + freed;
    for (const r of running) {
      if (r.balance === 0) continue;
      const paid = Math.min(r.monthly, r.balance);
      r.balance -= paid;
      totalPaid += paid;
      if (pooled) pool += r.monthly - paid;
    }
    for (const r of running) {
      if (pool === 0) break;
      const paid = Math.min(pool, r.balance);
      r.balance -= paid;
      totalPaid += paid;
      pool -= paid;
    }
    for (const r of running) {
      if (r.balance > 0 || r.paidOffAt !== null) continue;
      r.paidOffAt = month;
      if (pooled) freed += r.monthly;
    }
    balances.push({
      month: monthAfter(input.startMonth, month - 1),
      balanceCents: running.reduce((sum, r) => sum + r.balance, 0),
      interestCents: interest,
    });
  }
  const debtFree = running.every((r) => r.paidOffAt !== null);
  const months = debtFree ? Math.max(0, ...running.map((r) => r.paidOffAt as number)) : null;
  return {
    extra,
    months,
    totalInterest: running.reduce((sum, r) => sum + r.interest, 0),
    totalPaid,
    balances,
    debts: input.debts.map((debt): DebtPayoff => {
      const r = running.find((candidate) => candidate.debt === debt) as Running;
      const at = r.paidOffAt;
      return {
        id: debt.id,
        name: debt.name,
        startBalanceCents: debt.balanceCents,
        apr: debt.apr,
        monthlyPaymentCents: r.monthly,
        payoffMonth: at === null || at === 0 ? null : monthAfter(input.startMonth, at - 1),
        months: at,
        totalInterestCents: r.interest,
        neverPaidOff: at === null,
      };
    }),
  };
}

/**
 * The household's payoff plan for a strategy, and what it saves against paying the minimums only
 * (a plan that is never debt-free counts as 600 months).
 */
export function planDebtPayoff(input: DebtPlanInput): DebtPlanResult {
  if (!Number.isSafeInteger(input.extraPaymentCents) || input.extraPaymentCents < 0) {
    throw new DomainError('The extra a month must be zero or more', 'extraPayment');
  }
  const plan = simulate(input);
  const minimums = input.strategy === 'MINIMUMS' ? plan : simulate({ ...input, strategy: 'MINIMUMS' });
  return {
    strategy: input.strategy,
    extraPaymentCents: plan.extra,
    startMonth: input.startMonth,
    debtFreeMonth:
      plan.months === null || plan.months === 0 ? null : monthAfter(input.startMonth, plan.months - 1),
    months: plan.months,
    totalInterestCents: plan.totalInterest,
    totalPaidCents: plan.totalPaid,
    interestSavedVsMinimumsCents: minimums.totalInterest - plan.totalInterest,
    monthsSavedVsMinimums: (minimums.months ?? MAX_PLAN_MONTHS) - (plan.months ?? MAX_PLAN_MONTHS),
    debts: plan.debts,
    balances: plan.balances,
  };
}

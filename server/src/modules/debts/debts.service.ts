import {
  DEBT_ORDER_MESSAGE,
  EXTRA_PAYMENT_MESSAGE,
  isExtraPayment,
  monthAfter,
  planDebtPayoff,
  type DebtPlanResult,
  type DebtStrategy,
  type ExpenseFrequency,
  type IsoDate,
} from '@truenet/core';
import { queryRows, type Queryable } from '../../db/sql';
import { badUserInput } from '../../errors';

export const DEBT_PLAN_MESSAGES = {
  extraPayment: EXTRA_PAYMENT_MESSAGE,
  order: DEBT_ORDER_MESSAGE,
};

export interface DebtPlanRequest {
  strategy: DebtStrategy;
  extraPaymentCents: number;
  /** Liability ids as sent; required for CUSTOM, checked whenever given. */
  order: readonly string[] | null;
  today: IsoDate;
}

interface DebtRow {
  id: number;
  creditor_name: string;
  balance_cents: string;
  apr: string | null;
  payment_cents: string;
  frequency: ExpenseFrequency;
}

/**
 * The household's debt payoff plan (product rules, "Debts: a payoff plan"): its debts are its bills
 * with a balance above 0, read in one statement; core plans them from the month after today. An
 * order naming anything but each of those debts once is refused alike, whether the id is unknown,
 * another household's, or a bill without a balance: nothing is computed.
 */
export async function householdDebtPlan(
  db: Queryable,
  householdId: string,
  request: DebtPlanRequest,
): Promise<DebtPlanResult> {
  const extra = request.extraPaymentCents;
  if (!isExtraPayment(extra)) {
    throw badUserInput(DEBT_PLAN_MESSAGES.extraPayment, 'extraPayment');
  }
  const rows = await queryRows<DebtRow>(
    db,
    `SELECT id, creditor_name, balance_cents, apr, payment_cents, frequency
       FROM liability WHERE household_id = $1 AND balance_cents > 0 ORDER BY id`,
    [householdId],
  );
  const ids = new Set(rows.map((row) => String(row.id)));
  const order = request.order;
  const orderNamesOthers = order !== null && order.some((id) => !ids.has(id.trim()));
  if (orderNamesOthers || (request.strategy === 'CUSTOM' && order === null)) {
    throw badUserInput(DEBT_PLAN_MESSAGES.order, 'order');
  }
  const debts = rows.map((row) => ({
    id: String(row.id),
    name: row.creditor_name,
    balanceCents: Number(row.balance_cents),
    apr: row.apr === null ? null : Number(row.apr),
    paymentCents: Number(row.payment_cents),
    frequency: row.frequency,
  }));
  return planDebtPayoff({
    debts,
    strategy: request.strategy,
    extraPaymentCents: extra,
    order: order?.map((id) => id.trim()) ?? null,
    startMonth: monthAfter(request.today.slice(0, 7), 1),
  });
}

import {
  budgetMonth,
  monthEnd,
  checkBudgetAmount,
  checkMonth,
  shiftMonthBy,
  suggestBudget,
  type IsoDate,
  type MonthProgress,
} from '@truenet/core';
import type { AppDeps } from '../../deps';
import { queryOne, queryRows, type Queryable } from '../../db/sql';
import { notFound } from '../../errors';
import type { Ledger } from '../auth/request-user';
import { findUsableCategory } from '../categories/categorizer';
import { categoryTree } from '../categories/categories.service';
import { spendingByMonth } from '../categories/ledger.service';

/** Budgets for what is left after the bills (docs/product-rules.md §24). */

export const BUDGET_COLUMNS = `b.id, b.category_id, b.monthly_cents::text AS monthly_cents, b.rollover, b.starts_month`;

export interface BudgetRow {
  id: number;
  category_id: number;
  monthly_cents: string;
  rollover: boolean;
  starts_month: string;
}

export async function listBudgets(db: Queryable, householdId: string): Promise<BudgetRow[]> {
  return queryRows<BudgetRow>(
    db,
    `SELECT ${BUDGET_COLUMNS} FROM budget b WHERE b.household_id = $1 ORDER BY b.id`,
    [householdId],
  );
}

/** Sets a category's budget, or changes it (a change keeps the month it was first set, where a rollover starts). */
export async function setBudget(
  deps: AppDeps,
  ledger: Ledger,
  categoryId: number,
  monthlyCents: number,
  rollover: boolean,
  today: IsoDate,
): Promise<BudgetRow> {
  checkBudgetAmount(monthlyCents);
  return deps.dataSource.transaction(async (m) => {
    await findUsableCategory(m, ledger.householdId, categoryId);
    return (await queryOne<BudgetRow>(
      m,
      `INSERT INTO budget AS b (household_id, category_id, monthly_cents, rollover, starts_month, set_by)
       VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (household_id, category_id) DO UPDATE
          SET monthly_cents = EXCLUDED.monthly_cents, rollover = EXCLUDED.rollover, set_by = EXCLUDED.set_by,
              updated_at = now()
       RETURNING ${BUDGET_COLUMNS}`,
      [ledger.householdId, categoryId, monthlyCents, rollover, today.slice(0, 7), ledger.memberId],
    )) as BudgetRow;
  });
}

export async function removeBudget(deps: AppDeps, ledger: Ledger, id: number): Promise<void> {
  const removed = await queryRows(
    deps.dataSource,
    'DELETE FROM budget WHERE id = $1 AND household_id = $2 RETURNING id',
    [id, ledger.householdId],
  );
  if (removed.length === 0) throw notFound('Budget');
}

/** The spending of each month for a category, its children included. */
type SpentIn = (categoryId: number, month: string) => number;

async function monthlySpending(
  db: Queryable,
  householdId: string,
  from: string,
  to: string,
): Promise<{
  spentIn: SpentIn;
  allPlan: (categoryId: number) => boolean;
  topOf: (categoryId: number) => number;
}> {
  const tree = await categoryTree(db, householdId);
  const rows = await spendingByMonth(db, householdId, `${from}-01`, monthEnd(to));
  const topOf = (categoryId: number) => tree.byId.get(categoryId)?.parent_id ?? categoryId;
  const totals = new Map<string, number>();
  const plan = new Map<number, boolean>();
  for (const row of rows) {
    for (const holder of new Set([row.categoryId, topOf(row.categoryId)])) {
      const key = `${holder}|${row.month}`;
      totals.set(key, (totals.get(key) ?? 0) + row.spentCents);
      plan.set(holder, (plan.get(holder) ?? true) && row.allPlan);
    }
  }
  return {
    spentIn: (categoryId, month) => totals.get(`${categoryId}|${month}`) ?? 0,
    allPlan: (categoryId) => plan.get(categoryId) ?? true,
    topOf,
  };
}

export interface BudgetProgressRecord {
  budget: BudgetRow;
  month: string;
  progress: MonthProgress;
}

/** Every budget's `month` (core's budgetMonth over the months since the earliest budget was set): two statements. */
export async function budgetProgress(
  db: Queryable,
  householdId: string,
  month: string,
  today: IsoDate,
): Promise<BudgetProgressRecord[]> {
  checkMonth(month);
  const budgets = await listBudgets(db, householdId);
  if (budgets.length === 0) return [];
  const earliest = budgets.reduce(
    (first, budget) => (budget.starts_month < first ? budget.starts_month : first),
    month,
  );
  const { spentIn } = await monthlySpending(db, householdId, earliest, month);
  return budgets.map((budget) => ({
    budget,
    month,
    progress: budgetMonth(
      {
        monthlyCents: Number(budget.monthly_cents),
        rollover: budget.rollover,
        startsMonth: budget.starts_month,
      },
      (of) => spentIn(budget.category_id, of),
      month,
      today,
    ),
  }));
}

export interface SuggestionRecord {
  categoryId: number;
  monthlyCents: number;
}

/**
 * A monthly amount for each top-level spending category spent in at least two of the last three
 * complete months, and not only by its bills (a bill's own amount is no budget).
 */
export async function budgetSuggestions(
  db: Queryable,
  householdId: string,
  today: IsoDate,
): Promise<SuggestionRecord[]> {
  const current = today.slice(0, 7);
  const months = [shiftMonthBy(current, -3), shiftMonthBy(current, -2), shiftMonthBy(current, -1)];
  const tree = await categoryTree(db, householdId);
  const { spentIn, allPlan } = await monthlySpending(
    db,
    householdId,
    months[0] as string,
    months[2] as string,
  );
  const suggestions: SuggestionRecord[] = [];
  for (const category of tree.byId.values()) {
    if (category.parent_id !== null || category.archived) continue;
    if (category.key === 'INCOME' || category.key === 'TRANSFERS' || allPlan(category.id)) continue;
    const monthly = suggestBudget(months.map((month) => spentIn(category.id, month)));
    if (monthly !== null) suggestions.push({ categoryId: category.id, monthlyCents: monthly });
  }
  return suggestions.sort((a, b) => b.monthlyCents - a.monthlyCents);
}

import type { Budget, BudgetProgress, BudgetSuggestion } from '../../generated/graphql';
import type { CategoryRow } from '../categories/categories.rows';
import { presentCategory } from '../categories/categories.presenter';
import type { BudgetProgressRecord, BudgetRow, SuggestionRecord } from './budgets.service';

type Categories = ReadonlyMap<number, CategoryRow>;

export function presentBudget(row: BudgetRow, categories: Categories): Budget {
  return {
    id: String(row.id),
    category: presentCategory(categories.get(row.category_id) as CategoryRow),
    monthly: Number(row.monthly_cents),
    rollover: row.rollover,
  };
}

export function presentProgress(record: BudgetProgressRecord, categories: Categories): BudgetProgress {
  return {
    budget: presentBudget(record.budget, categories),
    month: record.month,
    carried: record.progress.carriedCents,
    spent: record.progress.spentCents,
    left: record.progress.leftCents,
    leftPerDay: record.progress.leftPerDayCents,
    status: record.progress.status,
  };
}

export function presentSuggestion(record: SuggestionRecord, categories: Categories): BudgetSuggestion {
  return {
    category: presentCategory(categories.get(record.categoryId) as CategoryRow),
    monthly: record.monthlyCents,
    months: 3,
  };
}

import { payeeKey, payeeName } from '@truenet/core';
import type {
  Category,
  CategoryRule,
  CategorySpending,
  LedgerPage,
  LedgerRow,
} from '../../generated/graphql';
import type { CategoryRow, LedgerRecord, SplitRecord } from './categories.rows';
import type { RuleWithMatches } from './categories.service';
import type { LedgerPageRecord, SpendingRecord } from './ledger.service';

export function presentCategory(row: CategoryRow): Category {
  return {
    id: String(row.id),
    key: row.key,
    name: row.name,
    parentId: row.parent_id === null ? null : String(row.parent_id),
    archived: row.archived,
  };
}

/** Categories by id, for presenting rows that name them. */
export type CategoryIndex = ReadonlyMap<number, CategoryRow>;

function categoryOf(categories: CategoryIndex, id: number): Category {
  return presentCategory(categories.get(id) as CategoryRow);
}

export function presentLedgerRow(
  row: LedgerRecord,
  splits: readonly SplitRecord[],
  categories: CategoryIndex,
): LedgerRow {
  const own = splits.filter((split) =>
    row.history_id !== null ? split.history_id === row.history_id : split.entry_id === row.entry_id,
  );
  return {
    id: row.id,
    walletId: String(row.wallet_id),
    date: row.occurred_on,
    direction: row.direction,
    amount: Number(row.amount_cents),
    description: row.description,
    payee: payeeName(row.payee_key ?? payeeKey(row.description)),
    category: row.category_id === null ? null : categoryOf(categories, row.category_id),
    categorySource: row.category_source,
    splits: own.map((split) => ({
      category: categoryOf(categories, split.category_id),
      amount: Number(split.amount_cents),
    })),
    transactionId: row.entry_id,
  };
}

export function presentLedgerPage(page: LedgerPageRecord, categories: CategoryIndex): LedgerPage {
  return {
    rows: page.rows.map((row) => presentLedgerRow(row, page.splits, categories)),
    total: page.total,
    nextCursor: page.nextCursor,
  };
}

export function presentSpending(row: SpendingRecord, categories: CategoryIndex): CategorySpending {
  return {
    category: row.categoryId === null ? null : categoryOf(categories, row.categoryId),
    spent: row.spentCents,
    count: row.count,
    previousAverage: row.previousAverageCents,
  };
}

export function presentRule({ rule, matches }: RuleWithMatches, categories: CategoryIndex): CategoryRule {
  return {
    id: String(rule.id),
    descriptionContains: rule.description_contains,
    payee: rule.payee,
    amountMin: rule.amount_min_cents === null ? null : Number(rule.amount_min_cents),
    amountMax: rule.amount_max_cents === null ? null : Number(rule.amount_max_cents),
    direction: rule.direction,
    walletId: rule.wallet_id === null ? null : String(rule.wallet_id),
    category: categoryOf(categories, rule.category_id),
    matches,
  };
}

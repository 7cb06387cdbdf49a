import type { Resolvers } from '../../generated/graphql';
import { ledgerOf, requireMember, requireWriter } from '../../policies';
import { rowId } from '../../input/row-id';
import { requestDay } from '../../input/today';
import { listCategories } from '../categories/categories.service';
import type { Queryable } from '../../db/sql';
import { presentBudget, presentProgress, presentSuggestion } from './budgets.presenter';
import { budgetProgress, budgetSuggestions, listBudgets, removeBudget, setBudget } from './budgets.service';

async function categoriesOf(db: Queryable, householdId: string) {
  return new Map((await listCategories(db, householdId)).map((row) => [row.id, row]));
}

/** GraphQL adapters of budgets (docs/product-rules.md §24): members read, editors change. */
export const budgetsResolvers: Resolvers = {
  Query: {
    budgets: async (_parent, _args, ctx) => {
      const member = await requireMember(ctx);
      const db = ctx.deps.dataSource;
      const [rows, categories] = [
        await listBudgets(db, member.household.id),
        await categoriesOf(db, member.household.id),
      ];
      return rows.map((row) => presentBudget(row, categories));
    },
    budgetProgress: async (_parent, { month, timeZone }, ctx) => {
      const member = await requireMember(ctx);
      const day = await requestDay(ctx, member, timeZone);
      const db = ctx.deps.dataSource;
      const records = await budgetProgress(
        db,
        member.household.id,
        month ?? day.today.slice(0, 7),
        day.today,
      );
      const categories = await categoriesOf(db, member.household.id);
      return records.map((record) => presentProgress(record, categories));
    },
    budgetSuggestions: async (_parent, { timeZone }, ctx) => {
      const member = await requireMember(ctx);
      const day = await requestDay(ctx, member, timeZone);
      const db = ctx.deps.dataSource;
      const records = await budgetSuggestions(db, member.household.id, day.today);
      const categories = await categoriesOf(db, member.household.id);
      return records.map((record) => presentSuggestion(record, categories));
    },
  },
  Mutation: {
    setBudget: async (_parent, { categoryId, monthly, rollover, timeZone }, ctx) => {
      const member = await requireWriter(ctx);
      const day = await requestDay(ctx, member, timeZone);
      const row = await setBudget(
        ctx.deps,
        ledgerOf(member),
        rowId(categoryId, 'Category'),
        monthly,
        rollover ?? false,
        day.today,
      );
      return presentBudget(row, await categoriesOf(ctx.deps.dataSource, member.household.id));
    },
    removeBudget: async (_parent, { id }, ctx) => {
      const member = await requireWriter(ctx);
      await removeBudget(ctx.deps, ledgerOf(member), rowId(id, 'Budget'));
      return true;
    },
  },
};

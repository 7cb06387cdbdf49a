import type { CategoryRuleInput, Resolvers } from '../../generated/graphql';
import { ledgerOf, requireMember, requireWriter } from '../../policies';
import { rowId } from '../../input/row-id';
import { findWallet } from '../wallets/wallets.service';
import { queryRows, type Queryable } from '../../db/sql';
import type { GraphQLContext } from '../../graphql/context';
import {
  presentCategory,
  presentLedgerPage,
  presentLedgerRow,
  presentRule,
  presentSpending,
  type CategoryIndex,
} from './categories.presenter';
import {
  addCategory,
  addRule,
  archiveCategory,
  categorizeRow,
  deleteRule,
  listCategories,
  listRules,
  renameCategory,
  splitRow,
  updateRule,
  type RuleFields,
} from './categories.service';
import { ledgerPage, parseLedgerId, spendingByCategory, splitsOf } from './ledger.service';

async function categoryIndex(db: Queryable, householdId: string): Promise<CategoryIndex> {
  return new Map((await listCategories(db, householdId)).map((row) => [row.id, row]));
}

function ruleFields(input: CategoryRuleInput): RuleFields {
  return {
    descriptionContains: input.descriptionContains ?? null,
    payee: input.payee ?? null,
    amountMinCents: input.amountMin ?? null,
    amountMaxCents: input.amountMax ?? null,
    direction: input.direction ?? null,
    walletId: input.walletId == null ? null : rowId(input.walletId, 'Wallet'),
    categoryId: rowId(input.categoryId, 'Category'),
    applyToPast: input.applyToPast ?? false,
  };
}

/**
 * The categories of the household's bills and pay sources, read once per request (a list of bills
 * asks for each one's): by kind and id, null where none was chosen (its type's or Income).
 */
async function planCategories(ctx: GraphQLContext): Promise<Map<string, string | null>> {
  const cached = ctx.cache.get('planCategories') as Promise<Map<string, string | null>> | undefined;
  if (cached) return cached;
  const loading = (async () => {
    const member = await requireMember(ctx);
    const rows = await queryRows<{ kind: string; id: number; category_id: number | null }>(
      ctx.deps.dataSource,
      `SELECT 'bill' AS kind, id, category_id FROM liability WHERE household_id = $1
       UNION ALL SELECT 'pay', id, category_id FROM income_source WHERE household_id = $1`,
      [member.household.id],
    );
    return new Map(
      rows.map((row) => [`${row.kind}:${row.id}`, row.category_id === null ? null : String(row.category_id)]),
    );
  })();
  ctx.cache.set('planCategories', loading);
  return loading;
}

/** GraphQL adapters of where the money goes (docs/product-rules.md §20): members read, editors change. */
export const categoriesResolvers: Resolvers = {
  Liability: {
    categoryId: async (parent, _args, ctx) => (await planCategories(ctx)).get(`bill:${parent.id}`) ?? null,
  },
  IncomeSource: {
    categoryId: async (parent, _args, ctx) => (await planCategories(ctx)).get(`pay:${parent.id}`) ?? null,
  },
  Query: {
    categories: async (_parent, _args, ctx) => {
      const member = await requireMember(ctx);
      return (await listCategories(ctx.deps.dataSource, member.household.id)).map(presentCategory);
    },
    ledger: async (_parent, args, ctx) => {
      const member = await requireMember(ctx);
      const db = ctx.deps.dataSource;
      const walletId = args.walletId == null ? null : rowId(args.walletId, 'Wallet');
      if (walletId !== null) await findWallet(db, member.household.id, walletId);
      const page = await ledgerPage(db, member.household.id, {
        from: args.from ?? null,
        to: args.to ?? null,
        walletId,
        categoryId: args.categoryId == null ? null : rowId(args.categoryId, 'Category'),
        uncategorized: args.uncategorized ?? false,
        search: args.search?.trim() || null,
        first: args.first ?? 100,
        after: args.after ?? null,
      });
      return presentLedgerPage(page, await categoryIndex(db, member.household.id));
    },
    spendingByCategory: async (_parent, { from, to, walletId }, ctx) => {
      const member = await requireMember(ctx);
      const db = ctx.deps.dataSource;
      const wallet = walletId == null ? null : rowId(walletId, 'Wallet');
      if (wallet !== null) await findWallet(db, member.household.id, wallet);
      const rows = await spendingByCategory(db, member.household.id, from, to, wallet);
      const categories = await categoryIndex(db, member.household.id);
      return rows.map((row) => presentSpending(row, categories));
    },
    categoryRules: async (_parent, _args, ctx) => {
      const member = await requireMember(ctx);
      const db = ctx.deps.dataSource;
      const rules = await listRules(db, member.household.id);
      const categories = await categoryIndex(db, member.household.id);
      return rules.map((rule) => presentRule(rule, categories));
    },
  },
  Mutation: {
    categorize: async (_parent, { rowId: id, categoryId, remember, applyToPast }, ctx) => {
      const member = await requireWriter(ctx);
      const ref = parseLedgerId(id);
      const outcome = await categorizeRow(
        ctx.deps,
        ledgerOf(member),
        ref,
        categoryId == null ? null : rowId(categoryId, 'Category'),
        { remember: remember ?? true, applyToPast: applyToPast ?? false },
      );
      const db = ctx.deps.dataSource;
      const splits = await splitsOf(db, member.household.id, [outcome.row]);
      return {
        row: presentLedgerRow(outcome.row, splits, await categoryIndex(db, member.household.id)),
        alsoChanged: outcome.alsoChanged,
      };
    },
    splitRow: async (_parent, { rowId: id, parts }, ctx) => {
      const member = await requireWriter(ctx);
      const ref = parseLedgerId(id);
      const row = await splitRow(
        ctx.deps,
        ledgerOf(member),
        ref,
        parts.map((part) => ({ categoryId: rowId(part.categoryId, 'Category'), amountCents: part.amount })),
      );
      const db = ctx.deps.dataSource;
      const splits = await splitsOf(db, member.household.id, [row]);
      return presentLedgerRow(row, splits, await categoryIndex(db, member.household.id));
    },
    addCategory: async (_parent, { name, parentId }, ctx) => {
      const member = await requireWriter(ctx);
      const parent = parentId == null ? null : rowId(parentId, 'Category');
      return presentCategory(await addCategory(ctx.deps, ledgerOf(member), name, parent));
    },
    renameCategory: async (_parent, { id, name }, ctx) => {
      const member = await requireWriter(ctx);
      return presentCategory(await renameCategory(ctx.deps, ledgerOf(member), rowId(id, 'Category'), name));
    },
    archiveCategory: async (_parent, { id, moveTo }, ctx) => {
      const member = await requireWriter(ctx);
      const target = moveTo == null ? null : rowId(moveTo, 'Category');
      await archiveCategory(ctx.deps, ledgerOf(member), rowId(id, 'Category'), target);
      return true;
    },
    addCategoryRule: async (_parent, { input }, ctx) => {
      const member = await requireWriter(ctx);
      const saved = await addRule(ctx.deps, ledgerOf(member), ruleFields(input));
      return presentRule(saved, await categoryIndex(ctx.deps.dataSource, member.household.id));
    },
    updateCategoryRule: async (_parent, { id, input }, ctx) => {
      const member = await requireWriter(ctx);
      const ruleId = rowId(id, 'Rule');
      const saved = await updateRule(ctx.deps, ledgerOf(member), ruleId, ruleFields(input));
      return presentRule(saved, await categoryIndex(ctx.deps.dataSource, member.household.id));
    },
    deleteCategoryRule: async (_parent, { id }, ctx) => {
      const member = await requireWriter(ctx);
      await deleteRule(ctx.deps, ledgerOf(member), rowId(id, 'Rule'));
      return true;
    },
  },
};

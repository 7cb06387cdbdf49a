import type { Resolvers } from '../../generated/graphql';
import { requireMember } from '../../policies';
import { requestDay } from '../../input/today';
import { listCategories } from '../categories/categories.service';
import { presentSpending } from '../categories/categories.presenter';
import { cashFlowReport, netWorthReport, payPeriodReport } from './reports.service';

/** GraphQL adapters of the reports (docs/product-rules.md §25): any member of the household reads them. */
export const reportsResolvers: Resolvers = {
  Query: {
    cashFlowByMonth: async (_parent, { months, timeZone }, ctx) => {
      const member = await requireMember(ctx);
      const day = await requestDay(ctx, member, timeZone);
      const db = ctx.deps.dataSource;
      const categories = new Map((await listCategories(db, member.household.id)).map((row) => [row.id, row]));
      const other = [...categories.values()].find((row) => row.key === 'OTHER' && !row.archived);
      const flows = await cashFlowReport(db, member.household.id, day.today, months ?? 12, other?.id ?? null);
      return flows.map((flow) => ({
        month: flow.month,
        income: flow.incomeCents,
        spending: flow.spendingCents,
        bills: flow.billsCents,
        net: flow.netCents,
        topCategories: flow.topCategories.map((total) =>
          presentSpending(
            {
              categoryId: total.categoryId === null ? null : Number(total.categoryId),
              spentCents: total.spentCents,
              count: total.count,
              previousAverageCents: total.previousAverageCents,
            },
            categories,
          ),
        ),
      }));
    },
    netWorth: async (_parent, { months, timeZone }, ctx) => {
      const member = await requireMember(ctx);
      const day = await requestDay(ctx, member, timeZone);
      const points = await netWorthReport(
        ctx.deps.dataSource,
        member.household.id,
        day.today,
        day.zone ?? 'UTC',
        months ?? 12,
      );
      return points.map((point) => ({
        date: point.date,
        wallets: point.walletsCents,
        debts: point.debtsCents,
        netWorth: point.netWorthCents,
      }));
    },
    payPeriodHistory: async (_parent, { periods, timeZone }, ctx) => {
      const member = await requireMember(ctx);
      const day = await requestDay(ctx, member, timeZone);
      const results = await payPeriodReport(
        ctx.deps.dataSource,
        member.household.id,
        day.today,
        periods ?? 12,
      );
      return results.map((result) => ({
        start: result.start,
        end: result.end,
        pay: result.payCents,
        bills: result.billsCents,
        otherSpending: result.otherSpendingCents,
        trueNetIncome: result.trueNetIncomeCents,
        leftAtEnd: result.leftAtEndCents,
      }));
    },
  },
};

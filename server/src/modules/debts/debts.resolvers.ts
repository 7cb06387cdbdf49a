import type { Resolvers } from '../../generated/graphql';
import { requireMember } from '../../policies';
import { requestDay } from '../../input/today';
import { presentDebtPlan } from './debts.presenter';
import { householdDebtPlan } from './debts.service';

/** GraphQL adapters of the debt plan: a read, for any member and API tokens of either scope. */
export const debtsResolvers: Resolvers = {
  Query: {
    debtPlan: async (_parent, { strategy, extraPayment, order, timeZone }, ctx) => {
      const member = await requireMember(ctx);
      const day = await requestDay(ctx, member, timeZone);
      const plan = await householdDebtPlan(ctx.deps.dataSource, member.household.id, {
        strategy,
        extraPaymentCents: extraPayment ?? 0,
        order: order ?? null,
        today: day.today,
      });
      return presentDebtPlan(plan);
    },
  },
};

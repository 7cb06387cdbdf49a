import type { DebtorResolvers, MutationResolvers, Resolvers } from '../../generated/graphql';
import { requireSessionUser } from '../../policies';
import { presentCheckout, presentPlan, presentSubscription } from './billing.presenter';
import { restartCheckout } from './checkout.service';
import { plansOnSale } from './plans';
import { cancelSubscriptionAtPeriodEnd, openPaymentPortal, readSubscription } from './subscription.service';

const cancelSubscription: MutationResolvers['cancelSubscription'] = async (_parent, _args, ctx) =>
  presentSubscription(await cancelSubscriptionAtPeriodEnd(ctx.deps, (await requireSessionUser(ctx)).id));

const debtorSubscription: DebtorResolvers['subscription'] = async (debtor, _args, ctx) => {
  const subscription = await readSubscription(ctx.deps.dataSource, Number(debtor.id));
  return subscription ? presentSubscription(subscription) : null;
};

/** GraphQL adapters of the billing module: read the user, validate, call one service command, present. */
export const billingResolvers: Resolvers = {
  Query: {
    plans: (_parent, _args, ctx) => plansOnSale(ctx.deps.config).map(presentPlan),
  },
  Mutation: {
    createCheckoutSession: async (_parent, { plan }, ctx) => {
      const user = await requireSessionUser(ctx);
      const start = await restartCheckout(ctx.deps, user.id, plan);
      return presentCheckout(start.uid, start);
    },
    createPortalSession: async (_parent, _args, ctx) =>
      openPaymentPortal(ctx.deps, (await requireSessionUser(ctx)).id),
    cancelSubscription,
  },
  Debtor: { subscription: debtorSubscription },
};

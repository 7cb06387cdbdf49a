import type { DebtorResolvers, MutationResolvers, Resolvers } from '../../generated/graphql';
import type { GraphQLContext } from '../../graphql/context';
import { requireSessionUser } from '../../policies';
import { presentCheckout, presentPlan, presentSubscription } from './billing.presenter';
import { restartCheckout } from './checkout.service';
import { plansOnSale } from './plans';
import { cancelSubscriptionAtPeriodEnd, openPaymentPortal, readSubscription } from './subscription.service';

/**
 * schema.graphql has no `schema { … }` block, so codegen takes the object type `Subscription` for
 * the subscription root and types it as an empty object; at run time it is an ordinary object
 * type, so these two resolvers are typed by hand and cast once here.
 */
type SubscriptionResult = ReturnType<typeof presentSubscription>;
const cancelSubscription = (async (
  _parent: unknown,
  _args: unknown,
  ctx: GraphQLContext,
): Promise<SubscriptionResult> =>
  presentSubscription(
    await cancelSubscriptionAtPeriodEnd(ctx.deps, requireSessionUser(ctx).id),
  )) as unknown as MutationResolvers['cancelSubscription'];
const debtorSubscription = (async (
  debtor: { id: string | number },
  _args: unknown,
  ctx: GraphQLContext,
): Promise<SubscriptionResult | null> => {
  const subscription = await readSubscription(ctx.deps.dataSource, Number(debtor.id));
  return subscription ? presentSubscription(subscription) : null;
}) as unknown as DebtorResolvers['subscription'];

/** GraphQL adapters of the billing module: read the user, validate, call one service command, present. */
export const billingResolvers: Resolvers = {
  Query: {
    plans: (_parent, _args, ctx) => plansOnSale(ctx.deps.config).map(presentPlan),
  },
  Mutation: {
    createCheckoutSession: async (_parent, { plan }, ctx) => {
      const user = requireSessionUser(ctx);
      const start = await restartCheckout(ctx.deps, user.id, plan);
      return presentCheckout(start.uid, start);
    },
    createPortalSession: async (_parent, _args, ctx) =>
      openPaymentPortal(ctx.deps, requireSessionUser(ctx).id),
    cancelSubscription,
  },
  Debtor: { subscription: debtorSubscription },
};

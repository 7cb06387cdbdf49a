import type { Resolvers } from '../../generated/graphql';

/** GraphQL adapters of the billing module: read the user, validate, call one service command, present. */
export const billingResolvers: Resolvers = {};

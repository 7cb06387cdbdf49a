import type { Resolvers } from '../../generated/graphql';

/** GraphQL adapters of the liabilities module: read the user, validate, call one service command, present. */
export const liabilitiesResolvers: Resolvers = {};

import type { Resolvers } from '../../generated/graphql';

/** GraphQL adapters of the income module: read the user, validate, call one service command, present. */
export const incomeResolvers: Resolvers = {};

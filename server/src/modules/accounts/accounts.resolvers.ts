import type { Resolvers } from '../../generated/graphql';

/** GraphQL adapters of the accounts module: read the user, validate, call one service command, present. */
export const accountsResolvers: Resolvers = {};

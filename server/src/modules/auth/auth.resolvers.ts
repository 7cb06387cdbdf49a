import type { Resolvers } from '../../generated/graphql';

/** GraphQL adapters of the auth module: read the user, validate, call one service command, present. */
export const authResolvers: Resolvers = {};

import type { Resolvers } from '../../generated/graphql';

/** GraphQL adapters of the tokens module: read the user, validate, call one service command, present. */
export const tokensResolvers: Resolvers = {};

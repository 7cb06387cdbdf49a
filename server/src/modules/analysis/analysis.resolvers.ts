import type { Resolvers } from '../../generated/graphql';

/** GraphQL adapters of the analysis module: read the user, validate, call one service command, present. */
export const analysisResolvers: Resolvers = {};

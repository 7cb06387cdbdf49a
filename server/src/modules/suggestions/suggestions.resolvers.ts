import type { Resolvers } from '../../generated/graphql';

/** GraphQL adapters of the suggestions module: read the user, validate, call one service command, present. */
export const suggestionsResolvers: Resolvers = {};

import type { Resolvers } from '../../generated/graphql';

/** GraphQL adapters of the contact module: read the user, validate, call one service command, present. */
export const contactResolvers: Resolvers = {};

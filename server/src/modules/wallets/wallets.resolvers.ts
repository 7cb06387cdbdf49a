import type { Resolvers } from '../../generated/graphql';

/** GraphQL adapters of the wallets module: read the user, validate, call one service command, present. */
export const walletsResolvers: Resolvers = {};

import type { Resolvers } from '../../generated/graphql';
import { requireSessionUser } from '../../policies';
import {
  beginPasskeyRegistration,
  beginPasskeySignIn,
  finishPasskeyRegistration,
  listPasskeys,
  removePasskey,
} from './passkeys.service';

/**
 * GraphQL adapters of passkeys. Managing them takes a signed-in browser session (never an API
 * token); signing in with one is auth's (finishPasskeySignIn, in auth.resolvers.ts).
 */
export const passkeysResolvers: Resolvers = {
  Query: {
    async passkeys(_parent, _args, ctx) {
      const user = await requireSessionUser(ctx);
      return listPasskeys(ctx.deps.dataSource, user.id);
    },
  },
  Mutation: {
    async beginPasskeyRegistration(_parent, _args, ctx) {
      const user = await requireSessionUser(ctx);
      return beginPasskeyRegistration(ctx.deps, user.id);
    },

    async finishPasskeyRegistration(_parent, { challengeId, name, responseJson }, ctx) {
      const user = await requireSessionUser(ctx);
      return finishPasskeyRegistration(ctx.deps, user.id, { challengeId, name, responseJson }, ctx.ip);
    },

    async removePasskey(_parent, { id, password }, ctx) {
      const user = await requireSessionUser(ctx);
      await removePasskey(ctx.deps, user.id, id, password, ctx.ip);
      return true;
    },

    async beginPasskeySignIn(_parent, _args, ctx) {
      return beginPasskeySignIn(ctx.deps);
    },
  },
};

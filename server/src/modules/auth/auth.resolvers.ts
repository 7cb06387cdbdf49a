import type { Resolvers } from '../../generated/graphql';
import type { GraphQLContext } from '../../graphql/context';
import { requireSessionUser } from '../../policies';
import { presentAuthPayload, presentTwoFactorPending } from './auth.presenter';
import {
  changePassword,
  completeTwoFactorLogin,
  refreshSession,
  signIn,
  signInWithPasskey,
  type SignedIn,
} from './auth.service';
import { clearRefreshCookie, readRefreshCookie, setRefreshCookie } from './refresh-cookie';
import { endSession } from './sessions.service';

function answerSignedIn(ctx: GraphQLContext, signedIn: SignedIn) {
  setRefreshCookie(ctx.res, ctx.deps.config, signedIn.refreshToken.token, signedIn.refreshToken.expiresAt);
  return presentAuthPayload(signedIn);
}

/** GraphQL adapters of the auth module: read the user, call one service command, present. */
export const authResolvers: Resolvers = {
  Mutation: {
    async login(_parent, { userName, userPassword, honeypot }, ctx) {
      const outcome = await signIn(ctx.deps, { userName, userPassword, honeypot }, ctx.ip);
      // Two-factor on: no session and no cookie until completeTwoFactorLogin.
      if ('twoFactorRequired' in outcome) return presentTwoFactorPending(outcome);
      const { __typename: _type, ...signedIn } = answerSignedIn(ctx, outcome);
      return { ...signedIn, twoFactorRequired: false, twoFactorToken: null };
    },

    async finishPasskeySignIn(_parent, { challengeId, responseJson }, ctx) {
      return answerSignedIn(ctx, await signInWithPasskey(ctx.deps, { challengeId, responseJson }, ctx.ip));
    },

    async completeTwoFactorLogin(_parent, { twoFactorToken, code }, ctx) {
      return answerSignedIn(ctx, await completeTwoFactorLogin(ctx.deps, twoFactorToken, code, ctx.ip));
    },

    async refreshSession(_parent, _args, ctx) {
      try {
        return answerSignedIn(ctx, await refreshSession(ctx.deps, readRefreshCookie(ctx.req), ctx.ip));
      } catch (error) {
        clearRefreshCookie(ctx.res, ctx.deps.config);
        throw error;
      }
    },

    async logout(_parent, _args, ctx) {
      const presented = readRefreshCookie(ctx.req);
      if (presented) await endSession(ctx.deps.dataSource, presented, ctx.deps.clock.now());
      clearRefreshCookie(ctx.res, ctx.deps.config);
      return true;
    },

    async changePassword(_parent, { oldPassword, newPassword, honeypot }, ctx) {
      const user = await requireSessionUser(ctx);
      return answerSignedIn(
        ctx,
        await changePassword(ctx.deps, user.id, { oldPassword, newPassword, honeypot }, ctx.ip, {
          oldPW: 'oldPassword',
          newPW: 'newPassword',
        }),
      );
    },
  },
};

import { LOGIN_MAX, MESSAGES } from '@truenet/core';
import type { Resolvers } from '../../generated/graphql';
import { badUserInput } from '../../errors';
import { requireSessionUser, requireUser } from '../../policies';
import { clearRefreshCookie } from '../auth/refresh-cookie';
import { presentDebtor } from './account.presenter';
import {
  confirmPassword,
  deleteAccount,
  exportAccountData,
  loadAccount,
  updateAccount,
} from './accounts.service';
import { resendVerificationCode, verifyEmailCode } from './email-verification.service';
import { requestPasswordReset } from './password-reset.service';
import { registerAccount } from './registration.service';

/** GraphQL adapters of the accounts module: read the user, call one service command, present. */
export const accountsResolvers: Resolvers = {
  Query: {
    async me(_parent, _args, ctx) {
      const user = await requireUser(ctx);
      return presentDebtor(await loadAccount(ctx.deps, user.id));
    },

    async exportMyData(_parent, _args, ctx) {
      const user = await requireUser(ctx);
      return JSON.stringify(await exportAccountData(ctx.deps, user.id), null, 2);
    },
  },

  Mutation: {
    async register(_parent, { input }, ctx) {
      return registerAccount(ctx.deps, input, ctx.ip);
    },

    async verifyEmail(_parent, { code, honeypot }, ctx) {
      const user = await requireSessionUser(ctx);
      return presentDebtor(await verifyEmailCode(ctx.deps, user.id, { code, honeypot }, ctx.ip));
    },

    async resendVerificationCode(_parent, _args, ctx) {
      const user = await requireSessionUser(ctx);
      await resendVerificationCode(ctx.deps, user.id);
      return true;
    },

    async updateAccount(_parent, { input }, ctx) {
      const user = await requireSessionUser(ctx);
      return presentDebtor(await updateAccount(ctx.deps, user.id, input));
    },

    async requestPasswordReset(_parent, { email, honeypot }, ctx) {
      return requestPasswordReset(ctx.deps, { email, honeypot }, ctx.ip);
    },

    async deleteAccount(_parent, { password }, ctx) {
      const user = await requireSessionUser(ctx);
      if (password === '') throw badUserInput(MESSAGES.passwordRequired, 'password');
      if (password.length > LOGIN_MAX) throw badUserInput(MESSAGES.loginTooLong, 'password');
      await confirmPassword(ctx.deps, user.id, password, 'password');
      await deleteAccount(ctx.deps, user.id, ctx.ip);
      clearRefreshCookie(ctx.res, ctx.deps.config);
      return true;
    },
  },
};

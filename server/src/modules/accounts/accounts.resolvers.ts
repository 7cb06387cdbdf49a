import {
  DEFAULT_PLAN,
  isValidTimeZone,
  LOGIN_MAX,
  MESSAGES,
  validateAccountUpdate,
  validateRegistration,
  validateResetRequest,
  validateVerificationCode,
} from '@truenet/core';
import type { Resolvers } from '../../generated/graphql';
import { badUserInput } from '../../errors';
import { requireSessionUser, requireUser } from '../../policies';
import { consumeRateLimit, RATE_LIMITS } from '../../rate-limit';
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
import { throwIfInvalid } from './field-errors';
import { requestPasswordReset } from './password-reset.service';
import { registerAccount } from './registration.service';

const INVALID_TIME_ZONE = 'Unknown time zone: use an IANA name such as America/New_York';

/** GraphQL adapters of the accounts module: read the user, validate, call one service command, present. */
export const accountsResolvers: Resolvers = {
  Query: {
    async me(_parent, _args, ctx) {
      const user = requireUser(ctx);
      return presentDebtor(await loadAccount(ctx.deps, user.id));
    },

    async exportMyData(_parent, _args, ctx) {
      const user = requireUser(ctx);
      return JSON.stringify(await exportAccountData(ctx.deps, user.id), null, 2);
    },
  },

  Mutation: {
    async register(_parent, { input }, ctx) {
      throwIfInvalid(validateRegistration({ ...input, plan: input.plan ?? DEFAULT_PLAN }));
      if (input.timeZone && !isValidTimeZone(input.timeZone))
        throw badUserInput(INVALID_TIME_ZONE, 'timeZone');
      await consumeRateLimit(ctx.deps.dataSource, RATE_LIMITS.register, ctx.ip);
      return registerAccount(ctx.deps, {
        firstName: input.firstName.trim(),
        lastName: input.lastName.trim(),
        userName: input.userName.trim(),
        email: input.email.trim(),
        password: input.userPassword,
        plan: input.plan ?? DEFAULT_PLAN,
        timeZone: input.timeZone || null,
      });
    },

    async verifyEmail(_parent, { code, honeypot }, ctx) {
      const user = requireSessionUser(ctx);
      if (honeypot) throwIfInvalid({ form: 'Invalid form' });
      throwIfInvalid(validateVerificationCode({ code }));
      return presentDebtor(await verifyEmailCode(ctx.deps, user.id, code.trim(), ctx.ip));
    },

    async resendVerificationCode(_parent, _args, ctx) {
      const user = requireSessionUser(ctx);
      await resendVerificationCode(ctx.deps, user.id);
      return true;
    },

    async updateAccount(_parent, { input }, ctx) {
      const user = requireSessionUser(ctx);
      throwIfInvalid(validateAccountUpdate(input));
      const account = await updateAccount(ctx.deps, user.id, {
        firstName: input.firstName.trim(),
        lastName: input.lastName.trim(),
        email: input.email.trim(),
      });
      return presentDebtor(account);
    },

    async requestPasswordReset(_parent, { email, honeypot }, ctx) {
      if (honeypot) throwIfInvalid({ form: 'Invalid form' });
      throwIfInvalid(validateResetRequest({ email }));
      return requestPasswordReset(ctx.deps, email.trim(), ctx.ip);
    },

    async deleteAccount(_parent, { password }, ctx) {
      const user = requireSessionUser(ctx);
      if (password === '') throw badUserInput(MESSAGES.passwordRequired, 'password');
      if (password.length > LOGIN_MAX) throw badUserInput(MESSAGES.loginTooLong, 'password');
      await confirmPassword(ctx.deps, user.id, password, 'password');
      await deleteAccount(ctx.deps, user.id, ctx.ip);
      clearRefreshCookie(ctx.res, ctx.deps.config);
      return true;
    },
  },
};

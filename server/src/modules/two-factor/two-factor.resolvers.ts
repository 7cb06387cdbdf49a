import type { Resolvers } from '../../generated/graphql';
import { requireSessionUser } from '../../policies';
import { presentDebtor } from '../accounts/account.presenter';
import { loadAccount } from '../accounts/accounts.service';
import {
  beginTotpEnrollment,
  confirmTotpEnrollment,
  disableTwoFactor,
  isTwoFactorEnabled,
  recoveryCodesLeft,
} from './two-factor.service';

/**
 * GraphQL adapters of two-factor sign-in. Only a signed-in browser session manages it: an API token
 * (even read-write) never can, since a script's secret must not be able to change how people sign in.
 */
export const twoFactorResolvers: Resolvers = {
  Mutation: {
    async beginTotpEnrollment(_parent, _args, ctx) {
      const user = await requireSessionUser(ctx);
      return beginTotpEnrollment(ctx.deps, user.id);
    },

    async confirmTotpEnrollment(_parent, { code }, ctx) {
      const user = await requireSessionUser(ctx);
      return { recoveryCodes: await confirmTotpEnrollment(ctx.deps, user.id, code, ctx.ip) };
    },

    async disableTwoFactor(_parent, { password, code }, ctx) {
      const user = await requireSessionUser(ctx);
      await disableTwoFactor(ctx.deps, user.id, password, code, ctx.ip);
      return presentDebtor(await loadAccount(ctx.deps, user.id));
    },
  },
  Debtor: {
    twoFactorEnabled: (debtor, _args, ctx) => isTwoFactorEnabled(ctx.deps.dataSource, Number(debtor.id)),
    recoveryCodesLeft: (debtor, _args, ctx) => recoveryCodesLeft(ctx.deps.dataSource, Number(debtor.id)),
  },
};

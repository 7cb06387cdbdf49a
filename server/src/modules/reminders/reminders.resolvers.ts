import type { Resolvers } from '../../generated/graphql';
import { requireSessionUser, requireUser } from '../../policies';
import { getReminderSettings, updateReminderSettings } from './reminder-settings.service';

/**
 * GraphQL adapters of the reminder settings. Reading needs any credential of the account; changing
 * them is account management, so it needs a signed-in session (not an API token). Like reading,
 * it works whatever the subscription state: turning e-mails off is never held hostage.
 */
export const remindersResolvers: Resolvers = {
  Query: {
    reminderSettings: async (_parent, _args, ctx) => {
      const user = await requireUser(ctx);
      return getReminderSettings(ctx.deps.dataSource, user.id);
    },
  },
  Mutation: {
    updateReminderSettings: async (_parent, { input }, ctx) => {
      const user = await requireSessionUser(ctx);
      return updateReminderSettings(ctx.deps.dataSource, user.id, input);
    },
  },
};

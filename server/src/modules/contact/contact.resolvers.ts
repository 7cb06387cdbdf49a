import type { Resolvers } from '../../generated/graphql';
import { sendContactMessage } from './contact.service';

/** GraphQL adapters of the contact module: read the user, call one service command, present. */
export const contactResolvers: Resolvers = {
  Mutation: {
    async sendContactMessage(_parent, { input }, ctx) {
      // A signed-in sender (session or token) is linked to the message; the form is public.
      await sendContactMessage(ctx.deps, input, { debtorId: ctx.user?.id ?? null, ip: ctx.ip });
      return true;
    },
  },
};

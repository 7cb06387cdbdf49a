import type { Resolvers } from '../../generated/graphql';
import { optionalUser } from '../../policies';
import { sendContactMessage } from './contact.service';

/** GraphQL adapters of the contact module: read the user, call one service command, present. */
export const contactResolvers: Resolvers = {
  Mutation: {
    async sendContactMessage(_parent, { input }, ctx) {
      // A signed-in sender (session or token) is linked to the message; the form is public.
      const sender = await optionalUser(ctx);
      await sendContactMessage(ctx.deps, input, { debtorId: sender?.id ?? null, ip: ctx.ip });
      return true;
    },
  },
};

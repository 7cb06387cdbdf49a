import { validateContactMessage } from '@truenet/core';
import type { Resolvers } from '../../generated/graphql';
import { throwIfInvalid } from '../accounts/field-errors';
import { sendContactMessage } from './contact.service';

/** GraphQL adapters of the contact module: read the user, validate, call one service command, present. */
export const contactResolvers: Resolvers = {
  Mutation: {
    async sendContactMessage(_parent, { input }, ctx) {
      throwIfInvalid(validateContactMessage(input));
      await sendContactMessage(
        ctx.deps,
        {
          senderName: input.senderName.trim(),
          senderEmail: input.senderEmail.trim(),
          message: input.message,
        },
        // A signed-in sender (session or token) is linked to the message; the form is public.
        { debtorId: ctx.user?.id ?? null, ip: ctx.ip },
      );
      return true;
    },
  },
};

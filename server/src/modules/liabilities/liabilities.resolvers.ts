import { validateLiability, type IsoDate } from '@truenet/core';
import type { LiabilityInput, Resolvers } from '../../generated/graphql';
import { requireUser, requireWriter } from '../../policies';
import { actionPayload } from '../analysis/analysis.service';
import { assertNoFieldErrors, dollars, rowId, userToday } from '../analysis/finance-input';
import { presentLiability } from './liabilities.presenter';
import {
  addLiability,
  deleteLiability,
  listLiabilities,
  updateLiability,
  type LiabilityFields,
} from './liabilities.service';
import { savePaidInfo } from './paid-info.service';

function optionalText(value: string | null | undefined): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
}

/** Validates with core's rules (the due date within the window around the user's today). */
function liabilityFields(input: LiabilityInput, today: IsoDate): LiabilityFields {
  assertNoFieldErrors(
    validateLiability(
      {
        creditorName: input.creditorName,
        creditorUrl: input.creditorUrl,
        debtType: input.debtType,
        frequency: input.frequency,
        dueDate: input.dueDate,
        payment: dollars(input.payment),
        balance: dollars(input.balance),
        creditorDescription: input.creditorDescription,
      },
      today,
    ),
  );
  return {
    creditorName: input.creditorName.trim(),
    creditorUrl: optionalText(input.creditorUrl),
    description: optionalText(input.creditorDescription),
    debtType: input.debtType,
    frequency: input.frequency,
    dueDate: input.dueDate,
    balanceCents: input.balance ?? null,
    paymentCents: input.payment,
    autoPay: input.autoPay ?? false,
  };
}

/** GraphQL adapters of the liabilities module: read the user, validate, call one service command, present. */
export const liabilitiesResolvers: Resolvers = {
  Query: {
    liabilities: async (_parent, _args, ctx) => {
      const user = requireUser(ctx);
      return (await listLiabilities(ctx.deps.dataSource, user.id)).map(presentLiability);
    },
  },
  Mutation: {
    addLiability: async (_parent, { input }, ctx) => {
      const user = await requireWriter(ctx);
      const today = await userToday(ctx.deps.dataSource, ctx.deps.clock, user, input.timeZone);
      return presentLiability(await addLiability(ctx.deps, user.id, liabilityFields(input, today)));
    },
    updateLiability: async (_parent, { id, input }, ctx) => {
      const user = await requireWriter(ctx);
      const liabilityId = rowId(id, 'Expense');
      const today = await userToday(ctx.deps.dataSource, ctx.deps.clock, user, input.timeZone);
      const fields = liabilityFields(input, today);
      return presentLiability(await updateLiability(ctx.deps, user.id, liabilityId, fields));
    },
    deleteLiability: async (_parent, { id }, ctx) => {
      const user = await requireWriter(ctx);
      await deleteLiability(ctx.deps, user.id, rowId(id, 'Expense'));
      return { id, deleted: true };
    },
    savePaidInfo: async (_parent, { walletId, changes, timeZone }, ctx) => {
      const user = await requireWriter(ctx);
      const wallet = rowId(walletId, 'Wallet');
      const requested = changes.map((change) => ({
        liabilityId: rowId(change.liabilityId, 'Expense'),
        paid: change.paid,
        cleared: change.cleared,
        dueDate: change.dueDate ?? null,
      }));
      const today = await userToday(ctx.deps.dataSource, ctx.deps.clock, user, timeZone);
      await savePaidInfo(ctx.deps, user.id, wallet, requested, today);
      return actionPayload(ctx.deps.dataSource, user.id, wallet, today);
    },
  },
};

import type { LiabilityInput, Resolvers } from '../../generated/graphql';
import { requireUser, requireWriter } from '../../policies';
import { actionPayload } from '../analysis/analysis.service';
import { dollars, rowId, userToday } from '../analysis/finance-input';
import { presentLiability } from './liabilities.presenter';
import { addLiability, deleteLiability, listLiabilities, updateLiability } from './liabilities.service';
import { savePaidInfo } from './paid-info.service';
import { liabilityFields, type LiabilityDraft } from './liability-fields';

/** GraphQL carries codes and cents; core's rules read the form's shape (codes or labels, dollars). */
function liabilityDraft(input: LiabilityInput): LiabilityDraft {
  return {
    ...input,
    payment: dollars(input.payment),
    balance: dollars(input.balance),
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
      return presentLiability(
        await addLiability(ctx.deps, user.id, liabilityFields(liabilityDraft(input), today)),
      );
    },
    updateLiability: async (_parent, { id, input }, ctx) => {
      const user = await requireWriter(ctx);
      const liabilityId = rowId(id, 'Expense');
      const today = await userToday(ctx.deps.dataSource, ctx.deps.clock, user, input.timeZone);
      const fields = liabilityFields(liabilityDraft(input), today);
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

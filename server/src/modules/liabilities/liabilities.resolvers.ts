import type { LiabilityInput, Resolvers } from '../../generated/graphql';
import { ledgerOf, requireMember, requireWriter } from '../../policies';
import { presentActionPayload, presentLiabilityActionPayload } from '../analysis/analysis.presenter';
import { actionResult, liabilityActionResult } from '../analysis/analysis.service';
import { rowId } from '../../input/row-id';
import { requestDay } from '../../input/today';
import { dollars } from '../../input/values';
import { presentLiability } from './liabilities.presenter';
import { addLiability, deleteLiability, listLiabilities, updateLiability } from './liabilities.service';
import { savePaidInfo } from './paid-info.service';
import { findWallet } from '../wallets/wallets.service';
import { presentPayment } from './payments.presenter';
import { listLiabilityPayments, skipLiabilityOccurrence, undoLiabilityPayment } from './payments.service';
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
      const user = await requireMember(ctx);
      return (await listLiabilities(ctx.deps.dataSource, user.household.id)).map(presentLiability);
    },
    liabilityPayments: async (_parent, { liabilityId, from, to }, ctx) => {
      const user = await requireMember(ctx);
      const filter = {
        liabilityId: liabilityId == null ? null : rowId(liabilityId, 'Expense'),
        from: from ?? null,
        to: to ?? null,
      };
      return (await listLiabilityPayments(ctx.deps.dataSource, user.household.id, filter)).map(
        presentPayment,
      );
    },
  },
  Mutation: {
    addLiability: async (_parent, { input }, ctx) => {
      const user = await requireWriter(ctx);
      const day = await requestDay(ctx, user, input.timeZone);
      return presentLiability(
        await addLiability(ctx.deps, ledgerOf(user), liabilityFields(liabilityDraft(input), day.today), day),
      );
    },
    updateLiability: async (_parent, { id, input }, ctx) => {
      const user = await requireWriter(ctx);
      const liabilityId = rowId(id, 'Expense');
      const day = await requestDay(ctx, user, input.timeZone);
      const fields = liabilityFields(liabilityDraft(input), day.today);
      return presentLiability(await updateLiability(ctx.deps, ledgerOf(user), liabilityId, fields, day));
    },
    deleteLiability: async (_parent, { id }, ctx) => {
      const user = await requireWriter(ctx);
      await deleteLiability(ctx.deps, ledgerOf(user), rowId(id, 'Expense'));
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
        amountCents: change.amount ?? null,
      }));
      const day = await requestDay(ctx, user, timeZone);
      await savePaidInfo(ctx.deps, ledgerOf(user), wallet, requested, day);
      return presentActionPayload(
        await actionResult(ctx.deps.dataSource, user.household.id, wallet, day.today),
      );
    },
    skipLiabilityOccurrence: async (_parent, { liabilityId, dueDate, walletId, timeZone }, ctx) => {
      const user = await requireWriter(ctx);
      const id = rowId(liabilityId, 'Expense');
      const wallet = walletId == null ? null : rowId(walletId, 'Wallet');
      // The wallet the answer shows is checked first, so a wrong one changes nothing.
      if (wallet !== null) await findWallet(ctx.deps.dataSource, user.household.id, wallet);
      const day = await requestDay(ctx, user, timeZone);
      const payment = await skipLiabilityOccurrence(ctx.deps, ledgerOf(user), id, dueDate, day);
      return presentLiabilityActionPayload(
        await liabilityActionResult(ctx.deps.dataSource, user.household.id, wallet, day.today, payment),
      );
    },
    undoLiabilityPayment: async (_parent, { paymentId, walletId, timeZone }, ctx) => {
      const user = await requireWriter(ctx);
      const id = rowId(paymentId, 'Payment');
      const wallet = walletId == null ? null : rowId(walletId, 'Wallet');
      // The wallet the answer shows is checked first, so a wrong one changes nothing.
      if (wallet !== null) await findWallet(ctx.deps.dataSource, user.household.id, wallet);
      const day = await requestDay(ctx, user, timeZone);
      const payment = await undoLiabilityPayment(ctx.deps, ledgerOf(user), String(id), day);
      return presentLiabilityActionPayload(
        await liabilityActionResult(ctx.deps.dataSource, user.household.id, wallet, day.today, payment),
      );
    },
  },
};

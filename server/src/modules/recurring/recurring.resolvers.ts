import type { Resolvers } from '../../generated/graphql';
import { ledgerOf, requireMember, requireWriter } from '../../policies';
import { rowId } from '../../input/row-id';
import { rememberRequestZone, requestDay } from '../../input/today';
import { presentIncomeSource } from '../income/income.presenter';
import { presentLiability } from '../liabilities/liabilities.presenter';
import { findWallet } from '../wallets/wallets.service';
import { presentAmountChange, presentSuggestion } from './recurring.presenter';
import { amountChanges, applyAmountChange, dismissAmountChange } from './amount-changes.service';
import {
  acceptRecurringSuggestion,
  dismissRecurringSuggestion,
  recurringSuggestions,
} from './recurring.service';

/** GraphQL adapters of found in your bank: read the member, check, call one service command, present. */
export const recurringResolvers: Resolvers = {
  Query: {
    recurringSuggestions: async (_parent, { walletId, timeZone }, ctx) => {
      const user = await requireMember(ctx);
      const day = await requestDay(ctx, user, timeZone);
      await rememberRequestZone(ctx, user, timeZone);
      const wallet = walletId == null ? null : rowId(walletId, 'Wallet');
      if (wallet !== null) await findWallet(ctx.deps.dataSource, user.household.id, wallet);
      return (await recurringSuggestions(ctx.deps.dataSource, user.household.id, day.today, wallet)).map(
        presentSuggestion,
      );
    },
    amountChanges: async (_parent, { timeZone }, ctx) => {
      const user = await requireMember(ctx);
      await rememberRequestZone(ctx, user, timeZone);
      return (await amountChanges(ctx.deps.dataSource, user.household.id)).map(presentAmountChange);
    },
  },
  Mutation: {
    applyAmountChange: async (_parent, { id, timeZone }, ctx) => {
      const user = await requireWriter(ctx);
      const day = await requestDay(ctx, user, timeZone);
      return presentAmountChange(await applyAmountChange(ctx.deps, ledgerOf(user), id, day));
    },
    dismissAmountChange: async (_parent, { id }, ctx) => {
      const user = await requireWriter(ctx);
      await dismissAmountChange(ctx.deps, ledgerOf(user), id);
      return true;
    },
    acceptRecurringSuggestion: async (_parent, { id, input, timeZone }, ctx) => {
      const user = await requireWriter(ctx);
      const day = await requestDay(ctx, user, timeZone);
      const accepted = await acceptRecurringSuggestion(
        ctx.deps,
        ledgerOf(user),
        id,
        {
          name: input?.name,
          amountCents: input?.amount,
          nextDate: input?.nextDate,
          debtType: input?.debtType,
          autoPay: input?.autoPay,
        },
        day,
      );
      return {
        liability: accepted.liability && presentLiability(accepted.liability),
        incomeSource: accepted.incomeSource && presentIncomeSource(accepted.incomeSource),
      };
    },
    dismissRecurringSuggestion: async (_parent, { id }, ctx) => {
      const user = await requireWriter(ctx);
      const day = await requestDay(ctx, user, null);
      await dismissRecurringSuggestion(ctx.deps, ledgerOf(user), id, day.today);
      return true;
    },
  },
};

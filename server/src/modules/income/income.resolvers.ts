import type { IncomeSourceInput, Resolvers } from '../../generated/graphql';
import { ledgerOf, requireMember, requireWriter } from '../../policies';
import { presentActionPayload } from '../analysis/analysis.presenter';
import { actionResult } from '../analysis/analysis.service';
import { rowId } from '../../input/row-id';
import { requestDay } from '../../input/today';
import { dollars } from '../../input/values';
import { depositPay } from './deposit-pay.service';
import { incomeSourceFields, type IncomeSourceDraft } from './income-source-fields';
import { presentIncomeSource } from './income.presenter';
import { addIncomeSource, deleteIncomeSource, listIncomeSources, updateIncomeSource } from './income.service';

/** GraphQL carries codes and cents and spells `sourceDescription`; core reads the form's shape. */
function incomeSourceDraft(input: IncomeSourceInput): IncomeSourceDraft {
  return {
    ...input,
    paymentAmount: dollars(input.paymentAmount),
    sourceDesciption: input.sourceDescription,
  };
}

/** Field errors name GraphQL's spelling. */
const GRAPHQL_FIELD_NAMES = { sourceDesciption: 'sourceDescription' };

/** GraphQL adapters of the income module: read the user, validate, call one service command, present. */
export const incomeResolvers: Resolvers = {
  Query: {
    incomeSources: async (_parent, _args, ctx) => {
      const user = await requireMember(ctx);
      return (await listIncomeSources(ctx.deps.dataSource, user.household.id)).map(presentIncomeSource);
    },
  },
  Mutation: {
    addIncomeSource: async (_parent, { input }, ctx) => {
      const user = await requireWriter(ctx);
      const day = await requestDay(ctx, user, input.timeZone);
      return presentIncomeSource(
        await addIncomeSource(
          ctx.deps,
          ledgerOf(user),
          incomeSourceFields(incomeSourceDraft(input), day.today, GRAPHQL_FIELD_NAMES),
          day,
        ),
      );
    },
    updateIncomeSource: async (_parent, { id, input }, ctx) => {
      const user = await requireWriter(ctx);
      const sourceId = rowId(id, 'Income source');
      const day = await requestDay(ctx, user, input.timeZone);
      const fields = incomeSourceFields(incomeSourceDraft(input), day.today, GRAPHQL_FIELD_NAMES);
      return presentIncomeSource(await updateIncomeSource(ctx.deps, ledgerOf(user), sourceId, fields, day));
    },
    deleteIncomeSource: async (_parent, { id }, ctx) => {
      const user = await requireWriter(ctx);
      await deleteIncomeSource(ctx.deps, ledgerOf(user), rowId(id, 'Income source'));
      return { id, deleted: true };
    },
    depositPay: async (_parent, { walletId, occurrences, timeZone }, ctx) => {
      const user = await requireWriter(ctx);
      const wallet = rowId(walletId, 'Wallet');
      const requested = occurrences.map((occurrence) => ({
        incomeSourceId: rowId(occurrence.incomeSourceId, 'Income source'),
        date: occurrence.date,
      }));
      const day = await requestDay(ctx, user, timeZone);
      await depositPay(ctx.deps, ledgerOf(user), wallet, requested, day);
      return presentActionPayload(
        await actionResult(ctx.deps.dataSource, user.household.id, wallet, day.today),
      );
    },
  },
};

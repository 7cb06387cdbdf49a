import { validateIncomeSource, type IsoDate } from '@truenet/core';
import type { IncomeSourceInput, Resolvers } from '../../generated/graphql';
import { requireUser, requireWriter } from '../../policies';
import { actionPayload } from '../analysis/analysis.service';
import { assertNoFieldErrors, dollars, rowId, userToday } from '../analysis/finance-input';
import { depositPay } from './deposit-pay.service';
import { presentIncomeSource } from './income.presenter';
import {
  addIncomeSource,
  deleteIncomeSource,
  listIncomeSources,
  updateIncomeSource,
  type IncomeSourceFields,
} from './income.service';

function optionalText(value: string | null | undefined): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
}

/** Validates with core's rules (dates within the window around the user's today). */
function incomeSourceFields(input: IncomeSourceInput, today: IsoDate): IncomeSourceFields {
  assertNoFieldErrors(
    validateIncomeSource(
      {
        sourceName: input.sourceName,
        sourceUrl: input.sourceUrl,
        incomeFrequency: input.incomeFrequency,
        nextPmtDate: input.nextPmtDate,
        biMonthlyPayDate: input.biMonthlyPayDate,
        paymentAmount: dollars(input.paymentAmount),
        sourceDesciption: input.sourceDescription,
      },
      today,
    ),
    { sourceDesciption: 'sourceDescription' },
  );
  const twiceMonthly = input.incomeFrequency === 'TWICE_MONTHLY';
  return {
    sourceName: input.sourceName.trim(),
    sourceUrl: optionalText(input.sourceUrl),
    description: optionalText(input.sourceDescription),
    frequency: input.incomeFrequency,
    nextPmtDate: input.nextPmtDate,
    biMonthlyPayDate: twiceMonthly ? (input.biMonthlyPayDate ?? null) : null,
    paymentCents: input.paymentAmount,
    active: input.sourceStatus ?? true,
  };
}

/** GraphQL adapters of the income module: read the user, validate, call one service command, present. */
export const incomeResolvers: Resolvers = {
  Query: {
    incomeSources: async (_parent, _args, ctx) => {
      const user = requireUser(ctx);
      return (await listIncomeSources(ctx.deps.dataSource, user.id)).map(presentIncomeSource);
    },
  },
  Mutation: {
    addIncomeSource: async (_parent, { input }, ctx) => {
      const user = await requireWriter(ctx);
      const today = await userToday(ctx.deps.dataSource, ctx.deps.clock, user, input.timeZone);
      return presentIncomeSource(await addIncomeSource(ctx.deps, user.id, incomeSourceFields(input, today)));
    },
    updateIncomeSource: async (_parent, { id, input }, ctx) => {
      const user = await requireWriter(ctx);
      const sourceId = rowId(id, 'Income source');
      const today = await userToday(ctx.deps.dataSource, ctx.deps.clock, user, input.timeZone);
      const fields = incomeSourceFields(input, today);
      return presentIncomeSource(await updateIncomeSource(ctx.deps, user.id, sourceId, fields));
    },
    deleteIncomeSource: async (_parent, { id }, ctx) => {
      const user = await requireWriter(ctx);
      await deleteIncomeSource(ctx.deps, user.id, rowId(id, 'Income source'));
      return { id, deleted: true };
    },
    depositPay: async (_parent, { walletId, occurrences, timeZone }, ctx) => {
      const user = await requireWriter(ctx);
      const wallet = rowId(walletId, 'Wallet');
      const requested = occurrences.map((occurrence) => ({
        incomeSourceId: rowId(occurrence.incomeSourceId, 'Income source'),
        date: occurrence.date,
      }));
      const today = await userToday(ctx.deps.dataSource, ctx.deps.clock, user, timeZone);
      await depositPay(ctx.deps, user.id, wallet, requested, today);
      return actionPayload(ctx.deps.dataSource, user.id, wallet, today);
    },
  },
};

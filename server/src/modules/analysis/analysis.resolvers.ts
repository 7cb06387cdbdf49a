import { FORECAST_DEFAULT_DAYS } from '@truenet/core';
import type { Resolvers } from '../../generated/graphql';
import { requireCaller } from '../../policies';
import { presentAnalysis } from './analysis.presenter';
import { cashFlowAnalysis } from './analysis.service';
import { rowId } from '../../input/row-id';
import { presentForecast } from './forecast.presenter';
import { balanceForecast } from './forecast.service';

/** GraphQL adapters of the analysis module: read the user, validate, call one service command, present. */
export const analysisResolvers: Resolvers = {
  Query: {
    cashFlowAnalysis: async (_parent, { walletId, timeZone, asOf }, ctx) => {
      // The snapshot's statement proves the account (no statement of its own).
      const caller = requireCaller(ctx);
      const analysis = await cashFlowAnalysis(ctx.deps, caller, {
        walletId: walletId === null || walletId === undefined ? null : rowId(walletId, 'Wallet'),
        timeZone: timeZone ?? null,
        asOf: asOf ?? null,
      });
      return presentAnalysis(analysis);
    },
    // A read: API tokens of either scope may ask it (scripts do).
    balanceForecast: async (_parent, { walletId, days, whatIf, timeZone, asOf }, ctx) => {
      const caller = requireCaller(ctx);
      const forecast = await balanceForecast(ctx.deps, caller, {
        walletId: walletId === null || walletId === undefined ? null : rowId(walletId, 'Wallet'),
        days: days ?? FORECAST_DEFAULT_DAYS,
        whatIfs: (whatIf ?? []).map((item) => ({
          date: item.date,
          amountCents: item.amount,
          description: item.description ?? null,
        })),
        timeZone: timeZone ?? null,
        asOf: asOf ?? null,
      });
      return presentForecast(forecast);
    },
  },
};

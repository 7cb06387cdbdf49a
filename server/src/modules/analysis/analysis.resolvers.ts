import type { Resolvers } from '../../generated/graphql';
import { requireUser } from '../../policies';
import { presentAnalysis } from './analysis.presenter';
import { cashFlowAnalysis } from './analysis.service';
import { rowId } from './finance-input';

/** GraphQL adapters of the analysis module: read the user, validate, call one service command, present. */
export const analysisResolvers: Resolvers = {
  Query: {
    cashFlowAnalysis: async (_parent, { walletId, timeZone, asOf }, ctx) => {
      const user = requireUser(ctx);
      const analysis = await cashFlowAnalysis(ctx.deps, user, {
        walletId: walletId === null || walletId === undefined ? null : rowId(walletId, 'Wallet'),
        timeZone: timeZone ?? null,
        asOf: asOf ?? null,
      });
      return presentAnalysis(analysis);
    },
  },
};

import type { Resolvers } from '../../generated/graphql';
import { requireMember } from '../../policies';
import { creditorSuggestions, incomeSourceSuggestions } from './suggestions.service';

/** GraphQL adapters of the suggestions module: read the user, call one service command, present. */
export const suggestionsResolvers: Resolvers = {
  Query: {
    creditorSuggestions: async (_parent, _args, ctx) => {
      const user = await requireMember(ctx);
      const rows = await creditorSuggestions(ctx.deps.dataSource, user.household.id);
      return rows.map((row) => ({ creditorName: row.name, creditorUrl: row.url }));
    },
    incomeSourceSuggestions: async (_parent, _args, ctx) => {
      const user = await requireMember(ctx);
      const rows = await incomeSourceSuggestions(ctx.deps.dataSource, user.household.id);
      return rows.map((row) => ({
        id: row.id === null ? null : String(row.id),
        sourceName: row.name,
        sourceUrl: row.url,
      }));
    },
  },
};

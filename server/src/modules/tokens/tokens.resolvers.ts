import type { ApiToken, Resolvers } from '../../generated/graphql';
import { requireSessionMember, requireSessionUser } from '../../policies';
import { createApiToken, listApiTokens, revokeApiToken, type ApiTokenRow } from './tokens.service';

function presentApiToken(row: ApiTokenRow): ApiToken {
  return {
    id: row.id,
    name: row.name,
    scope: row.scope,
    createdAt: row.created_at.toISOString(),
    lastUsedAt: row.last_used_at ? row.last_used_at.toISOString() : null,
  };
}

/**
 * GraphQL adapters of the tokens module. Managing tokens needs a signed-in session: a token can
 * neither mint nor list nor revoke tokens.
 */
export const tokensResolvers: Resolvers = {
  Query: {
    apiTokens: async (_parent, _args, ctx) => {
      const user = await requireSessionUser(ctx);
      return (await listApiTokens(ctx.deps.dataSource, user.id)).map(presentApiToken);
    },
  },
  Mutation: {
    createApiToken: async (_parent, { name, scope }, ctx) => {
      const member = await requireSessionMember(ctx);
      const created = await createApiToken(ctx.deps.dataSource, member, name, scope ?? 'READ');
      return { token: presentApiToken(created.token), secret: created.secret };
    },
    revokeApiToken: async (_parent, { id }, ctx) => {
      const user = await requireSessionUser(ctx);
      await revokeApiToken(ctx.deps.dataSource, user.id, id);
      return true;
    },
  },
};

import { ApolloServer, type ApolloServerPlugin } from '@apollo/server';
import { ApolloServerPluginLandingPageDisabled } from '@apollo/server/plugin/disabled';
import { ApolloArmor } from '@escape.tech/graphql-armor';
import { renderGraphiQL } from '@graphql-yoga/render-graphiql';
import { GraphQLError, visit, type GraphQLFormattedError } from 'graphql';
import { DomainError } from '@truenet/core';
import type { Config } from '../config';
import type { Logger } from '../logger';
import type { GraphQLContext } from './context';
import { resolvers } from './resolvers';
import { typeDefs } from './schema';

/** GraphiQL served from our own bundle (no CDN), so the playground works offline. */
function offlinePlayground(): ApolloServerPlugin<GraphQLContext> {
  let html: string | undefined;
  return {
    async serverWillStart() {
      return {
        async renderLandingPage() {
          html ??= renderGraphiQL({
            endpoint: '/graphql',
            title: 'TrueNet GraphQL playground',
            headers: JSON.stringify({ Authorization: 'Bearer <access token or API token>' }, null, 2),
          } as never);
          return { html };
        },
      };
    },
  };
}

/**
 * A read-only API token may run queries and nothing else: every mutation, whatever its module, is
 * refused before any resolver runs (requireWriter checks the scope again for the finance data).
 */
function readOnlyTokensCannotMutate(): ApolloServerPlugin<GraphQLContext> {
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ operation, contextValue }) {
          const user = contextValue.user;
          if (
            operation?.operation === 'mutation' &&
            user?.via === 'api-token' &&
            user.scope !== 'READ_WRITE'
          ) {
            throw new GraphQLError('This API token is read-only', {
              extensions: { code: 'FORBIDDEN', http: { status: 403 } },
            });
          }
        },
      };
    },
  };
}

/** True when a value (a variables object, at any depth) holds a string with a NUL character. */
function holdsNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (Array.isArray(value)) return value.some(holdsNul);
  if (value && typeof value === 'object') return Object.values(value).some(holdsNul);
  return false;
}

/**
 * PostgreSQL text cannot hold the NUL character: a name or note carrying one would fail in the
 * database as a 500. Such text is refused up front, whether it arrives in variables or as a string
 * literal of the document, as the user's input error.
 */
function refuseNulCharacters(): ApolloServerPlugin<GraphQLContext> {
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ request, document }) {
          let inDocument = false;
          visit(document, {
            StringValue(node) {
              if (node.value.includes('\u0000')) inDocument = true;
            },
          });
          if (inDocument || holdsNul(request.variables)) {
            throw new GraphQLError('Text cannot contain the NUL character (\\u0000)', {
              extensions: { code: 'BAD_USER_INPUT', http: { status: 400 } },
            });
          }
        },
      };
    },
  };
}

/** Domain rule violations are the user's input errors; anything unexpected is logged and hidden. */
export function formatError(logger: Logger, production: boolean) {
  return (formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError => {
    const original = error instanceof GraphQLError ? (error.originalError ?? error) : error;
    if (original instanceof DomainError) {
      return {
        message: original.message,
        locations: formatted.locations,
        path: formatted.path,
        extensions: { code: 'BAD_USER_INPUT', ...(original.field ? { field: original.field } : {}) },
      };
    }
    const code = formatted.extensions?.code;
    if (code === 'INTERNAL_SERVER_ERROR' || code === undefined) {
      logger.error({ err: original }, 'unexpected GraphQL error');
      if (production)
        return { message: 'Internal server error', extensions: { code: 'INTERNAL_SERVER_ERROR' } };
    }
    return formatted;
  };
}

/** The most lexical tokens a document may have. */
const MAX_TOKENS = 1000;

export function createApolloServer(config: Config, logger: Logger): ApolloServer<GraphQLContext> {
  const production = config.nodeEnv === 'production';
  const armor = new ApolloArmor({
    maxDepth: { n: 8 },
    maxAliases: { n: 5, allowList: [] },
    maxDirectives: { n: 5 },
    costLimit: { maxCost: 5000 },
    // armor's token limit throws from a plugin hook, which Apollo answers with 500; graphql-js's
    // own parser limit (parseOptions below) refuses the same documents as a 400 syntax error.
    maxTokens: { enabled: false },
  });
  const protection = armor.protect();
  return new ApolloServer<GraphQLContext>({
    typeDefs,
    resolvers: resolvers as never,
    ...protection,
    plugins: [
      ...(protection.plugins ?? []),
      readOnlyTokensCannotMutate(),
      refuseNulCharacters(),
      config.graphqlPlayground ? offlinePlayground() : ApolloServerPluginLandingPageDisabled(),
    ],
    introspection: !production,
    hideSchemaDetailsFromClientErrors: production,
    includeStacktraceInErrorResponses: false,
    persistedQueries: false,
    parseOptions: { maxTokens: MAX_TOKENS },
    csrfPrevention: true,
    allowBatchedHttpRequests: false,
    // main.ts owns graceful shutdown; Apollo's own signal handlers would race it and re-send the signal.
    stopOnTerminationSignals: false,
    formatError: formatError(logger, production),
  });
}

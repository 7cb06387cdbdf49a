import { ApolloServer, type ApolloServerPlugin } from '@apollo/server';
import { measureOperations } from '../observability/graphql-metrics';
import type { Metrics } from '../observability/metrics';
import {
  ApolloServerPluginCacheControlDisabled,
  ApolloServerPluginLandingPageDisabled,
} from '@apollo/server/plugin/disabled';
import { ApolloArmor } from '@escape.tech/graphql-armor';
import { makeExecutableSchema } from '@graphql-tools/schema';
import { renderGraphiQL } from '@graphql-yoga/render-graphiql';
import {
  GraphQLError,
  visit,
  type DocumentNode,
  type GraphQLFormattedError,
  type GraphQLSchema,
} from 'graphql';
import { DomainError } from '@truenet/core';
import type { Config } from '../config';
import type { Logger } from '../logger';
import type { GraphQLContext } from './context';
import { AppError } from '../errors';
import { coercionMessage, isCoercionText, knownDatabaseError, unexpectedError } from '../people-errors';
import { ScalarInputError } from './scalars';
import { resolvers } from './resolvers';
import { schemaDocument } from './schema';
import { trustedDocumentStore } from './trusted-documents';
import { compiledExecution } from './compiled-execution';
import { holdsNul } from '../input/nul-characters';
import { NESTED_TOO_DEEPLY, nestedDeeperThan } from '../input/nesting';

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

/**
 * PostgreSQL text cannot hold the NUL character: a name or note carrying one would fail in the
 * database as a 500. Such text is refused up front, whether it arrives in variables or as a string
 * literal of the document, as the user's input error.
 */
function refuseNulCharacters(): ApolloServerPlugin<GraphQLContext> {
  // Apollo keeps one parsed document per query text: its string literals are read once.
  const literalsHoldNul = new WeakMap<DocumentNode, boolean>();
  const inDocument = (document: DocumentNode) => {
    let found = literalsHoldNul.get(document);
    if (found === undefined) {
      found = false;
      visit(document, {
        StringValue(node) {
          if (node.value.includes('\u0000')) found = true;
        },
      });
      literalsHoldNul.set(document, found);
    }
    return found;
  };
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ request, document }) {
          // A GET request's variables are parsed by Apollo, past the body parsers' bound.
          if (nestedDeeperThan(request.variables) || nestedDeeperThan(request.extensions)) {
            throw new GraphQLError(NESTED_TOO_DEEPLY, {
              extensions: { code: 'BAD_USER_INPUT', http: { status: 400 } },
            });
          }
          if (inDocument(document) || holdsNul(request.variables)) {
            throw new GraphQLError('Text cannot contain the NUL character (\\u0000)', {
              extensions: { code: 'BAD_USER_INPUT', http: { status: 400 } },
            });
          }
        },
      };
    },
  };
}

/**
 * GraphQL over HTTP: a client that accepts only `application/json` reads the `errors` of a
 * document that does not parse or validate, or of variables that do not coerce, from a 200 answer
 * (it may not understand a 4xx with a GraphQL body); one that accepts
 * `application/graphql-response+json` keeps the 4xx that type defines.
 */
const DOCUMENT_ERRORS = new Set(['GRAPHQL_PARSE_FAILED', 'GRAPHQL_VALIDATION_FAILED', 'BAD_USER_INPUT']);

function jsonOnlyClientsGetOk(): ApolloServerPlugin<GraphQLContext> {
  return {
    async requestDidStart({ request }) {
      const accept = request.http?.headers.get('accept') ?? '';
      if (accept.includes('application/graphql-response+json')) return;
      return {
        async willSendResponse({ response }) {
          const body = response.body;
          if (body.kind !== 'single' || body.singleResult.data !== undefined) return;
          const errors = body.singleResult.errors ?? [];
          // A malformed request (no query, a query that is not a string) keeps its 400.
          const wellFormed = errors.every((error) => DOCUMENT_ERRORS.has(String(error.extensions?.code)));
          if (wellFormed && errors.length > 0 && response.http.status === 400) response.http.status = 200;
        },
      };
    },
  };
}

/**
 * Heavy work turned away (heavy/admission.ts) answers as the REST paths do: 503, or 429 for a
 * household with its share in flight, and Retry-After, so a balancer, a script or the web client
 * knows to come back; an answer with any data keeps its 200.
 */
function shedRequestsSayWhenToComeBack(): ApolloServerPlugin<GraphQLContext> {
  return {
    async requestDidStart() {
      return {
        async willSendResponse({ response }) {
          const body = response.body;
          if (body.kind !== 'single' || body.singleResult.data != null) return;
          const errors = body.singleResult.errors ?? [];
          if (errors.length === 0 || !errors.every((error) => error.extensions?.reason === 'BUSY')) return;
          const unavailable = errors.some((error) => error.extensions?.code === 'UNAVAILABLE');
          response.http.status = unavailable ? 503 : 429;
          const wait = Math.max(...errors.map((error) => Number(error.extensions?.retryAfterSeconds ?? 1)));
          response.http.headers.set('retry-after', String(wait));
        },
      };
    },
  };
}

/**
 * The GraphQL edge of the neutral errors: an AppError (services, policies, rate limits) answers
 * its code and details as `extensions`. Domain rule violations are the user's input errors; GraphQL's coercion text becomes the
 * field's own message; known database failures are said in words; anything unexpected is
 * 'Something went wrong. Try again.' with a reference the log carries (docs/product-rules.md §12).
 */
export function formatError(logger: Logger, _production: boolean) {
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
    if (original instanceof AppError) {
      return {
        message: original.message,
        locations: formatted.locations,
        path: formatted.path,
        extensions: { code: original.code, ...original.details },
      };
    }
    if (isCoercionText(formatted.message)) {
      const scalar =
        original instanceof ScalarInputError && original !== error ? original.message : undefined;
      const { message, field } = coercionMessage(formatted.message, scalar);
      return { message, extensions: { code: 'BAD_USER_INPUT', ...(field ? { field } : {}) } };
    }
    const known = knownDatabaseError(original);
    if (known) {
      return {
        message: known.message,
        path: formatted.path,
        extensions: { code: known.code, ...known.details },
      };
    }
    const code = formatted.extensions?.code;
    if (code === 'INTERNAL_SERVER_ERROR' || code === undefined) {
      const { message, reference } = unexpectedError(logger, original, 'GraphQL');
      return { message, path: formatted.path, extensions: { code: 'INTERNAL_SERVER_ERROR', reference } };
    }
    return formatted;
  };
}

/** The most lexical tokens a document may have. */
const MAX_TOKENS = 1000;

/** The executable schema: schema.graphql with the modules' resolvers. */
export function createSchema(): GraphQLSchema {
  return makeExecutableSchema({ typeDefs: schemaDocument, resolvers: resolvers as never });
}

export function createApolloServer(
  config: Config,
  logger: Logger,
  trusted: ReadonlyMap<string, string>,
  schema: GraphQLSchema,
  metrics: Metrics,
): ApolloServer<GraphQLContext> {
  const production = config.nodeEnv === 'production';
  const armor = new ApolloArmor({
    // Limits count fields, not fragments: scripts written with Apollo Client spread fragments
    // everywhere, and a spread is no deeper than the fields it names.
    maxDepth: { n: 8, flattenFragments: true },
    maxAliases: { n: 5, allowList: [] },
    maxDirectives: { n: 5 },
    costLimit: { maxCost: 5000, flattenFragments: true },
    // armor's token limit throws from a plugin hook, which Apollo answers with 500; graphql-js's
    // own parser limit (parseOptions below) refuses the same documents as a 400 syntax error.
    maxTokens: { enabled: false },
  });
  const protection = armor.protect();
  return new ApolloServer<GraphQLContext>({
    gateway: compiledExecution(schema),
    ...protection,
    plugins: [
      measureOperations<GraphQLContext>(metrics),
      ...(protection.plugins ?? []),
      readOnlyTokensCannotMutate(),
      refuseNulCharacters(),
      jsonOnlyClientsGetOk(),
      shedRequestsSayWhenToComeBack(),
      // No HTTP caching of GraphQL answers here (they are private, no-store), so Apollo need not
      // wrap every field's resolver to compute cache hints.
      ApolloServerPluginCacheControlDisabled(),
      config.graphqlPlayground ? offlinePlayground() : ApolloServerPluginLandingPageDisabled(),
    ],
    introspection: !production,
    hideSchemaDetailsFromClientErrors: production,
    includeStacktraceInErrorResponses: false,
    persistedQueries: { cache: trustedDocumentStore(trusted) },
    parseOptions: { maxTokens: MAX_TOKENS },
    csrfPrevention: true,
    allowBatchedHttpRequests: false,
    // main.ts owns graceful shutdown; Apollo's own signal handlers would race it and re-send the signal.
    stopOnTerminationSignals: false,
    formatError: formatError(logger, production),
  });
}

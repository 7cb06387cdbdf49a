import type { Request, RequestHandler, Response } from 'express';
import { getOperationAST, parse, validate, type GraphQLSchema } from 'graphql';
import { compileQuery, isCompiledQuery, type CompiledQuery } from 'graphql-jit';
import { behindTheWall } from '../db/household-wall';
import type { GraphQLContext } from './context';
import { countAs } from '../observability/http-metrics';
import type { Metrics } from '../observability/metrics';
import type { Config } from '../config';
import { verifiedSession } from '../modules/auth/request-user';
import { holdsNul } from '../input/nul-characters';
import { encodedAnswer } from './compressed-answer';

/**
 * The web client's trusted *queries* (the dashboard's every read), answered from their graphql-jit
 * compilation ahead of the app's general chain: each is parsed, validated and compiled once at
 * start-up, and a request by its hash runs the compiled function with the same context the
 * resolvers get from Apollo. Apollo's pipeline around an already-validated, already-compiled
 * document cost about 0.14 ms of the API's CPU per analysis, 13 % (issue #23); passport's
 * per-request machinery and the chain's other layers another 8-11 % (measured side by side, two
 * processes under the same load), much of it in the garbage they leave for the collector.
 *
 * It is the first middleware (after the request log), and it answers only the plain case, and
 * only when that succeeds:
 * - a POST to /graphql with a session's access token (not a personal API token) that verifies as
 *   passport's strategy verifies it (`verifiedSession`);
 * - a JSON body, read by the app's own JSON parser (same limit, same errors), carrying a trusted
 *   query's hash (version 1) and no text, with variables that are an object and hold no NUL
 *   character;
 * - an Accept that takes `application/json` or `application/graphql-response+json`, chosen as
 *   Apollo chooses (the first when both are equal);
 * - an answer without errors.
 * Its answer carries the app's security headers (helmet's, recorded once) and
 * `Cache-Control: no-store`, as every GraphQL answer does. graphql-armor's limits are not applied
 * here: they guard documents a caller writes, and these are the web client's own (the test runs
 * each of them through Apollo too, limits included).
 * Everything else goes on down the general chain with the body already parsed (its JSON parser
 * then has nothing to read) and is answered there exactly as before: text documents, mutations,
 * anonymous, refused or API-token credentials, variables that do not coerce, and any error (Apollo
 * then runs the query again: a query only reads, and remembering the browser's zone writes the
 * same value twice). So Apollo's plugins, error formatting and statuses remain the only ones, and
 * trusted-queries.test.ts checks that both paths answer every web client query byte for byte alike.
 */
export function trustedQueries({
  compiled,
  contextFor,
  config,
  securityHeaders,
  jsonBody,
  metrics,
}: {
  compiled: CompiledTrustedQueries;
  contextFor: (req: Request, res: Response) => GraphQLContext;
  /** The access tokens' secret. */
  config: Pick<Config, 'jwtSecret'>;
  /** The headers every answer of the app carries (helmet). */
  securityHeaders: RequestHandler;
  /** The app's JSON body parser. */
  jsonBody: RequestHandler;
  /** Where an answered query is counted, as Apollo's plugin counts the others. */
  metrics: Metrics;
}): RequestHandler {
  const answerHeaders = [...headersSetBy(securityHeaders), 'Cache-Control', 'no-store'];

  return (req, res, next) => {
    if (req.method !== 'POST' || req.url !== '/graphql') return next();
    const started = performance.now();
    const user = verifiedSession(config, req);
    if (!user) return next();
    jsonBody(req, res, (error?: unknown) => {
      // The chain would have set the security headers before its parser refused the body.
      if (error) return securityHeaders(req, res, () => next(error));
      req.user = user;
      const found = plainTrustedQuery(req, compiled);
      const type = found && responseType(req);
      if (!found || !type) return next();
      runTrustedQuery(found, contextFor(req, res), found.variables)
        .then(async (data) => {
          if (!data) return next();
          // Answers here go to a bearer token alone (verifiedSession): compressed when large.
          const answer = await encodedAnswer(req, `${JSON.stringify({ data })}\n`);
          res.writeHead(200, [
            ...answerHeaders,
            'Content-Type',
            type,
            ...answer.headers,
            'Content-Length',
            String(answer.bytes.length),
          ]);
          res.end(answer.bytes);
          // The server's own documents: their names are few and known, so none is capped.
          countAs(res, '/graphql');
          countTrustedQuery(metrics, found, started);
        })
        .catch(next);
    });
  };
}

/** A trusted query by its operation's name, compiled by graphql-jit. */
interface TrustedQuery {
  name: string | undefined;
  query: CompiledQuery;
}

/** The trusted queries by hash, compiled by graphql-jit (compileTrustedQueries). */
export type CompiledTrustedQueries = ReadonlyMap<string, TrustedQuery>;

/**
 * Runs a trusted query's compiled function behind the household wall, with the context of the
 * request's user: its data when it answered whole, otherwise undefined (then Apollo, or nothing,
 * answers instead: its errors are Apollo's to format).
 */
export async function runTrustedQuery(
  found: TrustedQuery,
  context: GraphQLContext,
  variables: Record<string, unknown>,
): Promise<Record<string, unknown> | undefined> {
  const result = await behindTheWall(() => found.query.query(undefined, context, variables));
  return result.errors === undefined && result.data ? result.data : undefined;
}

/** Counts a trusted query answered outside Apollo by its name, as Apollo's plugin counts the rest. */
export function countTrustedQuery(metrics: Metrics, found: TrustedQuery, started: number): void {
  metrics.graphqlOperation(
    found.name ?? 'anonymous',
    'query',
    'success',
    (performance.now() - started) / 1000,
  );
}

/** Each trusted document that is a valid query, parsed, validated and compiled once, at start-up. */
export function compileTrustedQueries(
  schema: GraphQLSchema,
  documents: ReadonlyMap<string, string>,
): CompiledTrustedQueries {
  const compiled = new Map<string, TrustedQuery>();
  for (const [hash, text] of documents) {
    const document = parse(text);
    const operation = getOperationAST(document);
    if (operation?.operation !== 'query' || validate(schema, document).length > 0) continue;
    const query = compileQuery(schema, document);
    if (isCompiledQuery(query)) compiled.set(hash, { name: operation.name?.value, query });
  }
  return compiled;
}

/**
 * The headers a middleware sets, as `writeHead` takes them (name, value, name, value…), recorded
 * once. Helmet's are the same for every answer (no nonces here): written in one go, they cost less
 * than a dozen `setHeader` calls per request, and the test compares them with Apollo's answers.
 */
function headersSetBy(middleware: RequestHandler): string[] {
  const headers: string[] = [];
  const recorder = {
    setHeader: (name: string, value: string) => headers.push(name, value),
    removeHeader: () => undefined,
  };
  middleware({} as Request, recorder as unknown as Response, () => undefined);
  return headers;
}

interface RequestBody {
  query?: unknown;
  operationName?: unknown;
  variables?: unknown;
  extensions?: { persistedQuery?: { version?: unknown; sha256Hash?: unknown } };
}

function plainTrustedQuery(
  req: Request,
  compiled: CompiledTrustedQueries,
): { name: string | undefined; query: CompiledQuery; variables: Record<string, unknown> } | undefined {
  // Only the app's JSON parser has run: a body of any other type is still undefined here.
  const body = req.body as RequestBody | undefined;
  if (!body || typeof body !== 'object' || body.query !== undefined) return undefined;
  const persisted = body.extensions?.persistedQuery;
  if (persisted?.version !== 1 || typeof persisted.sha256Hash !== 'string') return undefined;
  const entry = compiled.get(persisted.sha256Hash);
  if (!entry) return undefined;
  if (body.operationName !== undefined && body.operationName !== null && body.operationName !== entry.name)
    return undefined;
  const variables = body.variables ?? {};
  if (typeof variables !== 'object' || Array.isArray(variables) || holdsNul(variables)) return undefined;
  return { name: entry.name, query: entry.query, variables: variables as Record<string, unknown> };
}

const JSON_TYPE = 'application/json; charset=utf-8';
const GRAPHQL_RESPONSE_TYPE = 'application/graphql-response+json; charset=utf-8';

/** Apollo's content type for a single result, or undefined where Apollo would decide otherwise. */
export function responseType(req: Request): string | undefined {
  const accept = req.headers.accept;
  if (!accept) return JSON_TYPE;
  if (accept.includes('callbackSpec')) return undefined;
  const preferred = req.accepts(['application/json', 'application/graphql-response+json']);
  if (preferred === 'application/json') return JSON_TYPE;
  if (preferred === 'application/graphql-response+json') return GRAPHQL_RESPONSE_TYPE;
  return undefined;
}

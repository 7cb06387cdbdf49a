import { HeaderMap, type ApolloServer } from '@apollo/server';
import type { Request, RequestHandler, Response } from 'express';
import { getOperationAST, parse } from 'graphql';
import type { Config } from '../config';
import { holdsNul } from '../input/nul-characters';
import { sessionOfAccessToken } from '../modules/auth/request-user';
import type { Metrics } from '../observability/metrics';
import { encodedAnswer } from './compressed-answer';
import type { GraphQLContext } from './context';
import {
  countTrustedQuery,
  responseType,
  runTrustedQuery,
  type CompiledTrustedQueries,
} from './trusted-queries';

/** The extension of a refresh that asks for a trusted query to be answered with its new session. */
export const THEN_QUERY = 'thenQuery';

/** The refresh operation the extension rides on (the web client's `RefreshSession` document). */
const REFRESH_OPERATION = 'RefreshSession';

interface ThenQuery {
  persistedQuery?: { version?: unknown; sha256Hash?: unknown };
  variables?: unknown;
}

interface RefreshBody {
  query?: unknown;
  operationName?: unknown;
  variables?: unknown;
  extensions?: { persistedQuery?: { sha256Hash?: unknown }; [THEN_QUERY]?: ThenQuery };
}

/**
 * A page load's silent refresh that brings the first screen with it. A browser that was signed in
 * opened the dashboard with two requests in a row: the refresh (its cookie for a new access token),
 * then the first screen with that token. On a phone's line each is a round trip of more than half a
 * second, and the numbers waited for both. The refresh may now carry a trusted query, by hash, in
 * its `thenQuery` extension: once the refresh has succeeded, that query is answered as the new
 * session would have had it answered (the token's account, the tab's household from `X-Household`,
 * the compiled trusted query as trustedQueries runs it), and its result rides in the refresh's
 * answer as `extensions.thenQuery`.
 *
 * The refresh itself runs through Apollo's pipeline exactly as without the extension (its plugins,
 * statuses and error formatting; the cookie rotated or cleared). The follow-up is left out, and the
 * client asks for it on its own, when the refresh failed, the hash is no trusted query, its
 * variables are no object or hold NUL, or its answer has any error (Apollo then says which). A
 * `thenQuery` on any other operation is not looked at: Apollo answers that operation as always.
 *
 * The answer is gzipped when large (the first screen is 20 KB of JSON). The refresh cookie is
 * SameSite=Strict, so a page on another site cannot have it sent and read a compressed length.
 */
export function refreshThenQuery({
  apollo,
  documents,
  compiled,
  contextFor,
  config,
  metrics,
}: {
  apollo: ApolloServer<GraphQLContext>;
  documents: ReadonlyMap<string, string>;
  compiled: CompiledTrustedQueries;
  contextFor: (req: Request, res: Response) => GraphQLContext;
  config: Pick<Config, 'jwtSecret'>;
  /** Where an answered follow-up is counted, as trustedQueries counts its queries. */
  metrics: Metrics;
}): RequestHandler {
  const refreshHash = refreshDocumentHash(documents);
  return (req, res, next) => {
    const body = req.body as RefreshBody | undefined;
    const then = body?.extensions?.[THEN_QUERY];
    if (req.method !== 'POST' || !then || !refreshHash) return next();
    const type = responseType(req);
    if (body.query !== undefined || body.extensions?.persistedQuery?.sha256Hash !== refreshHash || !type)
      return next();
    const { [THEN_QUERY]: _then, ...extensions } = body.extensions ?? {};
    answer(req, res, type, { ...body, extensions }, then).catch(next);
  };

  async function answer(
    req: Request,
    res: Response,
    type: string,
    refresh: RefreshBody,
    then: ThenQuery,
  ): Promise<void> {
    const response = await apollo.executeOperation(
      {
        operationName: typeof refresh.operationName === 'string' ? refresh.operationName : undefined,
        variables: isObject(refresh.variables) ? refresh.variables : undefined,
        extensions: refresh.extensions as Record<string, unknown>,
        http: { method: 'POST', headers: headerMapOf(req), search: '', body: refresh },
      },
      { contextValue: contextFor(req, res) },
    );
    if (response.body.kind !== 'single') throw new Error('The refresh answered incrementally');
    const result = response.body.singleResult;
    const session = (result.data as { refreshSession?: { accessToken?: unknown } } | null | undefined)
      ?.refreshSession;
    const followUp =
      typeof session?.accessToken === 'string' && !result.errors
        ? await answeredFollowUp(req, res, session.accessToken, then)
        : undefined;
    const json = followUp
      ? { ...result, extensions: { ...result.extensions, [THEN_QUERY]: followUp } }
      : result;
    const encoded = await encodedAnswer(req, `${JSON.stringify(json)}\n`);
    res.status(response.http.status ?? 200);
    for (const [name, value] of response.http.headers) res.setHeader(name, value);
    res.setHeader('Content-Type', type);
    for (let i = 0; i + 1 < encoded.headers.length; i += 2)
      res.setHeader(encoded.headers[i]!, encoded.headers[i + 1]!);
    res.setHeader('Content-Length', String(encoded.bytes.length));
    res.end(encoded.bytes);
  }

  /** The follow-up's `{ data }`, answered as the new session; undefined when it is not answered whole. */
  async function answeredFollowUp(
    req: Request,
    res: Response,
    accessToken: string,
    then: ThenQuery,
  ): Promise<{ data: unknown } | undefined> {
    const hash = then.persistedQuery?.sha256Hash;
    const found = typeof hash === 'string' ? compiled.get(hash) : undefined;
    const variables = then.variables ?? {};
    if (!found || !isObject(variables) || holdsNul(variables)) return undefined;
    const user = sessionOfAccessToken(config, accessToken, req);
    if (!user) return undefined;
    req.user = user;
    const started = performance.now();
    const data = await runTrustedQuery(found, contextFor(req, res), variables);
    if (!data) return undefined;
    countTrustedQuery(metrics, found, started);
    return { data };
  }
}

/** The hash of the trusted `RefreshSession` mutation, or undefined when there is none. */
function refreshDocumentHash(documents: ReadonlyMap<string, string>): string | undefined {
  for (const [hash, text] of documents) {
    const operation = getOperationAST(parse(text));
    if (operation?.operation === 'mutation' && operation.name?.value === REFRESH_OPERATION) return hash;
  }
  return undefined;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function headerMapOf(req: Request): HeaderMap {
  const headers = new HeaderMap();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  return headers;
}

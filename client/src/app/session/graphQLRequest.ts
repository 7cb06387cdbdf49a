import type { DocumentNode } from 'graphql';
import { documentHash, operationName, persistedQuery } from '../trustedDocuments.ts';

export const GRAPHQL_PATH = '/graphql';

/**
 * Where index.html's head script leaves the silent refresh it sends before the page is parsed, in a
 * browser that was signed in (the fetch's promise, on `window`): the application takes it over
 * (authApi.ts startPageLoadRefresh) instead of sending its own once its code has arrived and run.
 */
export const EARLY_REFRESH_KEY = '__truenetEarlyRefresh';

/**
 * Where the page's head script leaves the dashboard's first screen, which the silent refresh above
 * brought with it (on `window`: its answer and when it was asked for): the dashboard takes it over
 * (features/dashboard/useFirstScreen.ts), so its numbers travel while the application's code does.
 */
export const EARLY_FIRST_SCREEN_KEY = '__truenetEarlyFirstScreen';

/**
 * The extension by which a refresh asks for a trusted query to be answered with the session it
 * opens, in its own answer's `extensions` under the same name (the server's
 * graphql/refresh-then-query.ts): the head script's refresh brings the dashboard's first screen, one
 * round trip instead of two. A refresh that fails, or a query not answered whole, leaves it out.
 */
export const THEN_QUERY_EXTENSION = 'thenQuery';

/** What index.html's head script leaves at EARLY_FIRST_SCREEN_KEY. */
export interface EarlyFirstScreen {
  /** The first screen's `{ data }`, as the refresh's answer carried it; rejected when it did not. */
  answer: Promise<unknown>;
  /** When it was asked for, in ms since the epoch. */
  sentAt: number;
  /**
   * Settles once the answer's body is in and its numbers drawn (features/dashboard/earlyFrame.ts):
   * the boot script holds the dashboard's code back until then.
   */
  read: Promise<void>;
}

/** What index.html's scripts left on `window` under `key`, taken once: null when it left none. */
export function takeFromPage<T>(key: string): T | null {
  const page = window as unknown as Record<string, T | undefined>;
  const left = page[key] ?? null;
  delete page[key];
  return left;
}

/**
 * `init` (a refresh's graphQLRequestInit) asking for `query` to be answered with the session it
 * opens (THEN_QUERY_EXTENSION).
 */
export function withThenQuery(
  init: RequestInit & { headers: Record<string, string> },
  query: DocumentNode,
  variables: unknown,
): RequestInit & { headers: Record<string, string> } {
  const hash = documentHash(query);
  if (!hash) throw new Error('Only generated documents are sent');
  const body = JSON.parse(String(init.body)) as { extensions: Record<string, unknown> };
  body.extensions[THEN_QUERY_EXTENSION] = { ...persistedQuery(hash), variables };
  return { ...init, body: JSON.stringify(body) };
}

/**
 * The POST of one generated document to /graphql, by its hash (trusted documents: no GraphQL
 * printer needed). Plain data, so that the build can write the silent refresh's into index.html's head script.
 */
export function graphQLRequestInit(
  document: DocumentNode,
  variables?: unknown,
  accessToken?: string | null,
): RequestInit & { headers: Record<string, string> } {
  const hash = documentHash(document);
  if (!hash) throw new Error('Only generated documents are sent');
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    accept: 'application/graphql-response+json, application/json',
  };
  if (accessToken) headers.authorization = `Bearer ${accessToken}`;
  return {
    method: 'POST',
    credentials: 'same-origin',
    headers,
    body: JSON.stringify({
      operationName: operationName(document),
      variables: variables ?? {},
      extensions: persistedQuery(hash),
    }),
  };
}

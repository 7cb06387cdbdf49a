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
 * Where the page's head script leaves the dashboard's first-screen request, sent the moment the silent
 * refresh above answers (on `window`: the fetch's promise and when it was sent): the dashboard takes it over
 * (features/dashboard/useFirstScreen.ts), so its numbers travel while the application's code does.
 */
export const EARLY_FIRST_SCREEN_KEY = '__truenetEarlyFirstScreen';

/** What index.html's head script leaves at EARLY_FIRST_SCREEN_KEY. */
export interface EarlyFirstScreen {
  answer: Promise<Response>;
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

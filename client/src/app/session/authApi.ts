import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { LogoutDocument, RefreshSessionDocument } from './sessionDocuments';
import { documentHash, operationName, persistedQuery } from '../trustedDocuments';
import { sessionStore } from './sessionStore';
import { noticeOutdatedPage } from '../outdatedPage';

export const GRAPHQL_PATH = '/graphql';

/** A failed session call: `status` 0 means no server response. */
export class SessionRequestError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'SessionRequestError';
  }
}

/**
 * Posts one typed document with plain fetch. Session calls use it instead of Apollo Client so that
 * the public pages need not load Apollo before the first paint.
 */
export async function postGraphQL<TData, TVariables>(
  document: TypedDocumentNode<TData, TVariables>,
  variables?: TVariables,
  accessToken?: string | null,
): Promise<TData> {
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    accept: 'application/graphql-response+json, application/json',
  };
  if (accessToken) headers.authorization = `Bearer ${accessToken}`;
  // Only generated documents are sent, by hash (trusted documents): no GraphQL printer needed.
  const hash = documentHash(document);
  if (!hash) throw new Error('postGraphQL sends generated documents only');
  let response: Response;
  try {
    response = await fetch(GRAPHQL_PATH, {
      method: 'POST',
      credentials: 'same-origin',
      headers,
      body: JSON.stringify({
        operationName: operationName(document),
        variables: variables ?? {},
        extensions: persistedQuery(hash),
      }),
    });
  } catch {
    throw new SessionRequestError('No Server Response', 0);
  }
  type Body = { data?: TData | null; errors?: { message: string; extensions?: { code?: unknown } }[] } | null;
  let body: Body;
  try {
    body = (await response.json()) as Body;
  } catch {
    body = null;
  }
  noticeOutdatedPage(body?.errors);
  if (!response.ok || !body?.data || body.errors?.length) {
    throw new SessionRequestError(body?.errors?.[0]?.message ?? `HTTP ${response.status}`, response.status);
  }
  return body.data;
}

let inFlight: Promise<string> | null = null;

/**
 * Rotates the refresh cookie and stores the new session; resolves with the new access token.
 * Concurrent callers share one request, so a burst of 401s triggers a single refresh.
 * On failure the session is left for the caller to clear (page load and retry link differ).
 */
export function refreshSession(): Promise<string> {
  if (!inFlight) {
    inFlight = postGraphQL(RefreshSessionDocument)
      .then((data) => {
        sessionStore.signIn(data.refreshSession);
        return data.refreshSession.accessToken;
      })
      .finally(() => {
        inFlight = null;
      });
  }
  return inFlight;
}

let pageLoadRefresh: Promise<string> | null = null;

/**
 * Starts the page load's silent refresh before React renders (main.tsx): sent first, it is not
 * queued behind the code the page then fetches (a browser opens six connections to a server).
 * The session provider takes it over (startedPageLoadRefresh) instead of sending its own.
 */
export function startPageLoadRefresh(): void {
  pageLoadRefresh = refreshSession();
  // Handled where it is taken over; a failure here is not an unhandled rejection.
  pageLoadRefresh.catch(() => undefined);
}

/**
 * The refresh main.tsx started for this page load, settled or not, or null when it started none.
 * The session provider mounts once per page load; StrictMode's second effect in development gets
 * the same refresh rather than sending another.
 */
export function startedPageLoadRefresh(): Promise<string> | null {
  return pageLoadRefresh;
}

/** Calls the server's logout, then clears the session whatever the result. */
export async function logout(): Promise<void> {
  try {
    await postGraphQL(LogoutDocument, undefined, sessionStore.getAccessToken());
  } catch {
    // The session is cleared whatever the result (the product specification).
  } finally {
    sessionStore.clear('signedOut');
  }
}

/** Forgets a refresh in flight: a new page load starts from nothing (used by tests simulating a reload). */
export function forgetRefreshInFlight(): void {
  inFlight = null;
}

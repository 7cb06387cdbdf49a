import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { LogoutDocument, RefreshSessionDocument } from './sessionDocuments';
import { sessionStore } from './sessionStore';
import { noticeOutdatedPage } from '../outdatedPage';
import type { RefreshSessionMutation } from '../../gql/graphql';
import { EARLY_REFRESH_KEY, GRAPHQL_PATH, graphQLRequestInit, takeFromPage } from './graphQLRequest';

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
  const init = graphQLRequestInit(document, variables, accessToken);
  return answerOf<TData>(fetch(GRAPHQL_PATH, init));
}

/** The data of a /graphql answer, or the SessionRequestError that says why there is none. */
export async function answerOf<TData>(request: Promise<Response>): Promise<TData> {
  let response: Response;
  try {
    response = await request;
  } catch {
    throw new SessionRequestError('No Server Response', 0);
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    body = null;
  }
  return dataOf<TData>(body, response);
}

/**
 * The data of a /graphql answer's body (parsed), or the SessionRequestError that says why there is
 * none; `response` is how it was answered (a body brought in another's answer was answered whole).
 */
export function dataOf<TData>(
  answer: unknown,
  response: { ok: boolean; status: number } = { ok: true, status: 200 },
): TData {
  type Body = { data?: TData | null; errors?: { message: string; extensions?: { code?: unknown } }[] } | null;
  const body = (typeof answer === 'object' ? answer : null) as Body;
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
  if (!inFlight) inFlight = signInWith(postGraphQL(RefreshSessionDocument));
  return inFlight;
}

/** Stores the session a refresh's answer carries; the refresh in flight until it has settled. */
function signInWith(answer: Promise<RefreshSessionMutation>): Promise<string> {
  return answer
    .then((data) => {
      sessionStore.signIn(data.refreshSession);
      return data.refreshSession.accessToken;
    })
    .finally(() => {
      inFlight = null;
    });
}

let pageLoadRefresh: Promise<string> | null = null;

/**
 * Starts the page load's silent refresh before React renders (main.tsx): sent first, it is not
 * queued behind the code the page then fetches (a browser opens six connections to a server). In a
 * browser that was signed in, index.html's head script sent it already, before the page was parsed:
 * it is taken over, never sent twice (each refresh rotates the cookie, and a reused one ends the
 * session). The session provider takes it over in turn (startedPageLoadRefresh).
 */
export function startPageLoadRefresh(): void {
  const early = takeFromPage<Promise<Response>>(EARLY_REFRESH_KEY);
  if (early && !inFlight) inFlight = signInWith(answerOf<RefreshSessionMutation>(early));
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

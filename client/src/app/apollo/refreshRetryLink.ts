import { ApolloLink } from '@apollo/client';
import { ServerError } from '@apollo/client/errors';
import { catchError, from, mergeMap, of, throwError, type Observable } from 'rxjs';

/** Operations that run without a session: a 401 there says nothing about the access token. */
const PUBLIC_OPERATIONS = new Set([
  'Login',
  'RefreshSession',
  'Logout',
  'Register',
  'RegistrationPlans',
  'RequestPasswordReset',
  'SendContactMessage',
]);

const TOKEN_ERROR_CODES = new Set(['UNAUTHENTICATED', 'FORBIDDEN']);

function hasTokenError(result: ApolloLink.Result): boolean {
  const errors = 'errors' in result ? result.errors : undefined;
  return (errors ?? []).some((error) => TOKEN_ERROR_CODES.has(String(error.extensions?.code ?? '')));
}

function isTokenHttpError(error: unknown): boolean {
  return ServerError.is(error) && (error.statusCode === 401 || error.statusCode === 403);
}

export interface RefreshRetryOptions {
  /** Renews the access token (resolves with it) or rejects. */
  refresh: () => Promise<unknown>;
  /** A refresh failed: clear the session and go to /login. */
  onRefreshFailed: () => void;
}

/**
 * When a request is answered with 401 or 403 (as an HTTP status or as an UNAUTHENTICATED / FORBIDDEN
 * GraphQL error), refreshes the token once and retries the request once. The retry goes back through
 * the links below this one, so it carries the new bearer token. A failed refresh ends the session;
 * the original answer is then passed on unchanged.
 */
export function createRefreshRetryLink({ refresh, onRefreshFailed }: RefreshRetryOptions): ApolloLink {
  return new ApolloLink((operation, forward) => {
    if (PUBLIC_OPERATIONS.has(operation.operationName ?? '')) return forward(operation);

    const refreshThenRetry = (original: Observable<ApolloLink.Result>): Observable<ApolloLink.Result> =>
      from(
        refresh().then(
          () => true,
          () => false,
        ),
      ).pipe(
        mergeMap((renewed) => {
          if (!renewed) {
            onRefreshFailed();
            return original;
          }
          return forward(operation);
        }),
      );

    return forward(operation).pipe(
      mergeMap((result) => (hasTokenError(result) ? refreshThenRetry(of(result)) : of(result))),
      catchError((error: unknown) =>
        isTokenHttpError(error) ? refreshThenRetry(throwError(() => error)) : throwError(() => error),
      ),
    );
  });
}

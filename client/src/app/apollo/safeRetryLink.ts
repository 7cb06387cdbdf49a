import { ApolloLink } from '@apollo/client';
import { ServerError } from '@apollo/client/errors';
import { Kind, OperationTypeNode } from 'graphql';
import { catchError, mergeMap, of, throwError, timer, type Observable } from 'rxjs';

/** The waits before each new attempt: a database failover is over within seconds. */
export const RETRY_DELAYS_MS = [1_000, 2_000, 4_000];

/** The server's code for a database it could not reach (the outcome of a change may be unknown). */
const UNAVAILABLE = 'UNAVAILABLE';

/**
 * The changes the server applies once per Idempotency-Key (server/src/db/change-once.ts): only
 * these are sent again. Any other change whose answer was lost is left to the person, who sees
 * the error and the page as it is.
 */
const APPLIED_ONCE = new Set(['updateWalletBalance', 'savePaidInfo', 'depositPay']);

/** Whether every root field of the operation is safe to send again. */
function safeToRepeat(operation: ApolloLink.Operation): boolean {
  if (operation.operationType !== OperationTypeNode.MUTATION) return true;
  return operation.query.definitions.every(
    (definition) =>
      definition.kind !== Kind.OPERATION_DEFINITION ||
      definition.selectionSet.selections.every(
        (selection) => selection.kind === Kind.FIELD && APPLIED_ONCE.has(selection.name.value),
      ),
  );
}

function saysUnavailable(result: ApolloLink.Result): boolean {
  const errors = 'errors' in result ? result.errors : undefined;
  return (errors ?? []).some((error) => error.extensions?.code === UNAVAILABLE);
}

/** How long the server asked to wait (a busy instance's Retry-After), in ms; 0 when it did not say. */
function askedToWait(result: ApolloLink.Result): number {
  const errors = 'errors' in result ? (result.errors ?? []) : [];
  const seconds = errors.map((error) => Number(error.extensions?.retryAfterSeconds ?? 0));
  return Math.max(0, ...seconds.filter(Number.isFinite)) * 1000;
}

/** No answer at all, or a gateway's: the request may or may not have reached the API. */
function isLostAnswer(error: unknown): boolean {
  if (ServerError.is(error))
    return error.statusCode === 502 || error.statusCode === 503 || error.statusCode === 504;
  return error instanceof TypeError;
}

function newChangeKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * Tries again, a few times and a little later each time (never sooner than a busy server's
 * Retry-After), a request whose answer was lost or said the server could not do it now (the
 * database out of reach, or an instance too busy with heavy work). That is safe for queries, and for the changes the server applies
 * once: each is sent with its own `Idempotency-Key`, the same on every attempt, so the change is
 * applied once however many of its attempts reach the server. The person sees the last answer.
 */
export function createSafeRetryLink(delays: readonly number[] = RETRY_DELAYS_MS): ApolloLink {
  return new ApolloLink((operation, forward) => {
    if (!safeToRepeat(operation)) return forward(operation);
    if (operation.operationType === OperationTypeNode.MUTATION) {
      const key = newChangeKey();
      operation.setContext(({ headers }: { headers?: Record<string, string> }) => ({
        headers: { ...headers, 'idempotency-key': key },
      }));
    }
    const attempt = (retry: number): Observable<ApolloLink.Result> => {
      const again = (last: Observable<ApolloLink.Result>, atLeast = 0) => {
        const delay = delays[retry];
        return delay === undefined
          ? last
          : timer(Math.max(delay, atLeast)).pipe(mergeMap(() => attempt(retry + 1)));
      };
      return forward(operation).pipe(
        mergeMap((result) => (saysUnavailable(result) ? again(of(result), askedToWait(result)) : of(result))),
        catchError((error: unknown) =>
          isLostAnswer(error) ? again(throwError(() => error)) : throwError(() => error),
        ),
      );
    };
    return attempt(0);
  });
}

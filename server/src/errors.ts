/**
 * The error codes every resolver and REST route speaks in (the client reads them). Services, policies
 * and rate limits throw AppError; each edge maps it: GraphQL's formatError (graphql/server.ts) to
 * `extensions: { code, ...details }`, the REST error middleware (rest/http.ts) to a status and a body.
 */
export type ErrorCode =
  | 'BAD_USER_INPUT'
  | 'UNAUTHENTICATED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'SUBSCRIPTION_REQUIRED'
  | 'RATE_LIMITED'
  /** A statement preview older than its hour: the file must be read again. */
  | 'PREVIEW_EXPIRED'
  /** The database could not be reached: try again (a change with an Idempotency-Key is applied once). */
  | 'UNAVAILABLE'
  | 'INTERNAL_SERVER_ERROR';

export const HTTP_STATUS: Record<ErrorCode, number> = {
  BAD_USER_INPUT: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  SUBSCRIPTION_REQUIRED: 402,
  RATE_LIMITED: 429,
  PREVIEW_EXPIRED: 410,
  UNAVAILABLE: 503,
  INTERNAL_SERVER_ERROR: 500,
};

/** An expected failure with a message safe to show to the user; knows no transport. */
export class AppError extends Error {
  constructor(
    message: string,
    readonly code: ErrorCode,
    /** What the client may read beside the code: `field`, `fields`, `retryAfterSeconds`, `reason`. */
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badUserInput = (message: string, field?: string) =>
  new AppError(message, 'BAD_USER_INPUT', field ? { field } : {});
export const unauthenticated = (message = 'Sign in to continue') => new AppError(message, 'UNAUTHENTICATED');
export const forbidden = (message = 'Not allowed') => new AppError(message, 'FORBIDDEN');
/** Another user's id answers exactly like an id that does not exist. */
export const notFound = (what: string) => new AppError(`${what} not found`, 'NOT_FOUND');
export const subscriptionRequired = () =>
  new AppError('Your subscription is not active. Renew it to make changes.', 'SUBSCRIPTION_REQUIRED');
export const rateLimited = (retryAfterSeconds: number) =>
  new AppError(`Too many attempts. Try again in ${retryAfterSeconds} seconds.`, 'RATE_LIMITED', {
    retryAfterSeconds,
  });

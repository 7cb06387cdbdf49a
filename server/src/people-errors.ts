import { randomUUID } from 'node:crypto';
import type { Logger } from './logger';
import { AppError, badUserInput } from './errors';

/**
 * What people see instead of server internals (docs/product-rules.md §12), shared by the GraphQL and REST
 * edges: known database failures become messages written for people; anything unexpected becomes
 * 'Something went wrong. Try again.' with a reference the log carries beside the real error.
 */
export const SOMETHING_WENT_WRONG = 'Something went wrong. Try again.';

/** PostgreSQL's error code and constraint, from a pg error or TypeORM's QueryFailedError around it. */
function databaseFailure(error: unknown): { code: string; constraint?: string } | undefined {
  const failure = error as
    | { code?: unknown; constraint?: string; driverError?: { code?: unknown; constraint?: string } }
    | undefined;
  const code = failure?.driverError?.code ?? failure?.code;
  if (typeof code !== 'string' || !/^[0-9A-Z]{5}$/.test(code)) return undefined;
  return { code, constraint: failure?.driverError?.constraint ?? failure?.constraint };
}

export const DATABASE_UNREACHABLE = 'We could not reach our database just now. Try again in a moment.';

/**
 * The database went away under a statement, or could not be reached: a failover, a restart, a
 * network cut. The statement's outcome may be unknown (a COMMIT whose answer never came), so the
 * person is asked to try again, which is safe for reads and for changes sent with an
 * Idempotency-Key (db/change-once.ts). Connection failures are SQLSTATE class 08 (PgBouncer's
 * own errors too), the server shutting down or starting (57P01-57P03), a read-only standby
 * (25006), or the driver's own socket errors.
 */
function isConnectionFailure(error: unknown, failure: { code: string } | undefined): boolean {
  if (failure) return /^(08|57P0[123]|25006)/.test(failure.code);
  // TypeORM lets go of a transaction's connection the moment it fails, so the transaction's next
  // statement (or its ROLLBACK) finds it released rather than the failure itself.
  const name = (error as { name?: unknown } | undefined)?.name;
  if (name === 'QueryRunnerProviderAlreadyReleasedError' || name === 'QueryRunnerAlreadyReleasedError')
    return true;
  const driverError = (error as { driverError?: unknown } | undefined)?.driverError ?? error;
  const { code, message } = (driverError ?? {}) as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && /^(ECONNREFUSED|ECONNRESET|EPIPE|ETIMEDOUT)$/.test(code)) return true;
  return (
    typeof message === 'string' &&
    /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error)/.test(
      message,
    )
  );
}

/** Known database failures, in words: the person can act on each one. */
export function knownDatabaseError(error: unknown): AppError | undefined {
  if (error instanceof AppError) return undefined;
  const failure = databaseFailure(error);
  if (isConnectionFailure(error, failure)) return new AppError(DATABASE_UNREACHABLE, 'UNAVAILABLE');
  if (!failure) return undefined;
  switch (failure.code) {
    case '23505': // unique_violation
      return badUserInput('This was just saved by another request. Reload the page and try again.');
    case '23503': // foreign_key_violation
      return new AppError('That record no longer exists. Reload the page and try again.', 'NOT_FOUND');
    case '22003': // numeric_value_out_of_range
    case '23514': // check_violation (amounts and balances are range-checked)
      return badUserInput('The amount must be between -$999,999,999.99 and $999,999,999.99');
    case '40001': // serialization_failure
    case '40P01': // deadlock_detected
      return badUserInput('This changed at the same time in another window. Try again.');
    default:
      return undefined;
  }
}

/** Logs the real error with a fresh reference and returns what the person is told. */
export function unexpectedError(
  logger: Logger,
  error: unknown,
  where: string,
): { message: string; code: 'INTERNAL_SERVER_ERROR'; reference: string } {
  const reference = randomUUID().slice(0, 8);
  logger.error({ err: error, reference }, `unexpected error (${where}), reference ${reference}`);
  return { message: SOMETHING_WENT_WRONG, code: 'INTERNAL_SERVER_ERROR', reference };
}

/**
 * GraphQL's own coercion text ('Variable "$input" got invalid value 9999999999999 at
 * "input.transaction.amount"; …') names variables, types and paths. The field is the path's last
 * segment, else the missing input field, else the variable; the message is the scalar's own
 * (written for people) when it threw one.
 */
export function coercionMessage(message: string, scalarMessage: string | undefined) {
  const at = /at "([^"]+)"/.exec(message)?.[1]?.split('.').pop();
  const missingField = /Field "([^"]+)" of required type "[^"]+" was not provided/.exec(message)?.[1];
  const variable = /^Variable "\$([^"]+)"/.exec(message)?.[1];
  const field = (at ?? missingField ?? variable)?.replace(/\[\d+\]$/, '');
  const missing = /was not provided|must not be null/.test(message);
  const fallback = field
    ? missing
      ? `A value is needed for ${field}.`
      : `The value sent for ${field} is not valid.`
    : 'One of the values sent is not valid. Check the form and try again.';
  return { message: scalarMessage ?? fallback, field: field && !/^\d+$/.test(field) ? field : undefined };
}

export function isCoercionText(message: string): boolean {
  return /^Variable "\$[^"]+" (got invalid value|of required type|of non-null type)/.test(message);
}

import {
  centsToNumber,
  isValidTimeZone,
  parseMoney,
  todayInZone,
  type FieldErrors,
  type IsoDate,
} from '@truenet/core';
import type { RequestUser } from '../../auth/request-user';
import type { Clock } from '../../deps';
import { queryOne, queryRows, type Queryable } from '../../db/sql';
import { AppError, badUserInput, notFound } from '../../graphql/errors';

/**
 * Input helpers shared by the finance modules (wallets, income, liabilities, analysis): the user's
 * "today", row ids from the API, and core's field errors as a GraphQL BAD_USER_INPUT.
 */

/** The zone used when neither the request nor the account names one. */
export const FALLBACK_TIME_ZONE = 'UTC';

/** Whose "today": the account id and, when authentication read it, the zone stored on it. */
export type ZonedUser = Pick<RequestUser, 'id' | 'timeZone'>;

/**
 * Refuses an unknown IANA zone, and remembers a good one on the account (DESIGN.md: "the account
 * stores the last zone seen", used by jobs and e-mails). One statement, none when already stored.
 */
export async function rememberTimeZone(db: Queryable, user: ZonedUser, timeZone: string): Promise<void> {
  if (!isValidTimeZone(timeZone)) throw badUserInput(`Unknown time zone: ${timeZone}`, 'timeZone');
  if (user.timeZone === timeZone) return;
  await queryRows(db, 'UPDATE debtor SET time_zone = $2 WHERE id = $1 AND time_zone IS DISTINCT FROM $2', [
    user.id,
    timeZone,
  ]);
}

/**
 * The user's calendar "today": in the zone the client sent (then remembered on the account), else
 * in the account's last known zone, else in UTC.
 */
export async function userToday(
  db: Queryable,
  clock: Clock,
  user: ZonedUser,
  timeZone: string | null | undefined,
): Promise<IsoDate> {
  if (timeZone !== null && timeZone !== undefined) {
    await rememberTimeZone(db, user, timeZone);
    return todayInZone(clock.now(), timeZone);
  }
  const known =
    user.timeZone !== undefined
      ? user.timeZone
      : ((
          await queryOne<{ time_zone: string | null }>(db, 'SELECT time_zone FROM debtor WHERE id = $1', [
            user.id,
          ])
        )?.time_zone ?? null);
  const zone = known && isValidTimeZone(known) ? known : FALLBACK_TIME_ZONE;
  return todayInZone(clock.now(), zone);
}

/**
 * The integer id behind an API `ID`. Anything that cannot be one of our ids reads as "not found",
 * exactly like a missing or another user's id, and never reaches SQL as a type error.
 */
export function rowId(id: string, what: string): number {
  if (!/^\d{1,9}$/.test(id)) throw notFound(what);
  const value = Number(id);
  if (value <= 0) throw notFound(what);
  return value;
}

/**
 * Throws core's field errors as one BAD_USER_INPUT: the message and field of the first broken
 * field, and every field's message in `fields`. `rename` maps core's field names to the API's.
 */
export function assertNoFieldErrors(errors: FieldErrors, rename: Record<string, string> = {}): void {
  const entries = Object.entries(errors);
  if (entries.length === 0) return;
  const fields = Object.fromEntries(entries.map(([field, message]) => [rename[field] ?? field, message]));
  const [field, message] = Object.entries(fields)[0] as [string, string];
  throw new AppError(message, 'BAD_USER_INPUT', { field, fields });
}

/** Dollars of integer cents, for core's validators, which read amounts as the forms carry them. */
export function dollars(cents: number | null | undefined): number | null {
  return cents === null || cents === undefined ? null : centsToNumber(cents);
}

/** Trimmed text, or null when nothing is left: how optional names, URLs and notes are stored. */
export function optionalText(value: string | null | undefined): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
}

/** Cents of an amount core's validator has accepted (dollars as a number or typed text). */
export function validatedCents(value: number | string | null | undefined): number | null {
  return value === null || value === undefined || value === '' ? null : parseMoney(value);
}

const WALLET_BALANCE_CHECK = 'wallet_balance_cents_check';

/**
 * A wallet balance pushed beyond ±999,999,999.99 violates the table's CHECK: that is the user's
 * input error, answered as BAD_USER_INPUT after the transaction rolled back.
 */
export function translateBalanceOverflow(error: unknown): never {
  const failure = error as { code?: string; constraint?: string; driverError?: { constraint?: string } };
  const constraint = failure.constraint ?? failure.driverError?.constraint;
  if (failure.code === '23514' && constraint === WALLET_BALANCE_CHECK) {
    throw badUserInput('A wallet balance must stay between -$999,999,999.99 and $999,999,999.99', 'balance');
  }
  throw error;
}

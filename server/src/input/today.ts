import { isValidTimeZone, todayInZone, type IsoDate } from '@truenet/core';
import type { RequestUser } from '../modules/auth/request-user';
import type { DataSource } from 'typeorm';
import type { Clock } from '../deps';
import { queryOne, queryRows, type Queryable } from '../db/sql';
import { badUserInput } from '../errors';
import type { RequestScope } from '../request-scope';

/** The zone used when neither the request nor the account names one. */
export const FALLBACK_TIME_ZONE = 'UTC';

/** Whose "today": the account id and, when authentication read it, the zone stored on it. */
export type ZonedUser = Pick<RequestUser, 'id' | 'timeZone'>;

/** The person's calendar day for one request. */
export interface UserDay {
  today: IsoDate;
  /**
   * A zone the client sent that the account does not store yet (docs/product-rules.md: "the account stores the
   * last zone seen", used by jobs and e-mails). An action writes it in its own transaction
   * (rememberZone), so an action that fails remembers nothing.
   */
  newZone: string | null;
  /** The zone `today` is in (what a report reads the time a row was added in). */
  zone?: string;
}

/**
 * The day in the zone the client sent, else in the account's last known zone, else in UTC. An
 * unknown zone is refused before anything is written. Writes nothing; reads the stored zone only
 * when authentication did not.
 */
export async function userDay(
  db: Queryable,
  clock: Clock,
  user: ZonedUser,
  timeZone: string | null | undefined,
): Promise<UserDay> {
  if (timeZone !== null && timeZone !== undefined) {
    if (!isValidTimeZone(timeZone)) throw badUserInput(`Unknown time zone: ${timeZone}`, 'timeZone');
    return {
      today: todayInZone(clock.now(), timeZone),
      newZone: user.timeZone === timeZone ? null : timeZone,
      zone: timeZone,
    };
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
  return { today: todayInZone(clock.now(), zone), newZone: null, zone };
}

/**
 * "Today" is worked out once per request, whatever the number of fields or aliased operations
 * that ask for it: the scope keeps the answer per zone sent.
 */
export function requestDay(
  scope: Pick<RequestScope, 'deps' | 'cache'>,
  user: ZonedUser,
  timeZone: string | null | undefined,
): Promise<UserDay> {
  const key = `day:${user.id}:${timeZone ?? ''}`;
  let day = scope.cache.get(key) as Promise<UserDay> | undefined;
  if (!day) {
    day = userDay(scope.deps.dataSource, scope.deps.clock, user, timeZone);
    scope.cache.set(key, day);
  }
  return day;
}

/** Stores the day's new zone on the account: one statement, none when there is nothing new. */
export async function rememberZone(
  db: Queryable,
  debtorId: number,
  day: Pick<UserDay, 'newZone'>,
): Promise<void> {
  if (day.newZone === null) return;
  await queryRows(db, 'UPDATE debtor SET time_zone = $2 WHERE id = $1 AND time_zone IS DISTINCT FROM $2', [
    debtorId,
    day.newZone,
  ]);
}

/**
 * Runs a one-statement write and the day's new zone, if any, in one transaction; without a new
 * zone the write runs alone (no BEGIN/COMMIT round trips).
 */
export function withRememberedZone<T>(
  dataSource: DataSource,
  debtorId: number,
  day: Pick<UserDay, 'newZone'>,
  write: (db: Queryable) => Promise<T>,
): Promise<T> {
  if (day.newZone === null) return write(dataSource);
  return dataSource.transaction(async (m) => {
    await rememberZone(m, debtorId, day);
    return write(m);
  });
}

/** A read that carries the browser's zone remembers it on its own (there is no action to join). */
export async function rememberRequestZone(
  scope: Pick<RequestScope, 'deps' | 'cache'>,
  user: ZonedUser,
  timeZone: string | null | undefined,
): Promise<void> {
  if (!timeZone) return;
  await rememberZone(scope.deps.dataSource, user.id, await requestDay(scope, user, timeZone));
}

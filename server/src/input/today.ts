import { isValidTimeZone, todayInZone, type IsoDate } from '@truenet/core';
import type { RequestUser } from '../auth/request-user';
import type { Clock } from '../deps';
import { queryOne, queryRows, type Queryable } from '../db/sql';
import { badUserInput } from '../errors';

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

import { randomBytes } from 'node:crypto';
import { uuidRowId } from '../../input/row-id';
import { hashSecret } from '../../secret-hash';
import type { DataSource } from 'typeorm';
import { execute, queryOne, queryRows } from '../../db/sql';
import { badUserInput, notFound } from '../../errors';

/** At most this many live feeds per account (docs/product-rules.md §9). */
export const MAX_CALENDAR_FEEDS = 5;
export const TOO_MANY_FEEDS = `You can have at most ${MAX_CALENDAR_FEEDS} calendar feeds. Revoke one first.`;
/** Feed secrets start with this prefix, so one is never mistaken for an API token (tn_). */
export const FEED_SECRET_PREFIX = 'cal_';
export const FEED_PATH = '/calendar';

export function hashFeedSecret(secret: string): string {
  return hashSecret(secret);
}

export interface CalendarFeedRow {
  id: string;
  created_at: Date;
  last_used_at: Date | null;
  include_amounts: boolean;
}

const FEED_COLUMNS = 'id, created_at, last_used_at, include_amounts';

export function feedUrl(appUrl: string, secret: string): string {
  return `${appUrl}${FEED_PATH}/${secret}.ics`;
}

/**
 * Makes a secret feed URL. The secret (`cal_` + 32 random bytes) is returned once; only its
 * SHA-256 is stored, like API tokens. The limit of 5 is checked with the account row locked, so
 * two clicks at once cannot make a sixth.
 */
export async function createCalendarFeed(
  dataSource: DataSource,
  maker: { id: number; household: { id: string } },
  includeAmounts: boolean,
): Promise<{ feed: CalendarFeedRow; secret: string }> {
  const debtorId = maker.id;
  return dataSource.transaction(async (m) => {
    await execute(m, 'SELECT id FROM debtor WHERE id = $1 FOR UPDATE', [debtorId]);
    const live = await queryOne<{ count: string }>(
      m,
      'SELECT count(*) AS count FROM calendar_feed WHERE debtor_id = $1 AND revoked_at IS NULL',
      [debtorId],
    );
    if (Number(live?.count) >= MAX_CALENDAR_FEEDS) throw badUserInput(TOO_MANY_FEEDS, 'calendarFeeds');
    const secret = `${FEED_SECRET_PREFIX}${randomBytes(32).toString('base64url')}`;
    const feed = await queryOne<CalendarFeedRow>(
      m,
      // Bound to the household it is made in, whatever the account works in later.
      `INSERT INTO calendar_feed (debtor_id, secret_hash, include_amounts, household_id)
       VALUES ($1, $2, $3, $4) RETURNING ${FEED_COLUMNS}`,
      [debtorId, hashFeedSecret(secret), includeAmounts, maker.household.id],
    );
    return { feed: feed as CalendarFeedRow, secret };
  });
}

/** The account's live feeds, newest first. */
export async function listCalendarFeeds(
  dataSource: DataSource,
  debtorId: number,
): Promise<CalendarFeedRow[]> {
  return queryRows<CalendarFeedRow>(
    dataSource,
    `SELECT ${FEED_COLUMNS} FROM calendar_feed WHERE debtor_id = $1 AND revoked_at IS NULL ORDER BY created_at DESC, id`,
    [debtorId],
  );
}

/** Revokes one of the account's feeds at once (its URL answers 404); another's id is NOT_FOUND. */
export async function revokeCalendarFeed(
  dataSource: DataSource,
  debtorId: number,
  feedId: string,
): Promise<void> {
  uuidRowId(feedId, 'Calendar feed');
  const revoked = await queryRows(
    dataSource,
    'UPDATE calendar_feed SET revoked_at = now() WHERE id = $1 AND debtor_id = $2 AND revoked_at IS NULL RETURNING id',
    [feedId, debtorId],
  );
  if (revoked.length === 0) throw notFound('Calendar feed');
}

export interface FeedOwner {
  feedId: string;
  debtorId: number;
  /** The household the feed was made in: it shows that household's bills, and only while its owner is a member. */
  householdId: string;
  includeAmounts: boolean;
  timeZone: string | null;
  stale: boolean;
}

/**
 * The live feed a secret opens, with its owner's zone; null when unknown or revoked, or when its
 * owner is no longer a member of the household it was made in.
 */
export async function feedBySecret(dataSource: DataSource, secret: string): Promise<FeedOwner | null> {
  const row = await queryOne<{
    id: string;
    debtor_id: number;
    household_id: string;
    include_amounts: boolean;
    time_zone: string | null;
    stale: boolean;
  }>(
    dataSource,
    `SELECT f.id, f.debtor_id, f.household_id, f.include_amounts, d.time_zone,
            (f.last_used_at IS NULL OR f.last_used_at < now() - interval '1 minute') AS stale
       FROM calendar_feed f
       JOIN debtor d ON d.id = f.debtor_id
       JOIN household_member m ON m.household_id = f.household_id AND m.debtor_id = f.debtor_id
      WHERE f.secret_hash = $1 AND f.revoked_at IS NULL`,
    [hashFeedSecret(secret)],
  );
  if (!row) return null;
  return {
    feedId: row.id,
    debtorId: row.debtor_id,
    householdId: row.household_id,
    includeAmounts: row.include_amounts,
    timeZone: row.time_zone,
    stale: row.stale,
  };
}

/** "Last used" to the minute: a calendar app's polls do not each become a write. */
export async function recordFeedUse(dataSource: DataSource, feedId: string): Promise<void> {
  await execute(dataSource, 'UPDATE calendar_feed SET last_used_at = now() WHERE id = $1', [feedId]);
}

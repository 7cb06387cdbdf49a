import { randomBytes, randomUUID } from 'node:crypto';
import { hashSecret } from '../../secret-hash';
import type { DataSource, EntityManager } from 'typeorm';
import { execute, queryOne } from '../../db/sql';
import { recordAuditEvent } from '../audit/audit.service';

/** A session lives 30 days from sign-in, whatever the rotations (absolute lifetime). */
export const SESSION_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;

export interface IssuedRefreshToken {
  /** The opaque token for the cookie; only its hash is stored. */
  token: string;
  expiresAt: Date;
}

export function hashRefreshToken(token: string): string {
  return hashSecret(token);
}

async function insertRefreshToken(
  m: EntityManager,
  debtorId: number,
  familyId: string,
  expiresAt: Date,
  now: Date,
): Promise<IssuedRefreshToken & { id: string }> {
  const token = randomBytes(32).toString('base64url');
  const row = await queryOne<{ id: string }>(
    m,
    `INSERT INTO refresh_token (debtor_id, family_id, token_hash, created_at, expires_at)
     VALUES ($1, $2, $3, $4, $5) RETURNING id`,
    [debtorId, familyId, hashRefreshToken(token), now, expiresAt],
  );
  return { id: row!.id, token, expiresAt };
}

/** Opens a new session (a refresh-token family) at sign-in; its life ends 30 days from now. */
export function startSession(m: EntityManager, debtorId: number, now: Date): Promise<IssuedRefreshToken> {
  return insertRefreshToken(m, debtorId, randomUUID(), new Date(now.getTime() + SESSION_LIFETIME_MS), now);
}

/** Ends every session of the account (password change, deletion). */
export async function revokeAllSessions(m: EntityManager, debtorId: number, now: Date): Promise<void> {
  await execute(m, 'UPDATE refresh_token SET revoked_at = $2 WHERE debtor_id = $1 AND revoked_at IS NULL', [
    debtorId,
    now,
  ]);
}

export type RotationResult =
  | { outcome: 'rotated'; debtorId: number; refreshToken: IssuedRefreshToken }
  | { outcome: 'reused'; debtorId: number }
  | { outcome: 'ended' };

interface StoredToken {
  id: string;
  debtor_id: number;
  family_id: string;
  expires_at: Date;
  rotated_at: Date | null;
  revoked_at: Date | null;
}

/**
 * Two tabs of one browser share the cookie and may refresh at the same moment: the later request
 * then carries a token rotated a moment ago. Within this window that is not theft, and it gets a
 * token of its own in the same family.
 */
export const CONCURRENT_REFRESH_GRACE_MS = 10_000;

/**
 * Exchanges a refresh token for a new one of the same family (same absolute expiry). A token that
 * was rotated more than a few seconds ago is being replayed, by a thief or by the victim after a
 * theft: the whole family is revoked, so both lose the session, and the event is audited. Runs in
 * one transaction, with the presented row locked, so two concurrent uses never race each other.
 */
export async function rotateRefreshToken(
  dataSource: DataSource,
  presented: string,
  context: { now: Date; ip: string },
): Promise<RotationResult> {
  const { now, ip } = context;
  return dataSource.transaction(async (m) => {
    const stored = await queryOne<StoredToken>(
      m,
      `SELECT id, debtor_id, family_id, expires_at, rotated_at, revoked_at
         FROM refresh_token WHERE token_hash = $1 FOR UPDATE`,
      [hashRefreshToken(presented)],
    );
    if (!stored) return { outcome: 'ended' };
    const concurrentRefresh =
      stored.rotated_at !== null &&
      stored.revoked_at === null &&
      now.getTime() - new Date(stored.rotated_at).getTime() < CONCURRENT_REFRESH_GRACE_MS;
    if (stored.rotated_at !== null && !concurrentRefresh) {
      await execute(
        m,
        'UPDATE refresh_token SET revoked_at = $2 WHERE family_id = $1 AND revoked_at IS NULL',
        [stored.family_id, now],
      );
      await recordAuditEvent(m, {
        debtorId: stored.debtor_id,
        event: 'refresh_token_reuse',
        ip,
        details: { familyId: stored.family_id },
        at: now,
      });
      return { outcome: 'reused', debtorId: stored.debtor_id };
    }
    if (stored.revoked_at !== null || new Date(stored.expires_at).getTime() <= now.getTime()) {
      return { outcome: 'ended' };
    }
    const next = await insertRefreshToken(
      m,
      stored.debtor_id,
      stored.family_id,
      new Date(stored.expires_at),
      now,
    );
    // The first rotation time is kept, so the grace window never slides.
    await execute(
      m,
      'UPDATE refresh_token SET rotated_at = COALESCE(rotated_at, $2), replaced_by = $3 WHERE id = $1',
      [stored.id, now, next.id],
    );
    return {
      outcome: 'rotated',
      debtorId: stored.debtor_id,
      refreshToken: { token: next.token, expiresAt: next.expiresAt },
    };
  });
}

/** Logout: ends the session the presented token belongs to. Unknown tokens are ignored. */
export async function endSession(dataSource: DataSource, presented: string, now: Date): Promise<void> {
  await execute(
    dataSource,
    `UPDATE refresh_token SET revoked_at = $2
      WHERE revoked_at IS NULL
        AND family_id = (SELECT family_id FROM refresh_token WHERE token_hash = $1)`,
    [hashRefreshToken(presented), now],
  );
}

import { createHmac, timingSafeEqual } from 'node:crypto';
import { REMINDER_KINDS, type ReminderKind } from '@truenet/core';

/**
 * The signed token of a reminder's one-click unsubscribe link (RFC 8058). It names the account and
 * the kind, expires, and is signed with a key derived from JWT_SECRET, so it needs no sign-in and
 * cannot be forged or pointed at another account or kind. It grants only "turn this kind off".
 */
export const UNSUBSCRIBE_TOKEN_DAYS = 90;
const DAY_MS = 86_400_000;

function keyOf(secret: string): Buffer {
  return createHmac('sha256', secret).update('truenet reminder unsubscribe v1').digest();
}

function signature(secret: string, payload: string): string {
  return createHmac('sha256', keyOf(secret)).update(payload).digest('base64url');
}

export function signUnsubscribeToken(
  secret: string,
  debtorId: number,
  kind: ReminderKind,
  now: Date,
): string {
  const expires = Math.floor(now.getTime() / 1000) + UNSUBSCRIBE_TOKEN_DAYS * (DAY_MS / 1000);
  const payload = `${debtorId}.${kind}.${expires}`;
  return `${payload}.${signature(secret, payload)}`;
}

export type UnsubscribeCheck =
  { ok: true; debtorId: number; kind: ReminderKind } | { ok: false; reason: 'invalid' | 'expired' };

export function verifyUnsubscribeToken(secret: string, token: unknown, now: Date): UnsubscribeCheck {
  if (typeof token !== 'string' || token.length > 200) return { ok: false, reason: 'invalid' };
  const match = /^(\d{1,10})\.([A-Z_]{1,20})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return { ok: false, reason: 'invalid' };
  const [, id, kind, expires, given] = match as unknown as [string, string, string, string, string];
  const expected = Buffer.from(signature(secret, `${id}.${kind}.${expires}`));
  if (!timingSafeEqual(expected, Buffer.from(given))) return { ok: false, reason: 'invalid' };
  if (!REMINDER_KINDS.includes(kind as ReminderKind)) return { ok: false, reason: 'invalid' };
  if (Number(expires) * 1000 < now.getTime()) return { ok: false, reason: 'expired' };
  return { ok: true, debtorId: Number(id), kind: kind as ReminderKind };
}

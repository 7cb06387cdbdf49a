import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { validateVerificationCode } from '@truenet/core';
import type { EntityManager } from 'typeorm';
import type { AppDeps } from '../../deps';
import { execute, queryOne } from '../../db/sql';
import { badUserInput } from '../../errors';
import { assertNoFieldErrors, assertNoHoneypot, type ApiFieldNames } from '../../input/field-errors';
import { consumeRateLimit, RATE_LIMITS } from '../../rate-limit';
import { recordAuditEvent } from '../audit/audit.service';
import { sendAfterCommit } from '../mail/mailer';
import { verificationCodeMail } from '../mail/templates';
import { findAccountById, type AccountRow } from './account.queries';
import { ACCOUNT_STATUS, isUnverified } from './debtor.entity';

export const CODE_VALID_MINUTES = 30;
/** The 5th wrong code voids it: a 6th try (even the right code) needs a new code. */
export const CODE_MAX_FAILED_ATTEMPTS = 5;

export const CODE_MESSAGES = {
  wrong: 'That code is not correct. Check the e-mail and try again.',
  expired: 'That code has expired. Request a new code.',
  voided: 'Too many wrong codes: this code no longer works. Request a new code.',
  unknown: 'That code is no longer valid. Request a new code.',
  alreadyVerified: 'Your e-mail address is already verified.',
} as const;

/**
 * Codes are stored as an HMAC keyed by the server secret and bound to the account: 6 digits are
 * only a million values, so a plain hash in a leaked database would be reversed at once.
 */
function hashCode(secret: string, debtorId: number, code: string): string {
  return createHmac('sha256', secret).update(`${debtorId}:${code}`).digest('hex');
}

function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * Issues a fresh 6-digit code (CSPRNG) for the account, replacing any earlier one; returns the
 * plain code for the e-mail, which is sent only after the transaction commits.
 */
export async function issueVerificationCode(
  m: EntityManager,
  deps: Pick<AppDeps, 'config'>,
  debtorId: number,
  now: Date,
): Promise<string> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await execute(
    m,
    `INSERT INTO email_code (debtor_id, code_hash, expires_at, failed_attempts, created_at)
     VALUES ($1, $2, $3, 0, $4)
     ON CONFLICT (debtor_id) DO UPDATE
       SET code_hash = EXCLUDED.code_hash, expires_at = EXCLUDED.expires_at,
           failed_attempts = 0, created_at = EXCLUDED.created_at`,
    [
      debtorId,
      hashCode(deps.config.jwtSecret, debtorId, code),
      new Date(now.getTime() + CODE_VALID_MINUTES * 60_000),
      now,
    ],
  );
  return code;
}

/** Mails a code to the account's address (after commit); a failure is logged, not thrown. */
export function mailVerificationCode(
  deps: Pick<AppDeps, 'mailer' | 'logger'>,
  account: { id: number; email: string; firstName: string },
  code: string,
): Promise<boolean> {
  return sendAfterCommit(deps, verificationCodeMail(account, code, CODE_VALID_MINUTES), {
    debtorId: account.id,
    mail: 'verification code',
  });
}

type CheckOutcome = 'verified' | 'wrong' | 'voided' | 'expired' | 'unknown';

/**
 * Checks the code a person typed (`fieldNames` spells `code` as the caller's API does): single use, 30 minutes, 5 wrong tries void it. The row is locked so concurrent
 * guesses are counted one by one. A wrong try is committed before the error is answered.
 */
export async function verifyEmailCode(
  deps: Pick<AppDeps, 'config' | 'dataSource' | 'clock'>,
  debtorId: number,
  form: { code: string; honeypot?: string | null },
  ip: string,
  fieldNames: ApiFieldNames = {},
): Promise<AccountRow> {
  assertNoHoneypot(form.honeypot);
  assertNoFieldErrors(validateVerificationCode(form), fieldNames);
  const code = form.code.trim();
  const now = deps.clock.now();
  const outcome = await deps.dataSource.transaction(async (m): Promise<CheckOutcome> => {
    const stored = await queryOne<{ code_hash: string; expires_at: Date; failed_attempts: number }>(
      m,
      'SELECT code_hash, expires_at, failed_attempts FROM email_code WHERE debtor_id = $1 FOR UPDATE',
      [debtorId],
    );
    if (!stored || stored.failed_attempts >= CODE_MAX_FAILED_ATTEMPTS) return 'unknown';
    if (new Date(stored.expires_at).getTime() <= now.getTime()) return 'expired';
    if (!sameHash(stored.code_hash, hashCode(deps.config.jwtSecret, debtorId, code))) {
      const failed = stored.failed_attempts + 1;
      if (failed >= CODE_MAX_FAILED_ATTEMPTS) {
        await execute(m, 'DELETE FROM email_code WHERE debtor_id = $1', [debtorId]);
        return 'voided';
      }
      await execute(m, 'UPDATE email_code SET failed_attempts = $2 WHERE debtor_id = $1', [debtorId, failed]);
      return 'wrong';
    }
    await execute(m, 'DELETE FROM email_code WHERE debtor_id = $1', [debtorId]);
    await execute(m, `UPDATE debtor SET status = $2, updated_at = $3 WHERE id = $1 AND status >= $4`, [
      debtorId,
      ACCOUNT_STATUS.NORMAL,
      now,
      ACCOUNT_STATUS.UNVERIFIED,
    ]);
    await recordAuditEvent(m, { debtorId, event: 'email_verified', ip, at: now });
    return 'verified';
  });
  if (outcome !== 'verified') throw badUserInput(CODE_MESSAGES[outcome], 'code');
  return (await findAccountById(deps.dataSource, debtorId))!;
}

/** Replaces the account's code with a new one and mails it (rate-limited per account). */
export async function resendVerificationCode(deps: AppDeps, debtorId: number): Promise<void> {
  const account = await findAccountById(deps.dataSource, debtorId);
  if (!account) throw badUserInput(CODE_MESSAGES.unknown);
  if (!isUnverified(account.status)) throw badUserInput(CODE_MESSAGES.alreadyVerified);
  await consumeRateLimit(deps.dataSource, RATE_LIMITS.verificationCode, debtorId);
  const code = await deps.dataSource.transaction((m) =>
    issueVerificationCode(m, deps, debtorId, deps.clock.now()),
  );
  const sent = await mailVerificationCode(
    deps,
    { id: account.id, email: account.email, firstName: account.first_name },
    code,
  );
  if (!sent) throw new Error('The verification e-mail could not be sent');
}

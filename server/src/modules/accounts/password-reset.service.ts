import { validateResetRequest } from '@truenet/core';
import type { AppDeps } from '../../deps';
import { queryOne } from '../../db/sql';
import { assertNoFieldErrors, assertNoHoneypot } from '../../input/field-errors';
import { consumeRateLimits, RATE_LIMITS } from '../../rate-limit';
import { recordAuditEvent } from '../audit/audit.service';
import { generateTemporaryPassword, hashPassword } from '../auth/passwords';
import { sendAfterCommit } from '../mail/mailer';
import { temporaryPasswordMail } from '../mail/templates';

export const RESET_REQUEST_ANSWER =
  'If an account matches that e-mail, a temporary password will be sent to it.';
export const TEMPORARY_PASSWORD_VALID_MINUTES = 60;

/**
 * Reset: a temporary password valid for 60 minutes beside the old one (so a stranger's request
 * locks nobody out). Known and unknown addresses take the same path, the same work (one argon2
 * hash, one UPDATE) and get the same answer; the e-mail is sent in the background so that SMTP's
 * latency does not tell them apart.
 */
export async function requestPasswordReset(
  deps: AppDeps,
  form: { email: string; honeypot?: string | null },
  ip: string,
): Promise<string> {
  assertNoHoneypot(form.honeypot);
  assertNoFieldErrors(validateResetRequest(form));
  const email = form.email.trim();
  await consumeRateLimits(deps.dataSource, [
    [RATE_LIMITS.resetIp, ip],
    [RATE_LIMITS.resetEmail, email],
  ]);
  const temporaryPassword = generateTemporaryPassword();
  const hash = await hashPassword(temporaryPassword);
  const now = deps.clock.now();
  const expiresAt = new Date(now.getTime() + TEMPORARY_PASSWORD_VALID_MINUTES * 60_000);
  const account = await deps.dataSource.transaction(async (m) => {
    const row = await queryOne<{ id: number; email: string; first_name: string }>(
      m,
      `UPDATE debtor SET temp_password_hash = $2, temp_password_expires_at = $3
        WHERE lower(email) = lower($1) RETURNING id, email, first_name`,
      [email, hash, expiresAt],
    );
    if (row) await recordAuditEvent(m, { debtorId: row.id, event: 'password_reset_requested', ip, at: now });
    return row;
  });
  if (account) {
    void sendAfterCommit(
      deps,
      temporaryPasswordMail(
        { email: account.email, firstName: account.first_name },
        temporaryPassword,
        TEMPORARY_PASSWORD_VALID_MINUTES,
      ),
      { debtorId: account.id, mail: 'temporary password' },
    );
  }
  return RESET_REQUEST_ANSWER;
}

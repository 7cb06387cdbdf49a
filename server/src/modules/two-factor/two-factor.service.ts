import { randomBytes } from 'node:crypto';
import type { AppDeps } from '../../deps';
import { execute, queryOne, type Queryable } from '../../db/sql';
import { badUserInput } from '../../errors';
import { consumeRateLimit, RATE_LIMITS } from '../../rate-limit';
import { hashSecret } from '../../secret-hash';
import type { AccountRow } from '../accounts/account.queries';
import { confirmPassword, loadAccount } from '../accounts/accounts.service';
import { recordAuditEvent } from '../audit/audit.service';
import { sendAfterCommit } from '../mail/mailer';
import { signInSecurityMail, type SignInSecurityChange } from '../mail/templates';
import { asRecoveryCode, asTotpCode } from '@truenet/core';
import { hashRecoveryCode, newRecoveryCodes } from './recovery-codes';
import { matchTotp, newTotpSecret, otpauthUrl, qrCodeSvg } from './totp';

/**
 * Two-factor sign-in with an authenticator app (docs/product-rules.md §10): enrollment, its confirmation with
 * recovery codes, turning it off, and the second factor a sign-in must give. The sign-in itself
 * (password, then code) is auth.service's.
 */
export const TWO_FACTOR_MESSAGES = {
  alreadyOn: 'Two-factor sign-in is already on. Turn it off first to set it up again.',
  notStarted: 'Set-up has not started, or it was replaced. Start again and scan the new QR code.',
  wrongEnrollmentCode: 'That code is not right. Enter the 6-digit code your app shows now.',
  wrongCode: 'That code is not right. Enter the 6-digit code from your app, or an unused recovery code.',
  notOn: 'Two-factor sign-in is not on.',
};

/** How long the `twoFactorToken` of a password sign-in waits for its code. */
export const SIGN_IN_CHALLENGE_MINUTES = 5;

export interface TotpEnrollment {
  secret: string;
  otpauthUrl: string;
  qrCodeSvg: string;
}

export type SecondFactor = 'totp' | 'recovery';

interface TwoFactorRow {
  totp_secret: string | null;
  pending_secret: string | null;
  last_used_step: string | null;
}

function readTwoFactor(db: Queryable, debtorId: number, lock = false): Promise<TwoFactorRow | undefined> {
  return queryOne<TwoFactorRow>(
    db,
    `SELECT totp_secret, pending_secret, last_used_step FROM two_factor WHERE debtor_id = $1${lock ? ' FOR UPDATE' : ''}`,
    [debtorId],
  );
}

export async function isTwoFactorEnabled(db: Queryable, debtorId: number): Promise<boolean> {
  const row = await readTwoFactor(db, debtorId);
  return Boolean(row?.totp_secret);
}

export async function recoveryCodesLeft(db: Queryable, debtorId: number): Promise<number> {
  const row = await queryOne<{ left: number }>(
    db,
    'SELECT count(*)::int AS left FROM recovery_code WHERE debtor_id = $1 AND used_at IS NULL',
    [debtorId],
  );
  return row?.left ?? 0;
}

/** Tells the owner of a change to how the account signs in; a mail failure is logged, not thrown. */
export async function noticeSignInChange(
  deps: AppDeps,
  account: Pick<AccountRow, 'id' | 'email' | 'first_name'>,
  change: SignInSecurityChange,
): Promise<void> {
  await sendAfterCommit(
    deps,
    signInSecurityMail(
      { email: account.email, firstName: account.first_name },
      change,
      deps.config.mail.supportEmail,
    ),
    { debtorId: account.id, mail: change.kind },
  );
}

/**
 * Starts (or restarts) setting up an authenticator app: a new secret, kept pending until a first
 * code proves the app has it. Refused while two-factor is on, so a stolen session cannot swap the
 * secret without the current code (turning it off needs the password and a code).
 */
export async function beginTotpEnrollment(deps: AppDeps, debtorId: number): Promise<TotpEnrollment> {
  const account = await loadAccount(deps, debtorId);
  if (await isTwoFactorEnabled(deps.dataSource, debtorId)) throw badUserInput(TWO_FACTOR_MESSAGES.alreadyOn);
  const secret = newTotpSecret();
  await execute(
    deps.dataSource,
    `INSERT INTO two_factor (debtor_id, pending_secret, updated_at) VALUES ($1, $2, $3)
     ON CONFLICT (debtor_id) DO UPDATE SET pending_secret = EXCLUDED.pending_secret, updated_at = EXCLUDED.updated_at`,
    [debtorId, secret, deps.clock.now()],
  );
  const url = otpauthUrl(secret, account.username);
  return { secret, otpauthUrl: url, qrCodeSvg: await qrCodeSvg(url) };
}

/**
 * Turns two-factor on once the app's first code matches the pending secret, and answers the ten
 * recovery codes (shown once: only their hashes are kept). The code's step counts as used.
 */
export async function confirmTotpEnrollment(
  deps: AppDeps,
  debtorId: number,
  typedCode: string,
  ip: string,
): Promise<string[]> {
  const account = await loadAccount(deps, debtorId);
  // Wrong confirmation codes are counted like password checks: the secret is the owner's, but a
  // session should not be able to probe codes without limit.
  await consumeRateLimit(deps.dataSource, RATE_LIMITS.passwordCheck, debtorId);
  const code = asTotpCode(typedCode);
  if (!code) throw badUserInput(TWO_FACTOR_MESSAGES.wrongEnrollmentCode, 'code');
  const now = deps.clock.now();
  const recoveryCodes = newRecoveryCodes();
  await deps.dataSource.transaction(async (m) => {
    const row = await readTwoFactor(m, debtorId, true);
    if (row?.totp_secret) throw badUserInput(TWO_FACTOR_MESSAGES.alreadyOn);
    if (!row?.pending_secret) throw badUserInput(TWO_FACTOR_MESSAGES.notStarted);
    const step = matchTotp(row.pending_secret, code, now, null);
    if (step === null) throw badUserInput(TWO_FACTOR_MESSAGES.wrongEnrollmentCode, 'code');
    await execute(
      m,
      `UPDATE two_factor SET totp_secret = pending_secret, pending_secret = NULL, enabled_at = $2,
              last_used_step = $3, updated_at = $2
        WHERE debtor_id = $1`,
      [debtorId, now, step],
    );
    await execute(m, 'DELETE FROM recovery_code WHERE debtor_id = $1', [debtorId]);
    for (const recoveryCode of recoveryCodes) {
      await execute(m, 'INSERT INTO recovery_code (debtor_id, code_hash, created_at) VALUES ($1, $2, $3)', [
        debtorId,
        hashRecoveryCode(recoveryCode),
        now,
      ]);
    }
    await recordAuditEvent(m, { debtorId, event: 'two_factor_enabled', ip, at: now });
  });
  await noticeSignInChange(deps, account, { kind: 'two_factor_enabled' });
  return recoveryCodes;
}

/**
 * Takes a second factor inside the caller's transaction: a TOTP code of the current step (one step
 * of drift) newer than the last one accepted, or an unused recovery code, which is used up. The row
 * lock makes two requests with the same code take turns, so only the first is accepted.
 */
export async function takeSecondFactor(
  m: Queryable,
  debtorId: number,
  typedCode: string,
  now: Date,
): Promise<SecondFactor | null> {
  const row = await readTwoFactor(m, debtorId, true);
  if (!row?.totp_secret) return null;
  const totp = asTotpCode(typedCode);
  if (totp) {
    const lastStep = row.last_used_step === null ? null : Number(row.last_used_step);
    const step = matchTotp(row.totp_secret, totp, now, lastStep);
    if (step === null) return null;
    await execute(m, 'UPDATE two_factor SET last_used_step = $2, updated_at = $3 WHERE debtor_id = $1', [
      debtorId,
      step,
      now,
    ]);
    return 'totp';
  }
  const recovery = asRecoveryCode(typedCode);
  if (!recovery) return null;
  const used = await queryOne(
    m,
    `UPDATE recovery_code SET used_at = $3
      WHERE debtor_id = $1 AND code_hash = $2 AND used_at IS NULL RETURNING id`,
    [debtorId, hashRecoveryCode(recovery), now],
  );
  return used ? 'recovery' : null;
}

/**
 * Turns two-factor off: the password and a current code (or a recovery code) are both needed, so
 * neither a stolen session nor a stolen phone alone can do it. The secret and the codes are gone.
 */
export async function disableTwoFactor(
  deps: AppDeps,
  debtorId: number,
  password: string,
  typedCode: string,
  ip: string,
): Promise<void> {
  const account = await loadAccount(deps, debtorId);
  await confirmPassword(deps, debtorId, password, 'password');
  if (!(await isTwoFactorEnabled(deps.dataSource, debtorId))) throw badUserInput(TWO_FACTOR_MESSAGES.notOn);
  const now = deps.clock.now();
  await deps.dataSource.transaction(async (m) => {
    const factor = await takeSecondFactor(m, debtorId, typedCode, now);
    if (!factor) throw badUserInput(TWO_FACTOR_MESSAGES.wrongCode, 'code');
    await execute(m, 'DELETE FROM recovery_code WHERE debtor_id = $1', [debtorId]);
    await execute(m, 'DELETE FROM two_factor WHERE debtor_id = $1', [debtorId]);
    await execute(m, 'DELETE FROM sign_in_challenge WHERE debtor_id = $1', [debtorId]);
    await recordAuditEvent(m, {
      debtorId,
      event: 'two_factor_disabled',
      ip,
      at: now,
      details: { with: factor },
    });
  });
  await noticeSignInChange(deps, account, { kind: 'two_factor_disabled' });
}

/** The single-use `twoFactorToken` of a password sign-in that now needs its code. */
export async function openSignInChallenge(
  db: Queryable,
  debtorId: number,
  temporaryPassword: boolean,
  now: Date,
): Promise<string> {
  const token = `tf_${randomBytes(32).toString('base64url')}`;
  await execute(
    db,
    `INSERT INTO sign_in_challenge (token_hash, debtor_id, temporary_password, created_at, expires_at)
     VALUES ($1, $2, $3, $4, $5)`,
    [
      hashSecret(token),
      debtorId,
      temporaryPassword,
      now,
      new Date(now.getTime() + SIGN_IN_CHALLENGE_MINUTES * 60_000),
    ],
  );
  return token;
}

export interface SignInChallenge {
  debtorId: number;
  userName: string;
  temporaryPassword: boolean;
}

/** The open challenge a token names: unused and unexpired, or nothing. */
export async function findSignInChallenge(
  db: Queryable,
  token: string,
  now: Date,
): Promise<SignInChallenge | undefined> {
  const row = await queryOne<{ debtor_id: number; username: string; temporary_password: boolean }>(
    db,
    `SELECT c.debtor_id, d.username, c.temporary_password
       FROM sign_in_challenge c JOIN debtor d ON d.id = c.debtor_id
      WHERE c.token_hash = $1 AND c.used_at IS NULL AND c.expires_at > $2`,
    [hashSecret(token), now],
  );
  return (
    row && { debtorId: row.debtor_id, userName: row.username, temporaryPassword: row.temporary_password }
  );
}

/** Uses a challenge up; false when another request already did (only one sign-in per token). */
export async function closeSignInChallenge(m: Queryable, token: string, now: Date): Promise<boolean> {
  const closed = await queryOne(
    m,
    'UPDATE sign_in_challenge SET used_at = $2 WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2 RETURNING 1',
    [hashSecret(token), now],
  );
  return Boolean(closed);
}

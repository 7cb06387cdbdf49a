import { validateChangePassword, validateLogin, type LoginInput } from '@truenet/core';
import { signAccessToken } from './access-token';
import type { AppDeps } from '../../deps';
import { forbidden, unauthenticated } from '../../errors';
import { assertNoFieldErrors, type ApiFieldNames } from '../../input/field-errors';
import { consumeRateLimits, RATE_LIMITS, resetRateLimit } from '../../rate-limit';
import {
  findAccountById,
  findAccountWithPasswordsByUserName,
  type AccountRow,
} from '../accounts/account.queries';
import { confirmPassword } from '../accounts/accounts.service';
import { ACCOUNT_STATUS } from '../accounts/debtor.entity';
import { recordAuditEvent } from '../audit/audit.service';
import { hashPassword, matchAccountPassword, spendVerificationTime } from './passwords';
import {
  revokeAllSessions,
  rotateRefreshToken,
  startSession,
  type IssuedRefreshToken,
} from './sessions.service';
import { execute } from '../../db/sql';

/** One answer for every wrong credential: never say whether the account exists. */
export const WRONG_CREDENTIALS_MESSAGE = 'Incorrect username or password';
export const SESSION_ENDED_MESSAGE = 'Your session has ended. Sign in again.';
export const LOCKED_MESSAGE = 'This account is locked. Contact us through the Contact Us page.';
export const CLOSED_MESSAGE = 'This account is closed. Contact us through the Contact Us page to reopen it.';

export interface SignedIn {
  account: AccountRow;
  accessToken: string;
  refreshToken: IssuedRefreshToken;
}

/** Refuses accounts that may not sign in, with their own message (after the password is proven). */
function refuseBarredAccount(account: AccountRow): void {
  if (account.status === ACCOUNT_STATUS.LOCKED) throw forbidden(LOCKED_MESSAGE);
  if (account.status === ACCOUNT_STATUS.CLOSED) throw forbidden(CLOSED_MESSAGE);
}

function issue(
  deps: Pick<AppDeps, 'config'>,
  account: AccountRow,
  refreshToken: IssuedRefreshToken,
): SignedIn {
  return { account, refreshToken, accessToken: signAccessToken(deps.config, account) };
}

/**
 * Sign-in with the password or an unexpired temporary one (which sets status 3: the person must
 * choose a new password). The login form is checked, then the attempt is counted per account and
 * per IP before any password work: each call counts once, so 20 aliased logins in one GraphQL
 * request are 20 attempts. An unknown username spends the time of a real check and gets the same
 * answer as a wrong password.
 */
export async function signIn(deps: AppDeps, form: LoginInput, ip: string): Promise<SignedIn> {
  assertNoFieldErrors(validateLogin(form));
  const credentials = { userName: form.userName.trim(), password: form.userPassword };
  await consumeRateLimits(deps.dataSource, [
    [RATE_LIMITS.loginAccount, credentials.userName],
    [RATE_LIMITS.loginIp, ip],
  ]);
  const now = deps.clock.now();
  const stored = await findAccountWithPasswordsByUserName(deps.dataSource, credentials.userName);
  if (!stored) {
    await spendVerificationTime(credentials.password);
    await recordAuditEvent(deps.dataSource, {
      debtorId: null,
      event: 'sign_in_failed',
      ip,
      details: { reason: 'unknown user' },
      at: now,
    });
    throw unauthenticated(WRONG_CREDENTIALS_MESSAGE);
  }
  const which = await matchAccountPassword(stored, credentials.password, now);
  if (!which) {
    await recordAuditEvent(deps.dataSource, {
      debtorId: stored.id,
      event: 'sign_in_failed',
      ip,
      details: { reason: 'wrong password' },
      at: now,
    });
    throw unauthenticated(WRONG_CREDENTIALS_MESSAGE);
  }
  refuseBarredAccount(stored);

  const refreshToken = await deps.dataSource.transaction(async (m) => {
    if (which === 'temporary') {
      await execute(m, 'UPDATE debtor SET status = $2, updated_at = $3 WHERE id = $1', [
        stored.id,
        ACCOUNT_STATUS.TEMPORARY_PASSWORD,
        now,
      ]);
    } else if (stored.temp_password_hash !== null || stored.status === ACCOUNT_STATUS.TEMPORARY_PASSWORD) {
      // The person remembered the password: the temporary one is no longer needed.
      await execute(
        m,
        `UPDATE debtor SET temp_password_hash = NULL, temp_password_expires_at = NULL, updated_at = $3,
                status = CASE WHEN status = $2 THEN 1 ELSE status END
          WHERE id = $1`,
        [stored.id, ACCOUNT_STATUS.TEMPORARY_PASSWORD, now],
      );
    }
    await recordAuditEvent(m, {
      debtorId: stored.id,
      event: 'sign_in',
      ip,
      details: { temporaryPassword: which === 'temporary' },
      at: now,
    });
    return startSession(m, stored.id, now);
  });
  await resetRateLimit(deps.dataSource, RATE_LIMITS.loginAccount, credentials.userName);
  const account = (await findAccountById(deps.dataSource, stored.id))!;
  return issue(deps, account, refreshToken);
}

/** Rotates the presented refresh token and issues a new access token for its account. */
export async function refreshSession(
  deps: AppDeps,
  presented: string | undefined,
  ip: string,
): Promise<SignedIn> {
  if (!presented) throw unauthenticated(SESSION_ENDED_MESSAGE);
  const rotation = await rotateRefreshToken(deps.dataSource, presented, { now: deps.clock.now(), ip });
  if (rotation.outcome === 'reused') {
    deps.logger.warn(
      { debtorId: rotation.debtorId },
      'refresh token reused: every session of its family revoked',
    );
  }
  if (rotation.outcome !== 'rotated') throw unauthenticated(SESSION_ENDED_MESSAGE);
  const account = await findAccountById(deps.dataSource, rotation.debtorId);
  if (!account) throw unauthenticated(SESSION_ENDED_MESSAGE);
  refuseBarredAccount(account);
  return issue(deps, account, rotation.refreshToken);
}

export interface ChangePasswordForm {
  oldPassword: string;
  newPassword: string;
  /** The confirmation field; checked when given. */
  verifyPassword?: string | null;
  honeypot?: string | null;
}

/**
 * Change password: the form is checked (`fieldNames` spells core's `oldPW`/`newPW`/`verifyPW` as the
 * caller's API does), the old one (or the temporary one) must match. Every session of the account
 * is revoked and a fresh one opened for this browser. A temporary-password account (status 3) is
 * back to normal; an unverified one stays unverified, since only the code proves the address.
 */
export async function changePassword(
  deps: AppDeps,
  debtorId: number,
  passwords: ChangePasswordForm,
  ip: string,
  fieldNames: ApiFieldNames = {},
): Promise<SignedIn> {
  assertNoFieldErrors(
    validateChangePassword({
      oldPW: passwords.oldPassword,
      newPW: passwords.newPassword,
      verifyPW: passwords.verifyPassword,
      honeypot: passwords.honeypot,
    }),
    fieldNames,
  );
  await confirmPassword(deps, debtorId, passwords.oldPassword, 'oldPassword');
  const hash = await hashPassword(passwords.newPassword);
  const now = deps.clock.now();
  const refreshToken = await deps.dataSource.transaction(async (m) => {
    await execute(
      m,
      `UPDATE debtor SET password_hash = $2, temp_password_hash = NULL, temp_password_expires_at = NULL,
              status = CASE WHEN status >= $3 THEN status ELSE $4 END, updated_at = $5
        WHERE id = $1`,
      [debtorId, hash, ACCOUNT_STATUS.UNVERIFIED, ACCOUNT_STATUS.NORMAL, now],
    );
    await revokeAllSessions(m, debtorId, now);
    await recordAuditEvent(m, { debtorId, event: 'password_changed', ip, at: now });
    return startSession(m, debtorId, now);
  });
  const account = (await findAccountById(deps.dataSource, debtorId))!;
  return issue(deps, account, refreshToken);
}

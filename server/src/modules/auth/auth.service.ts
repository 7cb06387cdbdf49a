import { validateChangePassword, validateLogin, type LoginInput } from '@truenet/core';
import { signAccessToken } from './access-token';
import type { AppDeps } from '../../deps';
import { forbidden, unauthenticated } from '../../errors';
import { assertNoFieldErrors, type ApiFieldNames } from '../../input/field-errors';
import { consumeRateLimits, RATE_LIMITS, resetRateLimit } from '../../rate-limit';
import type { EntityManager } from 'typeorm';
import {
  findAccountById,
  findAccountWithPasswordsById,
  findAccountWithPasswordsByUserName,
  type AccountRow,
  type AccountWithPasswords,
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
import { PASSKEY_MESSAGES, passkeyOwner, verifyPasskeySignIn } from '../passkeys/passkeys.service';
import {
  closeSignInChallenge,
  findSignInChallenge,
  isTwoFactorEnabled,
  noticeSignInChange,
  openSignInChallenge,
  recoveryCodesLeft,
  takeSecondFactor,
  TWO_FACTOR_MESSAGES,
} from '../two-factor/two-factor.service';

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

/** A password sign-in of an account with two-factor on: no session until a code completes it. */
export interface TwoFactorPending {
  twoFactorRequired: true;
  twoFactorToken: string;
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
export async function signIn(
  deps: AppDeps,
  form: LoginInput,
  ip: string,
): Promise<SignedIn | TwoFactorPending> {
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

  if (await isTwoFactorEnabled(deps.dataSource, stored.id)) {
    // The password is right; the session waits for the code. The attempt counter is not reset yet:
    // wrong codes count toward the same limits as wrong passwords.
    const twoFactorToken = await openSignInChallenge(deps.dataSource, stored.id, which === 'temporary', now);
    return { twoFactorRequired: true, twoFactorToken };
  }
  const refreshToken = await deps.dataSource.transaction((m) =>
    openSignedInSession(m, stored, which === 'temporary', ip, now, {}),
  );
  await resetRateLimit(deps.dataSource, RATE_LIMITS.loginAccount, credentials.userName);
  const account = (await findAccountById(deps.dataSource, stored.id))!;
  return issue(deps, account, refreshToken);
}

/**
 * The session of a sign-in whose every factor is proven, in the caller's transaction: a temporary
 * password puts the account in status 3 (choose a new password); the real one ends any temporary one.
 */
async function openSignedInSession(
  m: EntityManager,
  stored: Pick<AccountWithPasswords, 'id' | 'status' | 'temp_password_hash'>,
  temporaryPassword: boolean,
  ip: string,
  now: Date,
  details: Record<string, string | boolean>,
): Promise<IssuedRefreshToken> {
  if (temporaryPassword) {
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
    details: { temporaryPassword, ...details },
    at: now,
  });
  return startSession(m, stored.id, now);
}

/** The REST login's answer (403) for an account with two-factor sign-in on (docs/product-rules.md §10). */
export const TWO_FACTOR_REQUIRED_MESSAGE = 'Two-factor code required';

export const SIGN_IN_TIMED_OUT_MESSAGE = 'Your sign-in timed out. Sign in again with your password.';

/**
 * The second step of a sign-in with two-factor on: the token `login` gave and a code from the app
 * (or a recovery code). Each try counts toward the per-IP and per-account sign-in limits, like a
 * password. The token is single use: the session, the used code and the token's end are one
 * transaction. Using a recovery code tells the owner by e-mail.
 */
export async function completeTwoFactorLogin(
  deps: AppDeps,
  twoFactorToken: string,
  code: string,
  ip: string,
): Promise<SignedIn> {
  await consumeRateLimits(deps.dataSource, [[RATE_LIMITS.loginIp, ip]]);
  const now = deps.clock.now();
  const challenge = await findSignInChallenge(deps.dataSource, twoFactorToken, now);
  if (!challenge) throw unauthenticated(SIGN_IN_TIMED_OUT_MESSAGE);
  await consumeRateLimits(deps.dataSource, [[RATE_LIMITS.loginAccount, challenge.userName]]);
  const stored = await findAccountWithPasswordsById(deps.dataSource, challenge.debtorId);
  if (!stored) throw unauthenticated(SIGN_IN_TIMED_OUT_MESSAGE);
  refuseBarredAccount(stored);

  const outcome = await deps.dataSource.transaction(async (m) => {
    const factor = await takeSecondFactor(m, stored.id, code, now);
    if (!factor) return null;
    if (!(await closeSignInChallenge(m, twoFactorToken, now)))
      throw unauthenticated(SIGN_IN_TIMED_OUT_MESSAGE);
    if (factor === 'recovery') {
      await recordAuditEvent(m, { debtorId: stored.id, event: 'recovery_code_used', ip, at: now });
    }
    const refreshToken = await openSignedInSession(m, stored, challenge.temporaryPassword, ip, now, {
      secondFactor: factor,
    });
    return { factor, refreshToken };
  });
  if (!outcome) {
    await recordAuditEvent(deps.dataSource, {
      debtorId: stored.id,
      event: 'sign_in_failed',
      ip,
      details: { reason: 'wrong code' },
      at: now,
    });
    throw unauthenticated(TWO_FACTOR_MESSAGES.wrongCode);
  }
  await resetRateLimit(deps.dataSource, RATE_LIMITS.loginAccount, challenge.userName);
  const account = (await findAccountById(deps.dataSource, stored.id))!;
  if (outcome.factor === 'recovery') {
    await noticeSignInChange(deps, account, {
      kind: 'recovery_code_used',
      codesLeft: await recoveryCodesLeft(deps.dataSource, stored.id),
    });
  }
  return issue(deps, account, outcome.refreshToken);
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

/**
 * Sign-in with a passkey instead of the password and code: the passkey proves possession (and, on
 * most devices, the person by PIN or biometrics). Each try counts toward the per-IP limit, and toward
 * the account's once the passkey names it; the session opens in the transaction that checks it.
 */
export async function signInWithPasskey(
  deps: AppDeps,
  input: { challengeId: string; responseJson: string },
  ip: string,
): Promise<SignedIn> {
  await consumeRateLimits(deps.dataSource, [[RATE_LIMITS.loginIp, ip]]);
  const owner = await passkeyOwner(deps.dataSource, input.responseJson);
  if (!owner) throw unauthenticated(PASSKEY_MESSAGES.unknown);
  await consumeRateLimits(deps.dataSource, [[RATE_LIMITS.loginAccount, owner.userName]]);
  const stored = await findAccountWithPasswordsById(deps.dataSource, owner.debtorId);
  if (!stored) throw unauthenticated(PASSKEY_MESSAGES.unknown);
  refuseBarredAccount(stored);
  const now = deps.clock.now();
  const refreshToken = await deps.dataSource.transaction(async (m) => {
    await verifyPasskeySignIn(deps, m, input, now);
    return openSignedInSession(m, stored, false, ip, now, { passkey: true });
  });
  await resetRateLimit(deps.dataSource, RATE_LIMITS.loginAccount, owner.userName);
  const account = (await findAccountById(deps.dataSource, stored.id))!;
  return issue(deps, account, refreshToken);
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

import {
  DEFAULT_PLAN,
  isValidTimeZone,
  validateAccountUpdate,
  validateChangePassword,
  validateLogin,
  validateRegistration,
  validateResetRequest,
  validateVerificationCode,
} from '@truenet/core';
import { Router, type Request, type Response } from 'express';
import type { AppDeps } from '../deps';
import { badUserInput } from '../errors';
import { requireSessionUser } from '../policies';
import { consumeRateLimit, consumeRateLimits, RATE_LIMITS } from '../rate-limit';
import { updateAccount } from '../modules/accounts/accounts.service';
import { resendVerificationCode, verifyEmailCode } from '../modules/accounts/email-verification.service';
import { throwIfInvalid } from '../modules/accounts/field-errors';
import { requestPasswordReset } from '../modules/accounts/password-reset.service';
import { registerAccount } from '../modules/accounts/registration.service';
import { changePassword, refreshSession, signIn, type SignedIn } from '../modules/auth/auth.service';
import { clearRefreshCookie, readRefreshCookie, setRefreshCookie } from '../modules/auth/refresh-cookie';
import { reissueSession } from '../modules/auth/reissue-session.service';
import { endSession } from '../modules/auth/sessions.service';
import { assertSignedInUser, bareValue, bodyOf, policyContext, requireAppOrigin } from './http';
import { registrationPlan } from './inputs';
import { presentAccount, presentLogin, presentRefresh } from './presenters/account.presenter';

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

function ipOf(req: Request): string {
  return req.ip ?? 'unknown';
}

/**
 * The account and session paths of the specification's §7 (plus DESIGN.md §3's login and reset
 * request): validate with core, call the auth/accounts services GraphQL calls, present the §3
 * fields. The refresh token travels only in the HttpOnly cookie.
 */
export function accountRoutes(deps: AppDeps): Router {
  const router = Router();
  const { config } = deps;

  // The refresh token travels only in the HttpOnly cookie, never in a response body.
  function setSessionCookie(res: Response, signedIn: SignedIn): void {
    setRefreshCookie(res, config, signedIn.refreshToken.token, signedIn.refreshToken.expiresAt);
  }

  router.post('/account/login', async (req, res) => {
    const body = bodyOf(req);
    const userName = text(body.userName);
    const userPassword = text(body.userPassword);
    throwIfInvalid(validateLogin({ userName, userPassword, honeypot: text(body.honeypot) }));
    const trimmed = userName.trim();
    await consumeRateLimits(deps.dataSource, [
      [RATE_LIMITS.loginAccount, trimmed],
      [RATE_LIMITS.loginIp, ipOf(req)],
    ]);
    const signedIn = await signIn(deps, { userName: trimmed, password: userPassword }, ipOf(req));
    setSessionCookie(res, signedIn);
    res.status(200).json(presentLogin(signedIn));
  });

  router.post('/account/register', async (req, res) => {
    const body = bodyOf(req);
    const plan = registrationPlan(config, body) ?? DEFAULT_PLAN;
    const input = {
      firstName: text(body.firstName),
      lastName: text(body.lastName),
      userName: text(body.userName),
      email: text(body.email),
      userPassword: text(body.userPassword),
      verifyPassword: typeof body.verifyPassword === 'string' ? body.verifyPassword : null,
      honeypot: text(body.honeypot),
      plan,
    };
    throwIfInvalid(validateRegistration(input));
    const timeZone = text(body.timeZone) || text(body.timezone) || null;
    if (timeZone && !isValidTimeZone(timeZone)) {
      throw badUserInput('Unknown time zone: use an IANA name such as America/New_York', 'timeZone');
    }
    await consumeRateLimit(deps.dataSource, RATE_LIMITS.register, ipOf(req));
    const registered = await registerAccount(deps, {
      firstName: input.firstName.trim(),
      lastName: input.lastName.trim(),
      userName: input.userName.trim(),
      email: input.email.trim(),
      password: input.userPassword,
      plan,
      timeZone,
    });
    res.status(201).json({
      url: registered.checkoutUrl,
      sessionId: registered.sessionId,
      uid: registered.uid,
    });
  });

  router.get('/account/refresh-token', async (req, res) => {
    requireAppOrigin(req, deps);
    try {
      const signedIn = await refreshSession(deps, readRefreshCookie(req), ipOf(req));
      setSessionCookie(res, signedIn);
      res.status(200).json(presentRefresh(signedIn));
    } catch (error) {
      clearRefreshCookie(res, config);
      throw error;
    }
  });

  router.get('/account/set-refresh-token/:id', async (req, res) => {
    const user = requireSessionUser(policyContext(deps, req));
    assertSignedInUser(req.params.id, user, 'id');
    const issued = await reissueSession(deps, user.id, readRefreshCookie(req), ipOf(req));
    setRefreshCookie(res, config, issued.token, issued.expiresAt);
    res.status(200).json({ message: 'Refresh token set', uid: user.id });
  });

  router.get('/account/logout', async (req, res) => {
    requireAppOrigin(req, deps);
    const presented = readRefreshCookie(req);
    if (presented) await endSession(deps.dataSource, presented, deps.clock.now());
    clearRefreshCookie(res, config);
    res.status(200).json({ message: 'Logged out' });
  });

  router.put('/account/change-password', async (req, res) => {
    const user = requireSessionUser(policyContext(deps, req));
    const body = bodyOf(req);
    assertSignedInUser(body.id, user, 'id');
    const oldPW = text(body.oldPW);
    const newPW = text(body.newPW);
    throwIfInvalid(
      validateChangePassword({
        oldPW,
        newPW,
        verifyPW: typeof body.verifyPW === 'string' ? body.verifyPW : null,
        honeypot: text(body.honeypot),
      }),
    );
    const signedIn = await changePassword(
      deps,
      user.id,
      { oldPassword: oldPW, newPassword: newPW },
      ipOf(req),
    );
    setSessionCookie(res, signedIn);
    res.status(200).json({ message: 'Password successfully changed', ...presentRefresh(signedIn) });
  });

  router.put('/account/update-account', async (req, res) => {
    const user = requireSessionUser(policyContext(deps, req));
    const body = bodyOf(req);
    assertSignedInUser(body.id, user, 'id');
    const changes = {
      firstName: text(body.firstName),
      lastName: text(body.lastName),
      email: text(body.email),
    };
    throwIfInvalid(validateAccountUpdate(changes));
    const account = await updateAccount(deps, user.id, {
      firstName: changes.firstName.trim(),
      lastName: changes.lastName.trim(),
      email: changes.email.trim(),
    });
    res.status(200).json({ message: 'Account Updated', ...presentAccount(account) });
  });

  // Always the same answer, whether or not an account has the address (never reveal one).
  router.put('/account/reset-password', async (req, res) => {
    const body = bodyOf(req);
    if (text(body.honeypot)) throwIfInvalid({ form: 'Invalid form' });
    const email = text(body.email);
    throwIfInvalid(validateResetRequest({ email }));
    const answer = await requestPasswordReset(deps, email.trim(), ipOf(req));
    res.status(200).type('text/plain').send(answer);
  });

  // The body is the uid itself (a bare JSON number), as the original client sends it.
  router.put('/account/resend-code', async (req, res) => {
    const user = requireSessionUser(policyContext(deps, req));
    assertSignedInUser(bareValue(req.body, ['uid', 'id']), user, 'uid');
    await resendVerificationCode(deps, user.id);
    res.status(200).json({ message: 'Verification code resent.' });
  });

  router.put('/account/verify-email', async (req, res) => {
    const user = requireSessionUser(policyContext(deps, req));
    const body = bodyOf(req);
    assertSignedInUser(body.id, user, 'id');
    if (text(body.honeypot)) throwIfInvalid({ form: 'Invalid form' });
    // `status` holds the code the person typed.
    const code = typeof body.status === 'number' ? String(body.status) : text(body.status);
    throwIfInvalid(validateVerificationCode({ code }), { code: 'status' });
    const account = await verifyEmailCode(deps, user.id, code.trim(), ipOf(req));
    res.status(200).json({ message: 'Email verified', ...presentAccount(account) });
  });

  return router;
}

import { Router, type Request, type Response } from 'express';
import type { AppDeps } from '../deps';
import { requireSessionUser } from '../policies';
import { updateAccount } from '../modules/accounts/accounts.service';
import { resendVerificationCode, verifyEmailCode } from '../modules/accounts/email-verification.service';
import { requestPasswordReset } from '../modules/accounts/password-reset.service';
import { registerAccount } from '../modules/accounts/registration.service';
import {
  changePassword,
  refreshSession,
  signIn,
  TWO_FACTOR_REQUIRED_MESSAGE,
  type SignedIn,
} from '../modules/auth/auth.service';
import { forbidden } from '../errors';
import { clearRefreshCookie, readRefreshCookie, setRefreshCookie } from '../modules/auth/refresh-cookie';
import { reissueSession } from '../modules/auth/reissue-session.service';
import { endSession } from '../modules/auth/sessions.service';
import { assertSignedInUser, bareValue, bodyOf, policyContext, requireAppOrigin } from './http';
import { requestedPlan } from './inputs';
import { presentAccount, presentLogin, presentRefresh } from './presenters/account.presenter';

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

function ipOf(req: Request): string {
  return req.ip ?? 'unknown';
}

/**
 * The account and session paths of the REST paths (docs/product-rules.md §11) (plus docs/product-rules.md §11's login and reset
 * request): read the REST body, call the auth/accounts service command GraphQL calls (which checks
 * the form and counts the attempt), present the §3 fields. The refresh token travels only in the
 * HttpOnly cookie.
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
    const signedIn = await signIn(
      deps,
      { userName: text(body.userName), userPassword: text(body.userPassword), honeypot: text(body.honeypot) },
      ipOf(req),
    );
    // The REST login has no second step: an account with two-factor on signs in through GraphQL.
    if ('twoFactorRequired' in signedIn) throw forbidden(TWO_FACTOR_REQUIRED_MESSAGE);
    setSessionCookie(res, signedIn);
    res.status(200).json(presentLogin(signedIn));
  });

  router.post('/account/register', async (req, res) => {
    const body = bodyOf(req);
    const registered = await registerAccount(
      deps,
      {
        firstName: text(body.firstName),
        lastName: text(body.lastName),
        userName: text(body.userName),
        email: text(body.email),
        userPassword: text(body.userPassword),
        verifyPassword: typeof body.verifyPassword === 'string' ? body.verifyPassword : null,
        honeypot: text(body.honeypot),
        plan: requestedPlan(config, body),
        timeZone: text(body.timeZone) || text(body.timezone) || null,
      },
      ipOf(req),
    );
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
    const user = await requireSessionUser(policyContext(deps, req));
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
    const user = await requireSessionUser(policyContext(deps, req));
    const body = bodyOf(req);
    assertSignedInUser(body.id, user, 'id');
    const signedIn = await changePassword(
      deps,
      user.id,
      {
        oldPassword: text(body.oldPW),
        newPassword: text(body.newPW),
        verifyPassword: typeof body.verifyPW === 'string' ? body.verifyPW : null,
        honeypot: text(body.honeypot),
      },
      ipOf(req),
    );
    setSessionCookie(res, signedIn);
    res.status(200).json({ message: 'Password successfully changed', ...presentRefresh(signedIn) });
  });

  router.put('/account/update-account', async (req, res) => {
    const user = await requireSessionUser(policyContext(deps, req));
    const body = bodyOf(req);
    assertSignedInUser(body.id, user, 'id');
    const account = await updateAccount(deps, user.id, {
      firstName: text(body.firstName),
      lastName: text(body.lastName),
      email: text(body.email),
    });
    res.status(200).json({ message: 'Account Updated', ...presentAccount(account) });
  });

  // Always the same answer, whether or not an account has the address (never reveal one).
  router.put('/account/reset-password', async (req, res) => {
    const body = bodyOf(req);
    const answer = await requestPasswordReset(
      deps,
      { email: text(body.email), honeypot: text(body.honeypot) },
      ipOf(req),
    );
    res.status(200).type('text/plain').send(answer);
  });

  // The body is the uid itself (a bare JSON number), as the original client sends it.
  router.put('/account/resend-code', async (req, res) => {
    const user = await requireSessionUser(policyContext(deps, req));
    assertSignedInUser(bareValue(req.body, ['uid', 'id']), user, 'uid');
    await resendVerificationCode(deps, user.id);
    res.status(200).json({ message: 'Verification code resent.' });
  });

  router.put('/account/verify-email', async (req, res) => {
    const user = await requireSessionUser(policyContext(deps, req));
    const body = bodyOf(req);
    assertSignedInUser(body.id, user, 'id');
    // `status` holds the code the person typed.
    const code = typeof body.status === 'number' ? String(body.status) : text(body.status);
    const account = await verifyEmailCode(deps, user.id, { code, honeypot: text(body.honeypot) }, ipOf(req), {
      code: 'status',
    });
    res.status(200).json({ message: 'Email verified', ...presentAccount(account) });
  });

  return router;
}

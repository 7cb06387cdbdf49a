import type { CookieOptions, Request, Response } from 'express';
import type { Config } from '../../config';

/** The refresh token's cookie: HttpOnly, SameSite=Strict, Secure when the site is served over https. */
export const REFRESH_COOKIE = 'truenet_refresh';

function cookieOptions(config: Pick<Config, 'appUrl'>): CookieOptions {
  return {
    httpOnly: true,
    sameSite: 'strict',
    secure: config.appUrl.startsWith('https:'),
    path: '/',
  };
}

export function setRefreshCookie(
  res: Response,
  config: Pick<Config, 'appUrl'>,
  token: string,
  expiresAt: Date,
): void {
  res.cookie(REFRESH_COOKIE, token, { ...cookieOptions(config), expires: expiresAt });
}

export function clearRefreshCookie(res: Response, config: Pick<Config, 'appUrl'>): void {
  res.clearCookie(REFRESH_COOKIE, cookieOptions(config));
}

export function readRefreshCookie(req: Request): string | undefined {
  const value: unknown = (req.cookies as Record<string, unknown> | undefined)?.[REFRESH_COOKIE];
  return typeof value === 'string' && value.length > 0 && value.length <= 200 ? value : undefined;
}

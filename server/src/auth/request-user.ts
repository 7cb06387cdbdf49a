import type { NextFunction, Request, Response } from 'express';
import passport from 'passport';
import type { DataSource } from 'typeorm';
import { queryOne } from '../db/sql';
import { authenticateApiToken, API_TOKEN_PREFIX } from '../modules/tokens/tokens.service';

/** Who is calling: a signed-in session or a personal API token, and what it may do. */
export interface RequestUser {
  id: number;
  role: string;
  via: 'session' | 'api-token';
  scope: 'READ' | 'READ_WRITE';
}

declare module 'express-serve-static-core' {
  interface Request {
    /** Set when the request carried a bearer credential that was refused (expired, forged, revoked). */
    authFailure?: string;
  }
}

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    // eslint-disable-next-line @typescript-eslint/no-empty-object-type
    interface User extends RequestUser {}
  }
}

/** The one statement authentication adds to a request signed with an access token. */
export const ACCOUNT_EXISTS_SQL = 'SELECT 1 FROM debtor WHERE id = $1';

async function accountExists(dataSource: DataSource, debtorId: number): Promise<boolean> {
  return Boolean(await queryOne(dataSource, ACCOUNT_EXISTS_SQL, [debtorId]));
}

/**
 * Builds `req.user` from the bearer credential, for GraphQL and REST alike. A request without a
 * credential goes on anonymously (public operations); one with a bad credential goes on with
 * `authFailure` set, so protected operations answer 401 and the client refreshes and retries.
 */
export function authenticateRequest(dataSource: DataSource) {
  return (req: Request, res: Response, next: NextFunction) => {
    const header = req.headers.authorization;
    if (!header) return next();
    const bearer = /^Bearer\s+(\S+)$/i.exec(header)?.[1];
    if (!bearer) {
      req.authFailure = 'Malformed Authorization header';
      return next();
    }
    if (bearer.startsWith(API_TOKEN_PREFIX)) {
      authenticateApiToken(dataSource, bearer)
        .then((user) => {
          if (user) req.user = user;
          else req.authFailure = 'Invalid or revoked API token';
          next();
        })
        .catch(next);
      return;
    }
    passport.authenticate('jwt', { session: false }, (error: unknown, user: RequestUser | false) => {
      if (error) return next(error);
      if (!user) {
        req.authFailure = 'Invalid or expired access token';
        return next();
      }
      // An access token lives 15 minutes; one that outlived its deleted account is no credential
      // (otherwise it would read empty lists and be answered "renew your subscription").
      accountExists(dataSource, user.id)
        .then((exists) => {
          if (exists) req.user = user;
          else req.authFailure = 'This account no longer exists';
          next();
        })
        .catch(next);
    })(req, res, next);
  };
}

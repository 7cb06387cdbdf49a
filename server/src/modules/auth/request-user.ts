import type { NextFunction, Request, Response } from 'express';
import passport from 'passport';
import type { DataSource } from 'typeorm';
import type { Config } from '../../config';
import { queryOne, type Queryable } from '../../db/sql';
import { unauthenticated } from '../../errors';
import type { SubscriptionStatusValue } from '../billing/subscription.entity';
import { authenticateApiToken, API_TOKEN_PREFIX } from '../tokens/tokens.service';
import { verifyAccessToken } from './access-token';
import { ACCOUNT_COLUMNS, ACCOUNT_JOINS, withAccount, type AccountRow } from './account-statement';

/** Who is calling: a signed-in session or a personal API token, and what it may do. */
export interface RequestUser {
  id: number;
  role: string;
  via: 'session' | 'api-token';
  scope: 'READ' | 'READ_WRITE';
  /**
   * Whether a statement has shown that the account still exists. An API token's look-up does at
   * once; a session's access token is a signature only, and its account is proven when an operation
   * first needs it (policies.ts `requireUser`), or by the operation's own read (the analysis'
   * snapshot names the account: a vanished one reads no row).
   */
  accountChecked: boolean;
  /**
   * The account as read with the check, so that policies and "today" need no statement of their
   * own. Undefined when not loaded (then they read it themselves).
   */
  timeZone?: string | null;
  subscriptionStatus?: SubscriptionStatusValue | null;
  /** An API token's household: the one it was made in, whatever the account's current one. */
  tokenHouseholdId?: string;
  /**
   * The household this request answers for, read with the account (never from the token, so a
   * removed or downgraded member's next request sees it): null when the account is not, or no
   * longer, a member of it (an API token made in a household its holder has left).
   */
  household?: HouseholdAccess | null;
}

export type HouseholdRole = 'OWNER' | 'EDITOR' | 'VIEWER';

/** The caller's place in the household a request answers for. */
export interface HouseholdAccess {
  id: string;
  role: HouseholdRole;
  /** The household owner's subscription: it alone decides whether the finance data may change. */
  ownerSubscription: SubscriptionStatusValue | null;
}

/** What a finance change records: the household's data, and the member who made it. */
export interface Ledger {
  householdId: string;
  memberId: number;
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

/** What a caller is told of a household they have left or been removed from (an API token made there). */
export const NOT_A_MEMBER = 'You are no longer a member of this household.';

/** What a session whose account was deleted is told (its access token lives on for 15 minutes). */
export const ACCOUNT_GONE = 'This account no longer exists';

/** The one statement that proves a session's account: it refuses a token that outlived its account. */
export const REQUEST_ACCOUNT_SQL = `SELECT ${ACCOUNT_COLUMNS} FROM debtor d ${ACCOUNT_JOINS} WHERE d.id = $1`;

/**
 * The caller with the account proven to exist (no statement when it already is). An access token
 * that outlived its deleted account is no credential: otherwise it would read empty lists and be
 * answered "renew your subscription".
 */
export async function provenAccount(db: Queryable, user: RequestUser): Promise<RequestUser> {
  if (user.accountChecked) return user;
  const row = await queryOne<AccountRow>(db, REQUEST_ACCOUNT_SQL, [user.id, user.tokenHouseholdId ?? null]);
  if (!row) throw unauthenticated(ACCOUNT_GONE);
  return withAccount(user, row);
}

/** The credential of an `Authorization: Bearer …` header; undefined for any other header. */
export function bearerCredential(header: string | undefined): string | undefined {
  return header === undefined ? undefined : /^Bearer\s+(\S+)$/i.exec(header)?.[1];
}

/**
 * The session an Authorization header carries, verified as passport's strategy verifies it; null
 * for no header, a personal API token, or a token that is expired, forged or not ours. For the
 * dashboard's trusted queries, which are answered before passport runs (graphql/trusted-queries.ts).
 */
export function verifiedSession(
  config: Pick<Config, 'jwtSecret'>,
  header: string | undefined,
): RequestUser | null {
  const bearer = bearerCredential(header);
  if (bearer === undefined || bearer.startsWith(API_TOKEN_PREFIX)) return null;
  return verifyAccessToken(config, bearer);
}

/**
 * Builds `req.user` from the bearer credential, for GraphQL and REST alike, with no statement for
 * an access token (its account is proven when first needed: `provenAccount`). A request without a
 * credential goes on anonymously (public operations); one with a bad credential goes on with
 * `authFailure` set, so protected operations answer 401 and the client refreshes and retries.
 */
export function authenticateRequest(dataSource: DataSource) {
  return (req: Request, res: Response, next: NextFunction) => {
    const header = req.headers.authorization;
    if (!header) return next();
    const bearer = bearerCredential(header);
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
      req.user = user;
      next();
    })(req, res, next);
  };
}

import type { NextFunction, Request, Response } from 'express';
import passport from 'passport';
import type { DataSource } from 'typeorm';
import type { Config } from '../../config';
import { acrossHouseholds, answerForHousehold } from '../../db/household-wall';
import { queryOne, type Queryable } from '../../db/sql';
import { AppError, unauthenticated } from '../../errors';
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
  /**
   * The household the credential or the browser tab names: an API token's is the one it was made
   * in; a session's is the one its tab shows (the `X-Household` header), so that a second tab
   * switched elsewhere never redirects this tab's changes. Absent: the account's current household.
   */
  namedHouseholdId?: string;
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

/** Refuses a request for a household the account is not in; `reason` lets the client go home. */
export const notAMember = () => new AppError(NOT_A_MEMBER, 'FORBIDDEN', { reason: 'NOT_A_MEMBER' });

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
  const row = await queryOne<AccountRow>(db, REQUEST_ACCOUNT_SQL, [user.id, user.namedHouseholdId ?? null]);
  if (!row) throw unauthenticated(ACCOUNT_GONE);
  const proven = withAccount(user, row);
  answerForHousehold(proven.household?.id ?? null);
  return proven;
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
export function verifiedSession(config: Pick<Config, 'jwtSecret'>, req: Request): RequestUser | null {
  const bearer = bearerCredential(req.headers.authorization);
  if (bearer === undefined || bearer.startsWith(API_TOKEN_PREFIX)) return null;
  return sessionOfAccessToken(config, bearer, req);
}

/**
 * The session a session's access token carries, for the household the request's tab names; null
 * for a token that is expired, forged or not ours. For a refresh's follow-up query, answered with
 * the token that refresh has just issued (graphql/refresh-then-query.ts).
 */
export function sessionOfAccessToken(
  config: Pick<Config, 'jwtSecret'>,
  accessToken: string,
  req: Request,
): RequestUser | null {
  const user = verifyAccessToken(config, accessToken);
  return user && withTabHousehold(user, req);
}

/** The header a browser tab names its household with (client: app/session/tabHousehold.ts). */
export const HOUSEHOLD_HEADER = 'x-household';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A session answering for the household its tab names. A value that is no household id at all
 * names none that the account could belong to: it is kept as the nil id, so the request is told it
 * is not a member rather than silently answered for another household.
 */
function withTabHousehold(user: RequestUser, req: Request): RequestUser {
  const named = req.headers[HOUSEHOLD_HEADER];
  if (named === undefined) return user;
  const id = typeof named === 'string' && UUID.test(named) ? named.toLowerCase() : NIL_UUID;
  return { ...user, namedHouseholdId: id };
}

const NIL_UUID = '00000000-0000-0000-0000-000000000000';

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
      // The token names its household: it is read before the request answers for one.
      acrossHouseholds(() => authenticateApiToken(dataSource, bearer))
        .then((user) => {
          if (user) {
            req.user = user;
            answerForHousehold(user.household?.id ?? null);
          } else req.authFailure = 'Invalid or revoked API token';
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
      req.user = withTabHousehold(user, req);
      next();
    })(req, res, next);
  };
}

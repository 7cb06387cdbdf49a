import { createHash } from 'node:crypto';
import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import type { DataSource } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver';
import { rateLimited } from './errors';

/**
 * Shared rate limits, counted in PostgreSQL (the `rate_limit` table) so that every instance behind
 * a load balancer sees the same counts. They are consumed inside the resolvers, once per attempt,
 * so aliased fields and batched operations are counted one by one, never once per HTTP request.
 *
 * Client IPs come from Express `req.ip`, which honours the configured `trust proxy` setting only:
 * a client cannot pick its IP by sending an X-Forwarded-For header of its own.
 */
export interface RateLimitRule {
  /** The key prefix in the `rate_limit` table. */
  name: string;
  points: number;
  durationSeconds: number;
}

const MINUTE = 60;
const HOUR = 60 * MINUTE;

export const RATE_LIMITS = {
  /** Sign-in attempts for one username, whatever the result; a success resets it. */
  loginAccount: { name: 'login_account', points: 10, durationSeconds: 15 * MINUTE },
  /** Sign-in attempts from one IP (a household or an office may share one). */
  loginIp: { name: 'login_ip', points: 100, durationSeconds: 15 * MINUTE },
  /** Checks of the current password by a signed-in session (change password, delete account). */
  passwordCheck: { name: 'password_check', points: 10, durationSeconds: 15 * MINUTE },
  /** Accounts created from one IP. */
  register: { name: 'register_ip', points: 20, durationSeconds: HOUR },
  /** Verification codes sent to one account (sign-up, resend, e-mail change). */
  verificationCode: { name: 'verification_code', points: 5, durationSeconds: HOUR },
  /** Reset requests from one IP. */
  resetIp: { name: 'reset_ip', points: 10, durationSeconds: HOUR },
  /** Reset requests for one e-mail address, whether or not an account has it. */
  resetEmail: { name: 'reset_email', points: 3, durationSeconds: HOUR },
  /** Contact messages from one IP. */
  contactIp: { name: 'contact_ip', points: 5, durationSeconds: HOUR },
  /** Calendar apps poll a feed every few minutes at most; more than this is a script or abuse. */
  calendarFeed: { name: 'calendar_feed', points: 60, durationSeconds: HOUR },
  calendarFeedIp: { name: 'calendar_feed_ip', points: 300, durationSeconds: HOUR },
  /** Statement files read for one account (docs/product-rules.md §14). */
  importPreview: { name: 'import_preview', points: 20, durationSeconds: HOUR },
  /** Household invitations mailed by one owner (docs/product-rules.md §16). */
  householdInvite: { name: 'household_invite', points: 20, durationSeconds: HOUR },
} as const satisfies Record<string, RateLimitRule>;

const TABLE = 'rate_limit';

/**
 * The key of a counted subject. Identifiers typed by people (usernames, e-mails) are hashed, so
 * the table holds no personal data and every key fits its varchar(255), whatever was typed.
 */
export function rateLimitSubject(value: string | number): string {
  return createHash('sha256').update(String(value).trim().toLowerCase()).digest('hex').slice(0, 40);
}

/** The row key that rate-limiter-flexible stores for a rule and a subject (tests read it). */
export function rateLimitRowKey(rule: RateLimitRule, value: string | number): string {
  return `${rule.name}:${rateLimitSubject(value)}`;
}

// One limiter per rule and per database pool (tests run several apps, each with its own pool).
const limiters = new WeakMap<object, Map<string, RateLimiterPostgres>>();

interface QueryConfig {
  text: string;
  values?: unknown[];
}
interface PgPool {
  query(config: QueryConfig): Promise<unknown>;
}

/**
 * The pool as the limiter's store, minus statement names: the library names its prepared
 * statements, and the embedded PostgreSQL shares one session between connections, where a second
 * connection preparing the same name fails ("prepared statement already exists").
 */
function unnamedStatements(pool: PgPool): PgPool {
  return { query: ({ text, values }) => pool.query({ text, values }) };
}

function limiterFor(dataSource: DataSource, rule: RateLimitRule): RateLimiterPostgres {
  const pool = (dataSource.driver as PostgresDriver).master as PgPool;
  let byRule = limiters.get(pool);
  if (!byRule) {
    byRule = new Map();
    limiters.set(pool, byRule);
  }
  let limiter = byRule.get(rule.name);
  if (!limiter) {
    limiter = new RateLimiterPostgres({
      storeClient: unnamedStatements(pool),
      storeType: 'pool',
      tableName: TABLE,
      tableCreated: true,
      keyPrefix: rule.name,
      points: rule.points,
      duration: rule.durationSeconds,
      // Expired rows are harmless (they restart at 0); one limiter per pool sweeps them.
      clearExpiredByTimeout: byRule.size === 0,
    });
    byRule.set(rule.name, limiter);
  }
  return limiter;
}

function retryAfterSeconds(res: RateLimiterRes): number {
  return Math.max(1, Math.ceil(res.msBeforeNext / 1000));
}

/**
 * Counts one attempt against `rule` for `subject`; throws RATE_LIMITED (with `retryAfterSeconds`)
 * once the rule's points are used up. Never call it inside a `dataSource.transaction` callback:
 * it takes its own connection from the pool.
 */
export async function consumeRateLimit(
  dataSource: DataSource,
  rule: RateLimitRule,
  subject: string | number,
): Promise<void> {
  try {
    await limiterFor(dataSource, rule).consume(rateLimitSubject(subject), 1);
  } catch (error) {
    if (error instanceof RateLimiterRes) throw rateLimited(retryAfterSeconds(error));
    throw error;
  }
}

/** Counts several rules at once; every rule is counted even when an earlier one is exhausted. */
export async function consumeRateLimits(
  dataSource: DataSource,
  checks: [RateLimitRule, string | number][],
): Promise<void> {
  const results = await Promise.allSettled(
    checks.map(([rule, subject]) => consumeRateLimit(dataSource, rule, subject)),
  );
  const failure = results.find((result) => result.status === 'rejected');
  if (failure) throw failure.reason;
}

/** Forgets a subject's count (a successful sign-in clears the account's failures). */
export async function resetRateLimit(
  dataSource: DataSource,
  rule: RateLimitRule,
  subject: string | number,
): Promise<void> {
  await limiterFor(dataSource, rule).delete(rateLimitSubject(subject));
}

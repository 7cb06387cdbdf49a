import { createSecretKey, type KeyObject } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { LRUCache } from 'lru-cache';
import passport from 'passport';
import { ExtractJwt, Strategy as JwtStrategy } from 'passport-jwt';
import type { Config } from '../../config';
import type { RequestUser } from './request-user';

const signingKeys = new Map<string, KeyObject>();

/**
 * The HMAC key as a KeyObject, built once per secret. Given a string, jsonwebtoken first tries to
 * parse it as a PEM public key on every call (about 0.3 ms each, measured by `npm run bench`).
 */
function signingKey(secret: string): KeyObject {
  let key = signingKeys.get(secret);
  if (!key) {
    key = createSecretKey(Buffer.from(secret, 'utf8'));
    signingKeys.set(secret, key);
  }
  return key;
}

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
const ISSUER = 'truenet';
const AUDIENCE = 'truenet-api';

export interface AccessTokenClaims {
  sub: string;
  role: string;
}

/** A 15-minute HS256 access token; the client keeps it in memory only. */
export function signAccessToken(
  config: Pick<Config, 'jwtSecret'>,
  user: { id: number; role: string },
): string {
  return jwt.sign({ role: user.role }, signingKey(config.jwtSecret), {
    algorithm: 'HS256',
    expiresIn: ACCESS_TOKEN_TTL_SECONDS,
    issuer: ISSUER,
    audience: AUDIENCE,
    subject: String(user.id),
  });
}

/**
 * What an access token must pass: only HS256 (so `alg: none` and key-confusion tokens are
 * refused), our issuer and audience; jsonwebtoken checks the expiry.
 */
const ACCESS_TOKEN_CHECKS: { algorithms: jwt.Algorithm[]; issuer: string; audience: string } = {
  algorithms: ['HS256'],
  issuer: ISSUER,
  audience: AUDIENCE,
};

/** The session a verified token's claims name, or null for claims no token of ours carries. */
function sessionUser(claims: AccessTokenClaims): RequestUser | null {
  const id = Number(claims.sub);
  if (!Number.isSafeInteger(id) || id <= 0) return null;
  return { id, role: claims.role ?? 'USER', via: 'session', scope: 'READ_WRITE', accountChecked: false };
}

/**
 * Tokens already verified, per signing key, each until its expiry. A browser sends the same access
 * token with every request for its 15 minutes, and decoding and checking it again (two JSON parses,
 * an HMAC, the claim checks) was about a twentieth of the dashboard's CPU per analysis on the API
 * (bench/README.md). A token is the exact string that was verified, so a hit proves what the HMAC
 * proved; a forged or expired one is never stored. Bounded: a flood of distinct tokens evicts the
 * oldest, and costs what verifying costs.
 */
const verifiedTokens = new WeakMap<KeyObject, LRUCache<string, VerifiedClaims>>();
const VERIFIED_TOKENS_KEPT = 20_000;

type VerifiedClaims = AccessTokenClaims & { exp: number };

function verifiedTokensOf(key: KeyObject): LRUCache<string, VerifiedClaims> {
  let cache = verifiedTokens.get(key);
  if (!cache) {
    cache = new LRUCache({ max: VERIFIED_TOKENS_KEPT });
    verifiedTokens.set(key, cache);
  }
  return cache;
}

/**
 * The claims of a valid access token (ACCESS_TOKEN_CHECKS, not expired), null for a token whose
 * payload is no object; throws for any other token. The expiry is read against `Date.now()` as
 * jsonwebtoken reads it, on every hit.
 */
function verifiedClaims(key: KeyObject, token: string): AccessTokenClaims | null {
  const cache = verifiedTokensOf(key);
  const known = cache.get(token);
  if (known) {
    if (Math.floor(Date.now() / 1000) < known.exp) return known;
    cache.delete(token);
  }
  const claims = jwt.verify(token, key, ACCESS_TOKEN_CHECKS);
  if (typeof claims !== 'object') return null;
  if (typeof claims.exp === 'number') cache.set(token, claims as VerifiedClaims);
  return claims as AccessTokenClaims;
}

/**
 * The session of an access token, or null when the token is expired, forged or not ours: the same
 * checks and the same caller as the passport-jwt strategy (request-user.ts `verifiedSession`).
 */
export function verifyAccessToken(config: Pick<Config, 'jwtSecret'>, token: string): RequestUser | null {
  try {
    const claims = verifiedClaims(signingKey(config.jwtSecret), token);
    return claims && sessionUser(claims);
  } catch {
    return null;
  }
}

/** Registers the passport-jwt strategy: ACCESS_TOKEN_CHECKS, and the session its claims name. */
export function registerJwtStrategy(config: Pick<Config, 'jwtSecret'>): void {
  passport.use(
    'jwt',
    new JwtStrategy(
      {
        jwtFromRequest: ExtractJwt.fromAuthHeaderAsBearerToken(),
        // passport-jwt's types say string | Buffer, but it hands the key to jsonwebtoken unchanged.
        secretOrKey: signingKey(config.jwtSecret) as unknown as string,
        ...ACCESS_TOKEN_CHECKS,
      },
      (claims: AccessTokenClaims, done: (error: unknown, user?: unknown) => void) => {
        done(null, sessionUser(claims) ?? false);
      },
    ),
  );
}

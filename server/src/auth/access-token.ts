import jwt from 'jsonwebtoken';
import passport from 'passport';
import { ExtractJwt, Strategy as JwtStrategy } from 'passport-jwt';
import type { Config } from '../config';

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
  return jwt.sign({ role: user.role }, config.jwtSecret, {
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
        secretOrKey: config.jwtSecret,
        algorithms: ['HS256'],
        issuer: ISSUER,
        audience: AUDIENCE,
      },
      (claims: AccessTokenClaims, done: (error: unknown, user?: unknown) => void) => {
        const id = Number(claims.sub);
        if (!Number.isSafeInteger(id) || id <= 0) return done(null, false);
        done(null, { id, role: claims.role ?? 'USER', via: 'session', scope: 'READ_WRITE' });
      },
    ),
  );
}

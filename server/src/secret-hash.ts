import { createHash } from 'node:crypto';

/**
 * How every random bearer secret is stored (refresh tokens, API tokens, calendar feed URLs, sign-in
 * challenges, recovery codes): SHA-256 in hex. They carry 50 to 256 random bits, so a fast hash is
 * enough; passwords, which people choose, have argon2 (modules/auth/passwords.ts).
 */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

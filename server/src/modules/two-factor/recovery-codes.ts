import { createHash, randomInt } from 'node:crypto';

/**
 * Recovery codes: ten per enrollment, shown once, each good for one sign-in. Ten characters from an
 * alphabet without look-alikes (no 0/O, 1/I/L), written as two groups of five: 50 random bits, so a
 * plain SHA-256 is enough to store them (as for API tokens; a password hash is for guessable input).
 */
export const RECOVERY_CODE_COUNT = 10;
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const LENGTH = 10;

export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from({ length: LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** What was typed, without spaces and dashes, in capitals; null when it cannot be a recovery code. */
export function asRecoveryCode(typed: string): string | null {
  const compact = typed.replace(/[\s-]+/g, '').toUpperCase();
  return compact.length === LENGTH && [...compact].every((char) => ALPHABET.includes(char)) ? compact : null;
}

export function hashRecoveryCode(code: string): string {
  return createHash('sha256').update(code.replace(/-/g, '')).digest('hex');
}

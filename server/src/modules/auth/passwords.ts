import { randomBytes, randomInt } from 'node:crypto';
import argon2 from 'argon2';
import { PASSWORD_PATTERN } from '@truenet/core';

/** argon2id with the library's defaults (m = 64 MiB, t = 3, p = 4: above OWASP ASVS minimums). */
export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, { type: argon2.argon2id });
}

/** True when `password` matches `hash`; a missing or malformed hash never matches. */
export async function passwordMatches(hash: string | null | undefined, password: string): Promise<boolean> {
  if (!hash) return false;
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the time of one real verification when there is no account to check, so that an unknown
 * username or e-mail answers as slowly as a wrong password (no enumeration by timing).
 */
export async function spendVerificationTime(password: string): Promise<void> {
  dummyHash ??= hashPassword(randomBytes(16).toString('base64url'));
  await passwordMatches(await dummyHash, password);
}

export interface StoredPasswords {
  password_hash: string;
  temp_password_hash: string | null;
  temp_password_expires_at: Date | null;
}

/** Which of the account's passwords `password` is: its own, an unexpired temporary one, or none. */
export async function matchAccountPassword(
  stored: StoredPasswords,
  password: string,
  now: Date,
): Promise<'password' | 'temporary' | null> {
  if (await passwordMatches(stored.password_hash, password)) return 'password';
  const temporaryLive =
    stored.temp_password_hash !== null &&
    stored.temp_password_expires_at !== null &&
    new Date(stored.temp_password_expires_at).getTime() > now.getTime();
  if (temporaryLive && (await passwordMatches(stored.temp_password_hash, password))) return 'temporary';
  return null;
}

const LOWER = 'abcdefghijkmnopqrstuvwxyz';
const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const DIGITS = '23456789';
const SYMBOLS = '@$!%*(&';
const TEMPORARY_PASSWORD_LENGTH = 16;

function pick(alphabet: string): string {
  return alphabet.charAt(randomInt(alphabet.length));
}

/**
 * A random temporary password that satisfies the specification's password pattern (so it can be
 * typed into the same forms): one character of each required class, the rest from all of them,
 * shuffled with a CSPRNG. Look-alike characters (l, I, O, 0, 1) are left out.
 */
export function generateTemporaryPassword(): string {
  const all = LOWER + UPPER + DIGITS + SYMBOLS;
  const chars = [pick(LOWER), pick(UPPER), pick(DIGITS), pick(SYMBOLS)];
  while (chars.length < TEMPORARY_PASSWORD_LENGTH) chars.push(pick(all));
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    const swapped = chars[i]!;
    chars[i] = chars[j]!;
    chars[j] = swapped;
  }
  const password = chars.join('');
  return PASSWORD_PATTERN.test(password) ? password : generateTemporaryPassword();
}

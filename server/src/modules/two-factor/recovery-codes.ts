import { RECOVERY_CODE_ALPHABET as ALPHABET, RECOVERY_CODE_LENGTH as LENGTH } from '@truenet/core';
import { randomInt } from 'node:crypto';
import { hashSecret } from '../../secret-hash';

/**
 * Recovery codes: ten per enrollment, shown once, each good for one sign-in. Their shape is core's
 * (sign-in-codes.ts): 50 random bits, stored as every random secret is (secret-hash.ts).
 */
export const RECOVERY_CODE_COUNT = 10;

export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from({ length: LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

export function hashRecoveryCode(code: string): string {
  return hashSecret(code.replace(/-/g, ''));
}

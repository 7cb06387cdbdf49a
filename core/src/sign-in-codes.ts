/**
 * What a second-factor code looks like (docs/product-rules.md §10), read the same on both sides: the form says
 * what is wrong before sending, the server reads the code it checks.
 * - An authenticator app's code: 6 digits; spaces are allowed ('123 456').
 * - A recovery code: 10 characters from an alphabet without look-alikes (no 0/O, 1/I/L), shown as
 *   two groups of five ('ABCDE-23456'); case, spaces and dashes do not matter.
 */
export const RECOVERY_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const RECOVERY_CODE_LENGTH = 10;

/** The six digits of an app code, or null when `typed` is not one. */
export function asTotpCode(typed: string): string | null {
  const digits = typed.replace(/\s+/g, '');
  return /^\d{6}$/.test(digits) ? digits : null;
}

/** A recovery code without spaces and dashes, in capitals, or null when `typed` cannot be one. */
export function asRecoveryCode(typed: string): string | null {
  const compact = typed.replace(/[\s-]+/g, '').toUpperCase();
  return compact.length === RECOVERY_CODE_LENGTH &&
    [...compact].every((char) => RECOVERY_CODE_ALPHABET.includes(char))
    ? compact
    : null;
}

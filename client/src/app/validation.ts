/**
 * Validation rules of specification §5 as the client uses them. These mirror `@truenet/core`'s
 * patterns; once core exports them, this module becomes `export { … } from '@truenet/core'`.
 */

/** Starts with a letter, then 3 to 23 letters, digits, hyphens or underscores (4 to 24 in total). */
export const USERNAME_PATTERN = /^[A-Za-z][A-Za-z0-9_-]{3,23}$/;
/** 8 to 24 characters: a lowercase and an uppercase letter, a digit and one of @ $ ! % * ( &. */
export const PASSWORD_PATTERN = /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)(?=.*[@$!%*(&])[A-Za-z\d@$!%*(&]{8,24}$/;
/** Something, an at sign, something, a dot, something; no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** Letters (any script), spaces, apostrophes, periods and hyphens, starting with a letter. */
export const NAME_PATTERN = /^\p{L}[\p{L}\p{M} .'-]*$/u;

export const INVALID_FORM = 'Invalid form';
export const INVALID_ENTRIES = 'Some entries are invalid. Check and try again.';

export const LIMITS = {
  loginField: 75,
  name: 50,
  contactName: 75,
  contactMessage: 1000,
  typedPassword: 75,
  email: 254,
} as const;

export const isValidUsername = (value: string) => USERNAME_PATTERN.test(value);
export const isValidPassword = (value: string) => PASSWORD_PATTERN.test(value);
export const isValidEmail = (value: string) => EMAIL_PATTERN.test(value);
export const isValidName = (value: string, max: number = LIMITS.name) =>
  value.trim().length > 0 && value.trim().length <= max && NAME_PATTERN.test(value.trim());

/** The hint texts of specification §2. */
export const USERNAME_HINT =
  '4 to 24 characters. Must begin with a letter. Letters, numbers, underscores and hyphens allowed.';
export const PASSWORD_HINT =
  '8 to 24 characters. Must include upper and lower case letters, a number and a special character. Allowed special characters: @ $ ! % * ( &';
export const MATCH_HINT = 'Must match the first password input field.';

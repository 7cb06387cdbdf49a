/**
 * Validation of the product specification comes from `@truenet/core`, shared with the server; this module only
 * adds what the screens need around it.
 */
import { INVALID_FORM, type FieldErrors } from '@truenet/core';
import type { Feedback } from '../components/FormMessage';

export {
  CONTACT_NAME_MAX,
  EMAIL_MAX,
  INVALID_EMAIL,
  INVALID_ENTRIES,
  INVALID_FORM,
  LOGIN_MAX,
  MESSAGE_MAX,
  MESSAGES,
  NAME_MAX,
  PASSWORD_INPUT_MAX,
  isValid,
  validateAccountUpdate,
  validateChangePassword,
  validateContactMessage,
  validateLogin,
  validateRegistration,
  validateResetRequest,
  validateVerificationCode,
} from '@truenet/core';
export type { FieldErrors } from '@truenet/core';

/** Under a verify-password field that differs from the first one. */
export const PASSWORDS_DIFFER = 'The passwords do not match';

/** Field errors without the form-level honeypot error, which only counts on submit. */
export function fieldErrorsOnly(errors: FieldErrors): FieldErrors {
  const { form: _form, ...fields } = errors;
  return fields;
}

/**
 * The checks before a form with a honeypot is sent: a filled honeypot is 'Invalid form' (nothing is
 * sent), then invalid fields are `invalidText`. Null means the form may be sent.
 */
export function blockedFeedback(honeypot: string, valid: boolean, invalidText: string): Feedback | null {
  if (honeypot) return { variant: 'danger', text: INVALID_FORM };
  if (!valid) return { variant: 'danger', text: invalidText };
  return null;
}

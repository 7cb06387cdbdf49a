/**
 * Validation of specification §5 comes from `@truenet/core`, shared with the server; this module only
 * adds what the screens need around it.
 */
import type { FieldErrors } from '@truenet/core';

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

/** Field errors without the form-level honeypot error, which only counts on submit. */
export function fieldErrorsOnly(errors: FieldErrors): FieldErrors {
  const { form: _form, ...fields } = errors;
  return fields;
}

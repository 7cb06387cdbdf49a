import { INVALID_FORM, type FieldErrors } from '@truenet/core';
import { AppError } from '../errors';

/**
 * How an API spells core's field names where they differ (core says `oldPW`, GraphQL
 * `oldPassword`); a service command takes it from its adapter so its errors name the field the
 * caller sent.
 */
export type ApiFieldNames = Readonly<Record<string, string>>;

/**
 * Throws core's field errors as one BAD_USER_INPUT: the message and field of the first broken
 * field, and every field's message in `fields`. Core's form-level key `form` is the honeypot.
 */
export function assertNoFieldErrors(errors: FieldErrors, rename: ApiFieldNames = {}): void {
  const entries = Object.entries(errors);
  if (entries.length === 0) return;
  const names: ApiFieldNames = { form: 'honeypot', ...rename };
  const fields = Object.fromEntries(entries.map(([field, message]) => [names[field] ?? field, message]));
  const [field, message] = Object.entries(fields)[0] as [string, string];
  throw new AppError(message, 'BAD_USER_INPUT', { field, fields });
}

/** A filled-in hidden field means a bot: the form is refused as a whole, before anything else. */
export function assertNoHoneypot(honeypot: string | null | undefined): void {
  if (honeypot) assertNoFieldErrors({ form: INVALID_FORM });
}

import type { FieldErrors } from '@truenet/core';
import { AppError } from '../../errors';

/**
 * Turns core's validator result into one BAD_USER_INPUT error: the first broken field's message,
 * `field` naming the input as the API spells it, and every broken field under `fields`.
 * `rename` maps core's field names to the API's (core says `oldPW`, the API `oldPassword`);
 * core's form-level key `form` is the honeypot.
 */
export function throwIfInvalid(errors: FieldErrors, rename: Record<string, string> = {}): void {
  const entries = Object.entries(errors);
  if (entries.length === 0) return;
  const names: Record<string, string> = { form: 'honeypot', ...rename };
  const fields = Object.fromEntries(entries.map(([field, message]) => [names[field] ?? field, message]));
  const [field, message] = Object.entries(fields)[0] ?? ['form', 'Invalid form'];
  throw new AppError(message, 'BAD_USER_INPUT', { field, fields });
}

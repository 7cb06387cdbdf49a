import type { FieldErrors } from '@truenet/core';
import { AppError } from '../errors';

/**
 * Throws core's field errors as one BAD_USER_INPUT: the message and field of the first broken
 * field, and every field's message in `fields`. `rename` maps core's field names to the API's.
 */
export function assertNoFieldErrors(errors: FieldErrors, rename: Record<string, string> = {}): void {
  const entries = Object.entries(errors);
  if (entries.length === 0) return;
  const fields = Object.fromEntries(entries.map(([field, message]) => [rename[field] ?? field, message]));
  const [field, message] = Object.entries(fields)[0] as [string, string];
  throw new AppError(message, 'BAD_USER_INPUT', { field, fields });
}

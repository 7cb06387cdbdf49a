import { notFound } from '../errors';

/**
 * The integer id behind an API `ID`. Anything that cannot be one of our ids reads as "not found",
 * exactly like a missing or another user's id, and never reaches SQL as a type error.
 */
export function rowId(id: string, what: string): number {
  if (!/^\d{1,9}$/.test(id)) throw notFound(what);
  const value = Number(id);
  if (value <= 0) throw notFound(what);
  return value;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a string can be one of our uuid keys (API tokens, calendar feeds, passkeys, challenges). */
export function isUuid(id: string): boolean {
  return UUID.test(id);
}

/** A uuid `ID` as given; anything else reads as "not found", like a missing or another user's id. */
export function uuidRowId(id: string, what: string): string {
  if (!isUuid(id)) throw notFound(what);
  return id;
}

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

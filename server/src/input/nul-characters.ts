/**
 * True when a value (a body, a query or GraphQL variables, at any depth) holds a string with a NUL
 * character, which PostgreSQL text cannot store: GraphQL and REST refuse such input up front as the
 * user's error rather than fail in the database.
 */
export function holdsNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (Buffer.isBuffer(value)) return false;
  if (Array.isArray(value)) return value.some(holdsNul);
  if (value !== null && typeof value === 'object') return Object.values(value).some(holdsNul);
  return false;
}

/**
 * True when a value (a body, a query or GraphQL variables, at any depth) holds a string with a NUL
 * character, which PostgreSQL text cannot store: GraphQL and REST refuse such input up front as the
 * user's error rather than fail in the database. It walks with its own stack, so no nesting can
 * overflow the call stack (the body parsers bound nesting too: input/nesting.ts).
 */
export function holdsNul(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const item = stack.pop();
    if (typeof item === 'string') {
      if (item.includes('\u0000')) return true;
    } else if (Array.isArray(item)) {
      for (const child of item) stack.push(child);
    } else if (item !== null && typeof item === 'object' && !Buffer.isBuffer(item)) {
      for (const child of Object.values(item)) stack.push(child);
    }
  }
  return false;
}

/**
 * How deep a request's JSON may nest. The deepest input TrueNet reads is GraphQL variables holding
 * an input object with a list of objects (about 6 levels); 32 leaves room for any honest client.
 */
export const MAX_NESTING = 32;

export const NESTED_TOO_DEEPLY = 'The request is nested too deeply.';

/**
 * A body parser's refusal, in the shape Express's error handlers read from body-parser's own
 * (`status`, `expose`, `type`), so that it travels the same path as a body that is not JSON.
 */
export class NestedTooDeeply extends Error {
  readonly status = 400;
  readonly expose = true;
  readonly type = 'entity.too.deep';
  constructor() {
    super(NESTED_TOO_DEEPLY);
    this.name = 'NestedTooDeeply';
  }
}

/**
 * True when a parsed JSON value nests arrays or objects more than `limit` levels deep. It walks
 * with its own stack, never the call stack, and stops at the first level too deep, so a 10 kB body
 * of 5,000 brackets costs a few thousand steps and cannot overflow anything.
 */
export function nestedDeeperThan(value: unknown, limit: number = MAX_NESTING): boolean {
  const stack: Array<{ value: unknown; depth: number }> = [{ value, depth: 0 }];
  for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
    const { value: item, depth } = next;
    if (item === null || typeof item !== 'object') continue;
    if (depth >= limit) return true;
    for (const child of Array.isArray(item) ? item : Object.values(item)) {
      if (child !== null && typeof child === 'object') stack.push({ value: child, depth: depth + 1 });
    }
  }
  return false;
}

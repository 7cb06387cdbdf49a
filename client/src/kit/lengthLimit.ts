/** How close to its limit a name field starts counting its characters aloud. */
const COUNT_FROM_REMAINING = 10;

/**
 * What a name field says about its length. The field takes more than its limit (a pasted name is
 * never cut mid-word behind the person's back) and refuses it at once with the limit, counting
 * the characters as the limit nears.
 */
export function lengthFeedback(value: string, max: number): { hint?: string; error?: string } {
  const length = value.trim().length;
  if (length > max) return { error: `At most ${max} characters: this one has ${length}` };
  if (length >= max - COUNT_FROM_REMAINING) return { hint: `${length} of ${max} characters` };
  return {};
}

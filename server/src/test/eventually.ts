/**
 * Waits for a condition, not for a time: polls `check` until it returns something truthy, and
 * fails with `what` only after `timeoutMs`, a bound far past the time the condition needs on a
 * busy machine.
 */
export async function eventually<T>(
  check: () => Promise<T | undefined | null | false> | T | undefined | null | false,
  what: string,
  timeoutMs = 60_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`still waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

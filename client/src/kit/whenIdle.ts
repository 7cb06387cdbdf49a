/** Safari has no requestIdleCallback; elsewhere, how long work put off for an idle moment waits at most. */
const IDLE_AT_MOST_MS = 5_000;

/**
 * Runs `run` once the browser is idle (at most five seconds from now): for work a person does not
 * wait for, kept out of the tasks that draw what they do wait for. Returns a cancel, for a cleanup.
 */
export function whenIdle(run: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(run, { timeout: IDLE_AT_MOST_MS });
    return () => cancelIdleCallback(handle);
  }
  const timer = setTimeout(run, IDLE_AT_MOST_MS);
  return () => clearTimeout(timer);
}

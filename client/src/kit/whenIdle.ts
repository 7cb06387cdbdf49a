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

/**
 * Runs each of `runs` in an idle moment of its own, in order: work that is light alone but long
 * together (each preload appends its links to the page, a few milliseconds each on a cheap phone)
 * never makes one long task. Returns a cancel for those not yet run.
 */
export function inIdleTurns(runs: readonly (() => void)[]): () => void {
  let cancel = () => {};
  const next = (index: number) => {
    const run = runs[index];
    if (!run) return;
    cancel = whenIdle(() => {
      run();
      next(index + 1);
    });
  };
  next(0);
  return () => cancel();
}

/**
 * Resolves in a later task: the browser paints and answers input in between. A zero-delay timer,
 * not `scheduler.yield()`: a yield's continuation goes ahead of other queued work, so the parts
 * that yield (the first screen's writes, the sections drawn in turn) ran back to back, ahead of
 * the painting and fetching between them, and the low-end dashboard blocked longer
 * (bench/README.md).
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * Bench only, preloaded into the API whose memory is measured (`node --expose-gc --require` this):
 * on SIGUSR2 it runs full garbage collections and writes `collected <rss bytes>` to stderr, so that
 * the memory figure reads what the process keeps, not where the collector's schedule left it.
 * Nothing else changes in the process.
 */
process.on('SIGUSR2', () => {
  global.gc();
  // A second pass frees what the first one's finalizers released; then V8 has returned its pages.
  setTimeout(() => {
    global.gc();
    setTimeout(() => process.stderr.write(`collected ${process.memoryUsage().rss}\n`), 200);
  }, 100);
});

/**
 * Memory: the API process's resident set size over 100,000 analysis requests. The first sample is
 * taken after a warm-up; every analysis request the process serves afterwards (scale, throughput
 * and this phase's top-up) counts toward the 100,000, with RSS sampled at each quarter. Growth
 * from warm to end beyond noise (10%) would mean something accumulates per request.
 *
 * RSS at one instant swings with the garbage collector: 272 to 339 MiB, with no trend, over 223,000
 * requests of one process (2026-11-25). So the growth compares medians of RSS sampled every second:
 * the first tenth of the window against the last tenth, and one spike at either end no longer decides it.
 * The top-up stops at `deadline` (ms, performance.now) so that the whole bench keeps its 10 minutes.
 */
import { load } from './load.mjs';

/** BENCH_MEMORY_REQUESTS shortens it (CI's quick run); the figure's budget is judged at 100,000. */
export const MEMORY_REQUESTS = Number(process.env.BENCH_MEMORY_REQUESTS ?? 100_000);
export const MEMORY_GROWTH_BUDGET = 0.1;

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

export function memoryTracker(target) {
  const samples = [];
  /** RSS every second from the warm sample on (MiB). */
  const periodic = [];
  let timer;
  let served = 0;
  const sample = (label) =>
    samples.push({ label, requests: served, rssMiB: target.rss(), atSeconds: performance.now() / 1000 });
  return {
    samples,
    get served() {
      return served;
    },
    /** Adds the analysis requests a phase served, sampling RSS at each quarter crossed. */
    count(requests) {
      const before = served;
      served += requests;
      for (const quarter of [0.25, 0.5, 0.75]) {
        const mark = MEMORY_REQUESTS * quarter;
        if (before < mark && served >= mark) sample(`${Math.round(quarter * 100)}%`);
      }
    },
    warm() {
      sample('warm');
      periodic.push(target.rss());
      // Unref'd: a bench that fails mid-run must still exit.
      timer = setInterval(() => periodic.push(target.rss()), 1000).unref();
    },
    /** Tops the count up to 100,000 at `connections`, then takes the last sample. */
    async finish(requests, { connections = 20, deadline = Infinity } = {}) {
      const remaining = Math.max(0, MEMORY_REQUESTS - served);
      let topUp = null;
      if (remaining > 0) {
        let seen = 0;
        topUp = await load(target, requests, {
          connections,
          amount: remaining,
          maxSeconds: Math.max(5, (deadline - performance.now()) / 1000),
          onTick: (ok) => {
            this.count(ok - seen);
            seen = ok;
          },
        });
        this.count(topUp.ok - seen);
      }
      sample('end');
      clearInterval(timer);
      periodic.push(target.rss());
      const tenth = Math.max(1, Math.floor(periodic.length / 10));
      const warmMiB = median(periodic.slice(0, tenth));
      const endMiB = median(periodic.slice(-tenth));
      const warm = samples.find((s) => s.label === 'warm');
      const end = samples[samples.length - 1];
      return {
        samples,
        served,
        warmMiB,
        endMiB,
        growth: (endMiB - warmMiB) / warmMiB,
        windowSeconds: end.atSeconds - warm.atSeconds,
        topUp: topUp && { requests: topUp.ok, failed: topUp.failed, seconds: topUp.seconds, rps: topUp.rps },
      };
    },
  };
}

/**
 * Memory: the API process's resident set size over 100,000 analysis requests. The first sample is
 * taken after a warm-up; every analysis request the process serves afterwards (scale, throughput
 * and this phase's top-up) counts toward the 100,000, with RSS sampled at each quarter. Growth
 * from the warm sample to the end beyond noise (10%) would mean something accumulates per request.
 * The top-up stops at `deadline` (ms, performance.now) so that the whole bench keeps its 10 minutes.
 */
import { load } from './load.mjs';

/** BENCH_MEMORY_REQUESTS shortens it (CI's quick run); the figure's budget is judged at 100,000. */
export const MEMORY_REQUESTS = Number(process.env.BENCH_MEMORY_REQUESTS ?? 100_000);
export const MEMORY_GROWTH_BUDGET = 0.1;

export function memoryTracker(target) {
  const samples = [];
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
    warm: () => sample('warm'),
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
      const warm = samples.find((s) => s.label === 'warm');
      const end = samples[samples.length - 1];
      return {
        samples,
        served,
        warmMiB: warm.rssMiB,
        endMiB: end.rssMiB,
        growth: (end.rssMiB - warm.rssMiB) / warm.rssMiB,
        windowSeconds: end.atSeconds - warm.atSeconds,
        topUp: topUp && { requests: topUp.ok, failed: topUp.failed, seconds: topUp.seconds, rps: topUp.rps },
      };
    },
  };
}

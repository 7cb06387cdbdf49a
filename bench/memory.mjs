/**
 * Memory: the API process's resident set size over 100,000 analysis requests. Every analysis
 * request the process serves after the warm sample (scale, throughput and this phase's top-up)
 * counts toward the 100,000, with RSS sampled at each quarter. Growth from warm to end beyond noise
 * (10%) would mean something accumulates per request.
 *
 * RSS at one instant swings with the garbage collector, and how far depends on the process's
 * history, not only on what it keeps: one process at a steady 20 concurrent analyses held 185-198
 * MiB over 243,000 requests, while the bench's API, after its c=100 runs and the forecast, read
 * anywhere from 195 to 358 MiB, and medians of whole phases compared different loads (2026-11-25:
 * −24 % in one run, +15.5 % in the next, with no trend in either). So both ends are read after
 * full garbage collections (`MEMORY_NODE_ARGS`: the API runs with a bench-only preload that collects
 * on SIGUSR2, lib/collect-on-signal.cjs): what the process keeps, whatever the collector's schedule.
 * The top-up stops at `deadline` (ms, performance.now) so that the whole bench keeps its 10 minutes.
 */
import { fileURLToPath } from 'node:url';
import { sleep } from './lib/stats.mjs';
import { load } from './load.mjs';

/** BENCH_MEMORY_REQUESTS shortens it (CI's quick run); the figure's budget is judged at 100,000. */
export const MEMORY_REQUESTS = Number(process.env.BENCH_MEMORY_REQUESTS ?? 100_000);
export const MEMORY_GROWTH_BUDGET = 0.1;
/** The measured API's extra node arguments: `gc` exposed to the bench's preload only. */
export const MEMORY_NODE_ARGS = [
  '--expose-gc',
  '--require',
  fileURLToPath(new URL('./lib/collect-on-signal.cjs', import.meta.url)),
];

/** The process's RSS right after full garbage collections (MiB). */
async function collectedRss(target) {
  const answers = () =>
    target
      .stderr()
      .split('\n')
      .filter((line) => line.startsWith('collected '));
  const before = answers().length;
  process.kill(target.pid, 'SIGUSR2');
  for (let waited = 0; waited < 10_000; waited += 50) {
    const lines = answers();
    if (lines.length > before) return Number(lines[lines.length - 1].split(' ')[1]) / 2 ** 20;
    await sleep(50);
  }
  throw new Error('the API did not answer the memory measure (SIGUSR2) within 10 s');
}

export function memoryTracker(target) {
  const samples = [];
  let served = 0;
  const sample = (label) =>
    samples.push({ label, requests: served, rssMiB: target.rss(), atSeconds: performance.now() / 1000 });
  let warmMiB;
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
    /** The warm measure, at the end of the warm-up. */
    async warm() {
      warmMiB = await collectedRss(target);
      sample('warm');
    },
    /** Tops the count up to 100,000 at `connections`, then takes the end measure and the last sample. */
    async finish(requests, { connections = 20, deadline = Infinity } = {}) {
      const remaining = Math.max(0, MEMORY_REQUESTS - served);
      let topUp = null;
      if (remaining > 0) {
        let seen = 0;
        topUp = await load(target, requests, {
          // autocannon refuses more connections than requests: a top-up of a few requests is short.
          connections: Math.min(connections, remaining),
          amount: remaining,
          maxSeconds: Math.max(5, (deadline - performance.now()) / 1000),
          onTick: (ok) => {
            this.count(ok - seen);
            seen = ok;
          },
        });
        this.count(topUp.ok - seen);
      }
      const endMiB = await collectedRss(target);
      sample('end');
      const warm = samples.find((s) => s.label === 'warm');
      return {
        samples,
        served,
        warmMiB,
        endMiB,
        growth: (endMiB - warmMiB) / warmMiB,
        windowSeconds: samples[samples.length - 1].atSeconds - warm.atSeconds,
        topUp: topUp && { requests: topUp.ok, failed: topUp.failed, seconds: topUp.seconds, rps: topUp.rps },
      };
    },
  };
}

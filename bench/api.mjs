/**
 * API throughput and latency of `cashFlowAnalysis` against its floor, at each concurrency, in
 * alternation (API, floor, API, floor, API, floor) so that both see the same machine; the ratio is
 * the median of the rounds' ratios. Besides req/s and
 * latency, each run records the server process's CPU time per request, which depends far less on
 * what else the machine is doing than req/s does.
 */
import { median, summarize } from './lib/stats.mjs';
import { load, postJson } from './load.mjs';

/** Same answer from both? (Key order aside; a mismatch means the floor is not doing the same work.) */
function canonical(value) {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, canonical(value[key])]),
    );
  }
  return value;
}

/** Checks a sample of users: both answer 200 without errors, with identical analyses. */
export async function validate(api, floor, requests, sample = 50) {
  let mismatches = 0;
  const problems = [];
  for (const request of requests.slice(0, sample)) {
    const [a, f] = await Promise.all([postJson(api.url, request), postJson(floor.url, request)]);
    if (a.status !== 200 || a.json.errors)
      problems.push(`api: ${a.status} ${JSON.stringify(a.json.errors ?? '')}`);
    if (f.status !== 200 || f.json.errors)
      problems.push(`floor: ${f.status} ${JSON.stringify(f.json.errors ?? '')}`);
    if (JSON.stringify(canonical(a.json)) !== JSON.stringify(canonical(f.json))) mismatches += 1;
  }
  return { checked: Math.min(sample, requests.length), mismatches, problems: problems.slice(0, 5) };
}

async function measured(target, requests, options) {
  const cpuBefore = target.cpu();
  const run = await load(target, requests, options);
  return { ...run, cpuMsPerRequest: (target.cpu() - cpuBefore) / Math.max(1, run.ok) };
}

export async function apiVersusFloor({
  api,
  floor,
  requests,
  concurrencies = [20, 100],
  rounds = 3,
  seconds = 10,
}) {
  const results = [];
  for (const connections of concurrencies) {
    const runs = { api: [], floor: [] };
    for (let round = 0; round < rounds; round += 1) {
      runs.api.push(await measured(api, requests, { connections, duration: seconds }));
      runs.floor.push(await measured(floor, requests, { connections, duration: seconds }));
    }
    const merge = (list) => ({
      rps: list.reduce((sum, run) => sum + run.rps, 0) / list.length,
      rpsRuns: list.map((run) => run.rps),
      latency: summarize(list.flatMap((run) => run.latencies)),
      cpuMsPerRequest: list.reduce((sum, run) => sum + run.cpuMsPerRequest, 0) / list.length,
      ok: list.reduce((sum, run) => sum + run.ok, 0),
      failed: list.reduce((sum, run) => sum + run.failed, 0),
    });
    const a = merge(runs.api);
    const f = merge(runs.floor);
    // Each round's API run beside its floor run, and the middle round's ratio: a minute of other
    // load on this shared machine moves one round, not the figure.
    const roundRatios = runs.api.map((run, round) => run.rps / runs.floor[round].rps);
    results.push({
      connections,
      api: a,
      floor: f,
      ratio: median(roundRatios),
      roundRatios,
      cpuRatio: f.cpuMsPerRequest / a.cpuMsPerRequest,
    });
  }
  return results;
}

/**
 * The API as `WEB_CONCURRENCY` runs it, one worker process per core, at each concurrency (issue
 * #23's "one process per core"). INFO beside the one-process figures: the load generator shares
 * the same cores, and the floor stays one process.
 */
export async function workersThroughput({ api, requests, workers, concurrencies = [20, 100], seconds }) {
  // Both workers warm (JIT, pools) before anything counts.
  await load(api, requests, { connections: 20, duration: 2 });
  const results = [];
  for (const connections of concurrencies) {
    const run = await load(api, requests, { connections, duration: seconds });
    results.push({ connections, workers, rps: run.rps, latency: run.latency, failed: run.failed });
  }
  return results;
}

export function tabulateWorkers(report, results, oneProcess) {
  if (results.length === 0) return;
  const ms = (value) => `${value.toFixed(2)} ms`;
  report.section(`API with WEB_CONCURRENCY=${results[0].workers} (node:cluster), same data and requests`);
  for (const result of results) {
    const single = oneProcess.find((r) => r.connections === result.connections);
    report.add(
      `API req/s, c=${result.connections}, ${result.workers} workers (one process)`,
      `${Math.round(result.rps)} (${single ? Math.round(single.api.rps) : '?'})`,
      '',
      undefined,
    );
    report.add(
      `API p50 / p99, c=${result.connections}, ${result.workers} workers`,
      `${ms(result.latency.p50)} / ${ms(result.latency.p99)}`,
      '',
      undefined,
    );
    if (result.failed > 0)
      report.fail(`WEB_CONCURRENCY run at c=${result.connections}: ${result.failed} requests failed`);
  }
}

/**
 * The cost of counting (GET /metrics' histograms and counters, on by default) as req/s of the
 * same build with METRICS on and off, interleaved. INFO: the budget that judges it is API / floor
 * above, measured with metrics on.
 */
export function tabulateMetricsCost(report, result) {
  report.section('Metrics: the API with METRICS on (the default) and off, same data and requests');
  report.add(
    `API req/s metrics on / off, c=${result.connections}`,
    `${result.api.rps.toFixed(0)} / ${result.floor.rps.toFixed(0)} (${result.ratio.toFixed(2)})`,
    '',
    undefined,
  );
  report.add(
    `server CPU per request on / off, c=${result.connections}`,
    `${result.api.cpuMsPerRequest.toFixed(2)} ms / ${result.floor.cpuMsPerRequest.toFixed(2)} ms`,
    '',
    undefined,
  );
}

/**
 * API throughput and latency of `cashFlowAnalysis` against its floor, at each concurrency, in
 * alternation (API, floor, API, floor) so that both see the same machine. Besides req/s and
 * latency, each run records the server process's CPU time per request, which depends far less on
 * what else the machine is doing than req/s does.
 */
import { summarize } from './lib/stats.mjs';
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
  rounds = 2,
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
    results.push({
      connections,
      api: a,
      floor: f,
      ratio: a.rps / f.rps,
      cpuRatio: f.cpuMsPerRequest / a.cpuMsPerRequest,
    });
  }
  return results;
}

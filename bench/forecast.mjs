/**
 * The balance forecast (docs/product-rules.md §7-§8) in the bench: core's `forecastBalances` for 366 days, 20
 * sources and 200 liabilities (core/bench/forecast.bench.ts, in its own process like the analysis'
 * engine bench), and `balanceForecast` req/s over GraphQL beside the analysis' in the same run
 * (alternating runs against the same server and users, so both see the same machine). Its SQL
 * statements are counted with the other operations (sql-count.mjs).
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { REPO } from './lib/paths.mjs';
import { load } from './load.mjs';

export const FORECAST_ENGINE_BUDGET_US = 1000;

/** What a script or the dashboard asks: 45 days (the default), the lowest point and every day. */
export const FORECAST_QUERY = `query BalanceForecast($walletId: ID, $timeZone: String) {
  balanceForecast(walletId: $walletId, timeZone: $timeZone) {
    asOf horizon startBalance lowestBalance lowestDate firstNegativeDate nextIncomeDate safeToSpend
    days { date balance inflow outflow events { kind name amount pending pastDue } }
  }
}`;

export function forecastEngineBench() {
  const tsx = path.join(REPO, 'node_modules', 'tsx', 'dist', 'cli.mjs');
  const script = path.join(REPO, 'core', 'bench', 'forecast.bench.ts');
  const run = spawnSync(process.execPath, [tsx, script], { cwd: REPO, encoding: 'utf8', timeout: 120_000 });
  const output = `${run.stdout ?? ''}${run.stderr ?? ''}`;
  const match = /median ([\d.]+) µs, p90 ([\d.]+) µs, p99 ([\d.]+) µs over (\d+) runs/.exec(output);
  if (!match) throw new Error(`core/bench/forecast.bench.ts printed no timing:\n${output.trim()}`);
  return {
    medianUs: Number(match[1]),
    p90Us: Number(match[2]),
    p99Us: Number(match[3]),
    runs: Number(match[4]),
  };
}

/** One prebuilt request per user: the forecast of all wallets, with that user's token and zone. */
export function forecastRequests(users, sign) {
  return users.map((user) => ({
    headers: { 'content-type': 'application/json', authorization: `Bearer ${sign(user.id)}` },
    body: JSON.stringify({
      operationName: 'BalanceForecast',
      query: FORECAST_QUERY,
      variables: { timeZone: user.timeZone },
    }),
  }));
}

/** req/s of the analysis and of the forecast, alternating `rounds` runs of each at concurrency 20. */
export async function forecastVersusAnalysis({
  api,
  analysisRequests,
  forecastRequests,
  seconds,
  rounds = 2,
}) {
  const runs = { analysis: [], forecast: [] };
  for (let round = 0; round < rounds; round += 1) {
    runs.analysis.push(await load(api, analysisRequests, { connections: 20, duration: seconds }));
    runs.forecast.push(await load(api, forecastRequests, { connections: 20, duration: seconds }));
  }
  const summary = (list) => ({
    rps: list.reduce((sum, run) => sum + run.rps, 0) / list.length,
    failed: list.reduce((sum, run) => sum + run.failed, 0),
    p99: Math.max(...list.map((run) => run.latency.p99)),
  });
  return { connections: 20, analysis: summary(runs.analysis), forecast: summary(runs.forecast) };
}

export function tabulateForecast(report, { engine, throughput, LARGE }) {
  report.section(
    'Balance forecast: core forecastBalances, 366 days, 20 sources, 200 liabilities, 20 what-ifs',
  );
  report.add(
    'median (p99)',
    `${engine.medianUs.toFixed(0)} µs (${engine.p99Us.toFixed(0)} µs)`,
    `<= ${FORECAST_ENGINE_BUDGET_US} µs`,
    engine.medianUs <= FORECAST_ENGINE_BUDGET_US,
    'forecast-engine',
  );
  report.section(`Balance forecast over GraphQL beside the analysis, ${LARGE} users, c=20, same run`);
  const { analysis, forecast } = throughput;
  report.add('cashFlowAnalysis req/s', analysis.rps.toFixed(0), '', analysis.failed ? false : undefined);
  report.add(
    'balanceForecast req/s (45 days, every day and event)',
    forecast.rps.toFixed(0),
    '',
    forecast.failed ? false : undefined,
    'forecast-rps',
  );
  report.add(
    'balanceForecast / cashFlowAnalysis req/s',
    (forecast.rps / analysis.rps).toFixed(2),
    '',
    undefined,
  );
}

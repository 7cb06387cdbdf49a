/**
 * Engine: core's `analyzeCashFlow` for a large user (20 income sources, 200 liabilities, 10
 * wallets), timed by core's own micro-benchmark (core/bench/analysis.bench.ts, run with tsx in a
 * separate process so its JIT state is its own). Its budget is the one that file states: 1 ms.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { REPO } from './lib/paths.mjs';

export const ENGINE_BUDGET_US = 1000;

export function engineBench() {
  const tsx = path.join(REPO, 'node_modules', 'tsx', 'dist', 'cli.mjs');
  const script = path.join(REPO, 'core', 'bench', 'analysis.bench.ts');
  const run = spawnSync(process.execPath, [tsx, script], { cwd: REPO, encoding: 'utf8', timeout: 120_000 });
  const output = `${run.stdout ?? ''}${run.stderr ?? ''}`;
  const match = /median ([\d.]+) µs, p90 ([\d.]+) µs, p99 ([\d.]+) µs over (\d+) runs/.exec(output);
  if (!match) throw new Error(`core/bench/analysis.bench.ts printed no timing:\n${output.trim()}`);
  const shape = /→ (\d+) obligations, (\d+) coming due/.exec(output);
  return {
    medianUs: Number(match[1]),
    p90Us: Number(match[2]),
    p99Us: Number(match[3]),
    runs: Number(match[4]),
    obligations: shape ? Number(shape[1]) : null,
    comingDue: shape ? Number(shape[2]) : null,
  };
}

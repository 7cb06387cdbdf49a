/**
 * The debt payoff plan (docs/product-rules.md, debts) in the bench: core's `planDebtPayoff` for 20
 * debts over 50 years with its comparison with the minimums (core/bench/debts.bench.ts, in its own
 * process like the analysis' and the forecast's engine benches).
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { REPO } from './lib/paths.mjs';

export const DEBT_PLAN_BUDGET_MS = 20;

export function debtPlanBench() {
  const tsx = path.join(REPO, 'node_modules', 'tsx', 'dist', 'cli.mjs');
  const script = path.join(REPO, 'core', 'bench', 'debts.bench.ts');
  const run = spawnSync(process.execPath, [tsx, script], { cwd: REPO, encoding: 'utf8', timeout: 120_000 });
  const output = `${run.stdout ?? ''}${run.stderr ?? ''}`;
  const match = /median ([\d.]+) ms, p90 ([\d.]+) ms, p99 ([\d.]+) ms over (\d+) runs/.exec(output);
  if (!match) throw new Error(`core/bench/debts.bench.ts printed no timing:\n${output.trim()}`);
  return { medianMs: Number(match[1]), p99Ms: Number(match[3]), runs: Number(match[4]) };
}

export function tabulateDebtPlan(report, result) {
  report.section(
    'Debt payoff plan: core planDebtPayoff, 20 debts over 50 years, with the minimums beside it',
  );
  report.add(
    'median (p99)',
    `${result.medianMs.toFixed(2)} ms (${result.p99Ms.toFixed(2)} ms)`,
    `<= ${DEBT_PLAN_BUDGET_MS} ms`,
    result.medianMs <= DEBT_PLAN_BUDGET_MS,
    'debt-plan',
  );
}

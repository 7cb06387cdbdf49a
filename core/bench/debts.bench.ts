/**
 * Micro-benchmark of the debt payoff plan (docs/product-rules.md, debts): 20 debts over the
 * longest plan, 50 years (some paid off late, one never), avalanche with an extra a month and its
 * comparison with the minimums; prints the median and p99 ms per call against the 20 ms budget.
 * Run: npx tsx core/bench/debts.bench.ts   (not a test: timings vary from machine to machine)
 */
import { performance } from 'node:perf_hooks';
import { planDebtPayoff, type DebtInput } from '../src';

const BUDGET_MS = 20;

/** Payments just above the interest, so that most debts take decades; the last two never end on their own payments. */
const debts: DebtInput[] = Array.from({ length: 20 }, (_, i) => {
  const balanceCents = 200_000 + i * 150_000;
  const apr = 4 + i * 1.25;
  const interest = (balanceCents * apr) / 1200;
  return {
    id: `debt-${i}`,
    name: `Debt ${i}`,
    balanceCents,
    apr,
    paymentCents: Math.round(i >= 18 ? interest * 0.9 : interest * 1.05 + 500),
    frequency: 'MONTHLY',
  };
});
const input = { debts, strategy: 'AVALANCHE' as const, extraPaymentCents: 1_000, startMonth: '2026-12' };

const sample = planDebtPayoff(input);
for (let i = 0; i < 20; i += 1) planDebtPayoff(input); // warm up the JIT

const runs = 200;
const timings: number[] = [];
for (let i = 0; i < runs; i += 1) {
  const start = performance.now();
  planDebtPayoff(input);
  timings.push(performance.now() - start);
}
timings.sort((a, b) => a - b);
const percentile = (p: number) =>
  timings[Math.min(timings.length - 1, Math.floor((p / 100) * timings.length))]!;
const median = percentile(50);

console.log(
  `planDebtPayoff: 20 debts, ${sample.balances.length} months, ${sample.debts.filter((d) => d.neverPaidOff).length} never paid off`,
);
console.log(
  `median ${median.toFixed(2)} ms, p90 ${percentile(90).toFixed(2)} ms, p99 ${percentile(99).toFixed(2)} ms ` +
    `over ${runs} runs; budget ${BUDGET_MS} ms → ${median < BUDGET_MS ? 'OK' : 'OVER BUDGET'}`,
);
if (median >= BUDGET_MS) process.exitCode = 1;

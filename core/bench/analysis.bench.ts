/**
 * Micro-benchmark of the cash-flow analysis: a busy user (20 income sources, 200 liabilities,
 * 10 wallets) analysed many times; prints the median µs per call against the 1 ms budget.
 * Run: npx tsx core/bench/analysis.bench.ts   (not a test: timings vary from machine to machine)
 */
import { performance } from 'node:perf_hooks';
import { analyzeCashFlow, fromDayNumber, toDayNumber } from '../src';
import type { AnalysisInput, ExpenseFrequency, IncomeFrequency } from '../src';

const BUDGET_MICROSECONDS = 1000;
const today = '2026-03-05';
const todayDay = toDayNumber(today);
const incomeFrequencies: IncomeFrequency[] = ['WEEKLY', 'BIWEEKLY', 'TWICE_MONTHLY', 'MONTHLY'];
const expenseFrequencies: ExpenseFrequency[] = [
  'WEEKLY',
  'BIWEEKLY',
  'MONTHLY',
  'BIMONTHLY',
  'QUARTERLY',
  'TWICE_YEARLY',
  'YEARLY',
];

function busyUser(): AnalysisInput {
  const wallets = Array.from({ length: 10 }, (_, i) => ({
    id: `wallet-${i}`,
    walletName: `Wallet ${i}`,
    balanceCents: 100_000 * (i + 1),
    defaultWallet: i === 0,
    lastUpdate: null,
  }));
  const incomeSources = Array.from({ length: 20 }, (_, i) => {
    const frequency = incomeFrequencies[i % incomeFrequencies.length]!;
    const anchor = todayDay - 90 + i * 3;
    return {
      id: `source-${i}`,
      sourceName: `Source ${i}`,
      frequency,
      nextPmtDate: fromDayNumber(anchor),
      biMonthlyPayDate: frequency === 'TWICE_MONTHLY' ? fromDayNumber(anchor + 14) : null,
      paymentCents: 150_000 + i * 1_000,
      active: i % 5 !== 4,
      depositedDates: [fromDayNumber(anchor)],
    };
  });
  const liabilities = Array.from({ length: 200 }, (_, i) => {
    const anchor = todayDay - 120 + (i % 60);
    return {
      id: `liability-${i}`,
      creditorName: `Creditor ${i}`,
      debtType: 'MISC_BILL' as const,
      frequency: expenseFrequencies[i % expenseFrequencies.length]!,
      anchorDate: fromDayNumber(anchor),
      dueDate: fromDayNumber(todayDay - 10 + (i % 40)),
      paymentCents: 1_000 + i * 100,
      balanceCents: i % 3 === 0 ? null : 500_000,
      autoPay: i % 4 === 0,
      currentPaid: i % 6 === 0,
      currentCleared: false,
      paidFromWalletId: i % 6 === 0 ? `wallet-${i % 10}` : null,
    };
  });
  return { today, wallets, incomeSources, liabilities, selectedWalletId: null };
}

const input = busyUser();
const sample = analyzeCashFlow(input);
for (let i = 0; i < 2_000; i += 1) analyzeCashFlow(input); // warm up the JIT

const runs = 5_000;
const timings: number[] = [];
for (let i = 0; i < runs; i += 1) {
  const start = performance.now();
  analyzeCashFlow(input);
  timings.push((performance.now() - start) * 1000);
}
timings.sort((a, b) => a - b);
const percentile = (p: number) =>
  timings[Math.min(timings.length - 1, Math.floor((p / 100) * timings.length))]!;
const median = percentile(50);

console.log(
  `analyzeCashFlow: 20 sources, 200 liabilities, 10 wallets → ${sample.obligations.length} obligations, ` +
    `${sample.comingDue.length} coming due`,
);
console.log(
  `median ${median.toFixed(1)} µs, p90 ${percentile(90).toFixed(1)} µs, p99 ${percentile(99).toFixed(1)} µs ` +
    `over ${runs} runs; budget ${BUDGET_MICROSECONDS} µs → ${median < BUDGET_MICROSECONDS ? 'OK' : 'OVER BUDGET'}`,
);
if (median >= BUDGET_MICROSECONDS) process.exitCode = 1;

/**
 * Micro-benchmark of the balance forecast (docs/product-rules.md §7-§8): a busy household (20 income sources,
 * 200 liabilities, 10 wallets, 20 what-ifs) forecast over the longest horizon, 366 days, all wallets
 * together; prints the median and p99 µs per call against the 1 ms budget.
 * Run: npx tsx core/bench/forecast.bench.ts   (not a test: timings vary from machine to machine)
 */
import { performance } from 'node:perf_hooks';
import { forecastBalances, fromDayNumber, toDayNumber } from '../src';
import type { ExpenseFrequency, ForecastInput, IncomeFrequency } from '../src';

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

function busyHousehold(): ForecastInput {
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
      walletId: i % 3 === 0 ? `wallet-${i % 10}` : null,
    };
  });
  const liabilities = Array.from({ length: 200 }, (_, i) => ({
    id: `liability-${i}`,
    creditorName: `Creditor ${i}`,
    debtType: 'MISC_BILL' as const,
    frequency: expenseFrequencies[i % expenseFrequencies.length]!,
    anchorDate: fromDayNumber(todayDay - 120 + (i % 60)),
    dueDate: fromDayNumber(todayDay - 10 + (i % 40)),
    paymentCents: 1_000 + i * 100,
    balanceCents: i % 3 === 0 ? null : 500_000,
    autoPay: i % 4 === 0,
    currentPaid: i % 6 === 0,
    currentCleared: false,
    paidFromWalletId: i % 6 === 0 ? `wallet-${i % 10}` : null,
    walletId: i % 2 === 0 ? `wallet-${i % 10}` : null,
  }));
  const whatIfs = Array.from({ length: 20 }, (_, i) => ({
    date: fromDayNumber(todayDay + i * 18),
    amountCents: 5_000 + i * 1_000,
    description: `Plan ${i}`,
  }));
  return { today, wallets, incomeSources, liabilities, walletId: null, days: 366, whatIfs };
}

const input = busyHousehold();
const sample = forecastBalances(input);
for (let i = 0; i < 2_000; i += 1) forecastBalances(input); // warm up the JIT

const runs = 5_000;
const timings: number[] = [];
for (let i = 0; i < runs; i += 1) {
  const start = performance.now();
  forecastBalances(input);
  timings.push((performance.now() - start) * 1000);
}
timings.sort((a, b) => a - b);
const percentile = (p: number) =>
  timings[Math.min(timings.length - 1, Math.floor((p / 100) * timings.length))]!;
const median = percentile(50);
const events = sample.days.reduce((total, day) => total + day.events.length, 0);

console.log(
  `forecastBalances: 366 days, 20 sources, 200 liabilities, 10 wallets, 20 what-ifs → ${events} events`,
);
console.log(
  `median ${median.toFixed(1)} µs, p90 ${percentile(90).toFixed(1)} µs, p99 ${percentile(99).toFixed(1)} µs ` +
    `over ${runs} runs; budget ${BUDGET_MICROSECONDS} µs → ${median < BUDGET_MICROSECONDS ? 'OK' : 'OVER BUDGET'}`,
);
if (median >= BUDGET_MICROSECONDS) process.exitCode = 1;

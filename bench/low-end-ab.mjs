/**
 * The low-end dashboard of two builds side by side (bench/README.md, "A cheap phone"): one run of
 * each in turn, ROUNDS rounds, at one calibrated rate, so that a change of a hundred milliseconds of
 * blocking time is told from the machine's drift. Each build is a checkout with `npm run build`
 * done (its server serves its own client); the first is usually this one, the second a
 * `git worktree` of the commit before the change.
 *
 *   node bench/low-end-ab.mjs <checkout A> [checkout B]
 *
 * ROUNDS (default 7), RATE (default: calibrated), BENCH_AB_DATABASE (a database this script made
 * and kept before, to skip generating one; otherwise one of 50 users is made and kept, its address
 * printed).
 */
import path from 'node:path';
import { generateUsers, TIME_ZONES, vacuumAnalyze } from './generate.mjs';
import { openBenchDatabase, migrate } from './lib/db.mjs';
import { core, fromServer } from './lib/paths.mjs';
import { median } from './lib/stats.mjs';
import { BENCH_PASSWORD } from './sql-count.mjs';
import { dashboardPersonId, giveDashboardHistory } from './recurring.mjs';
import { calibrateLowEndRate, lowEndDashboardRun } from './lighthouse.mjs';
import { startApi } from './servers.mjs';

const checkouts = process.argv.slice(2);
if (!checkouts.length) {
  console.error('usage: node bench/low-end-ab.mjs <checkout A> [checkout B]');
  process.exit(2);
}
const ROUNDS = Number(process.env.ROUNDS ?? 7);
const JWT_SECRET = 'low-end-ab-secret-low-end-ab-secret-0123456';

async function benchDatabase() {
  if (process.env.BENCH_AB_DATABASE) return process.env.BENCH_AB_DATABASE;
  const database = await openBenchDatabase('ab');
  await migrate(database.url);
  const passwordHash = await fromServer('modules/auth/passwords.js').hashPassword(BENCH_PASSWORD);
  const { todayInZone } = core();
  const today = TIME_ZONES.map((zone) => todayInZone(new Date(), zone)).sort()[0];
  await generateUsers(database.url, { from: 1, to: 50, today, passwordHash });
  const person = await dashboardPersonId(database.url);
  await giveDashboardHistory(database.url, person, today);
  await vacuumAnalyze(database.url);
  console.log(`database kept: BENCH_AB_DATABASE=${database.url}`);
  return database.url;
}

const databaseUrl = await benchDatabase();
const credentials = { userName: `bench${await dashboardPersonId(databaseUrl)}`, password: BENCH_PASSWORD };
const apis = [];
try {
  for (const checkout of checkouts)
    apis.push(
      await startApi({
        databaseUrl,
        jwtSecret: JWT_SECRET,
        main: path.resolve(checkout, 'server', 'dist', 'main.js'),
      }),
    );
  const rate = process.env.RATE ? Number(process.env.RATE) : (await calibrateLowEndRate()).rate;
  console.log(`${credentials.userName} at ×${rate}, ${ROUNDS} rounds`);
  const runs = checkouts.map(() => []);
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const [i, api] of apis.entries()) {
      const run = await lowEndDashboardRun(api.url.replace('127.0.0.1', 'localhost'), credentials, rate);
      runs[i].push(run);
      console.log(
        `${checkouts[i]} #${round + 1}: score ${run.performance}, TBT ${run.tbtMs} ms, LCP ${run.lcpMs} ms (${run.lcpElement}); after the first paint ${run.afterFirstPaint.join(' ')}`,
      );
    }
  }
  for (const [i, checkout] of checkouts.entries()) {
    const of = (key) => median(runs[i].map((run) => run[key]));
    const tbts = runs[i].map((run) => run.tbtMs).sort((a, b) => a - b);
    console.log(
      `${checkout}: median score ${of('performance')}, TBT ${of('tbtMs')} ms (${tbts.join(', ')}), LCP ${of('lcpMs')} ms`,
    );
  }
} finally {
  for (const api of apis) await api.stop();
}

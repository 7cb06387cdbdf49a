/**
 * `npm run bench`: builds the production server and client, generates 1k and 100k users into two
 * fresh databases, and measures the API (against its floor), SQL statements per operation, scale,
 * the engine, the write path, the client bundle and memory. Prints one table (figure, budget,
 * PASS/SHORT) and writes bench/results/<timestamp>.json. See README.md § Benchmarks.
 *
 * Environment: BENCH_DATABASE_URL (the PostgreSQL server to create the databases on; default the
 * local one), BENCH_KEEP=1 (keep the databases), BENCH_SKIP_BUILD=1 (use the existing builds),
 * BENCH_USERS (default 100000), BENCH_SECONDS (per throughput run, default 8), BENCH_PROFILE=0 (skip the
 * CPU profile of the API by layer, about 20 s). BENCH_SECONDS below 4 (npm run bench:quick, run by CI)
 * also shortens the warm-up and the scale rounds.
 *
 * A new phase lives in its own module (as forecast.mjs and reminders.mjs do): run its measurement
 * here through `phase(name, fn)`, add its rows with its own `tabulate…(report, …)` after
 * `tabulate(…)`, put its results in `results`, and call `report.fail(text)` for a measurement that
 * did not measure (the run then exits non-zero: CI fails on that and on crashes, never on SHORT).
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { apiVersusFloor, tabulateMetricsCost, tabulateWorkers, validate, workersThroughput } from './api.mjs';
import { clientSizes } from './client-size.mjs';
import { engineBench } from './engine.mjs';
import {
  forecastEngineBench,
  forecastRequests,
  forecastVersusAnalysis,
  tabulateForecast,
} from './forecast.mjs';
import { tabulate, TOTAL_BUDGET_S } from './figures.mjs';
import { generateUsers, TIME_ZONES, vacuumAnalyze } from './generate.mjs';
import { ADMIN_URL, migrate, openBenchDatabase, withClient } from './lib/db.mjs';
import { core, fromServer, REPO } from './lib/paths.mjs';
import { log, round } from './lib/stats.mjs';
import { analysisRequests, load, sampleUsers, tokenSigner } from './load.mjs';
import { MEMORY_NODE_ARGS, memoryTracker } from './memory.mjs';
import { closingNotes } from './notes.mjs';
import {
  browserMissing,
  dashboardLighthouseRuns,
  lighthouseFloor,
  lighthouseRuns,
  lowEndRuns,
  tabulateDashboardLighthouse,
  tabulateLighthouse,
  tabulateLowEnd,
} from './lighthouse.mjs';
import { jwtVerifyCost, profileApi } from './profile.mjs';
import { Report } from './report.mjs';
import { bankSyncBench, tabulateBank } from './bank.mjs';
import { importBench, tabulateImports } from './imports.mjs';
import { dashboardPersonId, giveDashboardHistory, recurringBench, tabulateRecurring } from './recurring.mjs';
import { categoriesBench, tabulateCategories } from './categories.mjs';
import { fairnessBench, tabulateFairness } from './fairness.mjs';
import { debtPlanBench, tabulateDebtPlan } from './debts.mjs';
import { feedGenerationBench, reminderScanBench, tabulateReminders } from './reminders.mjs';
import { dbTimings, explainStatements, scaleLatency } from './scale.mjs';
import { startApi, startFloor } from './servers.mjs';
import { BENCH_PASSWORD, countStatements } from './sql-count.mjs';
import { writePath } from './write-path.mjs';

const LARGE = Number(process.env.BENCH_USERS ?? 100_000);
const SMALL = 1_000;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
/** WEB_CONCURRENCY for the clustered run: one worker per core, as 'auto' gives. */
const WORKERS = Math.max(2, os.availableParallelism());

/** Short throughput runs (npm run bench:quick) also shorten the warm-up and the scale rounds. */
const QUICK = SECONDS < 4;

const started = performance.now();
const phases = {};
async function phase(name, fn) {
  log(`${name}…`);
  const t = performance.now();
  const result = await fn();
  phases[name] = round((performance.now() - t) / 1000, 1);
  return result;
}
const loadAverage = () => os.loadavg().map((value) => round(value, 2));

function build() {
  if (process.env.BENCH_SKIP_BUILD === '1') return 'skipped (BENCH_SKIP_BUILD=1)';
  const run = (args) =>
    execFileSync('npm', args, { cwd: REPO, stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' });
  try {
    run(['exec', '--', 'tsc', '-b', 'server']);
    run(['run', 'build', '-w', 'client']);
  } catch (error) {
    throw new Error(`build failed:\n${error.stdout ?? ''}${error.stderr ?? ''}`, { cause: error });
  }
  return 'tsc -b server; npm run build -w client';
}

async function main() {
  const missing = browserMissing();
  if (missing) throw new Error(missing);
  const report = new Report();
  const details = {
    date: new Date().toISOString(),
    machine: {
      cpus: os.cpus().length,
      model: os.cpus()[0]?.model,
      memoryGiB: round(os.totalmem() / 2 ** 30, 1),
    },
    node: process.version,
    loadAverageAtStart: loadAverage(),
    postgres: ADMIN_URL.replace(/\/\/[^@]*@/, '//'),
    users: { small: SMALL, large: LARGE },
  };
  details.build = await phase('build', build);
  const client = await phase('client sizes', () => clientSizes());
  const engine = await phase('engine', () => engineBench());
  const forecastEngine = await phase('forecast engine', () => forecastEngineBench());
  const debtPlan = await phase('debt plan engine', () => debtPlanBench());

  const small = await openBenchDatabase('1k');
  const large = await openBenchDatabase(LARGE >= 1000 ? `${Math.round(LARGE / 1000)}k` : String(LARGE));
  const servers = [];
  try {
    await phase('migrations', () => Promise.all([migrate(small.url), migrate(large.url)]));
    const { hashPassword } = fromServer('modules/auth/passwords.js');
    const passwordHash = await hashPassword(BENCH_PASSWORD);
    const { todayInZone } = core();
    const today = TIME_ZONES.map((zone) => todayInZone(new Date(), zone)).sort()[0];
    const generated = {};
    generated.small = await phase('generate 1k', () =>
      generateUsers(small.url, { from: 1, to: SMALL, today, passwordHash }),
    );
    generated.large = await phase(`generate ${LARGE}`, () =>
      generateUsers(large.url, {
        from: 1,
        to: LARGE,
        today,
        passwordHash,
        onBatch: (last) => log(`  ${last} users`),
      }),
    );
    generated.vacuumSeconds = await phase('vacuum analyze', async () => {
      const [a, b] = await Promise.all([vacuumAnalyze(small.url), vacuumAnalyze(large.url)]);
      return round(a + b, 1);
    });
    details.generated = generated;

    const jwtSecret = randomBytes(36).toString('base64url');
    const sign = tokenSigner(jwtSecret);
    const sql = await phase('sql statements', () =>
      countStatements({ databaseUrl: small.url, jwtSecret, sign, userId: 1, today }),
    );
    const explained = await phase('explain', async () => ({
      small: await explainStatements(small.url, sql.analysisStatements),
      large: await explainStatements(large.url, sql.analysisStatements),
    }));

    const [apiSmall, apiLarge, floorSmall, floorLarge] = await phase('start servers', () =>
      Promise.all([
        startApi({ databaseUrl: small.url, jwtSecret }),
        startApi({ databaseUrl: large.url, jwtSecret, nodeArgs: MEMORY_NODE_ARGS }),
        startFloor({ databaseUrl: small.url, jwtSecret }),
        startFloor({ databaseUrl: large.url, jwtSecret }),
      ]).then((started) => {
        servers.push(...started);
        return started;
      }),
    );
    apiSmall.name = 'api 1k';
    floorSmall.name = 'floor 1k';

    const smallUsers = await sampleUsers(small.url, { count: SMALL, maxId: SMALL });
    const largeUsers = await sampleUsers(large.url, { count: Math.min(10_000, LARGE), maxId: LARGE });
    const smallRequests = analysisRequests(smallUsers, sign);
    const largeRequests = analysisRequests(largeUsers, sign);
    details.distinctUsersPerRun = { small: smallRequests.length, large: largeRequests.length };
    const validation = await phase('validate api = floor', async () => ({
      large: await validate(apiLarge, floorLarge, largeRequests),
      small: await validate(apiSmall, floorSmall, smallRequests),
    }));

    const memory = memoryTracker(apiLarge);
    const largeForecasts = forecastRequests(largeUsers, sign);
    await phase('warm-up', async () => {
      const [long, short] = QUICK ? [2, 1] : [4, 3];
      await load(floorLarge, largeRequests, { connections: 20, duration: short });
      await load(apiSmall, smallRequests, { connections: 20, duration: short });
      await load(floorSmall, smallRequests, { connections: 20, duration: short });
      // The large API last, with every load its measured window brings (both concurrencies and the
      // forecast), and the warm measure at once.
      await load(apiLarge, largeRequests, { connections: 100, duration: long });
      await load(apiLarge, largeForecasts, { connections: 20, duration: short });
      await load(apiLarge, largeRequests, { connections: 20, duration: long });
      await memory.warm();
    });

    const scale = await phase('scale 1k vs 100k', async () => {
      const api = await scaleLatency({
        small: { target: apiSmall, requests: smallRequests },
        large: { target: apiLarge, requests: largeRequests },
        rounds: QUICK ? 2 : 6,
        seconds: QUICK ? 1 : 2,
      });
      memory.count(api.large.ok);
      const floor = await scaleLatency({
        small: { target: floorSmall, requests: smallRequests },
        large: { target: floorLarge, requests: largeRequests },
        rounds: QUICK ? 2 : 4,
        seconds: QUICK ? 1 : 2,
      });
      const db = {
        small: await dbTimings(small.url, sql.analysisStatements, smallUsers.slice(0, 400)),
        large: await dbTimings(large.url, sql.analysisStatements, largeUsers.slice(0, 400)),
      };
      return { api, floor, db };
    });

    const throughput = await phase('api vs floor', async () => {
      const results = await apiVersusFloor({
        api: apiLarge,
        floor: floorLarge,
        requests: largeRequests,
        // Three rounds of two thirds the length: the same time as two full ones.
        seconds: Math.max(1, Math.round((SECONDS * 2) / 3)),
      });
      for (const result of results) memory.count(result.api.ok);
      return results;
    });
    details.loadAverageAfterThroughput = loadAverage();

    // The default counts every request (METRICS on); the same build with METRICS=off says what that costs.
    const metricsCost = await phase('metrics on vs off', async () => {
      const uncounted = await startApi({ databaseUrl: large.url, jwtSecret, env: { METRICS: 'off' } });
      servers.push(uncounted);
      await load(uncounted, largeRequests, { connections: 20, duration: QUICK ? 1 : 3 });
      const [result] = await apiVersusFloor({
        api: apiLarge,
        floor: uncounted,
        requests: largeRequests,
        concurrencies: [20],
        seconds: Math.max(2, Math.round(SECONDS / 2)),
      });
      await uncounted.stop();
      return result;
    });

    const forecastThroughput = await phase('forecast vs analysis req/s', () =>
      forecastVersusAnalysis({
        api: apiLarge,
        analysisRequests: largeRequests,
        forecastRequests: largeForecasts,
        seconds: Math.max(2, Math.round(SECONDS / 2)),
      }),
    );

    const writes = await phase('write path', () =>
      writePath({ api: apiLarge, databaseUrl: large.url, sign, fromId: Math.floor(LARGE / 2) }),
    );

    const profile =
      process.env.BENCH_PROFILE === '0'
        ? null
        : await phase('cpu profile of the API', async () => ({
            ...(await profileApi({ databaseUrl: large.url, jwtSecret, requests: largeRequests })),
            jwtVerify: jwtVerifyCost(),
          }));

    const deadline = started + (TOTAL_BUDGET_S - 30) * 1000;
    const mem = await phase('memory (to 100k requests)', () => memory.finish(largeRequests, { deadline }));
    // Last: the scan writes reminder rows and jobs into the large database.
    const reminders = await phase('reminders', async () => ({
      scan: await reminderScanBench({ databaseUrl: large.url, today }),
      feed: feedGenerationBench({ today }),
    }));
    const imports = await phase('statement import', () => importBench({ databaseUrl: small.url, today }));
    const bank = await phase('bank sync', () => bankSyncBench({ databaseUrl: small.url, today }));
    const recurring = await phase('found in your bank', () =>
      recurringBench({ databaseUrl: small.url, today, userIds: [5, 6] }),
    );
    const categories = await phase('where the money goes', () =>
      categoriesBench({ databaseUrl: small.url, today, userIds: [7, 8] }),
    );
    const fairness = await phase('held under pressure', () =>
      fairnessBench({ databaseUrl: small.url, jwtSecret, today, seconds: Math.max(2, SECONDS) }),
    );
    details.loadAverageAtEnd = loadAverage();
    details.database = await withClient(large.url, async (client) => ({
      shared_buffers: (await client.query('SHOW shared_buffers')).rows[0].shared_buffers,
      sizeMiB: {
        small: round(
          Number((await client.query('SELECT pg_database_size($1) AS b', [small.name])).rows[0].b) / 2 ** 20,
          0,
        ),
        large: round(
          Number((await client.query('SELECT pg_database_size($1) AS b', [large.name])).rows[0].b) / 2 ** 20,
          0,
        ),
      },
    }));

    const workers = await phase('api, one worker per core', async () => {
      const clustered = await startApi({
        databaseUrl: large.url,
        jwtSecret,
        env: { WEB_CONCURRENCY: String(WORKERS) },
      });
      servers.push(clustered);
      try {
        return await workersThroughput({
          api: clustered,
          requests: largeRequests,
          workers: WORKERS,
          seconds: SECONDS,
        });
      } finally {
        await clustered.stop();
      }
    });

    // The public pages as a phone on slow 4G sees them; the API server serves the built client.
    // localhost, not 127.0.0.1: Lighthouse counts only the former as a secure origin over http.
    const lighthouseResults = await phase('lighthouse', () =>
      lighthouseRuns(apiSmall.url.replace('127.0.0.1', 'localhost')).catch((error) => {
        report.fail(`Lighthouse: ${error.message}`);
        return [];
      }),
    );

    // What this machine adds to any page's blocking time at the moment: read beside the pages'.
    const lighthouseFloorResult = await phase('lighthouse-floor', () =>
      lighthouseFloor().catch((error) => {
        report.note(`Lighthouse floor not measured: ${error.message}`);
        return null;
      }),
    );

    // The signed-in dashboard, as a generated user with a realistic household and a history sees it.
    // bench1 for the rows at Lighthouse's defaults (as they have always been measured); for the
    // low-end phone, DESIGN's returning person: three wallets, two pay sources, about a dozen bills.
    const lowEndPerson = await dashboardPersonId(small.url);
    await phase('dashboard history', async () => {
      await giveDashboardHistory(small.url, 1, today);
      if (lowEndPerson !== 1) await giveDashboardHistory(small.url, lowEndPerson, today);
    });
    const dashboardLighthouse = await phase('lighthouse-dashboard', () =>
      dashboardLighthouseRuns(apiSmall.url.replace('127.0.0.1', 'localhost'), {
        userName: 'bench1',
        password: BENCH_PASSWORD,
      }).catch((error) => {
        report.fail(`Lighthouse on the dashboard: ${error.message}`);
        return null;
      }),
    );

    // The same pages as a low-end phone runs them (DESIGN's measure): the CPU rate calibrated on
    // this machine, applied throttling, a fresh browser per run.
    const lowEnd = await phase('lighthouse-low-end', () =>
      lowEndRuns(apiSmall.url.replace('127.0.0.1', 'localhost'), {
        userName: `bench${lowEndPerson}`,
        password: BENCH_PASSWORD,
      }).catch((error) => {
        report.fail(`Lighthouse as a low-end phone: ${error.message}`);
        return null;
      }),
    );

    const total = (performance.now() - started) / 1000;
    tabulate(report, {
      SMALL,
      LARGE,
      distinctUsers: largeRequests.length,
      throughput,
      sql,
      scale,
      explained,
      engine,
      writes,
      client,
      mem,
      profile,
      generated,
      validation,
      total,
      details,
    });
    tabulateForecast(report, { engine: forecastEngine, throughput: forecastThroughput, LARGE });
    tabulateDebtPlan(report, debtPlan);
    tabulateReminders(report, { ...reminders, LARGE });
    tabulateImports(report, imports);
    tabulateBank(report, bank);
    tabulateRecurring(report, recurring);
    tabulateCategories(report, categories);
    tabulateFairness(report, fairness);
    tabulateWorkers(report, workers, throughput);
    tabulateMetricsCost(report, metricsCost);
    tabulateLighthouse(report, lighthouseResults, lighthouseFloorResult);
    tabulateDashboardLighthouse(report, dashboardLighthouse);
    tabulateLowEnd(report, lowEnd);

    const results = {
      client,
      engine,
      forecast: { engine: forecastEngine, throughput: forecastThroughput },
      debtPlan,
      reminders,
      imports,
      bank,
      recurring,
      categories,
      sql,
      explained,
      validation,
      profile,
      scale: stripLatencies(scale),
      throughput: stripLatencies(throughput),
      writes,
      memory: mem,
      lighthouse: lighthouseResults,
      lighthouseFloor: lighthouseFloorResult,
      dashboardLighthouse,
      lowEndPhone: lowEnd,
      workers,
    };
    for (const text of closingNotes(report, results, { ...details, phases })) report.note(text);
    report.print();
    const file = report.save({ ...details, phases, results });
    log(`results: ${file}`);
    if (report.broken.length) throw new Error(`${report.broken.length} broken measurement(s), listed above`);
  } catch (error) {
    for (const server of servers) {
      if (server.exitCode() !== null || server.stderr()) {
        console.error(`${server.name}: exit ${server.exitCode()}\n${server.stderr().trim()}`);
      }
    }
    throw error;
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
    const dropped = await Promise.all([small.drop(), large.drop()]).catch((error) => {
      console.error(`could not drop the bench databases: ${error.message}`);
      return [false];
    });
    log(
      dropped.every(Boolean)
        ? 'bench databases dropped'
        : `bench databases kept: ${small.name}, ${large.name}`,
    );
  }
}

/** The JSON keeps summaries, not every latency sample. */
function stripLatencies(value) {
  return JSON.parse(JSON.stringify(value, (key, v) => (key === 'latencies' ? undefined : v)));
}

main().catch((error) => {
  console.error(`bench failed: ${error.stack ?? error.message}`);
  process.exitCode = 1;
});

/**
 * Two builds of the API measured at the same time (bench/README.md, "Measured side by side"): on
 * a shared machine whose speed drifts by a quarter within minutes, alternating runs cannot tell a
 * few percent from noise, but two processes loaded at once see the same machine. Each gets c=10
 * of the same analysis requests for ROUNDS rounds of SECONDS seconds; the figure is each one's CPU
 * per request (from /proc), and their ratio.
 *
 *   node bench/side-by-side.mjs <dist A> <dist B> [A's env as K=V,K=V] [B's env]
 *
 * A dist is a built server directory (server/dist, or a copy beside it: a copy must sit two levels
 * under the repository, as server/dist does, so that it finds migrations/ and node_modules/).
 * The database is a fresh bench database of BENCH_USERS users (default 2,000), dropped at the end.
 */
import path from 'node:path';
import { generateUsers, TIME_ZONES, vacuumAnalyze } from './generate.mjs';
import { openBenchDatabase, migrate } from './lib/db.mjs';
import { core, fromServer } from './lib/paths.mjs';
import { BENCH_PASSWORD } from './sql-count.mjs';
import { analysisRequests, load, sampleUsers, tokenSigner } from './load.mjs';
import { median } from './lib/stats.mjs';
import { startApi } from './servers.mjs';

const [distA, distB, envA = '', envB = ''] = process.argv.slice(2);
if (!distA || !distB) {
  console.error('usage: node bench/side-by-side.mjs <dist A> <dist B> [A env K=V,…] [B env K=V,…]');
  process.exit(2);
}
const USERS = Number(process.env.BENCH_USERS ?? 2_000);
const ROUNDS = Number(process.env.ROUNDS ?? 5);
const SECONDS = Number(process.env.SECONDS ?? 6);
const JWT_SECRET = 'side-by-side-secret-side-by-side-secret-0123';

const envOf = (text) =>
  Object.fromEntries(
    text
      .split(',')
      .filter(Boolean)
      .map((pair) => pair.split('=')),
  );

const database = await openBenchDatabase('sbs');
const apis = [];
try {
  await migrate(database.url);
  const passwordHash = await fromServer('modules/auth/passwords.js').hashPassword(BENCH_PASSWORD);
  const { todayInZone } = core();
  const today = TIME_ZONES.map((zone) => todayInZone(new Date(), zone)).sort()[0];
  await generateUsers(database.url, { from: 1, to: USERS, today, passwordHash });
  await vacuumAnalyze(database.url);
  const users = await sampleUsers(database.url, { count: Math.min(USERS, 2_000), maxId: USERS });
  const requests = analysisRequests(users, tokenSigner(JWT_SECRET));
  for (const [dist, env] of [
    [distA, envA],
    [distB, envB],
  ]) {
    apis.push(
      await startApi({
        databaseUrl: database.url,
        jwtSecret: JWT_SECRET,
        main: path.resolve(dist, 'main.js'),
        env: envOf(env),
      }),
    );
  }
  const both = (duration) =>
    Promise.all(apis.map((api) => load(api, requests, { connections: 10, duration })));
  await both(3); // warm-up: JIT, pools, plans
  const rows = [];
  for (let round = 1; round <= ROUNDS; round++) {
    const before = apis.map((api) => api.cpu());
    const runs = await both(SECONDS);
    const perRequest = apis.map((api, i) => (api.cpu() - before[i]) / runs[i].ok);
    rows.push(perRequest);
    console.log(
      `round ${round}: A ${perRequest[0].toFixed(3)} ms, B ${perRequest[1].toFixed(3)} ms per request ` +
        `(B/A ${(perRequest[1] / perRequest[0]).toFixed(3)}; ${runs.map((run) => run.ok).join(' / ')} requests)`,
    );
  }
  const ratio = median(rows.map(([a, b]) => b / a));
  console.log(`median B/A CPU per request: ${ratio.toFixed(3)} (A ${distA} ${envA}; B ${distB} ${envB})`);
} finally {
  await Promise.all(apis.map((api) => api.stop()));
  await database.drop();
}

/**
 * Held under pressure (docs/product-rules.md §26): one household's heavy work never stalls another's
 * dashboard. On the production build, one API instance on the 1k database:
 * - the dashboard's analysis for other households at 20 connections, alone: its p99;
 * - the same while two households of 30,000 history rows ask for their suggestions (Found in your
 *   bank) 8 requests at a time, each asking again as soon as it is answered, and after Retry-After
 *   when it is turned away: the dashboards' p99 must stay within the larger of 100 ms and 3 times
 *   their p99 alone; how many suggestions were answered and turned away (429, 503) is printed.
 */
import { analysisRequests, load, postJson, sampleUsers, tokenSigner } from './load.mjs';
import { openServerDeps } from './lib/server-deps.mjs';
import { startApi } from './servers.mjs';
import { percentile, sleep } from './lib/stats.mjs';
import { writeHistory } from './recurring.mjs';

export const FAIRNESS_BUDGET = { floorMs: 100, factor: 3 };
const HEAVY_IN_FLIGHT = 8;
const CONNECTIONS = 20;

/** The two heavy households' histories, written once into the database. */
async function writeHeavyHouseholds(databaseUrl, userIds, today) {
  const { db } = await openServerDeps(databaseUrl);
  try {
    for (const userId of userIds) {
      const [{ id }] = await db.dataSource.query(
        'SELECT current_household_id AS id FROM debtor WHERE id = $1',
        [userId],
      );
      await writeHistory(db.dataSource, id, userId, today, 3_000, 10, `fair${userId}`);
    }
  } finally {
    await db.close();
  }
}

/** `inFlight` loops asking for suggestions until `stop`: each answer's status and time. */
async function askForSuggestions(api, tokens, inFlight, stop) {
  const answers = [];
  const loop = async (index) => {
    const request = {
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${tokens[index % tokens.length]}`,
      },
      body: JSON.stringify({ query: '{ recurringSuggestions { id } }' }),
    };
    while (!stop.done) {
      const started = performance.now();
      const { status, json } = await postJson(api.url, request);
      answers.push({ status, ms: performance.now() - started });
      if (status === 503 || status === 429) {
        const wait = Number(json.errors?.[0]?.extensions?.retryAfterSeconds ?? 1);
        await sleep(wait * 1000);
      }
    }
  };
  await Promise.all(Array.from({ length: inFlight }, (_, index) => loop(index)));
  return answers;
}

export async function fairnessBench({ databaseUrl, jwtSecret, today, seconds, heavyUserIds = [9, 10] }) {
  await writeHeavyHouseholds(databaseUrl, heavyUserIds, today);
  const sign = tokenSigner(jwtSecret);
  const users = await sampleUsers(databaseUrl, { count: 200, maxId: 1000, skipBelow: 20 });
  const dashboards = analysisRequests(users, sign);
  const api = await startApi({ databaseUrl, jwtSecret });
  try {
    await load(api, dashboards, { connections: CONNECTIONS, duration: 2 }); // warm-up
    const alone = await load(api, dashboards, { connections: CONNECTIONS, duration: seconds });
    const stop = { done: false };
    const heavy = askForSuggestions(
      api,
      heavyUserIds.map((id) => sign(id)),
      HEAVY_IN_FLIGHT,
      stop,
    );
    // The heavy requests first fill the instance, then the dashboards are measured beside them.
    await sleep(500);
    const beside = await load(api, dashboards, { connections: CONNECTIONS, duration: seconds });
    stop.done = true;
    const answers = await heavy;
    const answered = answers.filter((answer) => answer.status === 200).map((answer) => answer.ms);
    answered.sort((a, b) => a - b);
    const count = (status) => answers.filter((answer) => answer.status === status).length;
    return {
      connections: CONNECTIONS,
      heavyInFlight: HEAVY_IN_FLIGHT,
      alone: { p99: alone.latency.p99, rps: alone.rps, failed: alone.failed },
      beside: { p99: beside.latency.p99, rps: beside.rps, failed: beside.failed },
      suggestions: {
        answered: answered.length,
        p50: answered.length ? percentile(answered, 50) : null,
        busy503: count(503),
        busy429: count(429),
        other: answers.length - answered.length - count(503) - count(429),
      },
    };
  } finally {
    await api.stop();
  }
}

export function fairnessLimitMs(aloneP99) {
  return Math.max(FAIRNESS_BUDGET.floorMs, FAIRNESS_BUDGET.factor * aloneP99);
}

export function tabulateFairness(report, result) {
  report.section(
    `Held under pressure: dashboards at ${result.connections} connections beside suggestions over 30,000 rows, ${result.heavyInFlight} at a time`,
  );
  report.add(
    'dashboard p99 alone',
    `${result.alone.p99.toFixed(1)} ms (${Math.round(result.alone.rps)} req/s)`,
    'INFO',
    true,
    'fair-alone-p99',
  );
  const limit = fairnessLimitMs(result.alone.p99);
  report.add(
    'dashboard p99 beside the heavy households',
    `${result.beside.p99.toFixed(1)} ms (${Math.round(result.beside.rps)} req/s)`,
    `<= ${limit.toFixed(0)} ms`,
    result.beside.p99 <= limit && result.beside.failed === 0,
    'fair-beside-p99',
  );
  const s = result.suggestions;
  report.add(
    'suggestions answered (p50) / turned away 503 / 429 / other',
    `${s.answered} (${s.p50 === null ? '-' : `${s.p50.toFixed(0)} ms`}) / ${s.busy503} / ${s.busy429} / ${s.other}`,
    'no other',
    s.other === 0,
    'fair-suggestions',
  );
}

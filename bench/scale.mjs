/**
 * Scale: does the analysis stay as fast at 100k users as at 1k?
 *  - EXPLAIN (ANALYZE) of the statements the analysis really sent (recorded by sql-count.mjs, with
 *    their parameters) on both databases: plan node types, and whether every table is reached
 *    through an index;
 *  - the analysis latency through the API at 1k and at 100k users, the two databases served by two
 *    API processes measured in alternation (1k, 100k, 1k, 100k) so that drift in the machine's load
 *    hits both alike. Concurrency 1: latency, not queueing.
 */
import { withClient } from './lib/db.mjs';
import { summarize } from './lib/stats.mjs';
import { load } from './load.mjs';

function planNodes(node, out = []) {
  out.push({
    type: node['Node Type'],
    relation: node['Relation Name'] ?? null,
    index: node['Index Name'] ?? null,
  });
  for (const child of node.Plans ?? []) planNodes(child, out);
  return out;
}

// A scan that reads a table (a Subquery Scan reads its subquery's rows, which have their own scans).
const isTableScan = (node) =>
  node.relation !== null && /Scan$/.test(node.type) && node.type !== 'Bitmap Index Scan';
const usesIndex = (node) => /Index/.test(node.type);

/**
 * The function and the query it returns, for a call of one of the project's PL/pgSQL reads
 * (`… FROM f($1, $2)`; its arguments in place of their names), or null for any other statement:
 * EXPLAIN of the call itself shows only a Function Scan, not the tables the function reads.
 */
async function functionBody(client, text) {
  const call = /\bFROM (\w+)\(([^()]*)\)/.exec(text);
  if (!call) return null;
  const { rows } = await client.query('SELECT prosrc, proargnames FROM pg_proc WHERE proname = $1', [
    call[1],
  ]);
  const body = rows[0] && /RETURN QUERY([\s\S]*?);\s*END/i.exec(rows[0].prosrc)?.[1];
  if (!body) return null;
  const args = call[2].split(/,\s*/);
  if (!args.every((arg) => /^\$\d+$/.test(arg))) return null;
  // finance_snapshot's body reads the household and zone it chose for the account ($1) first.
  const chosen = body
    .replace(
      /\bchosen_id\b/g,
      '(SELECT COALESCE(in_household, current_household_id) FROM debtor WHERE id = account)',
    )
    .replace(/\bchosen_zone\b/g, '(SELECT time_zone FROM debtor WHERE id = account)');
  return {
    name: call[1],
    sql: args.reduce(
      (sql, arg, i) => sql.replace(new RegExp(`\\b${rows[0].proargnames[i]}\\b`, 'g'), arg),
      chosen,
    ),
  };
}

/**
 * EXPLAIN ANALYZE of each statement (writes rolled back); plan node types and index use. A call of
 * a PL/pgSQL read is explained as the query its body returns.
 */
export async function explainStatements(databaseUrl, statements) {
  return withClient(databaseUrl, async (client) => {
    const explained = [];
    for (const { text, params } of statements) {
      await client.query('BEGIN');
      try {
        await behindTheWall(client, statements[0].params[0]);
        const body = await functionBody(client, text);
        const { rows } = await client.query(`EXPLAIN (ANALYZE, FORMAT JSON) ${body?.sql ?? text}`, params);
        const [plan] = rows[0]['QUERY PLAN'];
        const nodes = planNodes(plan.Plan);
        const scans = nodes.filter(isTableScan);
        // A Bitmap Heap Scan is fed by a Bitmap Index Scan: it counts as indexed.
        const indexed = scans.every((node) => usesIndex(node) || node.type === 'Bitmap Heap Scan');
        explained.push({
          statement: (body ? `${body.name}'s body: ${body.sql}` : text)
            .replace(/\s+/g, ' ')
            .trim()
            .slice(0, 70),
          nodes: nodes.map(
            (node) =>
              node.type + (node.index ? `(${node.index})` : node.relation ? `(${node.relation})` : ''),
          ),
          indexed,
          executionMs: plan['Execution Time'],
          planningMs: plan['Planning Time'],
        });
      } finally {
        await client.query('ROLLBACK');
      }
    }
    return explained;
  });
}

/**
 * The analysis statements replayed for many users inside PostgreSQL (EXPLAIN ANALYZE, BUFFERS,
 * TIMING OFF; in a rolled-back transaction): mean execution time per analysis and the buffers it
 * touched, of which how many were not in shared_buffers. This isolates the database from Node.
 */
/**
 * Puts the transaction where the app's requests run: as truenet_app, answering for the account's
 * current household (server/src/db/household-wall.ts), so the plans are the plans under row security.
 */
async function behindTheWall(client, accountId) {
  await client.query('SET LOCAL ROLE truenet_app');
  await client.query(
    `SELECT set_config('app.household_id', coalesce((SELECT current_household_id::text FROM debtor WHERE id = $1), ''), true)`,
    [accountId],
  );
}

export async function dbTimings(databaseUrl, statements, users) {
  const [first] = statements;
  const capturedId = first.params[0];
  const capturedZone = statements
    .flatMap((s) => s.params)
    .find((p) => typeof p === 'string' && p.includes('/'));
  return withClient(databaseUrl, async (client) => {
    let executionMs = 0;
    let hit = 0;
    let read = 0;
    for (const user of users) {
      await client.query('BEGIN');
      try {
        await behindTheWall(client, user.id);
        for (const { text, params } of statements) {
          const values = params.map((p) =>
            p === capturedId ? user.id : p === capturedZone ? user.timeZone : p,
          );
          const { rows } = await client.query(
            `EXPLAIN (ANALYZE, BUFFERS, TIMING OFF, FORMAT JSON) ${text}`,
            values,
          );
          const [plan] = rows[0]['QUERY PLAN'];
          executionMs += plan['Execution Time'];
          hit += plan.Plan['Shared Hit Blocks'] ?? 0;
          read += plan.Plan['Shared Read Blocks'] ?? 0;
        }
      } finally {
        await client.query('ROLLBACK');
      }
    }
    const n = users.length || 1;
    return {
      users: users.length,
      executionMs: executionMs / n,
      buffers: (hit + read) / n,
      readFromOs: read / n,
    };
  });
}

/** Alternating latency runs against the 1k and 100k APIs; p50 ratio is the scale figure. */
export async function scaleLatency({ small, large, rounds = 6, seconds = 2, connections = 1 }) {
  const runs = { small: [], large: [] };
  for (let round = 0; round < rounds; round += 1) {
    for (const [key, side] of [
      ['small', small],
      ['large', large],
    ]) {
      runs[key].push(await load(side.target, side.requests, { connections, duration: seconds }));
    }
  }
  const merge = (list) => ({
    latency: summarize(list.flatMap((run) => run.latencies)),
    rps: list.reduce((sum, run) => sum + run.rps, 0) / list.length,
    ok: list.reduce((sum, run) => sum + run.ok, 0),
    failed: list.reduce((sum, run) => sum + run.failed, 0),
  });
  const a = merge(runs.small);
  const b = merge(runs.large);
  return {
    small: a,
    large: b,
    ratioP50: b.latency.p50 / a.latency.p50,
    ratioMean: b.latency.mean / a.latency.mean,
  };
}

/**
 * Closing notes: for each SHORT figure, why (from this run's own measurements) and what would
 * close it. The explanations of known causes are keyed by what the measurements show (a statement's
 * text, a CPU split), so a note disappears when its cause is fixed.
 */

/** Known extra statements: what they are and how to fold them away. */
const STATEMENT_CAUSES = [
  {
    pattern: /^SELECT 1 FROM debtor WHERE id = \$1/,
    why: 'the per-request account-existence check of server/src/modules/auth/request-user.ts (a session token that outlived a deleted account is refused)',
    fix: 'check lazily instead of on every request: run the operation, and only when it finds nothing (empty list, NOT_FOUND wallet) ask whether the account still exists; for the analysis, let the time-zone statement prove it (`UPDATE debtor ... RETURNING id` / `SELECT time_zone FROM debtor` already reads the row: no row means UNAUTHENTICATED)',
  },
  {
    pattern: /^UPDATE debtor SET time_zone/,
    why: "remembering the request's time zone (a no-op UPDATE when unchanged)",
    fix: 'merge it with the account check into one statement (`UPDATE debtor SET time_zone = $2 WHERE id = $1 RETURNING time_zone`, which also proves the account exists)',
  },
  {
    pattern: /^SELECT id, name, description, balance_cents, is_default, last_update FROM wallet WHERE id/,
    why: 'findWallet, the ownership check before reading the register',
    fix: 'read the register with the ownership in the same statement (`FROM wallet w LEFT JOIN register_entry r ON r.wallet_id = w.id AND r.created_at >= $3 WHERE w.id = $1 AND w.debtor_id = $2`: no row means NOT_FOUND)',
  },
];

function sqlNote(row, operation) {
  const causes = STATEMENT_CAUSES.filter((cause) => operation.sql.some((text) => cause.pattern.test(text)));
  const list = operation.sql.map((text) => text.slice(0, 60)).join('; ');
  const explained = causes.map((cause) => `${cause.why}; to close it, ${cause.fix}`).join('. Also: ');
  return `${row.figure}: ${operation.statements} statements (${list}). ${explained ? `Over budget because of ${explained}.` : 'Fold the extra statements into the remaining ones.'}`;
}

export function closingNotes(report, results, details) {
  const notes = [];
  notes.push(...findings(results));
  for (const row of report.shorts) {
    const id = row.id;
    if (id.startsWith('sql-')) {
      const operation = results.sql.operations.find((op) => `sql-${op.operation}` === id);
      notes.push(sqlNote(row, operation));
    } else if (id.startsWith('ratio-') || id.startsWith('p99-')) {
      const c = Number(id.split('-c')[1]);
      const t = results.throughput.find((r) => r.connections === c);
      const api = t.api.cpuMsPerRequest;
      const floor = t.floor.cpuMsPerRequest;
      const load = details.loadAverageAfterThroughput?.[0];
      const common =
        `the API process spends ${api.toFixed(2)} ms of CPU per analysis against ${floor.toFixed(2)} ms for the floor, ` +
        `which runs the same service SQL, core function and presenter and writes the same JSON; the ${(api - floor).toFixed(2)} ms ` +
        "difference is the path around the service: the trusted-query lane ahead of Express's chain (helmet's recorded headers, " +
        "the JSON parser, jsonwebtoken, one writeHead), graphql-jit's compiled execution of every field of the " +
        'analysis and the garbage those make. Both run the same 1 statement (the snapshot, read through the account ' +
        'row that it proves).' +
        (results.profile
          ? ` Measured split of the API's busy CPU (BENCH_PROFILE): ${results.profile.layers
              .slice(0, 8)
              .map((entry) => `${entry.layer} ${(entry.share * 100).toFixed(0)}%`)
              .join(', ')}.`
          : ' (without BENCH_PROFILE=0, a measured split by layer is added here.)');
      const jwtFirst = results.profile?.hottest.some((entry) => entry.function.startsWith('createPublicKey'))
        ? 'verify access tokens with a KeyObject (first finding: the largest single cost); '
        : '';
      const fix =
        `What is left to close it: ${jwtFirst}the garbage of graphql-jit's answer tree (every leaf's error location ` +
        "and path built on every call) and of the snapshot's JSON; " +
        "one process per core where the cores are the API's own (the WEB_CONCURRENCY rows). Done already: requests " +
        "born with Express's prototypes (no per-request Object.setPrototypeOf, server/src/http-server.ts), the " +
        "account proven by the snapshot's own statement (one round trip per analysis), trusted documents parsed and " +
        "validated once, the browser's trusted queries answered ahead of Express's chain, passport and Apollo's " +
        'per-request pipeline (graphql/trusted-queries.ts), lone statements straight on the pg pool (no TypeORM query ' +
        'runner), one snapshot statement that PostgreSQL plans once per connection and the caller does not plan at all ' +
        '(`FROM finance_snapshot($1, $2)`, PL/pgSQL), "today" remembered per zone, request lines at debug, no ETag ' +
        "hashing, the schema's names (every answer's keys) one byte wide (graphql/schema.ts).";
      if (id.startsWith('ratio-')) {
        notes.push(`${row.figure} = ${row.value}: ${common} ${fix}`);
      } else {
        // A closed loop of c requests: mean latency = c / throughput, and one Node process can serve at most
        // 1000 / (its CPU ms per request) requests per second, whatever the rest of the machine does.
        const floorOfLatency = (cpu) => (c * cpu).toFixed(0);
        notes.push(
          `${row.figure} = ${row.value}: at c=${c} the latency is queueing: ${c} requests are always in flight against one ` +
            `Node process, so mean latency = ${c} / throughput, and one process serves at most 1000 / (its CPU ms per ` +
            `request) per second. With ${api.toFixed(2)} ms of CPU per analysis, the API cannot average below ` +
            `${floorOfLatency(api)} ms at c=${c} even on an idle machine; the floor (${floor.toFixed(2)} ms) could reach ` +
            `${floorOfLatency(floor)} ms. p99 ran at ${(t.api.latency.p99 / t.api.latency.p50).toFixed(1)} times the median ` +
            `here, and on a machine this busy it scales with the CPU per request, so 25 ms at c=${c} needs about ` +
            `${((api * 25) / t.api.latency.p99).toFixed(2)} ms of CPU per request per process, ` +
            `or more processes: run one instance per core (the API is stateless; node:cluster or the load balancer). ` +
            `This run's 1-minute load average was ${load} on ${details.machine.cpus} cores (other processes competed), ` +
            `which inflates every latency here, the floor's too (floor p99 ${t.floor.latency.p99.toFixed(1)} ms). ` +
            (report.shorts.some((other) => other.id.startsWith('ratio-'))
              ? "Where the API's CPU goes and what would reduce it: see the API / floor note."
              : `Where the API's CPU goes: ${common} ${fix}`),
        );
      }
    } else if (id === 'scale') {
      const s = results.scale;
      const dbRatio = s.db.large.executionMs / s.db.small.executionMs;
      const cacheMisses = s.db.large.readFromOs > 1;
      const database =
        `inside PostgreSQL the analysis statements take ${s.db.small.executionMs.toFixed(3)} ms at ${details.users.small} users ` +
        `and ${s.db.large.executionMs.toFixed(3)} ms at ${details.users.large} (×${dbRatio.toFixed(2)}), all through indexes, ` +
        `touching ${s.db.small.buffers.toFixed(0)} vs ${s.db.large.buffers.toFixed(0)} buffers, of which ` +
        `${s.db.small.readFromOs.toFixed(1)} vs ${s.db.large.readFromOs.toFixed(1)} were not in shared_buffers ` +
        `(${details.database?.shared_buffers}; the ${details.users.large}-user database is ${details.database?.sizeMiB?.large} MiB)`;
      if (dbRatio > 1.2 || cacheMisses) {
        notes.push(
          `${row.figure} = ${row.value}: ${database}. The plans stay index scans, so the growth is the working set leaving ` +
            "the cache: a user's deposits, liabilities and register rows are spread over many pages (they arrive over " +
            'time). What would close it: shared_buffers sized to the active working set (128MB is the default; 25% of ' +
            'RAM is the usual start) and fewer heap pages per analysis: covering indexes for index-only scans ' +
            '(`liability (debtor_id, due_date) INCLUDE (...)`) or a periodic CLUSTER on the per-user indexes.',
        );
      } else {
        notes.push(
          `${row.figure} = ${row.value}: not the data: ${database}, and the floor (same SQL and core, no framework) ` +
            `moved by ×${s.floor.ratioP50.toFixed(2)} between the same two databases. The API difference ` +
            `(${s.api.small.latency.p50.toFixed(2)} → ${s.api.large.latency.p50.toFixed(2)} ms p50) is within the noise of ` +
            `this machine (1-minute load average ${details.loadAverageAfterThroughput?.[0]} on ${details.machine.cpus} cores, ` +
            'from other processes): re-run when it is quiet. Nothing in the schema needs to change for 100k users.',
        );
      }
    } else if (id === 'explain') {
      const seq = results.explained.large
        .filter((e) => !e.indexed)
        .map((e) => `${e.statement}: ${e.nodes.join(' > ')}`);
      notes.push(
        `${row.figure}: a table is read without an index: ${seq.join(' | ')}. Add the per-user index the statement needs.`,
      );
    } else if (id === 'memory') {
      notes.push(
        `${row.figure} = ${row.value}: RSS kept growing after warm-up (${results.memory.samples.map((x) => x.rssMiB.toFixed(0)).join(' → ')} MiB). ` +
          'Take two heap snapshots 50k requests apart (node --inspect, or --heapsnapshot-signal) and compare retained objects ' +
          '(per-request caches keyed by user, DataLoaders kept beyond the request, unbounded LRU of parsed documents).',
      );
    } else if (id === 'memory-requests') {
      notes.push(
        `${row.figure}: the top-up stopped at the deadline that keeps the whole bench under 10 minutes; ` +
          `at ${results.memory.topUp?.rps.toFixed(0)} req/s the API could not serve 100k requests in the time left. ` +
          "The RSS figure is over the requests served. Raising the API's throughput (see the API/floor note) closes it.",
      );
    } else if (id.startsWith('client-')) {
      const largest = results.client.largestJs
        .map((file) => `${file.name} ${file.kib.toFixed(1)} KiB`)
        .join(', ');
      notes.push(
        `${row.figure} = ${row.value}: largest chunks ${largest}. Fetch screens people open rarely as chunks of their own (lazy), and check what pulls the largest chunk in.`,
      );
    } else if (id === 'engine') {
      notes.push(
        `${row.figure} = ${row.value}: profile core/bench/analysis.bench.ts (node --cpu-prof) for the hot loop.`,
      );
    } else if (id === 'total') {
      notes.push(
        `${row.figure} = ${row.value}: phases ${JSON.stringify(details.phases ?? {})}. Lower BENCH_SECONDS or run on a quieter machine.`,
      );
    } else if (id === 'validation') {
      notes.push(
        `${row.figure}: the floor and the API disagree, so the floor does not do the same work: ${JSON.stringify(results.validation)}`,
      );
    } else {
      notes.push(`${row.figure}: SHORT (${row.value}, budget ${row.budget}).`);
    }
  }
  return notes;
}

/** Problems found where the issue sets no budget (so no SHORT mark), with what would close them. */
function findings(results) {
  const found = [];
  const jwtHot = results.profile?.hottest.find(
    (entry) => entry.function.startsWith('createPublicKey') && /jsonwebtoken/.test(entry.layer),
  );
  if (jwtHot) {
    const cost = results.profile.jwtVerify;
    found.push(
      `Finding: ${(jwtHot.share * 100).toFixed(0)}% of the API's CPU is crypto.createPublicKey inside jsonwebtoken's verify. ` +
        'server/src/modules/auth/access-token.ts gives passport-jwt the secret as a string (`secretOrKey: config.jwtSecret`); ' +
        'for a string, jsonwebtoken 9 first tries to parse it as a public key on every verification, and only after that ' +
        `throws falls back to createSecretKey: ${cost.stringUs.toFixed(0)} µs per verify against ${cost.keyObjectUs.toFixed(1)} µs ` +
        'with a KeyObject (measured here). To close it: `secretOrKey: createSecretKey(Buffer.from(config.jwtSecret))` ' +
        '(node:crypto), built once, and the same KeyObject for jwt.sign in signAccessToken. The floor verifies with a ' +
        'KeyObject.',
    );
  }
  const op = (name) => results.sql.operations.find((operation) => operation.operation.startsWith(name));
  const paid = op('savePaidInfo');
  if (paid && paid.statements > 12) {
    const perRow = paid.sql.filter((text) => /^UPDATE liability SET due_date/.test(text)).length;
    found.push(
      `Finding (no budget): 'Save Paid Info' with 20 settled rows sends ${paid.statements} statements ` +
        `(p50 ${results.writes.savePaidInfo.latency.p50.toFixed(1)} ms through the API): server/src/modules/liabilities/` +
        `paid-info.service.ts loops over the rows (${perRow} × UPDATE liability, then per settled row one INSERT register_entry ` +
        'and one UPDATE wallet). To close it: one `UPDATE liability l SET ... FROM unnest($1::int[], $2::date[], ...) AS t(...) ' +
        'WHERE l.id = t.id AND l.debtor_id = $n` for all rows, one writeRegisterEntries call with every line (it already ' +
        'takes many), and one `UPDATE wallet ... FROM (SELECT wallet_id, sum(...) ...)` for the paying wallets: about 8 ' +
        'statements whatever the number of rows.',
    );
  }
  const token = op('cashFlowAnalysis (API token)');
  if (token && token.sql.some((text) => /^UPDATE api_token/.test(text))) {
    found.push(
      'Finding (no budget): every request with a personal API token writes `UPDATE api_token SET last_used_at = now()` ' +
        '(modules/tokens/tokens.service.ts): scripts that poll turn each read into a write (WAL, row versions, vacuum). ' +
        'To close it: look the token up with a SELECT and write last_used_at only when it is more than a minute old ' +
        '(one SELECT per request, at most one UPDATE per token per minute; "last use" keeps minute precision).',
    );
  }
  return found;
}

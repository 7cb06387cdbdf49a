/**
 * Load driving: the client's own `DashboardAnalysis` document, signed access tokens for many
 * different users, and autocannon runs that record every response's latency (float ms; autocannon's
 * own histogram rounds to whole milliseconds).
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import autocannon from 'autocannon';
import { fromServer, REPO } from './lib/paths.mjs';
import { shuffle, summarize } from './lib/stats.mjs';
import { withClient } from './lib/db.mjs';

const OCCURRENCE_FRAGMENTS = `
fragment IncomeOccurrenceRow on IncomeOccurrence {
  incomeSourceId sourceName date amount deposited active
}
fragment LiabilityOccurrenceRow on LiabilityOccurrence {
  liabilityId creditorName debtType dueDate amount current paid cleared pastDue autoPaid paidFromWalletId
  settled paidOn amountPaid paymentId
}
fragment AnalysisView on CashFlowAnalysis {
  asOf periodStart nextIncomeDate nextIncomeTotal lastIncomeTotal obligationsTotal netIncomeThisPeriod availableCash
  walletAvailableBalance
  lastIncomeReceived { ...IncomeOccurrenceRow }
  nextIncome { ...IncomeOccurrenceRow }
  obligations { ...LiabilityOccurrenceRow }
  comingDue { ...LiabilityOccurrenceRow }
  wallets { walletId walletName balance availableBalance defaultWallet lastUpdate }
  setAsideThisPeriod netIncomeAfterSetAside heldForBills
  setAsideBills { liabilityId name frequency nextDueDate payment shareThisPeriod heldNow }
}`;

/** The dashboard's analysis query, as client/src/features/analysis sends it. */
export const ANALYSIS_QUERY = `query DashboardAnalysis($walletId: ID, $timeZone: String) {
  cashFlowAnalysis(walletId: $walletId, timeZone: $timeZone) { ...AnalysisView }
}
${OCCURRENCE_FRAGMENTS}`;

export const ACTION_FRAGMENTS = `${OCCURRENCE_FRAGMENTS}
fragment WalletRow on Wallet { id walletName walletDescription balance defaultWallet lastUpdate }
fragment LiabilityRow on Liability {
  id creditorName creditorUrl creditorDescription debtType frequency dueDate balance payment autoPay
  currentPaid currentCleared paidFromWalletId
}`;

export function tokenSigner(jwtSecret) {
  const { signAccessToken } = fromServer('modules/auth/access-token.js');
  return (userId) => signAccessToken({ jwtSecret }, { id: userId, role: 'USER' });
}

/** `count` distinct random users (id, default wallet, time zone), skipping ids below `skipBelow`. */
export async function sampleUsers(databaseUrl, { count, maxId, skipBelow = 1, seed = 7 }) {
  const ids = shuffle(
    Array.from({ length: maxId - skipBelow + 1 }, (_, i) => skipBelow + i),
    seed,
  ).slice(0, count);
  return withClient(databaseUrl, async (client) => {
    const { rows } = await client.query(
      `SELECT d.id, d.time_zone, w.id AS wallet_id
         FROM debtor d JOIN wallet w ON w.household_id = d.current_household_id AND w.is_default
        WHERE d.id = ANY($1::int[])`,
      [ids],
    );
    return shuffle(
      rows.map((row) => ({ id: row.id, walletId: String(row.wallet_id), timeZone: row.time_zone })),
      seed + 1,
    );
  });
}

/**
 * The dashboard's analysis as the browser sends it: a trusted document, by its SHA-256 only
 * (graphql-codegen's persisted documents; the server holds the text, parsed and validated).
 */
export function persistedAnalysisExtensions() {
  const documents = JSON.parse(
    readFileSync(path.join(REPO, 'client/src/gql/persisted-documents.json'), 'utf8'),
  );
  const hash = Object.keys(documents).find((key) => /\bquery DashboardAnalysis\b/.test(documents[key]));
  if (!hash) throw new Error('client/src/gql/persisted-documents.json holds no DashboardAnalysis query');
  return { persistedQuery: { version: 1, sha256Hash: hash.replace(/^sha256:/, '') } };
}

/** One prebuilt HTTP request per user: the analysis, as the web client asks it, with that user's token. */
export function analysisRequests(users, sign) {
  const extensions = persistedAnalysisExtensions();
  return users.map((user) => ({
    headers: { 'content-type': 'application/json', authorization: `Bearer ${sign(user.id)}` },
    body: JSON.stringify({
      operationName: 'DashboardAnalysis',
      variables: { walletId: user.walletId, timeZone: user.timeZone },
      extensions,
    }),
  }));
}

/**
 * POSTs JSON to `${url}/graphql` with node:http. Without an `agent`, each call has its own
 * connection: a pooled keep-alive socket that the server closed while this process was busy
 * would otherwise fail the next request ("other side closed").
 */
export function postJson(url, request, agent = false) {
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${url}/graphql`,
      {
        method: 'POST',
        headers: { ...request.headers, 'content-length': Buffer.byteLength(request.body) },
        agent,
      },
      (res) => {
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('end', () => {
          try {
            resolve({ status: res.statusCode, json: JSON.parse(Buffer.concat(chunks).toString('utf8')) });
          } catch (error) {
            reject(new Error(`POST ${url}/graphql: HTTP ${res.statusCode}, not JSON (${error.message})`));
          }
        });
      },
    );
    req.on('error', (error) => reject(new Error(`POST ${url}/graphql: ${error.message}`)));
    req.end(request.body);
  });
}

/**
 * One autocannon run over the prebuilt requests (round robin). Either `duration` (s) or `amount`
 * (then `maxSeconds` stops it early). `onTick(responses)` is called every second.
 */
export async function load(target, requests, { connections, duration, amount, maxSeconds, onTick }) {
  let next = 0;
  const latencies = [];
  let ok = 0;
  let failed = 0;
  const started = performance.now();
  const instance = autocannon({
    url: `${target.url}/graphql`,
    connections,
    pipelining: 1,
    ...(amount ? { amount } : { duration }),
    timeout: 30,
    requests: [
      {
        method: 'POST',
        setupRequest(request) {
          const prebuilt = requests[next++ % requests.length];
          return { ...request, headers: prebuilt.headers, body: prebuilt.body };
        },
      },
    ],
  });
  instance.on('response', (_client, statusCode, _bytes, ms) => {
    if (statusCode === 200) {
      ok += 1;
      latencies.push(ms);
    } else failed += 1;
  });
  const ticker = onTick ? setInterval(() => onTick(ok), 1000) : undefined;
  const stopper = amount && maxSeconds ? setTimeout(() => instance.stop(), maxSeconds * 1000) : undefined;
  const result = await instance;
  clearInterval(ticker);
  clearTimeout(stopper);
  const seconds = (performance.now() - started) / 1000;
  return {
    target: target.name,
    connections,
    seconds,
    ok,
    failed: failed + result.errors + result.timeouts,
    rps: ok / seconds,
    latency: summarize(latencies),
    latencies,
  };
}

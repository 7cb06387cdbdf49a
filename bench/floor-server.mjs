/**
 * The FLOOR of `cashFlowAnalysis`: the same work as the API with nothing around it. A bare
 * `node:http` handler verifies the same HS256 access token, reads the same GraphQL variables,
 * runs the analysis service's own SQL through `pg` (it calls the service's exported loaders with a
 * `pg` pool in place of TypeORM), runs the same core function and presenter, and writes the JSON
 * the API answers the web client's `DashboardAnalysis` (Money as dollars, and the `__typename` of
 * every object below the operation, which the browser's trusted documents carry for Apollo
 * Client's cache). No Express, Apollo, passport, TypeORM or logging.
 *
 * Run as a child process by bench/run.mjs: DATABASE_URL, PORT, JWT_SECRET in the environment.
 * Prints `listening <port>` when ready.
 */
import { createSecretKey } from 'node:crypto';
import http from 'node:http';
import { fromServer, serverRequire } from './lib/paths.mjs';

const pg = serverRequire('pg');
const jwt = serverRequire('jsonwebtoken');
const { userDay, rememberZone } = fromServer('input/today.js');
const { loadCallerSnapshot, analyzeSnapshot } = fromServer('modules/analysis/analysis.service.js');
const { presentAnalysis } = fromServer('modules/analysis/analysis.presenter.js');

// A KeyObject: given a string, jsonwebtoken first tries (and fails) to parse it as a public key on
// every verify, which costs ~50x the HMAC itself.
const secret = createSecretKey(Buffer.from(process.env.JWT_SECRET ?? ''));
// The same pool size as the server's (config.ts: DATABASE_POOL_SIZE).
const { DEFAULT_DATABASE_POOL_SIZE } = fromServer('config.js');
const pool = new pg.Pool({
  connectionString: process.env.DATABASE_URL,
  max: Number(process.env.DATABASE_POOL_SIZE ?? DEFAULT_DATABASE_POOL_SIZE),
});
/** The service's `Queryable`: `query(sql, params)` answering rows. */
const db = { query: (text, params) => pool.query(text, params).then((result) => result.rows) };
const clock = { now: () => new Date() };

const cents = (value) => (value === null || value === undefined ? value : value / 100);
const occurrence = (typename) => (row) => ({
  __typename: typename,
  ...row,
  amount: cents(row.amount),
  ...('amountPaid' in row ? { amountPaid: cents(row.amountPaid) } : {}),
});

/** The Money scalar's serialization (cents to dollars) over the presented analysis. */
function asJson(analysis) {
  return {
    __typename: 'CashFlowAnalysis',
    ...analysis,
    nextIncomeTotal: cents(analysis.nextIncomeTotal),
    lastIncomeTotal: cents(analysis.lastIncomeTotal),
    obligationsTotal: cents(analysis.obligationsTotal),
    netIncomeThisPeriod: cents(analysis.netIncomeThisPeriod),
    availableCash: cents(analysis.availableCash),
    walletAvailableBalance: cents(analysis.walletAvailableBalance),
    lastIncomeReceived: analysis.lastIncomeReceived.map(occurrence('IncomeOccurrence')),
    nextIncome: analysis.nextIncome.map(occurrence('IncomeOccurrence')),
    obligations: analysis.obligations.map(occurrence('LiabilityOccurrence')),
    comingDue: analysis.comingDue.map(occurrence('LiabilityOccurrence')),
    wallets: analysis.wallets.map((wallet) => ({
      __typename: 'WalletSummary',
      ...wallet,
      balance: cents(wallet.balance),
      availableBalance: cents(wallet.availableBalance),
    })),
    setAsideThisPeriod: cents(analysis.setAsideThisPeriod),
    netIncomeAfterSetAside: cents(analysis.netIncomeAfterSetAside),
    heldForBills: cents(analysis.heldForBills),
    setAsideBills: analysis.setAsideBills.map((bill) => ({
      __typename: 'SetAsideBill',
      ...bill,
      payment: cents(bill.payment),
      shareThisPeriod: cents(bill.shareThisPeriod),
      heldNow: cents(bill.heldNow),
    })),
  };
}

function send(res, status, payload) {
  const body = JSON.stringify(payload);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
  res.end(body);
}

async function handle(req, res) {
  if (req.url === '/healthz') return send(res, 200, { status: 'ok' });
  const chunks = [];
  for await (const chunk of req) chunks.push(chunk);
  const bearer = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1];
  let claims;
  try {
    claims = jwt.verify(bearer, secret, {
      algorithms: ['HS256'],
      issuer: 'truenet',
      audience: 'truenet-api',
    });
  } catch {
    return send(res, 401, { errors: [{ message: 'Invalid or expired access token' }] });
  }
  const debtorId = Number(claims.sub);
  const { walletId, timeZone } = JSON.parse(Buffer.concat(chunks).toString('utf8')).variables ?? {};
  const day = await userDay(db, clock, { id: debtorId }, timeZone ?? null);
  const today = day.today;
  const loaded = await loadCallerSnapshot(db, { id: debtorId }, today);
  if (!loaded) return send(res, 401, { errors: [{ message: 'This account no longer exists' }] });
  if (day.newZone && day.newZone !== loaded.storedZone) await rememberZone(db, debtorId, day);
  const snapshot = loaded.snapshot;
  const analysis = analyzeSnapshot(snapshot, today, walletId ? Number(walletId) : null);
  send(res, 200, { data: { cashFlowAnalysis: asJson(presentAnalysis(analysis)) } });
}

const server = http.createServer((req, res) => {
  handle(req, res).catch((error) =>
    send(res, 500, { errors: [{ message: String(error?.message ?? error) }] }),
  );
});
server.keepAliveTimeout = 65_000;
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  console.log(`listening ${server.address().port}`);
});
process.on('SIGTERM', () => {
  server.close();
  server.closeAllConnections();
  pool.end().finally(() => process.exit(0));
});

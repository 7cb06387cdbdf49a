/**
 * SQL statements per operation. The production app (server/dist/app.js createApp, deps built as
 * server/dist/main.js builds them, NODE_ENV=production, logs silent, no background jobs) runs in
 * this process; `pg.Client.prototype.query` of the very `pg` TypeORM loads is wrapped to record
 * every statement sent to PostgreSQL. Operations run one at a time over HTTP, so the statements
 * recorded between a request and its response are that request's. BEGIN/COMMIT/ROLLBACK are
 * counted apart from the statements doing work.
 *
 * The analysis statements are kept (with their parameters) for the EXPLAIN of scale.mjs.
 */
import { fromServer } from './lib/paths.mjs';
import { CONTROL, recordStatements } from './lib/statements.mjs';
import { ACTION_FRAGMENTS, ANALYSIS_QUERY, postJson } from './load.mjs';
import { depositFixtures, paidInfoFixtures } from './fixtures.mjs';
import { FORECAST_QUERY } from './forecast.mjs';
import { withClient } from './lib/db.mjs';

export const BENCH_PASSWORD = 'Bench-password-1';
export const SQL_BUDGETS = {
  // The snapshot's statement proves the account when the request names its zone, as the browser's
  // does; without one, the account's look-up (for its zone) comes first.
  cashFlowAnalysis: 1,
  'cashFlowAnalysis (no timeZone)': 2,
  balanceForecast: 1,
  'balanceForecast (no timeZone)': 2,
  wallets: 2,
  incomeSources: 2,
  liabilities: 2,
  walletRegister: 2,
  // Settling is batched: the same count for 1 row or 20 (authentication, the zone, the locks, the
  // batched writes, and the one load of the answer).
  savePaidInfo: 10,
  undoLiabilityPayment: 12,
  skipLiabilityOccurrence: 10,
};

async function startInProcessApp(databaseUrl, jwtSecret) {
  const { loadConfig } = fromServer('config.js');
  const { openDatabase } = fromServer('db/database.js');
  const { createApp } = fromServer('app.js');
  const { createHttpServer } = fromServer('http-server.js');
  const { createLogger } = fromServer('logger.js');
  const { createMailer } = fromServer('modules/mail/mailer.js');
  const { createBillingProvider } = fromServer('modules/billing/billing-provider.js');
  const { systemClock } = fromServer('deps.js');
  const { createMetrics } = fromServer('observability/metrics.js');
  const config = loadConfig({
    NODE_ENV: 'production',
    SECRETS_KEY: '5ec2e75ec2e75ec2e75ec2e75ec2e75ec2e75ec2e75ec2e75ec2e75ec2e75ec2',
    DATABASE_URL: databaseUrl,
    JWT_SECRET: jwtSecret,
    BILLING: 'offline',
    LOG_LEVEL: 'silent',
    PORT: '0',
    // Each operation is sent as a script would send it: its own document's text.
    TRUSTED_DOCUMENTS: 'off',
  });
  const db = await openDatabase(config);
  const logger = createLogger('silent');
  const deps = {
    config,
    dataSource: db.dataSource,
    logger,
    mailer: createMailer(config, db.dataSource, logger),
    billing: createBillingProvider(config),
    clock: systemClock,
    metrics: createMetrics(config.metrics.enabled),
  };
  const { app, stop } = await createApp(deps);
  const server = await new Promise((resolve) => {
    const listening = createHttpServer(app).listen(0, '127.0.0.1', () => resolve(listening));
  });
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    async close() {
      server.close();
      server.closeAllConnections();
      await stop();
      await db.close();
    },
  };
}

const WALLET = 'id walletName balance defaultWallet';
const ACTION = `wallet { ...WalletRow } liabilities { ...LiabilityRow } analysis { ...AnalysisView }`;

/** The operations measured, in order; each returns [query, variables] from the shared state. */
function operations(s) {
  const zone = s.timeZone;
  const mutation = (name, text) => ({ name, kind: 'mutation', text });
  const query = (name, text) => ({ name, kind: 'query', text });
  return [
    {
      ...query('cashFlowAnalysis', ANALYSIS_QUERY),
      variables: () => ({ walletId: s.walletId, timeZone: zone }),
    },
    {
      ...query('cashFlowAnalysis (no timeZone)', ANALYSIS_QUERY),
      variables: () => ({ walletId: s.walletId }),
    },
    {
      ...query('balanceForecast', FORECAST_QUERY),
      variables: () => ({ walletId: s.walletId, timeZone: zone }),
    },
    {
      ...query('balanceForecast (no timeZone)', FORECAST_QUERY),
    },
    { ...query('wallets', `query { wallets { ${WALLET} walletDescription lastUpdate } }`) },
    {
      ...query(
        'incomeSources',
        'query { incomeSources { id sourceName incomeFrequency nextPmtDate paymentAmount sourceStatus } }',
      ),
    },
    {
      ...query(
        'liabilities',
        'query { liabilities { id creditorName dueDate payment currentPaid currentCleared } }',
      ),
    },
    {
      ...query(
        'walletRegister',
        'query ($w: ID!) { walletRegister(walletId: $w) { id direction amount date createdAt } }',
      ),
      variables: () => ({ w: s.walletId }),
    },
    { ...query('me', 'query { me { id userName email subscription { status canWrite } } }') },
    {
      ...mutation(
        'login',
        'mutation ($u: String!, $p: String!) { login(userName: $u, userPassword: $p) { uid accessToken } }',
      ),
      variables: () => ({ u: `bench${s.userId}`, p: BENCH_PASSWORD }),
    },
    {
      ...mutation('addWallet', `mutation ($i: WalletInput!) { addWallet(input: $i) { ${WALLET} } }`),
      variables: () => ({ i: { walletName: 'Bench wallet', balance: 250, timeZone: zone } }),
      keep: (data) => (s.newWalletId = data.addWallet.id),
    },
    {
      ...mutation(
        'updateWallet',
        `mutation ($id: ID!, $i: WalletInput!) { updateWallet(id: $id, input: $i) { ${WALLET} } }`,
      ),
      variables: () => ({
        id: s.newWalletId,
        i: { walletName: 'Bench wallet 2', balance: 300, timeZone: zone },
      }),
    },
    {
      ...mutation(
        'updateWalletBalance (spent)',
        `mutation ($i: UpdateWalletBalanceInput!) { updateWalletBalance(input: $i) { ${WALLET} } }`,
      ),
      variables: () => ({
        i: {
          walletId: s.newWalletId,
          transaction: { direction: 'SPENT', amount: 12.5, transactionDescription: 'Coffee' },
          timeZone: zone,
        },
      }),
    },
    {
      ...mutation(
        'updateWalletBalance (new balance)',
        `mutation ($i: UpdateWalletBalanceInput!) { updateWalletBalance(input: $i) { ${WALLET} } }`,
      ),
      variables: () => ({ i: { walletId: s.newWalletId, balance: 1000, timeZone: zone } }),
    },
    {
      ...mutation(
        'setDefaultWallet',
        `mutation ($id: ID!) { setDefaultWallet(id: $id) { id defaultWallet } }`,
      ),
      variables: () => ({ id: s.newWalletId }),
    },
    {
      ...mutation(
        'setDefaultWallet (back)',
        `mutation ($id: ID!) { setDefaultWallet(id: $id) { id defaultWallet } }`,
      ),
      variables: () => ({ id: s.walletId }),
      hidden: true,
    },
    {
      ...mutation('deleteWallet', 'mutation ($id: ID!) { deleteWallet(id: $id) { id deleted } }'),
      variables: () => ({ id: s.newWalletId }),
    },
    {
      ...mutation(
        'addIncomeSource',
        'mutation ($i: IncomeSourceInput!) { addIncomeSource(input: $i) { id sourceName } }',
      ),
      variables: () => ({
        i: {
          sourceName: 'Bench payroll',
          incomeFrequency: 'BIWEEKLY',
          nextPmtDate: s.today,
          paymentAmount: 1500,
          timeZone: zone,
        },
      }),
      keep: (data) => (s.newSourceId = data.addIncomeSource.id),
    },
    {
      ...mutation(
        'updateIncomeSource',
        'mutation ($id: ID!, $i: IncomeSourceInput!) { updateIncomeSource(id: $id, input: $i) { id sourceName } }',
      ),
      variables: () => ({
        id: s.newSourceId,
        i: {
          sourceName: 'Bench payroll 2',
          incomeFrequency: 'MONTHLY',
          nextPmtDate: s.today,
          paymentAmount: 1600,
          timeZone: zone,
        },
      }),
    },
    {
      ...mutation('deleteIncomeSource', 'mutation ($id: ID!) { deleteIncomeSource(id: $id) { id deleted } }'),
      variables: () => ({ id: s.newSourceId }),
    },
    {
      ...mutation(
        'addLiability',
        'mutation ($i: LiabilityInput!) { addLiability(input: $i) { id creditorName } }',
      ),
      variables: () => ({
        i: {
          creditorName: 'Bench utility',
          debtType: 'UTILITY',
          frequency: 'MONTHLY',
          dueDate: s.today,
          payment: 80,
          timeZone: zone,
        },
      }),
      keep: (data) => (s.newLiabilityId = data.addLiability.id),
    },
    {
      ...mutation(
        'updateLiability',
        'mutation ($id: ID!, $i: LiabilityInput!) { updateLiability(id: $id, input: $i) { id } }',
      ),
      variables: () => ({
        id: s.newLiabilityId,
        i: {
          creditorName: 'Bench utility 2',
          debtType: 'UTILITY',
          frequency: 'MONTHLY',
          dueDate: s.today,
          payment: 90,
          timeZone: zone,
        },
      }),
    },
    {
      ...mutation('deleteLiability', 'mutation ($id: ID!) { deleteLiability(id: $id) { id deleted } }'),
      variables: () => ({ id: s.newLiabilityId }),
    },
    {
      ...mutation(
        'depositPay (3 occurrences)',
        `mutation ($w: ID!, $o: [IncomeOccurrenceInput!]!, $z: String) { depositPay(walletId: $w, occurrences: $o, timeZone: $z) { ${ACTION} } } ${ACTION_FRAGMENTS}`,
      ),
      as: 'deposit',
      variables: () => ({ w: s.deposit.walletId, o: s.deposit.occurrences, z: s.deposit.timeZone }),
    },
    // Settling 1 row and 20 rows take the same statements: the writes are batched.
    {
      ...mutation(
        'savePaidInfo (1 row settled)',
        `mutation ($w: ID!, $c: [PaidInfoInput!]!, $z: String) { savePaidInfo(walletId: $w, changes: $c, timeZone: $z) { ${ACTION} } } ${ACTION_FRAGMENTS}`,
      ),
      as: 'paid',
      budgetAs: 'savePaidInfo',
      variables: () => ({ w: s.paid.walletId, c: s.paid.changes.slice(0, 1), z: s.paid.timeZone }),
    },
    {
      ...mutation(
        'savePaidInfo (20 rows settled)',
        `mutation ($w: ID!, $c: [PaidInfoInput!]!, $z: String) { savePaidInfo(walletId: $w, changes: $c, timeZone: $z) { ${ACTION} } } ${ACTION_FRAGMENTS}`,
      ),
      as: 'paid',
      budgetAs: 'savePaidInfo',
      variables: () => ({ w: s.paid.walletId, c: s.paid.changes.slice(1, 21), z: s.paid.timeZone }),
    },
    {
      ...query(
        'liabilityPayments',
        'query ($l: ID) { liabilityPayments(liabilityId: $l) { id dueDate amount kind } }',
      ),
      as: 'paid',
      variables: () => ({ l: s.paid.changes[1].liabilityId }),
      keep: (data) => {
        s.paymentId = data.liabilityPayments[0]?.id;
      },
    },
    {
      ...mutation(
        'undoLiabilityPayment',
        `mutation ($p: ID!, $w: ID, $z: String) { undoLiabilityPayment(paymentId: $p, walletId: $w, timeZone: $z) {
          payment { id } wallets { ...WalletRow } liabilities { ...LiabilityRow } analysis { ...AnalysisView } } } ${ACTION_FRAGMENTS}`,
      ),
      as: 'paid',
      variables: () => ({ p: s.paymentId, w: s.paid.walletId, z: s.paid.timeZone }),
    },
    {
      ...mutation(
        'skipLiabilityOccurrence',
        `mutation ($l: ID!, $d: Date!, $w: ID, $z: String) { skipLiabilityOccurrence(liabilityId: $l, dueDate: $d, walletId: $w, timeZone: $z) {
          payment { id } wallets { ...WalletRow } liabilities { ...LiabilityRow } analysis { ...AnalysisView } } } ${ACTION_FRAGMENTS}`,
      ),
      as: 'paid',
      // The undo above made this occurrence current again: skip it this time.
      variables: () => ({
        l: s.paid.changes[1].liabilityId,
        d: s.paid.changes[1].dueDate,
        w: s.paid.walletId,
        z: s.paid.timeZone,
      }),
    },
    {
      ...mutation(
        'updateAccount',
        'mutation ($i: UpdateAccountInput!) { updateAccount(input: $i) { id firstName } }',
      ),
      variables: () => ({
        i: { firstName: 'Bench', lastName: 'User', email: `bench${s.userId}@example.test` },
      }),
    },
    {
      ...mutation(
        'createApiToken',
        'mutation { createApiToken(name: "bench script", scope: READ) { token { id } secret } }',
      ),
      keep: (data) => {
        s.apiTokenId = data.createApiToken.token.id;
        s.apiSecret = data.createApiToken.secret;
      },
    },
    // A new token's first use always writes its last use; the figure is a script's next request.
    {
      ...query('cashFlowAnalysis (API token, first use)', ANALYSIS_QUERY),
      variables: () => ({ walletId: s.walletId }),
      bearer: () => s.apiSecret,
      hidden: true,
    },
    {
      ...query('cashFlowAnalysis (API token)', ANALYSIS_QUERY),
      variables: () => ({ walletId: s.walletId }),
      bearer: () => s.apiSecret,
    },
    {
      ...mutation('revokeApiToken', 'mutation ($id: ID!) { revokeApiToken(id: $id) }'),
      variables: () => ({ id: s.apiTokenId }),
    },
  ];
}

export async function countStatements({ databaseUrl, jwtSecret, sign, userId, today }) {
  const [deposit] = await depositFixtures(databaseUrl, { count: 1, fromId: userId + 1 });
  const [paid] = await paidInfoFixtures(databaseUrl, { count: 1, fromId: userId + 1, rows: 21 });
  if (!deposit || !paid) {
    throw new Error(
      `sql statements: no user from id ${userId + 1} has ${deposit ? '21 liabilities' : '3 pay dates in the last 60 days'} ` +
        '(bench/fixtures.mjs); the generated data is too small or the generator changed',
    );
  }
  const user = await withClient(
    databaseUrl,
    async (client) =>
      (
        await client.query(
          `SELECT d.time_zone, w.id AS wallet_id FROM debtor d JOIN wallet w ON w.household_id = d.current_household_id AND w.is_default
          WHERE d.id = $1`,
          [userId],
        )
      ).rows[0],
  );
  const state = { userId, walletId: String(user.wallet_id), timeZone: user.time_zone, today, deposit, paid };
  const tokens = {
    [userId]: sign(userId),
    [deposit.userId]: sign(deposit.userId),
    [paid.userId]: sign(paid.userId),
  };

  const recorder = recordStatements();
  const app = await startInProcessApp(databaseUrl, jwtSecret);
  const results = [];
  let analysisStatements = [];
  try {
    for (const op of operations(state)) {
      const actingUser = op.as ? state[op.as].userId : userId;
      const bearer = op.bearer ? op.bearer() : tokens[actingUser];
      const body = JSON.stringify({ query: op.text, variables: op.variables ? op.variables() : {} });
      const before = recorder.recorded.length;
      const { json } = await postJson(app.url, {
        headers: { 'content-type': 'application/json', authorization: `Bearer ${bearer}` },
        body,
      });
      const statements = recorder.recorded.slice(before);
      if (op.name === 'cashFlowAnalysis') {
        analysisStatements = statements.filter((statement) => !CONTROL.test(statement.text));
      }
      if (json.data && !json.errors && op.keep) op.keep(json.data);
      if (op.hidden) continue;
      const work = statements.filter((statement) => !CONTROL.test(statement.text));
      const budget = SQL_BUDGETS[op.budgetAs ?? op.name];
      results.push({
        operation: op.name,
        kind: op.kind,
        statements: work.length,
        transactionControl: statements.length - work.length,
        budget: budget ?? null,
        error: json.errors ? json.errors.map((error) => error.message).join('; ') : null,
        sql: work.map((statement) => statement.text.replace(/\s+/g, ' ').trim().slice(0, 90)),
      });
    }
  } finally {
    await app.close();
    recorder.restore();
  }
  return { operations: results, analysisStatements };
}

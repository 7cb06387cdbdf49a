import { startJobs } from '../jobs';
import { eventually } from '../test/eventually';
import { newUser } from '../test/finance';
import { buildDebtor, DEFAULT_PASSWORD } from '../test/factories';
import { LOGIN, refreshCookieOf } from '../test/accounts';
import { startTestApp, type TestApp } from '../test/harness';
import { trustedHashOf } from '../test/trusted-operations';
import { databaseForJobs, type TestDatabase } from '../test/test-database';

/**
 * GET /metrics as Prometheus scrapes it: the names and labels of docs/product-rules.md §18, route
 * templates (never a raw path with an id), GraphQL operations by name, counts that move by
 * exactly one request, the jobs' runs, the pool; closed in production without METRICS_TOKEN.
 */

const PRODUCTION = {
  NODE_ENV: 'production',
  SECRETS_KEY: '5ec2e75ec2e75ec2e75ec2e75ec2e75ec2e75ec2e75ec2e75ec2e75ec2e75ec2',
  JWT_SECRET: 'production-like-secret-0123456789-abcdefghij',
  BILLING: 'offline',
  LOG_LEVEL: 'silent',
  REMINDERS: 'off',
};

async function scrape(t: TestApp): Promise<string> {
  const response = await fetch(`${t.url}/metrics`);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return response.text();
}

/** The value of one series, or 0 when it has not been seen. */
function valueOf(text: string, series: string): number {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

describe('locally', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: { REMINDER_SCAN_SECONDS: '1', BANK_SYNC_SCAN_SECONDS: '1' } });
  });
  afterAll(() => t.close());

  it('labels HTTP requests by route template, method and status, and what no route matched as unmatched', async () => {
    await fetch(`${t.url}/account/delete-expense/987654`, { method: 'DELETE' });
    await fetch(`${t.url}/no/such/page/555`);
    const text = await scrape(t);
    expect(
      valueOf(
        text,
        'http_request_duration_seconds_count{method="DELETE",route="/account/delete-expense/:id",status="401"}',
      ),
    ).toBe(1);
    expect(text).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="unmatched",status="\d+"\} [1-9]/,
    );
    expect(text).toContain('http_request_duration_seconds_bucket{le="0.005",method="DELETE"');
    expect(text).not.toMatch(/route="[^"]*(987654|555)/);
  });

  it('labels GraphQL operations by the name of the document that ran, its type and outcome', async () => {
    await t.gql('query Health { health }');
    await t.gql('query { health }');
    await t.gql('query Claimed { nope }');
    const text = await scrape(t);
    expect(
      valueOf(
        text,
        'graphql_operation_duration_seconds_count{operation="Health",type="query",outcome="success"}',
      ),
    ).toBe(1);
    expect(
      valueOf(
        text,
        'graphql_operation_duration_seconds_count{operation="anonymous",type="query",outcome="success"}',
      ),
    ).toBeGreaterThanOrEqual(1);
    // A document that does not validate never ran: neither its claimed name nor its type is a label.
    expect(text).not.toContain('operation="Claimed"');
    expect(
      valueOf(
        text,
        'graphql_operation_duration_seconds_count{operation="anonymous",type="unknown",outcome="refused"}',
      ),
    ).toBe(1);
    expect(
      valueOf(text, 'http_request_duration_seconds_count{method="POST",route="/graphql",status="200"}'),
    ).toBe(2);
  });

  it("counts the web client's trusted queries, answered ahead of Apollo, under /graphql and their names", async () => {
    const user = await newUser(t);
    const hash = trustedHashOf('DashboardWallets');
    const answer = await fetch(`${t.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${user.token}` },
      body: JSON.stringify({
        operationName: 'DashboardWallets',
        extensions: { persistedQuery: { version: 1, sha256Hash: hash } },
      }),
    });
    expect(answer.status).toBe(200);
    const text = await scrape(t);
    expect(
      valueOf(
        text,
        'graphql_operation_duration_seconds_count{operation="DashboardWallets",type="query",outcome="success"}',
      ),
    ).toBe(1);
    expect(
      valueOf(text, 'http_request_duration_seconds_count{method="POST",route="/graphql",status="200"}'),
    ).toBeGreaterThanOrEqual(1);
  });

  it('counts the refresh and the query it brings (thenQuery) by their names', async () => {
    const built = await buildDebtor(t.deps.dataSource, t.deps.config);
    const login = await t.gql(LOGIN, { userName: built.debtor.userName, userPassword: DEFAULT_PASSWORD });
    const cookie = refreshCookieOf(login)!;
    const series = (operation: string, type: string) =>
      `graphql_operation_duration_seconds_count{operation="${operation}",type="${type}",outcome="success"}`;
    const before = await scrape(t);
    const answer = await fetch(`${t.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({
        operationName: 'RefreshSession',
        extensions: {
          persistedQuery: { version: 1, sha256Hash: trustedHashOf('RefreshSession') },
          thenQuery: {
            persistedQuery: { version: 1, sha256Hash: trustedHashOf('DashboardFirstScreen') },
            variables: { timeZone: 'America/New_York' },
          },
        },
      }),
    });
    expect((await answer.json()).extensions.thenQuery.data.me).toBeDefined();
    const after = await scrape(t);
    for (const [operation, type] of [
      ['RefreshSession', 'mutation'],
      ['DashboardFirstScreen', 'query'],
    ] as const) {
      expect(valueOf(after, series(operation, type))).toBe(valueOf(before, series(operation, type)) + 1);
    }
  });

  it('moves by exactly one per request', async () => {
    const series =
      'http_request_duration_seconds_count{method="GET",route="/account/creditors",status="401"}';
    const before = valueOf(await scrape(t), series);
    await fetch(`${t.url}/account/creditors`);
    expect(valueOf(await scrape(t), series)).toBe(before + 1);
  });
});

describe('with the background jobs running', () => {
  let jobsDb: TestDatabase | null;
  let t: TestApp;
  beforeAll(async () => {
    jobsDb = await databaseForJobs();
    t = await startTestApp({
      env: { REMINDER_SCAN_SECONDS: '1', BANK_SYNC_SCAN_SECONDS: '1' },
      databaseUrl: (url) => jobsDb?.url ?? url,
    });
  });
  afterAll(async () => {
    await t.close();
    await jobsDb?.drop();
  });

  it("shows the process, the database pool and every job's runs, also those that found nothing to do", async () => {
    const jobs = await startJobs(t.deps);
    try {
      const text = await eventually(async () => {
        const scraped = await scrape(t);
        return (
          scraped.includes('truenet_jobs_total{job="reminder_scan",outcome="idle"}') &&
          scraped.includes('truenet_jobs_total{job="bank_sync",outcome="idle"}') &&
          scraped
        );
      }, 'an idle reminder scan and an idle bank sync');
      expect(valueOf(text, 'truenet_jobs_total{job="reminder_scan",outcome="idle"}')).toBeGreaterThanOrEqual(
        1,
      );
      expect(valueOf(text, 'truenet_jobs_total{job="bank_sync",outcome="idle"}')).toBeGreaterThanOrEqual(1);
      expect(text).toMatch(/truenet_db_pool_connections\{state="idle"\} \d+/);
      expect(text).toMatch(/truenet_db_pool_connections\{state="waiting"\} \d+/);
      expect(text).toMatch(/process_cpu_user_seconds_total \d/);
      expect(text).toMatch(/nodejs_eventloop_lag_seconds \d/);
    } finally {
      await jobs.stop();
    }
  });
});

describe('in production', () => {
  it('answers only the bearer of METRICS_TOKEN, and 404 to anyone else as if nothing were there', async () => {
    const t = await startTestApp({ env: { ...PRODUCTION, METRICS_TOKEN: 'scrape-secret-0123456789' } });
    try {
      const asking = (authorization?: string) =>
        fetch(`${t.url}/metrics`, { headers: authorization ? { authorization } : {} });
      expect((await asking()).status).toBe(404);
      expect((await asking('Bearer wrong-secret-0123456789')).status).toBe(404);
      expect((await asking('Bearer scrape-secret')).status).toBe(404);
      const allowed = await asking('Bearer scrape-secret-0123456789');
      expect(allowed.status).toBe(200);
      expect(await allowed.text()).toContain('http_request_duration_seconds');
    } finally {
      await t.close();
    }
  });

  it('answers 404 to everyone when no METRICS_TOKEN is set', async () => {
    const t = await startTestApp({ env: PRODUCTION });
    try {
      const response = await fetch(`${t.url}/metrics`, { headers: { authorization: 'Bearer anything' } });
      expect(response.status).toBe(404);
    } finally {
      await t.close();
    }
  });
});

it('counts nothing and serves no /metrics with METRICS=off', async () => {
  const t = await startTestApp({ env: { METRICS: 'off' } });
  try {
    expect((await fetch(`${t.url}/metrics`)).status).toBe(404);
    expect(t.deps.metrics.registry).toBeUndefined();
  } finally {
    await t.close();
  }
});

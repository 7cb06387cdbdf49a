import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ensureServerBuilt, startBuiltServer, type BuiltServer } from '../test/built-server';
import { TEST_DB_ENV } from '../test/test-database';

/**
 * Traces as an operator's collector receives them: the built server, started with
 * OTEL_EXPORTER_OTLP_ENDPOINT pointing at an OTLP/HTTP receiver in this test, exports spans of
 * the HTTP request, Express, GraphQL and PostgreSQL in one trace, and its log lines name that
 * trace. Without the variable it exports nothing.
 */

interface ReceivedSpan {
  traceId: string;
  name: string;
}

interface Receiver {
  url: string;
  spans: ReceivedSpan[];
  close(): Promise<void>;
}

async function startReceiver(): Promise<Receiver> {
  const spans: ReceivedSpan[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      if (req.url === '/v1/traces') {
        const payload = JSON.parse(body) as {
          resourceSpans: { scopeSpans: { spans: ReceivedSpan[] }[] }[];
        };
        for (const resource of payload.resourceSpans)
          for (const scope of resource.scopeSpans) spans.push(...scope.spans);
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    spans,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

const PRODUCTION = {
  NODE_ENV: 'production',
  SECRETS_KEY: '5ec2e75ec2e75ec2e75ec2e75ec2e75ec2e75ec2e75ec2e75ec2e75ec2e75ec2',
  JWT_SECRET: 'tracing-test-secret-0123456789-abcdefghijklm',
  BILLING: 'offline',
  REMINDERS: 'off',
  BACKUPS: 'off',
  TRUSTED_DOCUMENTS: 'off',
  // Every request logged, so that the log lines can be matched with their traces.
  LOG_LEVEL: 'debug',
};

let receiver: Receiver;
let dataDir: string | undefined;
beforeAll(async () => {
  ensureServerBuilt();
  receiver = await startReceiver();
}, 300_000);
afterAll(async () => {
  await receiver.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** The run's database for a server of its own: the shared PostgreSQL one, or an embedded one in a new directory. */
function databaseEnv(): Record<string, string> {
  if (process.env.TEST_DATABASE_URL) return { DATABASE_URL: process.env[TEST_DB_ENV]! };
  dataDir ??= mkdtempSync(path.join(tmpdir(), 'truenet-tracing-'));
  return { DATA_DIR: dataDir };
}

async function until<T>(what: string, check: () => T | undefined, limitMs = 15_000): Promise<T> {
  const deadline = Date.now() + limitMs;
  for (;;) {
    const found = check();
    if (found !== undefined) return found;
    if (Date.now() > deadline)
      throw new Error(
        `no ${what} within ${limitMs} ms; spans: ${receiver.spans.map((span) => `${span.traceId.slice(0, 6)} ${span.name}`).join(', ')}`,
      );
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

it('exports one trace through HTTP, Express, GraphQL and PostgreSQL, and its log lines carry the trace id', async () => {
  const server: BuiltServer = await startBuiltServer({
    ...databaseEnv(),
    ...PRODUCTION,
    OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
    OTEL_BSP_SCHEDULE_DELAY: '100',
  });
  try {
    // A sign-in looks the account up: GraphQL, then PostgreSQL, in one request.
    const response = await fetch(`${server.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        query:
          'mutation SignIn($u: String!, $p: String!) { login(userName: $u, userPassword: $p) { accessToken } }',
        variables: { u: 'nobody-here', p: 'Wrong!Pass1' },
      }),
    });
    expect(response.status).toBe(200);
    const traceId = await until(
      "the operation's span",
      () => receiver.spans.find((span) => span.name === 'mutation SignIn')?.traceId,
    );
    const names = await until('the trace with its PostgreSQL span', () => {
      const inTrace = receiver.spans.filter((span) => span.traceId === traceId).map((span) => span.name);
      return inTrace.some((name) => name.startsWith('pg.')) && inTrace.some((name) => /^POST/.test(name))
        ? inTrace
        : undefined;
    });
    expect(names).toEqual(
      expect.arrayContaining([expect.stringMatching(/^POST/), expect.stringMatching(/^pg\./)]),
    );
    expect(names).toEqual(
      expect.arrayContaining(['POST /graphql', 'graphql.validate', expect.stringMatching(/^middleware - /)]),
    );
    // Health probes are not traced.
    await fetch(`${server.url}/readyz`);
    expect(receiver.spans.some((span) => span.name.includes('/readyz'))).toBe(false);

    await until('a log line of the trace', () =>
      server.output().includes(`"trace_id":"${traceId}"`) ? true : undefined,
    );
  } finally {
    await server.stop();
  }
}, 120_000);

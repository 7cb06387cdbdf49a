import type { AddressInfo } from 'node:net';
import { createMetrics } from '../observability/metrics';
import type { Server } from 'node:http';
import type { DestinationStream } from 'pino';
import { loadConfig, type Config } from '../config';
import { createApp } from '../app';
import { createDataSource } from '../db/data-source';
import type { AppDeps, Clock } from '../deps';
import { createHttpServer } from '../http-server';
import { createLogger } from '../logger';
import { createBillingProvider, type BillingProvider } from '../modules/billing/billing-provider';
import { createMailer, type Mailer } from '../modules/mail/mailer';
import { TEST_DB_ENV } from './test-database';

export interface GraphQLResponse<T = Record<string, unknown>> {
  status: number;
  data?: T;
  errors?: { message: string; extensions?: { code?: string; field?: string; [key: string]: unknown } }[];
  headers: Headers;
}

export interface TestApp {
  url: string;
  deps: AppDeps;
  /** POSTs a GraphQL operation; `token` becomes the bearer credential, `cookie` the Cookie header. */
  gql<T = Record<string, unknown>>(
    query: string,
    variables?: Record<string, unknown>,
    options?: { token?: string; cookie?: string; headers?: Record<string, string> },
  ): Promise<GraphQLResponse<T>>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  clock?: Clock;
  mailer?: (config: Config, deps: Omit<AppDeps, 'mailer' | 'billing' | 'metrics'>) => Mailer;
  billing?: (config: Config) => BillingProvider;
  /** Where the app's pino logs go (e.g. to assert on them, with env LOG_LEVEL=debug). */
  logDestination?: DestinationStream;
  /** Reach the run's test database through this address instead (a proxy the test can cut). */
  databaseUrl?: (url: string) => string;
}

/** The real app on a random loopback port, on the run's test database. */
export async function startTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const url = process.env[TEST_DB_ENV];
  if (!url) throw new Error(`${TEST_DB_ENV} is not set: run the server tests through jest (globalSetup).`);
  // LOG_LEVEL=error (or debug) in the environment shows the app's logs while a test is debugged.
  const logging = process.env.LOG_LEVEL ? { LOG_LEVEL: process.env.LOG_LEVEL } : {};
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: '/tmp/truenet-test-data',
    ...logging,
    ...options.env,
  });
  const logger = createLogger(config.logLevel, options.logDestination);
  const embedded = !process.env.TEST_DATABASE_URL;
  const dataSource = createDataSource(options.databaseUrl ? options.databaseUrl(url) : url, {
    poolSize: embedded ? 1 : 8,
  });
  await dataSource.initialize();
  const base = { config, dataSource, logger, clock: options.clock ?? { now: () => new Date() } };
  const deps: AppDeps = {
    ...base,
    mailer: options.mailer ? options.mailer(config, base) : createMailer(config, dataSource, logger),
    billing: options.billing ? options.billing(config) : createBillingProvider(config),
    metrics: createMetrics(config.metrics.enabled),
  };
  const { app, stop } = await createApp(deps);
  const server: Server = await new Promise((resolve) => {
    const s = createHttpServer(app).listen(0, '127.0.0.1', () => resolve(s));
  });
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: baseUrl,
    deps,
    async gql(query, variables, opts = {}) {
      // Accepts what the web client (Apollo Client) accepts, so statuses are the ones it sees.
      const headers: Record<string, string> = {
        'content-type': 'application/json',
        accept: 'application/graphql-response+json, application/json;q=0.9',
        ...opts.headers,
      };
      if (opts.token) headers.authorization = `Bearer ${opts.token}`;
      if (opts.cookie) headers.cookie = opts.cookie;
      const response = await fetch(`${baseUrl}/graphql`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ query, variables }),
      });
      const body = (await response.json()) as { data?: never; errors?: never };
      return { status: response.status, data: body.data, errors: body.errors, headers: response.headers };
    },
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await stop();
      await dataSource.destroy();
    },
  };
}

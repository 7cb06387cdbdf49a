import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { heavyInFlight, type ShedReason } from '../heavy/admission';
import type { DataSource } from 'typeorm';
import { joinClusterMetrics } from './cluster-metrics';

/**
 * What an operator reads at GET /metrics (Prometheus' text format): the process (prom-client's
 * default metrics), HTTP requests by route template, GraphQL operations by name, the background
 * jobs' runs, and this process' database pool. Base units (seconds), `_total` counters, and
 * labels with few values: a route is Express's template (`/account/delete-expense/:id`), never
 * the path a person asked for.
 */

export type JobName = 'reminder_scan' | 'reminder_delivery' | 'reminder_push' | 'bank_sync' | 'backup';
export type OperationType = 'query' | 'mutation' | 'subscription' | 'unknown';
/** success: data; refused: the caller's error (bad input, not signed in…); failed: ours. */
export type OperationOutcome = 'success' | 'refused' | 'failed';

export interface Metrics {
  /** Undefined when METRICS=off. */
  readonly registry: Registry | undefined;
  httpRequest(method: string, route: string, status: number, seconds: number): void;
  graphqlOperation(operation: string, type: OperationType, outcome: OperationOutcome, seconds: number): void;
  /** One run of a job, or one item of it; every run counts, also one that found nothing to do. */
  job(job: JobName, outcome: string): void;
  /** Reads the pool's connections at each scrape. */
  watchPool(dataSource: DataSource): void;
  /** A heavy request turned away (heavy/admission.ts), by why. */
  shed(reason: ShedReason): void;
}

/** Request latencies from 5 ms to 10 s: the API answers in milliseconds, a slow page in seconds. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * Observes into a histogram's child for the given label values (in the order of its labelNames),
 * found by one joined key: the child's label object is built and checked once per label set
 * instead of on every request (prom-client's child still hashes it on each observation). The
 * children are the ones prom-client keeps anyway.
 */
function observerOf<T extends string>(histogram: Histogram<T>) {
  const children = new Map<string, Histogram.Internal<T>>();
  return (seconds: number, ...values: string[]): void => {
    const key = values.join('\u0000');
    let child = children.get(key);
    if (!child) {
      child = histogram.labels(...values);
      children.set(key, child);
    }
    child.observe(seconds);
  };
}

const NO_METRICS: Metrics = {
  registry: undefined,
  httpRequest: () => undefined,
  graphqlOperation: () => undefined,
  job: () => undefined,
  watchPool: () => undefined,
  shed: () => undefined,
};

/** The pool node-postgres keeps for TypeORM; the embedded database has none of its own. */
interface PgPool {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
}

function poolOf(dataSource: DataSource): PgPool | undefined {
  const pool = (dataSource.driver as { master?: Partial<PgPool> }).master;
  return typeof pool?.totalCount === 'number' ? (pool as PgPool) : undefined;
}

/** A registry of this app's own (tests run several apps in one process). */
export function createMetrics(enabled: boolean): Metrics {
  if (!enabled) return NO_METRICS;
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  joinClusterMetrics(registry);
  const http = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP requests by method, route template and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const graphql = new Histogram({
    name: 'graphql_operation_duration_seconds',
    help: 'GraphQL operations by name (anonymous when unnamed), type and outcome',
    labelNames: ['operation', 'type', 'outcome'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const jobs = new Counter({
    name: 'truenet_jobs_total',
    help: 'Background job runs (and items) by job and outcome',
    labelNames: ['job', 'outcome'] as const,
    registers: [registry],
  });
  const pools: DataSource[] = [];
  new Gauge({
    name: 'truenet_db_pool_connections',
    help: "This process' database connections by state (idle, busy) and requests waiting for one",
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const dataSource of pools) {
        const pool = poolOf(dataSource);
        if (!pool) continue;
        this.inc({ state: 'idle' }, pool.idleCount);
        this.inc({ state: 'busy' }, pool.totalCount - pool.idleCount);
        this.inc({ state: 'waiting' }, pool.waitingCount);
      }
    },
  });
  const shed = new Counter({
    name: 'truenet_shed_requests_total',
    help: 'Requests turned away with Retry-After: past capacity (overload), heavy work with the instance full (instance) or the household (household)',
    labelNames: ['reason'] as const,
    registers: [registry],
  });
  new Gauge({
    name: 'truenet_heavy_in_flight',
    help: 'Heavy requests (suggestions over a whole history) running or waiting on this instance',
    registers: [registry],
    collect() {
      this.set(heavyInFlight());
    },
  });
  const timeHttp = observerOf(http);
  const timeGraphql = observerOf(graphql);
  return {
    registry,
    httpRequest: (method, route, status, seconds) => timeHttp(seconds, method, route, String(status)),
    graphqlOperation: (operation, type, outcome, seconds) => timeGraphql(seconds, operation, type, outcome),
    job: (job, outcome) => jobs.inc({ job, outcome }),
    watchPool: (dataSource) => void pools.push(dataSource),
    shed: (reason) => shed.inc({ reason }),
  };
}

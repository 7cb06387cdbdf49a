/**
 * The production build's services run in the bench's own process: the config (production unless
 * `env` says otherwise), the database, a silent logger and the real clock, as server/dist/main.js
 * builds them, minus mail and billing, which these phases never use.
 */
import { fromServer } from './paths.mjs';

export const BENCH_SECRETS_KEY = '5ec2e75ec2e75ec2e75ec2e75ec2e75ec2e75ec2e75ec2e75ec2e75ec2e75ec2';

export async function openServerDeps(databaseUrl, env = {}) {
  const { loadConfig } = fromServer('config.js');
  const { openDatabase } = fromServer('db/database.js');
  const { createLogger } = fromServer('logger.js');
  const { createMetrics } = fromServer('observability/metrics.js');
  const config = loadConfig({
    NODE_ENV: 'production',
    SECRETS_KEY: BENCH_SECRETS_KEY,
    DATABASE_URL: databaseUrl,
    JWT_SECRET: 'bench-in-process-bench-in-process-0123456',
    BILLING: 'offline',
    LOG_LEVEL: 'silent',
    ...env,
  });
  const db = await openDatabase(config);
  const deps = {
    config,
    dataSource: db.dataSource,
    logger: createLogger('silent'),
    clock: { now: () => new Date() },
    metrics: createMetrics(config.metrics.enabled),
  };
  return { deps, db };
}

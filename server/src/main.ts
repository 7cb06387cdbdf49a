// First: traces need their instrumentations in place before the modules they patch are loaded.
import { tracing } from './observability/start-tracing';
import cluster from 'node:cluster';
import type { Server } from 'node:http';
import { createApp } from './app';
import { superviseWorkers } from './cluster';
import { ConfigError, loadConfig } from './config';
import { DataDirInUseError } from './db/data-dir-lock';
import { openDatabase } from './db/database';
import { systemClock, type AppDeps } from './deps';
import { startJobs } from './jobs';
import { listenOnHosts } from './listen';
import { createLogger } from './logger';
import { createBillingProvider } from './modules/billing/billing-provider';
import { createMailer } from './modules/mail/mailer';
import { createMetrics } from './observability/metrics';

function fail(message: string): never {
  console.error(`truenet: ${message}`);
  process.exit(1);
}

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
  const logger = createLogger(config.logLevel, undefined, { traceIds: tracing !== undefined });
  if (config.workers > 1 && cluster.isPrimary) {
    superviseWorkers(config.workers, logger);
    return;
  }
  const db = await openDatabase(config, { takesBackups: true }).catch((error: Error) =>
    fail(
      error instanceof DataDirInUseError
        ? error.message
        : `${config.databaseUrl ? 'DATABASE_URL' : 'embedded database'}: ${error.message}`,
    ),
  );
  const deps: AppDeps = {
    config,
    dataSource: db.dataSource,
    logger,
    mailer: createMailer(config, db.dataSource, logger),
    billing: createBillingProvider(config),
    clock: systemClock,
    metrics: createMetrics(config.metrics.enabled),
  };
  const { app, stop } = await createApp(deps);
  const jobs = await startJobs(deps, db.backupSource);

  const servers: Server[] = await listenOnHosts(app, config.port, config.hosts).catch((error: Error) =>
    fail(`PORT ${config.port}: ${error.message}${config.hosts ? ' (HOST chooses the address)' : ''}`),
  );
  logger.info(
    {
      url: config.appUrl,
      listening: config.hosts ?? 'every interface',
      database: db.embedded ? 'embedded' : 'postgresql',
      billing: config.billing.mode,
    },
    `TrueNet listening on ${config.appUrl}`,
  );

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down: no new connections, finishing requests in flight');
    for (const server of servers) {
      server.close();
      server.closeIdleConnections();
    }
    await jobs.stop();
    await stop();
    await db.close();
    await tracing?.stop();
    logger.info('stopped');
    process.exit(0);
  };
  // `npm run backup` while this process holds the embedded database: the backup is taken here.
  process.on('SIGUSR2', () => void jobs.backUpNow());
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((error: Error) => fail(error.message));

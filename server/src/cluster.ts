import cluster, { type Worker } from 'node:cluster';
import type { Logger } from './logger';
import { serveClusterMetrics } from './observability/cluster-metrics';

/** A worker that dies this soon after it began listening is failing, not crashing once. */
const CRASH_LOOP_MS = 5_000;

/**
 * WEB_CONCURRENCY > 1: this process only supervises; its workers each run the whole app and share
 * PORT (Node hands out connections in turn). Nothing lives in a worker's memory that another needs
 * (README § Scaling out), so they are instances on one machine. A worker that crashes is replaced;
 * one that cannot start (a bad PORT, an unreachable database) stops the whole server with its
 * error, and so does one that dies again within seconds. SIGTERM/SIGINT reach every worker, each
 * finishes its requests in flight, and the supervisor exits when the last one has.
 */
export function superviseWorkers(count: number, logger: Logger): void {
  let stopping = false;
  let exitCode = 0;
  const listeningSince = new Map<Worker, number>();

  const fork = () => {
    const worker = cluster.fork();
    worker.once('listening', () => listeningSince.set(worker, Date.now()));
  };

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
  };

  cluster.on('exit', (worker, code, signal) => {
    const since = listeningSince.get(worker);
    listeningSince.delete(worker);
    if (!stopping) {
      if (since === undefined || Date.now() - since < CRASH_LOOP_MS) {
        logger.error(
          { workerPid: worker.process.pid, code, signal },
          'a worker could not start or keep running: stopping',
        );
        exitCode = 1;
        stop('SIGTERM');
      } else {
        logger.error({ workerPid: worker.process.pid, code, signal }, 'a worker stopped: starting another');
        fork();
      }
    }
    if (stopping && Object.keys(cluster.workers ?? {}).length === 0) process.exit(exitCode);
  });

  serveClusterMetrics();
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
  for (let i = 0; i < count; i += 1) fork();
  logger.info({ workers: count }, `TrueNet starting ${count} worker processes`);
}

import type { RequestHandler } from 'express';
import type { DataSource } from 'typeorm';
import type { Logger } from '../logger';

/**
 * Paths a load balancer or Prometheus asks every few seconds: neither logged nor traced, since
 * they say nothing about what people did.
 */
export const PROBE_PATHS: ReadonlySet<string> = new Set(['/livez', '/healthz', '/readyz', '/metrics']);

/** How long the database may take to answer before this instance says it is not ready. */
const READY_WITHIN_MS = 1_000;

/** GET /livez (and /healthz): the process answers. No dependency is asked, so a load balancer never restarts an instance for its database. */
export const liveness: RequestHandler = (_req, res) => {
  res.json({ status: 'ok' });
};

/**
 * GET /readyz: the database answers within a second (503 otherwise), so that a load balancer
 * stops sending requests to an instance that cannot serve them and sends them again once it can.
 *
 * A balancer asks every few hundred milliseconds, so only the changes are logged, at warn: one
 * slow answer under a burst is expected (the check waits behind the requests queued for the
 * pool, and the balancer takes an instance out only after several), and is not an error.
 */
export function readiness(dataSource: DataSource, logger: Logger): RequestHandler {
  let ready = true;
  return async (_req, res) => {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(
        () => reject(new Error(`the database did not answer within ${READY_WITHIN_MS} ms`)),
        READY_WITHIN_MS,
      );
    });
    try {
      await Promise.race([dataSource.query('SELECT 1'), late]);
      if (!ready) logger.info('ready again: the database answers');
      ready = true;
      res.json({ status: 'ready' });
    } catch (error) {
      if (ready) logger.warn({ reason: (error as Error).message }, 'not ready');
      ready = false;
      res.status(503).json({ status: 'database unreachable' });
    } finally {
      clearTimeout(timer);
    }
  };
}

import type { RequestHandler } from 'express';
import { PROBE_PATHS } from './observability/health';
import { pinoHttp } from 'pino-http';
import type { Logger } from './logger';

/**
 * One log line per request, at debug: a line per request cost about 5 % of the API's CPU (bench
 * profile), so production (info) keeps only the requests that failed on the server's side, at
 * error. LOG_LEVEL=debug brings every request back, with its redacted headers.
 */
export function requestLog(logger: Logger): RequestHandler | null {
  if (logger.isLevelEnabled('debug')) {
    return pinoHttp({
      logger,
      autoLogging: { ignore: (req) => PROBE_PATHS.has(req.url ?? '') },
      customLogLevel: (_req, res, error) => (error || res.statusCode >= 500 ? 'error' : 'debug'),
    });
  }
  if (!logger.isLevelEnabled('error')) return null;
  return (req, res, next) => {
    // A probe's 503 is its answer, not a failure: readiness logs its own changes.
    if (PROBE_PATHS.has(req.path)) {
      next();
      return;
    }
    const started = performance.now();
    res.once('finish', () => {
      if (res.statusCode < 500) return;
      logger.error(
        {
          req: { method: req.method, url: req.originalUrl },
          res: { statusCode: res.statusCode },
          responseTime: Math.round(performance.now() - started),
        },
        'request failed',
      );
    });
    next();
  };
}

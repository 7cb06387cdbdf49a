import { timingSafeEqual } from 'node:crypto';
import type { RequestHandler, Response } from 'express';
import type { Config } from '../config';
import { scrapeText } from './cluster-metrics';
import type { Metrics } from './metrics';

/** What a response is counted under when no Express route answered it (see routeOf). */
const UNMATCHED = 'unmatched';

/** Names the route of a response that no Express route answers (GraphQL, the API's 404). */
export function countAs(res: Response, route: string): void {
  res.locals.metricsRoute = route;
}

/** Times every request, labelled by its route template once the response is sent. */
export function measureRequests(metrics: Metrics): RequestHandler {
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    res.once('finish', () => {
      // The router leaves req.route and req.baseUrl as they were when the route's handler answered.
      const route = req.route?.path
        ? `${req.baseUrl}${String(req.route.path)}`
        : ((res.locals.metricsRoute as string | undefined) ?? UNMATCHED);
      metrics.httpRequest(req.method, route, res.statusCode, Number(process.hrtime.bigint() - started) / 1e9);
    });
    next();
  };
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * GET /metrics. In production only with `Authorization: Bearer <METRICS_TOKEN>`: without the
 * token, with a wrong one, or with none configured it answers 404, as if there were nothing here.
 */
export function metricsEndpoint(config: Config, metrics: Metrics): RequestHandler {
  return async (req, res) => {
    const registry = metrics.registry;
    const token = config.metrics.token;
    const given = /^Bearer (.+)$/.exec(req.get('authorization') ?? '')?.[1] ?? '';
    const allowed = config.nodeEnv !== 'production' || (token !== undefined && sameSecret(given, token));
    if (!registry || !allowed) {
      res.status(404).type('text').send('Not found');
      return;
    }
    res.type(registry.contentType).send(await scrapeText(registry));
  };
}

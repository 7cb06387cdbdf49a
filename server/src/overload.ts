import type { RequestHandler } from 'express';
import { PROBE_PATHS } from './observability/health';

/**
 * Past capacity, honest answers (docs/product-rules.md §26): an instance with more requests in
 * flight than OVERLOAD_MAX_IN_FLIGHT turns the next ones away at once, before any body is read or
 * any token checked, with 503 and Retry-After, so the queue it serves stays short and every answer
 * is a real one or a clear 'come back'. The probes are never turned away: a balancer must not take
 * a busy instance out of rotation, nor an orchestrator restart it.
 */

export const OVERLOAD_MESSAGE = 'TrueNet is very busy right now. Try again in a moment.';
const RETRY_AFTER_SECONDS = 1;

export function shedPastCapacity(maxInFlight: number, onShed: () => void): RequestHandler {
  let inFlight = 0;
  return (req, res, next) => {
    if (PROBE_PATHS.has(req.path)) {
      next();
      return;
    }
    if (inFlight >= maxInFlight) {
      onShed();
      res.set('Retry-After', String(RETRY_AFTER_SECONDS)).set('Cache-Control', 'no-store');
      // GraphQL's clients read an error as GraphQL says it; the REST paths read their own shape.
      const extensions = { code: 'UNAVAILABLE', reason: 'BUSY', retryAfterSeconds: RETRY_AFTER_SECONDS };
      res
        .status(503)
        .json(
          req.path === '/graphql'
            ? { errors: [{ message: OVERLOAD_MESSAGE, extensions }] }
            : { message: OVERLOAD_MESSAGE, code: 'UNAVAILABLE' },
        );
      return;
    }
    inFlight += 1;
    let counted = true;
    const done = () => {
      if (!counted) return;
      counted = false;
      inFlight -= 1;
    };
    res.on('finish', done);
    res.on('close', done);
    next();
  };
}

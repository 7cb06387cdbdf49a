import express, { type RequestHandler } from 'express';
import { nestedDeeperThan, NestedTooDeeply } from './input/nesting';

/**
 * express.json with the nesting bounded: anything that walks a body afterwards (the NUL check,
 * GraphQL's coercion, the services) can trust it to be at most MAX_NESTING deep.
 */
export function boundedJsonBody(options: Parameters<typeof express.json>[0]): RequestHandler {
  const parse = express.json(options);
  return (req, res, next) =>
    parse(req, res, (error?: unknown) => {
      if (error) return next(error);
      if (nestedDeeperThan(req.body)) return next(new NestedTooDeeply());
      next();
    });
}

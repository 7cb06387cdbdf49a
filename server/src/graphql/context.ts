import type { Request, Response } from 'express';
import type { AppDeps } from '../deps';
import { RequestScope } from '../request-scope';

/** What every resolver sees. Identity comes from the token, never from the request's arguments. */
export interface GraphQLContext extends RequestScope {
  ip: string;
  req: Request;
  res: Response;
}

/**
 * A class rather than an object literal: the caller's address is a getter on the prototype, read
 * only by the operations that record or limit by it (working it out from the proxy headers is not
 * free), and a getter in a literal would be a new closure per request, which the collector then
 * kept (issue #23: four times the bytes promoted per scavenge).
 */
class RequestContext extends RequestScope implements GraphQLContext {
  constructor(
    deps: AppDeps,
    readonly req: Request,
    readonly res: Response,
  ) {
    super(deps, req.user ?? null, req.authFailure);
  }

  get ip(): string {
    return this.req.ip ?? 'unknown';
  }
}

export function buildContext(deps: AppDeps, req: Request, res: Response): GraphQLContext {
  return new RequestContext(deps, req, res);
}

import type { Request, Response } from 'express';
import type { AppDeps } from '../deps';
import { requestScope, type RequestScope } from '../request-scope';

/** What every resolver sees. Identity comes from the token, never from the request's arguments. */
export interface GraphQLContext extends RequestScope {
  ip: string;
  req: Request;
  res: Response;
}

export function buildContext(deps: AppDeps, req: Request, res: Response): GraphQLContext {
  return {
    ...requestScope(deps, req.user ?? null, req.authFailure),
    ip: req.ip ?? 'unknown',
    req,
    res,
  };
}

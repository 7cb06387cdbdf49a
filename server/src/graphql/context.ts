import type { Request, Response } from 'express';
import type { RequestUser } from '../auth/request-user';
import type { AppDeps } from '../deps';
import { createLoaders, type Loaders } from './loaders';

/** What every resolver sees. Identity comes from the token, never from the request's arguments. */
export interface GraphQLContext {
  deps: AppDeps;
  user: RequestUser | null;
  /** Why a presented credential was refused, if it was. */
  authFailure: string | undefined;
  ip: string;
  req: Request;
  res: Response;
  loaders: Loaders;
  /** Per-request memo of the caller's subscription status (policies read it once). */
  cache: Map<string, unknown>;
}

export function buildContext(deps: AppDeps, req: Request, res: Response): GraphQLContext {
  return {
    deps,
    user: req.user ?? null,
    authFailure: req.authFailure,
    ip: req.ip ?? 'unknown',
    req,
    res,
    loaders: createLoaders(deps),
    cache: new Map(),
  };
}

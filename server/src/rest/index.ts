import { Router } from 'express';
import type { AppDeps } from '../deps';

/**
 * The REST compatibility layer of the specification's §7: thin adapters over the same services
 * that GraphQL uses. PLACEHOLDER until the REST work (issue 7) mounts its routes here.
 */
export function createRestRouter(_deps: AppDeps): Router {
  return Router();
}

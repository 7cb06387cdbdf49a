import { Router } from 'express';
import type { AppDeps } from '../deps';
import { billingRoutes } from '../modules/billing/billing.routes';

/**
 * The REST compatibility layer of the specification's §7: thin adapters over the same services
 * that GraphQL uses. Each module contributes its own router.
 */
export function createRestRouter(deps: AppDeps): Router {
  const router = Router();
  router.use(billingRoutes(deps));
  return router;
}

import cors from 'cors';
import { Router, type RequestHandler } from 'express';
import { boundedJsonBody } from '../json-body';
import type { AppDeps } from '../deps';
import { billingRoutes } from './billing.routes';
import { accountRoutes } from './account.routes';
import { expenseRoutes } from './expenses.routes';
import { refuseNulCharacters, restErrorHandler } from './http';
import { incomeRoutes } from './income.routes';
import { messageRoutes } from './message.routes';
import { openApiDocument } from './openapi';
import { walletRoutes } from './wallets.routes';

/** The REST paths whose body is one bare JSON value (the uid, the wallet id), as the original client sends. */
const BARE_VALUE_BODY_PATHS = ['/account/resend-code', '/account/change-wallet'];

/**
 * A JSON parser for the paths whose body is a bare value (`42`): the app's strict parser accepts
 * only objects and arrays. app.ts mounts it before that parser, which then leaves the body alone.
 */
export function bareValueBodies(): RequestHandler {
  const parse = boundedJsonBody({ strict: false, limit: '1kb' });
  return (req, res, next) => (BARE_VALUE_BODY_PATHS.includes(req.path) ? parse(req, res, next) : next());
}

/**
 * The REST compatibility layer of the REST paths (docs/product-rules.md §11): thin adapters over the same services
 * that GraphQL uses. Each area contributes its own router; one error middleware maps AppError codes
 * to HTTP statuses. CORS admits the configured APP_URL with credentials (the refresh cookie).
 */
export function createRestRouter(deps: AppDeps): Router {
  const router = Router();
  const restPaths = ['/account', '/api', '/message'];
  router.use(restPaths, cors({ origin: new URL(deps.config.appUrl).origin, credentials: true, maxAge: 600 }));
  router.use(restPaths, refuseNulCharacters());
  router.use(accountRoutes(deps));
  router.use(expenseRoutes(deps));
  router.use(incomeRoutes(deps));
  router.use(walletRoutes(deps));
  router.use(messageRoutes(deps));
  router.use(billingRoutes(deps));
  const document = openApiDocument(deps.config);
  router.get('/api/openapi.json', (_req, res) => {
    res.json(document);
  });
  router.use(restErrorHandler(deps.logger));
  return router;
}

import { Router, type Request, type Response } from 'express';
import type { RequestUser } from '../../auth/request-user';
import type { AppDeps } from '../../deps';
import { AppError, forbidden, HTTP_STATUS } from '../../graphql/errors';
import { requireSessionUser } from '../../policies';
import { presentSubscription } from './billing.presenter';
import { offlineStandInRoutes } from './offline-pages';
import { cancelSubscriptionAtPeriodEnd, openPaymentPortal } from './subscription.service';
import { applyBillingEvent, verifyWebhookEvent, WebhookSignatureError } from './webhook.service';

/** Runs a REST adapter; an expected failure answers its status and message, anything else is a 500. */
function route(handler: (req: Request, res: Response) => Promise<void>) {
  return async (req: Request, res: Response) => {
    try {
      await handler(req, res);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      res.status(HTTP_STATUS[error.code]).json({ message: error.message, code: error.code });
    }
  };
}

function sessionUserOf(deps: AppDeps, req: Request): RequestUser {
  return requireSessionUser({ user: req.user ?? null, authFailure: req.authFailure, deps, cache: new Map() });
}

function sameText(a: unknown, b: string): boolean {
  return typeof a === 'string' && a.trim().toLowerCase() === b.toLowerCase();
}

/**
 * Webhooks, the specification's §7 portal and cancel paths, and (offline) the stand-in's pages.
 * The webhook body stays raw (app.ts mounts express.raw() on its path) so its signature can be checked.
 */
export function billingRoutes(deps: AppDeps): Router {
  const router = Router();

  if (deps.config.billing.mode === 'stripe') {
    router.post('/api/webhooks/stripe', async (req, res) => {
      let event;
      try {
        event = verifyWebhookEvent(deps.config, req.body, req.get('stripe-signature'));
      } catch (error) {
        if (!(error instanceof WebhookSignatureError)) throw error;
        deps.logger.warn({ reason: error.message }, 'webhook refused: bad signature');
        res.status(400).json({ message: 'Invalid webhook signature' });
        return;
      }
      // A failure here is a 500: nothing was recorded, and the provider delivers the event again.
      const outcome = await applyBillingEvent(deps, event);
      res.json({ received: true, duplicate: outcome === 'duplicate' });
    });
  }

  router.post(
    '/api/webhooks/create-portal-session',
    route(async (req, res) => {
      const user = sessionUserOf(deps, req);
      res.json(await openPaymentPortal(deps, user.id));
    }),
  );

  router.post(
    '/api/webhooks/cancel-subscription',
    route(async (req, res) => {
      const user = sessionUserOf(deps, req);
      const body = (req.body ?? {}) as { id?: unknown; userName?: unknown; email?: unknown };
      // The payload names the account for compatibility; it must be the signed-in one.
      const account = await deps.dataSource.query(
        'SELECT username AS "userName", email FROM debtor WHERE id = $1',
        [user.id],
      );
      const me = account[0] as { userName: string; email: string } | undefined;
      const claimsSomeoneElse =
        (body.id !== undefined && String(body.id) !== String(user.id)) ||
        (body.userName !== undefined && !sameText(body.userName, me?.userName ?? '')) ||
        (body.email !== undefined && !sameText(body.email, me?.email ?? ''));
      if (!me || claimsSomeoneElse) throw forbidden('You can only cancel your own subscription');
      const subscription = await cancelSubscriptionAtPeriodEnd(deps, user.id);
      res.status(200).json({
        message: 'Account Cancelled',
        detail: 'Your account is cancelled at the end of this billing cycle. There will be no more charges.',
        subscription: presentSubscription(subscription),
      });
    }),
  );

  if (deps.config.billing.mode === 'offline') router.use(offlineStandInRoutes(deps));
  return router;
}

import { Router } from 'express';
import type { AppDeps } from '../deps';
import { forbidden } from '../errors';
import { requireSessionUser } from '../policies';
import { findAccountById } from '../modules/accounts/account.queries';
import { presentSubscription } from '../modules/billing/billing.presenter';
import { restartCheckout } from '../modules/billing/checkout.service';
import { offlineStandInRoutes } from '../modules/billing/offline-pages';
import { cancelSubscriptionAtPeriodEnd, openPaymentPortal } from '../modules/billing/subscription.service';
import {
  applyBillingEvent,
  verifyWebhookEvent,
  WebhookSignatureError,
} from '../modules/billing/webhook.service';
import { bodyOf, policyContext } from './http';
import { requestedPlan } from './inputs';

function sameText(a: unknown, b: string): boolean {
  return typeof a === 'string' && a.trim().toLowerCase() === b.toLowerCase();
}

/**
 * Webhooks, the REST paths (docs/product-rules.md §11) portal and cancel paths, the checkout-creation helper, and
 * (offline) the stand-in's pages.
 * The webhook body stays raw (app.ts mounts express.raw() on its path) so its signature can be checked.
 * Failures propagate to the REST layer's error middleware, which answers an AppError's status.
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

  // docs/product-rules.md §11: the checkout-creation helper. Registration already returns a checkout URL; this
  // opens a new one for the signed-in account (identity from the token, never from the body).
  router.post('/account/create-checkout-session', async (req, res) => {
    const user = await requireSessionUser(policyContext(deps, req));
    const plan = requestedPlan(deps.config, bodyOf(req));
    const start = await restartCheckout(deps, user.id, plan);
    res.status(200).json({ url: start.checkoutUrl, sessionId: start.sessionId, uid: start.uid });
  });

  router.post('/api/webhooks/create-portal-session', async (req, res) => {
    const user = await requireSessionUser(policyContext(deps, req));
    res.json(await openPaymentPortal(deps, user.id));
  });

  router.post('/api/webhooks/cancel-subscription', async (req, res) => {
    const user = await requireSessionUser(policyContext(deps, req));
    const body = (req.body ?? {}) as { id?: unknown; userName?: unknown; email?: unknown };
    // The payload names the account for compatibility; it must be the signed-in one.
    const me = await findAccountById(deps.dataSource, user.id);
    const claimsSomeoneElse =
      (body.id !== undefined && String(body.id) !== String(user.id)) ||
      (body.userName !== undefined && !sameText(body.userName, me?.username ?? '')) ||
      (body.email !== undefined && !sameText(body.email, me?.email ?? ''));
    if (!me || claimsSomeoneElse) throw forbidden('You can only cancel your own subscription');
    const subscription = await cancelSubscriptionAtPeriodEnd(deps, user.id);
    res.status(200).json({
      message: 'Account Cancelled',
      detail: 'Your account is cancelled at the end of this billing cycle. There will be no more charges.',
      subscription: presentSubscription(subscription),
    });
  });

  if (deps.config.billing.mode === 'offline') router.use(offlineStandInRoutes(deps));
  return router;
}

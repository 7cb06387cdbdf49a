import { escapeHtml, formatMoney, planByCode, TRIAL_DAYS, type PlanCode } from '@truenet/core';
import { Router, type Response } from 'express';
import { queryOne } from '../../db/sql';
import type { AppDeps } from '../../deps';
import { offlineCheckoutEvents, offlineSubscriptionId, type OfflineCheckout } from './offline-events';
import { OFFLINE_SESSION_PATTERN } from './offline-provider';
import { checkoutCancelUrl, checkoutSuccessUrl, portalReturnUrl } from './return-urls';
import { applyBillingEvent } from './webhook.service';

/**
 * The stand-in's hosted pages (no STRIPE_SECRET_KEY): a checkout page with 'Pay' and 'Fail', and a
 * portal page. Plain HTML forms, no scripts (the CSP forbids inline ones). 'Pay' emits Stripe's
 * events through applyBillingEvent, the code path of real webhooks.
 */

const BANNER = 'Local stand-in: no real payment is taken';

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
  body { margin: 0; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; background: #f6f9fc; color: #1a1f36; }
  .banner { background: #fff3cd; color: #664d03; border-bottom: 1px solid #ffe69c; padding: .75rem 1rem; text-align: center; font-weight: 600; }
  main { max-width: 28rem; margin: 2.5rem auto; background: #fff; border-radius: .75rem; box-shadow: 0 2px 12px rgba(0,0,0,.08); padding: 2rem; }
  h1 { font-size: 1.25rem; margin: 0 0 1.5rem; }
  dl { display: grid; grid-template-columns: auto 1fr; gap: .5rem 1rem; margin: 0 0 1.5rem; }
  dt { color: #697386; } dd { margin: 0; text-align: right; font-weight: 600; }
  .total { border-top: 1px solid #e3e8ee; padding-top: 1rem; }
  .actions { display: flex; gap: .75rem; } form { flex: 1; margin: 0; }
  button, .button { display: block; width: 100%; box-sizing: border-box; padding: .75rem; border-radius: .5rem; border: 0; font-size: 1rem; font-weight: 600; cursor: pointer; text-align: center; text-decoration: none; }
  .pay { background: #635bff; color: #fff; } .fail { background: #e3e8ee; color: #1a1f36; }
  p.note { color: #697386; font-size: .875rem; }
</style>
</head>
<body>
<div class="banner" role="status">${BANNER}</div>
<main>
${body}
</main>
</body>
</html>`;
}

interface CheckoutRow {
  debtorId: number;
  plan: PlanCode | null;
  email: string;
  customerId: string | null;
  subscriptionId: string | null;
}

async function findCheckout(deps: AppDeps, sessionId: string): Promise<CheckoutRow | undefined> {
  if (!OFFLINE_SESSION_PATTERN.test(sessionId)) return undefined;
  return queryOne<CheckoutRow>(
    deps.dataSource,
    `SELECT s.debtor_id AS "debtorId", s.plan, d.email, s.provider_customer_id AS "customerId",
            s.provider_subscription_id AS "subscriptionId"
       FROM subscription s JOIN debtor d ON d.id = s.debtor_id
      WHERE s.checkout_session_id = $1`,
    [sessionId],
  );
}

function notFoundPage(res: Response) {
  res
    .status(404)
    .type('html')
    .send(page('Checkout not found', '<h1>This checkout session does not exist or has expired.</h1>'));
}

function checkoutPage(sessionId: string, row: CheckoutRow): string {
  const plan = planByCode(row.plan ?? 'YEARLY');
  const trial = row.subscriptionId === null || row.subscriptionId === offlineSubscriptionId(sessionId);
  const price = `${formatMoney(plan.priceCents)} every ${plan.intervalMonths} months`;
  const action = `/billing/offline/checkout/${sessionId}`;
  return page(
    'TrueNet checkout',
    `<h1>Subscribe to TrueNet</h1>
<dl>
  <dt>Plan</dt><dd>${escapeHtml(plan.label)}</dd>
  <dt>Price</dt><dd>${escapeHtml(price)}</dd>
  ${trial ? `<dt>Free trial</dt><dd>${TRIAL_DAYS}-day trial</dd>` : ''}
  <dt>E-mail</dt><dd>${escapeHtml(row.email)}</dd>
  <dt class="total">Due today</dt><dd class="total">${trial ? formatMoney(0) : formatMoney(plan.priceCents)}</dd>
</dl>
<div class="actions">
  <form method="post" action="${action}/pay"><button class="pay" type="submit">Pay</button></form>
  <form method="post" action="${action}/fail"><button class="fail" type="submit">Fail</button></form>
</div>
<p class="note">'Pay' completes the checkout as the payment provider would; 'Fail' returns as a failed payment.</p>`,
  );
}

export function offlineStandInRoutes(deps: AppDeps): Router {
  const router = Router();
  const appUrl = deps.config.appUrl;

  router.get('/billing/offline/checkout/:sessionId', async (req, res) => {
    const row = await findCheckout(deps, req.params.sessionId);
    if (!row) return notFoundPage(res);
    res.type('html').send(checkoutPage(req.params.sessionId, row));
  });

  router.post('/billing/offline/checkout/:sessionId/pay', async (req, res) => {
    const sessionId = req.params.sessionId;
    const row = await findCheckout(deps, sessionId);
    if (!row) return notFoundPage(res);
    const checkout: OfflineCheckout = {
      sessionId,
      debtorId: row.debtorId,
      plan: row.plan ?? 'YEARLY',
      customerId: row.customerId,
      previousSubscriptionId: row.subscriptionId,
    };
    const nowSeconds = Math.floor(deps.clock.now().getTime() / 1000);
    for (const event of offlineCheckoutEvents(deps.config, checkout, nowSeconds)) {
      await applyBillingEvent(deps, event);
    }
    res.redirect(303, checkoutSuccessUrl(appUrl, sessionId));
  });

  router.post('/billing/offline/checkout/:sessionId/fail', async (req, res) => {
    if (!(await findCheckout(deps, req.params.sessionId))) return notFoundPage(res);
    res.redirect(303, checkoutCancelUrl(appUrl));
  });

  router.get('/billing/offline/portal/:portalId', (_req, res) => {
    res.type('html').send(
      page(
        'TrueNet billing',
        `<h1>Payment method</h1>
<p>This is where the payment provider lets you update your card. The local stand-in keeps no card.</p>
<a class="button pay" href="${escapeHtml(portalReturnUrl(appUrl))}">Return to TrueNet</a>`,
      ),
    );
  });

  return router;
}

import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/**
 * A local stand-in for the Stripe HTTP API, for tests that run the real `stripe` SDK
 * (`STRIPE_API_URL` points the SDK here). It routes the paths billing uses, records every request
 * (method, path, form-decoded body, Idempotency-Key) and answers with objects shaped like
 * API version 2026-10-28: the period end on the subscription item, the invoice's subscription under
 * `parent.subscription_details`. `failWith(500 | 402)` makes every call fail until `failWith(null)`.
 */

export interface RecordedRequest {
  method: string;
  path: string;
  body: Record<string, unknown>;
  idempotencyKey: string | undefined;
}

type Json = Record<string, unknown>;

export const TEST_WEBHOOK_SECRET = 'whsec_test_double_0123456789abcdef';
export const TEST_PRICE_QUARTERLY = 'price_test_quarterly';
export const TEST_PRICE_YEARLY = 'price_test_yearly';

export interface StripeDouble {
  url: string;
  requests: RecordedRequest[];
  /** The recorded requests to one method and path prefix, oldest first. */
  requestsTo(method: string, pathPrefix: string): RecordedRequest[];
  /** Makes every call answer with this status (500: api_error, 402: card_error) until `null`. */
  failWith(status: 500 | 402 | null): void;
  /** Puts a subscription into the double's store, as if Stripe had created it. */
  putSubscription(subscription: Json): void;
  /** The env that points the app's billing at this double, in 'stripe' mode. */
  env(): Record<string, string>;
  close(): Promise<void>;
}

function newId(prefix: string): string {
  return `${prefix}_test_${randomBytes(10).toString('hex')}`;
}

function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}

/** Decodes Stripe's form encoding (`a[b][0][c]=1`) into nested objects and arrays. */
export function decodeStripeForm(raw: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(raw)) {
    const path = key.split('[').map((part) => part.replace(/]$/, ''));
    let node: Record<string, unknown> | unknown[] = root;
    path.forEach((part, index) => {
      const last = index === path.length - 1;
      const nextIsIndex = /^\d+$/.test(path[index + 1] ?? '');
      const slot = Array.isArray(node) ? Number(part) : part;
      const container = node as Record<string | number, unknown>;
      if (last) {
        container[slot] = value;
        return;
      }
      container[slot] ??= nextIsIndex ? [] : {};
      node = container[slot] as Record<string, unknown> | unknown[];
    });
  }
  return root;
}

/** A subscription object as Stripe returns it (API 2026-10), with overrides. */
export function stripeSubscription(overrides: Json & { price?: string } = {}): Json {
  const { price = TEST_PRICE_YEARLY, ...rest } = overrides;
  const created = nowSeconds();
  const trialEnd = created + 7 * 86400;
  const id = (rest.id as string | undefined) ?? newId('sub');
  const periodEnd = (rest.current_period_end as number | undefined) ?? trialEnd;
  delete rest.current_period_end;
  return {
    id,
    object: 'subscription',
    status: 'trialing',
    customer: newId('cus'),
    created,
    start_date: created,
    trial_start: created,
    trial_end: trialEnd,
    cancel_at_period_end: false,
    cancel_at: null,
    canceled_at: null,
    ended_at: null,
    collection_method: 'charge_automatically',
    currency: 'usd',
    livemode: false,
    metadata: {},
    items: {
      object: 'list',
      data: [
        {
          id: newId('si'),
          object: 'subscription_item',
          subscription: id,
          quantity: 1,
          current_period_start: created,
          current_period_end: periodEnd,
          price: {
            id: price,
            object: 'price',
            currency: 'usd',
            unit_amount: price === TEST_PRICE_QUARTERLY ? 1495 : 2995,
            recurring: { interval: 'month', interval_count: price === TEST_PRICE_QUARTERLY ? 3 : 12 },
          },
        },
      ],
      has_more: false,
      url: `/v1/subscription_items?subscription=${id}`,
    },
    ...rest,
  };
}

/** A completed Checkout Session (subscription mode, trial: no payment required yet). */
export function stripeCheckoutSession(overrides: Json = {}): Json {
  return {
    id: newId('cs'),
    object: 'checkout.session',
    mode: 'subscription',
    status: 'complete',
    payment_status: 'no_payment_required',
    client_reference_id: null,
    customer: newId('cus'),
    customer_email: 'someone@example.com',
    subscription: newId('sub'),
    currency: 'usd',
    livemode: false,
    metadata: {},
    created: nowSeconds(),
    ...overrides,
  };
}

/** An invoice of a subscription; its subscription sits under `parent.subscription_details` (2026-10). */
export function stripeInvoice(subscriptionId: string, overrides: Json = {}): Json {
  return {
    id: newId('in'),
    object: 'invoice',
    status: 'paid',
    amount_due: 2995,
    amount_paid: 2995,
    currency: 'usd',
    customer: newId('cus'),
    billing_reason: 'subscription_cycle',
    parent: {
      type: 'subscription_details',
      quote_details: null,
      subscription_details: { subscription: subscriptionId, metadata: {} },
    },
    created: nowSeconds(),
    ...overrides,
  };
}

/** An event envelope; `created` (seconds) orders events the way Stripe does. */
export function stripeEvent(type: string, object: Json, overrides: Json = {}): Json {
  return {
    id: newId('evt'),
    object: 'event',
    api_version: '2026-10-28.endive',
    type,
    created: nowSeconds(),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: { object },
    ...overrides,
  };
}

/** The `Stripe-Signature` header for a payload, as Stripe would send it (timestamp in seconds). */
export function signPayload(payload: string, secret = TEST_WEBHOOK_SECRET, timestamp?: number): string {
  return Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp });
}

function errorBody(status: 500 | 402): Json {
  return status === 402
    ? {
        error: {
          type: 'card_error',
          code: 'card_declined',
          decline_code: 'generic_decline',
          message: 'Your card was declined.',
        },
      }
    : { error: { type: 'api_error', message: 'An unknown error occurred (test double switched to fail).' } };
}

export async function startStripeDouble(): Promise<StripeDouble> {
  const requests: RecordedRequest[] = [];
  const subscriptions = new Map<string, Json>();
  const customers = new Map<string, Json>();
  let failure: 500 | 402 | null = null;

  const customer = (id: string, email?: string): Json => {
    const existing = customers.get(id);
    if (existing) return existing;
    const created = { id, object: 'customer', email: email ?? null, created: nowSeconds(), metadata: {} };
    customers.set(id, created);
    return created;
  };

  const routes: {
    method: string;
    pattern: RegExp;
    handle(match: RegExpExecArray, body: Json): [number, Json];
  }[] = [
    {
      method: 'POST',
      pattern: /^\/v1\/checkout\/sessions$/,
      handle: (_match, body) => {
        const id = newId('cs');
        return [
          200,
          {
            id,
            object: 'checkout.session',
            mode: body.mode ?? 'payment',
            status: 'open',
            payment_status: 'unpaid',
            url: `https://checkout.stripe.test/c/pay/${id}`,
            client_reference_id: body.client_reference_id ?? null,
            customer: body.customer ?? null,
            customer_email: body.customer_email ?? null,
            success_url: body.success_url ?? null,
            cancel_url: body.cancel_url ?? null,
            subscription: null,
            metadata: body.metadata ?? {},
            currency: 'usd',
            livemode: false,
            created: nowSeconds(),
            expires_at: nowSeconds() + 86400,
          },
        ];
      },
    },
    {
      method: 'POST',
      pattern: /^\/v1\/billing_portal\/sessions$/,
      handle: (_match, body) => {
        const id = newId('bps');
        return [
          200,
          {
            id,
            object: 'billing_portal.session',
            customer: body.customer,
            return_url: body.return_url ?? null,
            url: `https://billing.stripe.test/p/session/${id}`,
            livemode: false,
            created: nowSeconds(),
          },
        ];
      },
    },
    {
      method: 'GET',
      pattern: /^\/v1\/subscriptions\/([^/]+)$/,
      handle: (match) => {
        const found = subscriptions.get(match[1]!);
        return found ? [200, found] : notFound('subscription', match[1]!);
      },
    },
    {
      method: 'POST',
      pattern: /^\/v1\/subscriptions\/([^/]+)$/,
      handle: (match, body) => {
        const id = match[1]!;
        const current = subscriptions.get(id) ?? stripeSubscription({ id });
        const updated: Json = { ...current };
        if (body.cancel_at_period_end !== undefined) {
          updated.cancel_at_period_end = body.cancel_at_period_end === 'true';
          updated.canceled_at = updated.cancel_at_period_end ? nowSeconds() : null;
        }
        if (body.metadata) updated.metadata = { ...(current.metadata as Json), ...(body.metadata as Json) };
        subscriptions.set(id, updated);
        return [200, updated];
      },
    },
    {
      method: 'DELETE',
      pattern: /^\/v1\/subscriptions\/([^/]+)$/,
      handle: (match) => {
        const id = match[1]!;
        const current = subscriptions.get(id) ?? stripeSubscription({ id });
        const canceled = {
          ...current,
          status: 'canceled',
          canceled_at: nowSeconds(),
          ended_at: nowSeconds(),
        };
        subscriptions.set(id, canceled);
        return [200, canceled];
      },
    },
    {
      method: 'GET',
      pattern: /^\/v1\/customers\/([^/]+)$/,
      handle: (match) => [200, customer(match[1]!)],
    },
  ];

  function notFound(kind: string, id: string): [number, Json] {
    return [
      404,
      {
        error: {
          type: 'invalid_request_error',
          code: 'resource_missing',
          message: `No such ${kind}: '${id}'`,
        },
      },
    ];
  }

  function reply(res: ServerResponse, status: number, body: Json) {
    res.writeHead(status, { 'content-type': 'application/json', 'request-id': newId('req') });
    res.end(JSON.stringify(body));
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? '/', 'http://double');
    const raw =
      req.method === 'GET' || req.method === 'DELETE'
        ? url.search.slice(1)
        : Buffer.concat(chunks).toString();
    const body = decodeStripeForm(raw);
    const idempotencyKey = req.headers['idempotency-key'];
    const method = req.method ?? 'GET';
    requests.push({
      method,
      path: url.pathname,
      body,
      idempotencyKey: Array.isArray(idempotencyKey) ? idempotencyKey[0] : idempotencyKey,
    });
    if (failure) return reply(res, failure, errorBody(failure));
    for (const route of routes) {
      const match = route.method === method ? route.pattern.exec(url.pathname) : null;
      if (match) {
        const [status, json] = route.handle(match, body);
        return reply(res, status, json);
      }
    }
    reply(res, 404, {
      error: {
        type: 'invalid_request_error',
        message: `Unrecognized request URL (${method}: ${url.pathname})`,
      },
    });
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((error: Error) =>
      reply(res, 500, { error: { type: 'api_error', message: error.message } }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    requests,
    requestsTo: (method, pathPrefix) =>
      requests.filter((request) => request.method === method && request.path.startsWith(pathPrefix)),
    failWith(status) {
      failure = status;
    },
    putSubscription(subscription) {
      subscriptions.set(subscription.id as string, subscription);
    },
    env: () => ({
      STRIPE_SECRET_KEY: 'sk_test_double',
      STRIPE_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET,
      STRIPE_API_URL: url,
      STRIPE_PRICE_QUARTERLY: TEST_PRICE_QUARTERLY,
      STRIPE_PRICE_YEARLY: TEST_PRICE_YEARLY,
      STRIPE_LINK_QUARTERLY: 'https://buy.stripe.test/quarterly',
      STRIPE_LINK_YEARLY: 'https://buy.stripe.test/yearly',
    }),
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

export interface DeliveryOptions {
  secret?: string;
  /** Signing time in Unix seconds (default now). */
  timestamp?: number;
  /** Changes the body after signing, as an attacker would. */
  tamper?: (payload: string) => string;
  /** Sends no Stripe-Signature header at all. */
  unsigned?: boolean;
}

/** POSTs an event to the app's webhook endpoint, signed like Stripe signs it. */
export async function deliverWebhook(appUrl: string, event: Json, options: DeliveryOptions = {}) {
  const payload = JSON.stringify(event);
  const headers: Record<string, string> = { 'content-type': 'application/json; charset=utf-8' };
  if (!options.unsigned)
    headers['stripe-signature'] = signPayload(payload, options.secret, options.timestamp);
  const response = await fetch(`${appUrl}/api/webhooks/stripe`, {
    method: 'POST',
    headers,
    body: options.tamper ? options.tamper(payload) : payload,
  });
  return { status: response.status, body: (await response.json()) as Json };
}

// Test helper: a local stand-in for the Stripe API (node:http on port 0) that the real `stripe` SDK talks
// to through STRIPE_API_BASE. Objects follow Stripe's documented shapes; checkout sessions start from the
// canonical object in @farol/testdata (fixtures/stripe), invoice previews from the hand-written invoice there.
// Events are signed as Stripe signs them.
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { readTestJson } from '@farol/testdata';
import Stripe from 'stripe';

const checkoutSessionFixture = readTestJson<Record<string, unknown>>('fixtures/stripe/checkout_session.json');
const invoicePreviewFixture = readTestJson<Record<string, any>>('fixtures/stripe/invoice_preview.json');

/** The monthly amount (centavos) of each test price, as the Stripe account's prices would say. */
export const STUB_PRICE_AMOUNTS: Record<string, number> = {
  price_test_iniciante: 4900,
  price_test_profissional: 14900,
  price_test_iniciante_yearly: 49000,
  price_test_profissional_yearly: 149000,
};
const intervalOfPrice = (priceId: string) => (priceId.endsWith('_yearly') ? 'year' : 'month');

type Json = Record<string, any>;

/** Stripe's form encoding (`items[0][price]=x`) back to nested objects; numeric keys make arrays. */
export function parseStripeForm(body: string): Json {
  const root: Json = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.replace(/\]/g, '').split('[');
    let node: any = root;
    path.forEach((part, index) => {
      if (index === path.length - 1) {
        node[part] = value;
        return;
      }
      node[part] ??= /^\d+$/.test(path[index + 1]!) ? [] : {};
      node = node[part];
    });
  }
  return root;
}

const newId = (prefix: string) => `${prefix}_test_${crypto.randomBytes(8).toString('hex')}`;

export type StripeStub = {
  url: string;
  customers: Map<string, Json>;
  sessions: Map<string, Json>;
  subscriptions: Map<string, Json>;
  invoices: Map<string, Json>;
  refunds: Map<string, Json>;
  /** Every call received: method, path and the decoded form body. */
  calls: { method: string; path: string; body: Json }[];
  /**
   * What Stripe does when the customer pays a checkout: creates the subscription and its paid first
   * invoice (`amountPaid` in cents, R$ 49,00 by default), completes the session.
   */
  completeCheckout: (
    sessionId: string,
    period: { start: Date; end: Date },
    amountPaid?: number,
  ) => { session: Json; subscription: Json };
  /** Changes a subscription the way Stripe would (renewal, cancellation, failed payment). */
  updateSubscription: (
    id: string,
    changes: {
      status?: string;
      cancelAtPeriodEnd?: boolean;
      period?: { start: Date; end: Date };
      priceId?: string;
    },
  ) => Json;
  /** A Stripe event around `object` (a copy taken now, as Stripe snapshots it). */
  event: (type: string, object: Json, created?: Date) => Json;
  /** The Stripe-Signature header for a payload, made with the webhook secret. */
  sign: (payload: string, secret: string, at: Date) => string;
  /**
   * Holds the answer to the next call matching `method` and `path`: Stripe applies the call at once, and
   * `applied` resolves then, but the answer goes back only on `release()` (so a test can deliver Stripe's
   * webhook, or call the app, in between).
   */
  holdAnswer: (method: string, path: string) => HeldAnswer;
  close: () => Promise<void>;
};

export type HeldAnswer = { applied: Promise<void>; release: () => void };
type Hold = { method: string; path: string; onApplied: () => void; released: Promise<void> };

type Period = { start: Date; end: Date };
/** What the stub holds, as Stripe would: by id, plus the answers already given per idempotency key. */
type StripeState = {
  customers: Map<string, Json>;
  sessions: Map<string, Json>;
  subscriptions: Map<string, Json>;
  invoices: Map<string, Json>;
  /** The payment of each invoice, by invoice id. */
  invoicePayments: Map<string, Json>;
  refunds: Map<string, Json>;
  idempotent: Map<string, Json>;
  /** Where checkout sessions send the customer: Stripe's site, or this stub's own payment page. */
  checkoutPageBase: string;
};

/**
 * With it, checkout sessions lead to a payment page served by the stub (for browser journeys): paying
 * there completes the session, delivers the signed `checkout.session.completed` event to `webhookUrl`
 * and sends the browser to the session's success URL, as Stripe Checkout does.
 */
export type HostedCheckout = { webhookUrl: string; webhookSecret: string };
type StubRequest = {
  method: string;
  path: string;
  query: URLSearchParams;
  body: Json;
  headers: http.IncomingHttpHeaders;
};
type StubAnswer = { status: number; body: Json };

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

const notFound = (kind: string, id: string): StubAnswer => ({
  status: 404,
  body: {
    error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${kind}: '${id}'` },
  },
});

/** The app's Stripe settings pointed at a stub: a test key, both plans' prices (monthly, yearly) and the webhook secret. */
export const stripeTestEnv = (stripe: StripeStub, webhookSecret: string) => ({
  STRIPE_SECRET_KEY: 'sk_test_farol',
  STRIPE_WEBHOOK_SECRET: webhookSecret,
  STRIPE_PRICE_INICIANTE: 'price_test_iniciante',
  STRIPE_PRICE_PROFISSIONAL: 'price_test_profissional',
  STRIPE_PRICE_INICIANTE_YEARLY: 'price_test_iniciante_yearly',
  STRIPE_PRICE_PROFISSIONAL_YEARLY: 'price_test_profissional_yearly',
  STRIPE_API_BASE: stripe.url,
});

const signer = new Stripe('sk_test_signer');
const sign = (payload: string, secret: string, at: Date) =>
  signer.webhooks.generateTestHeaderString({ payload, secret, timestamp: seconds(at) });

export async function startStripeStub(
  options: { hostedCheckout?: HostedCheckout } = {},
): Promise<StripeStub> {
  const state: StripeState = {
    customers: new Map(),
    sessions: new Map(),
    subscriptions: new Map(),
    invoices: new Map(),
    invoicePayments: new Map(),
    refunds: new Map(),
    idempotent: new Map(),
    checkoutPageBase: 'https://checkout.stripe.com/c/pay',
  };
  const calls: StripeStub['calls'] = [];
  const holds: Hold[] = [];
  const server = await listen(state, calls, holds, options.hostedCheckout);
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  if (options.hostedCheckout) state.checkoutPageBase = `${url}/pay`;

  return {
    url,
    customers: state.customers,
    sessions: state.sessions,
    subscriptions: state.subscriptions,
    invoices: state.invoices,
    refunds: state.refunds,
    calls,
    completeCheckout: (sessionId, period, amountPaid) =>
      completeCheckout(state, sessionId, period, amountPaid),
    updateSubscription: (id, changes) => updateSubscription(state, id, changes),
    event: stripeEvent,
    sign,
    holdAnswer: (method, path) => {
      let release = () => undefined as void;
      let onApplied = () => undefined as void;
      const applied = new Promise<void>((resolve) => (onApplied = resolve));
      const released = new Promise<void>((resolve) => (release = resolve));
      holds.push({ method, path, onApplied, released });
      return { applied, release };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const MONTH_MS = 30 * 86_400_000;

/** The stub's payment page: one button, as plain as a form can be. */
function paymentPage(session: Json): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Stripe Checkout (local stub)</title></head>
<body><main><h1>Checkout (local Stripe stub)</h1><p>Session ${session.id}</p>
<form method="post"><button type="submit">Pay</button></form></main></body></html>`;
}

/** GET shows the payment page; POST pays: completes the session, delivers the signed event, redirects. */
async function hostedCheckout(
  state: StripeState,
  hosted: HostedCheckout,
  method: string,
  sessionId: string,
  response: http.ServerResponse,
) {
  const session = state.sessions.get(sessionId);
  if (!session) {
    response.writeHead(404, { 'content-type': 'text/plain' }).end('no such checkout session');
    return;
  }
  if (method === 'GET') {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(paymentPage(session));
    return;
  }
  const now = new Date();
  const { session: paid } = completeCheckout(state, sessionId, {
    start: now,
    end: new Date(now.getTime() + MONTH_MS),
  });
  const payload = JSON.stringify(stripeEvent('checkout.session.completed', paid, now));
  const delivered = await fetch(hosted.webhookUrl, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'stripe-signature': sign(payload, hosted.webhookSecret, now),
    },
    body: payload,
  });
  if (!delivered.ok) {
    response.writeHead(502, { 'content-type': 'text/plain' }).end(`webhook answered ${delivered.status}`);
    return;
  }
  response.writeHead(303, { location: session.success_url }).end();
}

/** node:http on a free local port: every call is recorded, applied, then answered as JSON (or held). */
async function listen(
  state: StripeState,
  calls: StripeStub['calls'],
  holds: Hold[],
  hosted: HostedCheckout | undefined,
) {
  const server = http.createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk) => (raw += chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://stub');
      const payment = /^\/pay\/([\w-]+)$/.exec(url.pathname);
      if (hosted && payment) {
        void hostedCheckout(state, hosted, request.method ?? 'GET', payment[1]!, response);
        return;
      }
      const body = parseStripeForm(raw);
      calls.push({ method: request.method ?? 'GET', path: url.pathname, body });
      const result = route(state, {
        method: request.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        body,
        headers: request.headers,
      });
      // the answer is the object as the call left it, even when sent later
      const payload = JSON.stringify(result.body);
      const answer = () => {
        response.writeHead(result.status, { 'content-type': 'application/json', 'request-id': newId('req') });
        response.end(payload);
      };
      const holdIndex = holds.findIndex(
        (hold) => hold.method === request.method && hold.path === url.pathname,
      );
      if (holdIndex < 0) return answer();
      const [hold] = holds.splice(holdIndex, 1);
      hold!.onApplied();
      void hold!.released.then(answer);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

/** Each Stripe resource the app calls, by method and path; anything else is Stripe's unrecognized URL. */
function route(state: StripeState, request: StubRequest): StubAnswer {
  const { method, path } = request;
  if (method === 'POST' && path === '/v1/customers') return createCustomer(state, request);
  const customerMatch = /^\/v1\/customers\/([\w-]+)$/.exec(path);
  if (method === 'DELETE' && customerMatch) return deleteCustomer(state, customerMatch[1]!);
  if (method === 'POST' && path === '/v1/checkout/sessions')
    return createCheckoutSession(state, request.body);
  const sessionMatch = /^\/v1\/checkout\/sessions\/([\w-]+)$/.exec(path);
  if (method === 'GET' && sessionMatch) return retrieveCheckoutSession(state, sessionMatch[1]!);
  if (method === 'POST' && path === '/v1/billing_portal/sessions')
    return createPortalSession(state, request.body);
  if (method === 'GET' && path === '/v1/subscriptions') return listSubscriptions(state, request.query);
  if (method === 'GET' && path === '/v1/invoices') return listInvoices(state, request.query);
  if (method === 'POST' && path === '/v1/invoices/create_preview') return previewInvoice(state, request.body);
  if (method === 'GET' && path === '/v1/invoice_payments') return listInvoicePayments(state, request.query);
  if (method === 'GET' && path === '/v1/refunds') return listRefunds(state, request.query);
  if (method === 'POST' && path === '/v1/refunds') return createRefund(state, request);
  const subscriptionMatch = /^\/v1\/subscriptions\/([\w-]+)$/.exec(path);
  const answer = subscriptionMatch && subscriptionCall(state, method, subscriptionMatch[1]!, request.body);
  if (answer) return answer;
  return {
    status: 404,
    body: {
      error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path})` },
    },
  };
}

/** DELETE /v1/customers/:id: the customer goes, and Stripe cancels its subscriptions at once. */
function deleteCustomer(state: StripeState, id: string): StubAnswer {
  if (!state.customers.has(id)) return notFound('customer', id);
  state.customers.delete(id);
  for (const subscription of state.subscriptions.values()) {
    if (subscription.customer !== id || subscription.status === 'canceled') continue;
    subscription.status = 'canceled';
    subscription.canceled_at = Math.floor(Date.now() / 1000);
    subscription.ended_at = subscription.canceled_at;
  }
  return { status: 200, body: { id, object: 'customer', deleted: true } };
}

/** POST /v1/customers: a repeated idempotency key gets the customer it created the first time. */
function createCustomer(state: StripeState, { body, headers }: StubRequest): StubAnswer {
  const idempotencyKey = headers['idempotency-key'];
  const key = typeof idempotencyKey === 'string' ? `customers:${idempotencyKey}` : undefined;
  if (key && state.idempotent.has(key)) return { status: 200, body: state.idempotent.get(key)! };
  const customer = {
    id: newId('cus'),
    object: 'customer',
    created: seconds(new Date()),
    email: body.email ?? null,
    name: body.name ?? null,
    metadata: body.metadata ?? {},
    livemode: false,
  };
  state.customers.set(customer.id, customer);
  if (key) state.idempotent.set(key, customer);
  return { status: 200, body: customer };
}

/** POST /v1/checkout/sessions: an open, unpaid session from the canonical fixture. */
function createCheckoutSession(state: StripeState, body: Json): StubAnswer {
  if (body.customer && !state.customers.has(body.customer)) return notFound('customer', body.customer);
  const id = newId('cs');
  const session = {
    ...checkoutSessionFixture,
    id,
    mode: body.mode,
    customer: body.customer ?? null,
    client_reference_id: body.client_reference_id ?? null,
    metadata: body.metadata ?? {},
    success_url: body.success_url,
    cancel_url: body.cancel_url,
    locale: body.locale ?? null,
    currency: 'brl',
    // Stripe's default is the account's dynamic methods; the fixture's when none are asked for
    payment_method_types: body.payment_method_types ?? checkoutSessionFixture.payment_method_types,
    status: 'open',
    payment_status: 'unpaid',
    subscription: null,
    url: `${state.checkoutPageBase}/${id}`,
    // kept for completeCheckout; Stripe exposes line items through a separate call
    line_items_requested: body.line_items,
  };
  state.sessions.set(id, session);
  return { status: 200, body: session };
}

/** GET /v1/checkout/sessions/:id */
function retrieveCheckoutSession(state: StripeState, id: string): StubAnswer {
  const session = state.sessions.get(id);
  return session ? { status: 200, body: session } : notFound('checkout.session', id);
}

/** POST /v1/billing_portal/sessions */
function createPortalSession(state: StripeState, body: Json): StubAnswer {
  if (!state.customers.has(body.customer)) return notFound('customer', body.customer);
  const id = newId('bps');
  return {
    status: 200,
    body: {
      id,
      object: 'billing_portal.session',
      created: seconds(new Date()),
      customer: body.customer,
      livemode: false,
      return_url: body.return_url ?? null,
      url: `https://billing.stripe.com/p/session/${id}`,
    },
  };
}

/** GET /v1/subscriptions: by customer and status (no status: all but canceled), newest first. */
function listSubscriptions(state: StripeState, query: URLSearchParams): StubAnswer {
  const status = query.get('status');
  const data = [...state.subscriptions.values()]
    .filter((subscription) => !query.get('customer') || subscription.customer === query.get('customer'))
    .filter(
      (subscription) =>
        status === 'all' || (status ? subscription.status === status : subscription.status !== 'canceled'),
    )
    .sort((a, b) => b.created - a.created);
  return { status: 200, body: { object: 'list', data, has_more: false, url: '/v1/subscriptions' } };
}

/** GET, POST (update) and DELETE (cancel now) /v1/subscriptions/:id; undefined for any other method. */
function subscriptionCall(
  state: StripeState,
  method: string,
  id: string,
  body: Json,
): StubAnswer | undefined {
  const subscription = state.subscriptions.get(id);
  if (!subscription) return notFound('subscription', id);
  if (method === 'GET') return { status: 200, body: subscription };
  if (method === 'POST') {
    if (body.cancel_at_period_end !== undefined)
      subscription.cancel_at_period_end = body.cancel_at_period_end === 'true';
    const prorations = prorationLines(subscription, body.items ?? [], body.proration_date);
    for (const change of (body.items ?? []) as Json[]) {
      const item = subscription.items.data.find((candidate: Json) => candidate.id === change.id);
      if (item && change.price) item.price = { ...item.price, id: change.price };
    }
    // `always_invoice` bills the prorations at once: an invoice, paid by the card on file
    const prorated = prorations.reduce((sum, line) => sum + line.amount, 0);
    if (body.proration_behavior === 'always_invoice' && prorated > 0)
      recordPaidInvoice(state, subscription, prorated, new Date());
    // Stripe merges the keys given into the metadata; an empty value removes its key
    const metadata = { ...subscription.metadata, ...body.metadata };
    subscription.metadata = Object.fromEntries(Object.entries(metadata).filter(([, value]) => value !== ''));
    return { status: 200, body: subscription };
  }
  if (method === 'DELETE') {
    // an immediate cancellation: Stripe ends the subscription now
    subscription.status = 'canceled';
    subscription.canceled_at = Math.floor(Date.now() / 1000);
    subscription.ended_at = subscription.canceled_at;
    return { status: 200, body: subscription };
  }
  return undefined;
}

/**
 * Stripe's proration of a price change: a credit for the unused time on the old price and a charge for the
 * same time on the new one, each rounded to the centavo, from `proration_date` (Unix seconds) to the period's end.
 */
function prorationLines(subscription: Json, changes: Json[], prorationDate: string | undefined) {
  const lines: { amount: number; price: string; item: Json; from: number }[] = [];
  for (const change of changes) {
    const item = subscription.items.data.find((candidate: Json) => candidate.id === change.id);
    if (!item || !change.price || change.price === item.price.id) continue;
    const from = prorationDate ? Number(prorationDate) : seconds(new Date());
    const length = item.current_period_end - item.current_period_start;
    const remaining = Math.min(1, Math.max(0, (item.current_period_end - from) / length));
    const amountOf = (price: string) => Math.round((STUB_PRICE_AMOUNTS[price] ?? 0) * remaining);
    lines.push({ amount: -amountOf(item.price.id), price: item.price.id, item, from });
    lines.push({ amount: amountOf(change.price), price: change.price, item, from });
  }
  return lines;
}

/** POST /v1/invoices/create_preview: the invoice a subscription change would create now (nothing is changed). */
function previewInvoice(state: StripeState, body: Json): StubAnswer {
  const subscription = state.subscriptions.get(body.subscription);
  if (!subscription) return notFound('subscription', String(body.subscription));
  const details = body.subscription_details ?? {};
  const lines = prorationLines(subscription, details.items ?? [], details.proration_date);
  const [template] = invoicePreviewFixture.lines.data;
  const total = lines.reduce((sum, line) => sum + line.amount, 0);
  const at = lines[0]?.from ?? seconds(new Date());
  return {
    status: 200,
    body: {
      ...invoicePreviewFixture,
      id: newId('upcoming_in'),
      created: at,
      customer: subscription.customer,
      currency: subscription.currency,
      amount_due: Math.max(0, total),
      amount_remaining: Math.max(0, total),
      subtotal: total,
      total,
      period_start: at,
      period_end: at,
      parent: {
        type: 'subscription_details',
        subscription_details: { metadata: subscription.metadata, subscription: subscription.id },
      },
      lines: {
        ...invoicePreviewFixture.lines,
        data: lines.map((line) => ({
          ...template,
          id: newId('il_tmp'),
          amount: line.amount,
          currency: subscription.currency,
          description: `${line.amount < 0 ? 'Unused' : 'Remaining'} time on ${line.price}`,
          period: { start: line.from, end: line.item.current_period_end },
          parent: {
            type: 'subscription_item_details',
            subscription_item_details: {
              ...template.parent.subscription_item_details,
              subscription: subscription.id,
              subscription_item: line.item.id,
            },
          },
          pricing: {
            ...template.pricing,
            price_details: { ...template.pricing.price_details, price: line.price },
            unit_amount_decimal: String(STUB_PRICE_AMOUNTS[line.price] ?? 0),
          },
        })),
        url: '/v1/invoices/upcoming/lines',
      },
    },
  };
}

const list = (data: Json[], url: string): StubAnswer => ({
  status: 200,
  body: { object: 'list', data, has_more: false, url },
});

/** GET /v1/invoices: by subscription and status, newest first. */
function listInvoices(state: StripeState, query: URLSearchParams): StubAnswer {
  const data = [...state.invoices.values()]
    .filter((invoice) => !query.get('subscription') || invoice.subscription === query.get('subscription'))
    .filter((invoice) => !query.get('status') || invoice.status === query.get('status'))
    .sort((a, b) => b.created - a.created)
    .slice(0, Number(query.get('limit') ?? 10));
  return list(data, '/v1/invoices');
}

/** GET /v1/invoice_payments: the payments of one invoice. */
function listInvoicePayments(state: StripeState, query: URLSearchParams): StubAnswer {
  const payment = state.invoicePayments.get(query.get('invoice') ?? '');
  const matches = payment && (!query.get('status') || payment.status === query.get('status'));
  return list(matches ? [payment] : [], '/v1/invoice_payments');
}

/** GET /v1/refunds: the refunds of one payment intent. */
function listRefunds(state: StripeState, query: URLSearchParams): StubAnswer {
  const data = [...state.refunds.values()].filter(
    (refund) => refund.payment_intent === query.get('payment_intent'),
  );
  return list(data, '/v1/refunds');
}

/** POST /v1/refunds: a full refund of a payment intent (a repeated idempotency key gets the same refund). */
function createRefund(state: StripeState, { body, headers }: StubRequest): StubAnswer {
  const idempotencyKey = headers['idempotency-key'];
  const key = typeof idempotencyKey === 'string' ? `refunds:${idempotencyKey}` : undefined;
  if (key && state.idempotent.has(key)) return { status: 200, body: state.idempotent.get(key)! };
  const payment = [...state.invoicePayments.values()].find(
    (candidate) => candidate.payment.payment_intent === body.payment_intent,
  );
  if (!payment) return notFound('payment_intent', String(body.payment_intent));
  const refund = {
    id: newId('re'),
    object: 'refund',
    amount: payment.amount_paid,
    currency: payment.currency,
    created: seconds(new Date()),
    payment_intent: body.payment_intent,
    reason: body.reason ?? null,
    metadata: body.metadata ?? {},
    status: 'succeeded',
  };
  state.refunds.set(refund.id, refund);
  if (key) state.idempotent.set(key, refund);
  return { status: 200, body: refund };
}

/** The subscription's first invoice, paid by a payment intent. */
function recordPaidInvoice(state: StripeState, subscription: Json, amountPaid: number, at: Date) {
  const invoice = {
    id: newId('in'),
    object: 'invoice',
    customer: subscription.customer,
    subscription: subscription.id,
    parent: { type: 'subscription_details', subscription_details: { subscription: subscription.id } },
    status: 'paid',
    amount_due: amountPaid,
    amount_paid: amountPaid,
    amount_remaining: 0,
    currency: 'brl',
    created: seconds(at),
  };
  state.invoices.set(invoice.id, invoice);
  state.invoicePayments.set(invoice.id, {
    id: newId('inpay'),
    object: 'invoice_payment',
    invoice: invoice.id,
    amount_paid: amountPaid,
    amount_requested: amountPaid,
    currency: 'brl',
    is_default: true,
    status: 'paid',
    payment: { type: 'payment_intent', payment_intent: newId('pi') },
  });
}

const subscriptionItem = (subscriptionId: string, priceId: string, period: Period) => ({
  id: newId('si'),
  object: 'subscription_item',
  created: seconds(period.start),
  current_period_start: seconds(period.start),
  current_period_end: seconds(period.end),
  metadata: {},
  price: {
    id: priceId,
    object: 'price',
    active: true,
    currency: 'brl',
    recurring: { interval: intervalOfPrice(priceId), interval_count: 1 },
    type: 'recurring',
  },
  quantity: 1,
  subscription: subscriptionId,
});

function completeCheckout(state: StripeState, sessionId: string, period: Period, amountPaid = 4900) {
  const session = state.sessions.get(sessionId);
  if (!session) throw new Error(`no session ${sessionId}`);
  const id = newId('sub');
  const priceId = (session.line_items_requested as Json[])[0]!.price as string;
  const subscription = {
    id,
    object: 'subscription',
    customer: session.customer,
    status: 'active',
    cancel_at_period_end: false,
    cancel_at: null,
    canceled_at: null,
    created: seconds(period.start),
    start_date: seconds(period.start),
    currency: 'brl',
    livemode: false,
    metadata: session.metadata,
    items: { object: 'list', data: [subscriptionItem(id, priceId, period)], has_more: false },
  };
  state.subscriptions.set(id, subscription);
  recordPaidInvoice(state, subscription, amountPaid, period.start);
  Object.assign(session, { status: 'complete', payment_status: 'paid', subscription: id });
  return { session: structuredClone(session), subscription: structuredClone(subscription) };
}

function updateSubscription(
  state: StripeState,
  id: string,
  changes: Parameters<StripeStub['updateSubscription']>[1],
) {
  const subscription = state.subscriptions.get(id);
  if (!subscription) throw new Error(`no subscription ${id}`);
  if (changes.status) subscription.status = changes.status;
  if (changes.cancelAtPeriodEnd !== undefined) subscription.cancel_at_period_end = changes.cancelAtPeriodEnd;
  const item = subscription.items.data[0];
  if (changes.period) {
    item.current_period_start = seconds(changes.period.start);
    item.current_period_end = seconds(changes.period.end);
  }
  if (changes.priceId) item.price = { ...item.price, id: changes.priceId };
  if (changes.status === 'canceled') subscription.canceled_at = item.current_period_end;
  return structuredClone(subscription);
}

function stripeEvent(type: string, object: Json, created = new Date()): Json {
  return {
    id: newId('evt'),
    object: 'event',
    api_version: '2026-10-28.endive',
    created: seconds(created),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object: structuredClone(object) },
  };
}

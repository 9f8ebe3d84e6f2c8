// Test helper: a local stand-in for the Stripe API (node:http on port 0) that the real `stripe` SDK talks
// to through STRIPE_API_BASE. Objects follow Stripe's documented shapes; checkout sessions start from the
// canonical object in @farol/testdata (fixtures/stripe). Events are signed as Stripe signs them.
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { readTestJson } from '@farol/testdata';
import Stripe from 'stripe';

const checkoutSessionFixture = readTestJson<Record<string, unknown>>('fixtures/stripe/checkout_session.json');

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
  /** Every call received: method, path and the decoded form body. */
  calls: { method: string; path: string; body: Json }[];
  /** What Stripe does when the customer pays a checkout: creates the subscription, completes the session. */
  completeCheckout: (
    sessionId: string,
    period: { start: Date; end: Date },
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
  close: () => Promise<void>;
};

type Period = { start: Date; end: Date };
/** What the stub holds, as Stripe would: by id, plus the answers already given per idempotency key. */
type StripeState = {
  customers: Map<string, Json>;
  sessions: Map<string, Json>;
  subscriptions: Map<string, Json>;
  idempotent: Map<string, Json>;
};
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

export async function startStripeStub(): Promise<StripeStub> {
  const state: StripeState = {
    customers: new Map(),
    sessions: new Map(),
    subscriptions: new Map(),
    idempotent: new Map(),
  };
  const calls: StripeStub['calls'] = [];
  const signer = new Stripe('sk_test_signer');
  const server = await listen(state, calls);
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    customers: state.customers,
    sessions: state.sessions,
    subscriptions: state.subscriptions,
    calls,
    completeCheckout: (sessionId, period) => completeCheckout(state, sessionId, period),
    updateSubscription: (id, changes) => updateSubscription(state, id, changes),
    event: stripeEvent,
    sign: (payload, secret, at) =>
      signer.webhooks.generateTestHeaderString({ payload, secret, timestamp: seconds(at) }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** node:http on a free local port: every call is recorded, then answered as JSON. */
async function listen(state: StripeState, calls: StripeStub['calls']) {
  const server = http.createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk) => (raw += chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://stub');
      const body = parseStripeForm(raw);
      calls.push({ method: request.method ?? 'GET', path: url.pathname, body });
      const result = route(state, {
        method: request.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        body,
        headers: request.headers,
      });
      response.writeHead(result.status, { 'content-type': 'application/json', 'request-id': newId('req') });
      response.end(JSON.stringify(result.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

/** Each Stripe resource the app calls, by method and path; anything else is Stripe's unrecognized URL. */
function route(state: StripeState, request: StubRequest): StubAnswer {
  const { method, path } = request;
  if (method === 'POST' && path === '/v1/customers') return createCustomer(state, request);
  if (method === 'POST' && path === '/v1/checkout/sessions')
    return createCheckoutSession(state, request.body);
  const sessionMatch = /^\/v1\/checkout\/sessions\/([\w-]+)$/.exec(path);
  if (method === 'GET' && sessionMatch) return retrieveCheckoutSession(state, sessionMatch[1]!);
  if (method === 'POST' && path === '/v1/billing_portal/sessions')
    return createPortalSession(state, request.body);
  if (method === 'GET' && path === '/v1/subscriptions') return listSubscriptions(state, request.query);
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
    status: 'open',
    payment_status: 'unpaid',
    subscription: null,
    url: `https://checkout.stripe.com/c/pay/${id}`,
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
    for (const change of (body.items ?? []) as Json[]) {
      const item = subscription.items.data.find((candidate: Json) => candidate.id === change.id);
      if (item && change.price) item.price = { ...item.price, id: change.price };
    }
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
    recurring: { interval: 'month', interval_count: 1 },
    type: 'recurring',
  },
  quantity: 1,
  subscription: subscriptionId,
});

function completeCheckout(state: StripeState, sessionId: string, period: Period) {
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

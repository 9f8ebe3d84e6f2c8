import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startStripeStub, stripeTestEnv, type StripeStub } from '../../test/stubs/stripe-stub.ts';
import { forEachEngine, startTestApp, useTestApp, type TestApp } from '../../test/harness.ts';

const WEBHOOK_SECRET = 'whsec_test_farol';
const PRICE_INICIANTE = 'price_test_iniciante';
const PRICE_PROFISSIONAL = 'price_test_profissional';
const DAY = 24 * 60 * 60 * 1000;
const START = new Date('2025-03-10T12:00:00Z');

forEachEngine((engine) => {
  describe('plans, current and usage without Stripe', () => {
    const t = useTestApp({ engine });

    it('lists the catalogue in the caller language with limits, popular and contact-sales', async () => {
      const pt = await t.request('GET', '/api/subscription/plans', {
        headers: { 'accept-language': 'pt-BR' },
      });
      expect(pt.status).toBe(200);
      expect(pt.body.success).toBe(true);
      // no Stripe settings here: the plans are shown, not sold
      expect(pt.body.billing).toEqual({ checkout: false, yearly: false });
      const byId = Object.fromEntries(pt.body.data.map((plan: any) => [plan.id, plan]));
      expect(Object.keys(byId)).toEqual(['free', 'iniciante', 'profissional', 'enterprise']);
      expect(byId.free).toMatchObject({
        name: 'Gratuito',
        price: 0,
        currency: 'BRL',
        interval: 'month',
        limitations: [],
      });
      expect(byId.free.limits).toEqual({
        dailyConversations: 3,
        coinsVisible: 5,
        coinList: 'top',
        marketSignals: 3,
        advancedAnalysis: false,
        advancedAlerts: false,
        coinSearch: false,
        alerts: 3,
      });
      expect(byId.free.features).toContain('Top 5 moedas por capitalização de mercado');
      expect(byId.iniciante).toMatchObject({
        price: 49,
        limits: { dailyConversations: 5, coinsVisible: 10, coinList: 'main', alerts: 10 },
      });
      expect(byId.iniciante.features).toContain(
        'As 10 principais moedas (as que o Farol analisa), com favoritas',
      );
      expect(byId.profissional).toMatchObject({
        price: 149,
        popular: true,
        limits: { dailyConversations: -1, coinsVisible: 500, alerts: 100 },
      });
      // no operator AI key in this app: no card promises AI the product cannot give
      expect(byId.profissional.features).toContain(
        'Respostas de IA ilimitadas com sua própria chave de API; o analista embutido sempre incluído',
      );
      expect(byId.profissional.features).toContain(
        'Agentes especializados (técnico, fundamentos, risco e sentimento) em cada resposta',
      );
      expect(byId.iniciante.features).toContain(
        '5 respostas de IA por dia com sua própria chave de API; o analista embutido responde sem limite',
      );
      for (const plan of Object.values(byId))
        for (const feature of plan.features as string[]) {
          expect(feature).not.toMatch(/conversas (ilimitadas )?com a IA|Agentes de IA|IA incluída/iu);
        }
      expect(byId.enterprise).toMatchObject({ price: 'Personalizado', contactSales: true });
      const en = await t.request('GET', '/api/subscription/plans', { headers: { 'accept-language': 'en' } });
      expect(en.body.data[0]).toMatchObject({
        name: 'Free',
        features: expect.arrayContaining([
          '3 AI answers a day with your own API key; the built-in analyst answers without limit',
        ]),
      });
      const es = await t.request('GET', '/api/subscription/plans', { headers: { 'accept-language': 'es' } });
      expect(es.body.data[2].features).toContain('Hasta 100 alertas');
      expect(es.body.data[1].features).toContain(
        '5 respuestas de IA al día con tu propia clave API; el analista integrado responde sin límite',
      );
    });

    it('reports a new account on the free plan, and an admin as exempt from limits', async () => {
      const { token, user } = await t.registerUser();
      const current = await t.request('GET', '/api/subscription/current', { token });
      expect(current.status).toBe(200);
      expect(current.body.data).toMatchObject({
        plan: {
          id: 'free',
          name: 'Gratuito',
          price: 0,
          interval: 'month',
          limits: { dailyConversations: 3 },
        },
        isActive: false,
        subscription: {
          cancelAtPeriodEnd: false,
          currentPeriodEnd: null,
          isAdmin: false,
          status: 'active',
          grantedByAdmin: false,
        },
      });
      await t.makeAdmin(user.id);
      const admin = await t.request('GET', '/api/subscription/current', { token });
      expect(admin.body.data).toMatchObject({
        isActive: true,
        subscription: { isAdmin: true },
        plan: { limits: { dailyConversations: -1, alerts: -1 } },
      });
    });

    it("counts today's conversations against the plan limit", async () => {
      const { token, user } = await t.registerUser();
      expect((await t.request('GET', '/api/subscription/usage', { token })).body.data).toEqual({
        conversationsToday: 0,
        limit: 3,
        canChat: true,
        // no operator AI keys here and no key of the user's: the built-in analyst answers
        ai: { answeredBy: 'built_in', provider: null, included: null },
      });
      // three conversations on today's São Paulo calendar day
      await t.database.db.execute(
        sql`insert into chat_daily_usage (user_id, day, conversations) values (${user.id}, (now() at time zone 'America/Sao_Paulo')::date, 3)`,
      );
      expect((await t.request('GET', '/api/subscription/usage', { token })).body.data).toEqual({
        conversationsToday: 3,
        limit: 3,
        canChat: false,
        ai: { answeredBy: 'built_in', provider: null, included: null },
      });
    });

    it('answers 401 without a token', async () => {
      expect((await t.request('GET', '/api/subscription/current')).status).toBe(401);
      expect((await t.request('GET', '/api/subscription/usage')).status).toBe(401);
    });

    it('asks to log in before subscribing', async () => {
      const response = await t.request('POST', '/api/subscription/checkout', {
        body: { planId: 'iniciante' },
        headers: { 'accept-language': 'en' },
      });
      expect(response.status).toBe(401);
      expect(response.body).toMatchObject({
        code: 'login_required_to_subscribe',
        message: 'Please log in to subscribe to a plan',
      });
    });

    it('answers 503 payments-not-available for every billing call when Stripe is not configured', async () => {
      const { token } = await t.registerUser({ language: 'en' });
      for (const path of [
        '/api/subscription/checkout',
        '/api/subscription/portal',
        '/api/subscription/sync',
      ]) {
        const response = await t.request('POST', path, {
          token,
          body: path.endsWith('checkout') ? { planId: 'iniciante' } : {},
        });
        expect(response.status, path).toBe(503);
        expect(response.body).toMatchObject({
          code: 'payments_unavailable',
          message: 'Payments not available yet.',
        });
      }
      const webhook = await t.request('POST', '/api/subscription/webhook', {
        rawBody: '{}',
        headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
      });
      expect(webhook.status).toBe(503);
      const cancel = await t.request('POST', '/api/subscription/cancel', { token });
      expect(cancel.status).toBe(409);
      expect(cancel.body.code).toBe('no_active_subscription');
    });

    it('refuses checkout of the free or enterprise plan with a 400', async () => {
      const { token } = await t.registerUser();
      for (const planId of ['free', 'enterprise', 'gold']) {
        expect(
          (await t.request('POST', '/api/subscription/checkout', { token, body: { planId } })).status,
        ).toBe(400);
      }
    });
  });

  describe('Stripe billing', () => {
    let t: TestApp;
    let stripe: StripeStub;
    let clock: Date;

    const advance = (ms: number) => {
      clock = new Date(clock.getTime() + ms);
    };

    beforeAll(async () => {
      stripe = await startStripeStub();
      clock = START;
      t = await startTestApp({
        engine,
        env: {
          STRIPE_SECRET_KEY: 'sk_test_farol',
          STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
          STRIPE_PRICE_INICIANTE: PRICE_INICIANTE,
          STRIPE_PRICE_PROFISSIONAL: PRICE_PROFISSIONAL,
          STRIPE_PRICE_INICIANTE_YEARLY: 'price_test_iniciante_yearly',
          STRIPE_PRICE_PROFISSIONAL_YEARLY: 'price_test_profissional_yearly',
          STRIPE_API_BASE: stripe.url,
          APP_URL: 'https://farol.example',
        },
        deps: { now: () => clock },
      });
    });
    afterAll(async () => {
      await t.close();
      await stripe.close();
    });
    beforeEach(() => {
      clock = START;
    });
    afterEach(() => {
      stripe.calls.length = 0;
    });

    it('tells the web that plans can be bought, monthly or yearly, once Stripe is configured', async () => {
      const plans = await t.request('GET', '/api/subscription/plans');
      expect(plans.body.billing).toEqual({ checkout: true, yearly: true });
      // a year costs ten months: two months free
      expect(
        Object.fromEntries(
          plans.body.data.map((plan: { id: string; yearlyPrice?: number }) => [plan.id, plan.yearlyPrice]),
        ),
      ).toEqual({ free: undefined, iniciante: 490, profissional: 1490, enterprise: undefined });
    });

    it('opens a yearly checkout on the yearly price, and an upgrade of a yearly subscriber stays yearly', async () => {
      const account = await t.registerUser();
      const checkout = await t.request('POST', '/api/subscription/checkout', {
        token: account.token,
        body: { planId: 'iniciante', interval: 'year' },
      });
      expect(checkout.status).toBe(200);
      const session = stripe.sessions.get(checkout.body.data.sessionId)!;
      expect(session.line_items_requested).toEqual([{ price: 'price_test_iniciante_yearly', quantity: '1' }]);
      const paid = stripe.completeCheckout(
        session.id,
        { start: clock, end: new Date(clock.getTime() + 365 * DAY) },
        49000,
      );
      expect((await deliver(stripe.event('checkout.session.completed', paid.session))).status).toBe(200);
      expect((await current(account.token)).plan.id).toBe('iniciante');
      const preview = await t.request('GET', '/api/subscription/change-preview?plan=profissional', {
        token: account.token,
      });
      // at the start of the year, the whole difference of the yearly prices
      expect(preview.body.data).toMatchObject({ change: 'upgrade', amountDue: 1000 });
      const upgrade = await t.request('POST', '/api/subscription/checkout', {
        token: account.token,
        body: { planId: 'profissional', prorationDate: preview.body.data.prorationDate },
      });
      expect(upgrade.status).toBe(200);
      expect(stripe.subscriptions.get(paid.subscription.id)!.items.data[0].price.id).toBe(
        'price_test_profissional_yearly',
      );
      expect((await current(account.token)).plan.id).toBe('profissional');
    });

    it('offers Pix beside the card, with a mandate up to the dearest plan, only when the account has it', async () => {
      const first = await t.registerUser();
      const cardOnly = await t.request('POST', '/api/subscription/checkout', {
        token: first.token,
        body: { planId: 'iniciante' },
      });
      expect(stripe.sessions.get(cardOnly.body.data.sessionId)!.payment_method_types).toEqual(['card']);
      expect(stripe.calls.at(-1)!.body.payment_method_types).toBeUndefined();
      const withPix = await startTestApp({
        engine,
        env: { ...stripeTestEnv(stripe, WEBHOOK_SECRET), STRIPE_PIX_ENABLED: 'true' },
      });
      try {
        const { token } = await withPix.registerUser();
        const checkout = await withPix.request('POST', '/api/subscription/checkout', {
          token,
          body: { planId: 'iniciante', interval: 'year' },
        });
        expect(checkout.status).toBe(200);
        const call = stripe.calls.find(
          (candidate) => candidate.path === '/v1/checkout/sessions' && candidate.body.payment_method_types,
        )!;
        expect(call.body).toMatchObject({
          mode: 'subscription',
          payment_method_types: ['card', 'pix'],
          payment_method_options: {
            pix: {
              mandate_options: {
                amount: '149000',
                amount_type: 'maximum',
                currency: 'brl',
                payment_schedule: 'yearly',
              },
            },
          },
        });
      } finally {
        await withPix.close();
      }
    });

    it('refuses a yearly checkout while yearly prices are not configured', async () => {
      const bare = await startTestApp({
        engine,
        env: {
          STRIPE_SECRET_KEY: 'sk_test_farol',
          STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
          STRIPE_PRICE_INICIANTE: PRICE_INICIANTE,
          STRIPE_PRICE_PROFISSIONAL: PRICE_PROFISSIONAL,
          STRIPE_API_BASE: stripe.url,
        },
      });
      try {
        expect((await bare.request('GET', '/api/subscription/plans')).body.billing).toEqual({
          checkout: true,
          yearly: false,
        });
        const { token } = await bare.registerUser({ language: 'en' });
        const response = await bare.request('POST', '/api/subscription/checkout', {
          token,
          body: { planId: 'iniciante', interval: 'year' },
        });
        expect(response.status).toBe(503);
        expect(response.body.code).toBe('payments_unavailable');
      } finally {
        await bare.close();
      }
    });

    const deliver = (event: object, options: { secret?: string; signature?: string } = {}) => {
      const payload = JSON.stringify(event, null, 2);
      return t.request('POST', '/api/subscription/webhook', {
        rawBody: payload,
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'stripe-signature':
            options.signature ?? stripe.sign(payload, options.secret ?? WEBHOOK_SECRET, clock),
        },
      });
    };

    const count = async (query: ReturnType<typeof sql>) => {
      const result = await t.database.db.execute(query);
      return Number((result as unknown as { rows: { n: number | string }[] }).rows[0]!.n);
    };
    const emails = (userId: string, template: string) =>
      count(sql`select count(*) as n from email_outbox where user_id = ${userId} and template = ${template}`);

    /** Registers a user, checks out a plan and has Stripe deliver checkout.session.completed. */
    async function subscribe(planId: 'iniciante' | 'profissional', language = 'pt-BR') {
      const account = await t.registerUser({ language });
      const checkout = await t.request('POST', '/api/subscription/checkout', {
        token: account.token,
        body: { planId },
      });
      expect(checkout.status).toBe(200);
      const { session, subscription } = stripe.completeCheckout(checkout.body.data.sessionId, {
        start: clock,
        end: new Date(clock.getTime() + 30 * DAY),
      });
      const response = await deliver(stripe.event('checkout.session.completed', session));
      expect(response.status).toBe(200);
      return { ...account, session, subscription };
    }

    // Session tokens last 7 days: after moving the clock further, sign in again.
    const signIn = async (account: { email: string; password: string }) =>
      (
        await t.request('POST', '/api/auth/login', {
          body: { email: account.email, password: account.password },
        })
      ).body.token as string;
    const current = async (token: string) =>
      (await t.request('GET', '/api/subscription/current', { token })).body.data;

    it('creates one Stripe customer per user and a subscription-mode checkout returning to settings', async () => {
      const { token, user, email } = await t.registerUser();
      const first = await t.request('POST', '/api/subscription/checkout', {
        token,
        body: { planId: 'iniciante' },
      });
      const second = await t.request('POST', '/api/subscription/checkout', {
        token,
        body: { planId: 'profissional' },
      });
      expect(first.status).toBe(200);
      expect(first.body.data.url).toBe(`https://checkout.stripe.com/c/pay/${first.body.data.sessionId}`);
      const customersOfUser = [...stripe.customers.values()].filter(
        (customer) => customer.metadata.userId === user.id,
      );
      expect(customersOfUser).toHaveLength(1);
      expect(customersOfUser[0]!.email).toBe(email);
      expect(stripe.calls.filter((call) => call.path === '/v1/customers')).toHaveLength(1);
      const sessions = [first, second].map((response) => stripe.sessions.get(response.body.data.sessionId)!);
      expect(sessions.map((session) => session.customer)).toEqual([
        customersOfUser[0]!.id,
        customersOfUser[0]!.id,
      ]);
      expect(sessions[0]).toMatchObject({
        mode: 'subscription',
        client_reference_id: user.id,
        success_url: 'https://farol.example/settings?subscription=success',
        line_items_requested: [{ price: PRICE_INICIANTE, quantity: '1' }],
      });
      expect(sessions[1]!.line_items_requested[0].price).toBe(PRICE_PROFISSIONAL);
      // nothing changes until Stripe says the checkout was paid
      expect((await current(token)).plan.id).toBe('free');
    });

    it('activates the plan from a signed checkout.session.completed and queues one welcome-to-plan e-mail', async () => {
      const { token, user, subscription } = await subscribe('profissional');
      const data = await current(token);
      expect(data).toMatchObject({
        plan: { id: 'profissional', price: 149, limits: { dailyConversations: -1 } },
        isActive: true,
        subscription: {
          status: 'active',
          cancelAtPeriodEnd: false,
          currentPeriodEnd: new Date(START.getTime() + 30 * DAY).toISOString(),
          grantedByAdmin: false,
        },
      });
      expect(await emails(user.id, 'subscription-started')).toBe(1);
      // the customer.subscription.created that follows changes nothing more
      expect((await deliver(stripe.event('customer.subscription.created', subscription))).status).toBe(200);
      expect(await emails(user.id, 'subscription-started')).toBe(1);
    });

    it('rejects a bad or missing signature with 400 and changes nothing', async () => {
      const account = await t.registerUser();
      const checkout = await t.request('POST', '/api/subscription/checkout', {
        token: account.token,
        body: { planId: 'iniciante' },
      });
      const { session } = stripe.completeCheckout(checkout.body.data.sessionId, {
        start: clock,
        end: new Date(clock.getTime() + 30 * DAY),
      });
      const event = stripe.event('checkout.session.completed', session);
      const wrongSecret = await deliver(event, { secret: 'whsec_someone_else' });
      expect(wrongSecret.status).toBe(400);
      expect(wrongSecret.body.code).toBe('invalid_webhook_signature');
      expect((await deliver(event, { signature: '' })).status).toBe(400);
      // a payload altered after signing
      const signature = stripe.sign(JSON.stringify(event), WEBHOOK_SECRET, clock);
      const tampered = await t.request('POST', '/api/subscription/webhook', {
        rawBody: JSON.stringify({ ...event, type: 'customer.subscription.updated' }),
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      });
      expect(tampered.status).toBe(400);
      expect((await current(account.token)).plan.id).toBe('free');
      expect(await count(sql`select count(*) as n from stripe_events where id = ${event.id}`)).toBe(0);
      // the same event, properly signed, is then accepted
      expect((await deliver(event)).status).toBe(200);
      expect((await current(account.token)).plan.id).toBe('iniciante');
    });

    it('applies a replayed event once', async () => {
      const account = await t.registerUser();
      const checkout = await t.request('POST', '/api/subscription/checkout', {
        token: account.token,
        body: { planId: 'iniciante' },
      });
      const { session } = stripe.completeCheckout(checkout.body.data.sessionId, {
        start: clock,
        end: new Date(clock.getTime() + 30 * DAY),
      });
      const event = stripe.event('checkout.session.completed', session);
      const first = await deliver(event);
      const again = await deliver(event);
      const third = await deliver(event);
      expect([first.body, again.body, third.body]).toEqual([
        { received: true, duplicate: false },
        { received: true, duplicate: true },
        { received: true, duplicate: true },
      ]);
      expect(await emails(account.user.id, 'subscription-started')).toBe(1);
      expect(
        await count(sql`select count(*) as n from subscription_changes where user_id = ${account.user.id}`),
      ).toBe(1);
      expect(stripe.calls.filter((call) => call.path === '/v1/subscriptions')).toHaveLength(1);
    });

    it("ends in Stripe's state whatever order the events arrive in", async () => {
      const account = await subscribe('iniciante');
      const { subscription, user } = account;
      // Stripe emitted: updated (cancel scheduled) and then deleted (period over); they arrive newest first
      const scheduled = stripe.updateSubscription(subscription.id, { cancelAtPeriodEnd: true });
      const updatedEvent = stripe.event('customer.subscription.updated', scheduled);
      advance(30 * DAY);
      const ended = stripe.updateSubscription(subscription.id, { status: 'canceled' });
      const deletedEvent = stripe.event('customer.subscription.deleted', ended);
      expect((await deliver(deletedEvent)).status).toBe(200);
      expect((await deliver(updatedEvent)).status).toBe(200);
      const data = await current(await signIn(account));
      expect(data.plan.id).toBe('free');
      expect(data.subscription).toMatchObject({ status: 'canceled', cancelAtPeriodEnd: false });
      expect(await emails(user.id, 'subscription-cancelled')).toBe(1);
    });

    it('ends paid access at once when Stripe deletes the subscription before its period ends (refund, dispute, immediate cancel)', async () => {
      const account = await subscribe('profissional');
      const { user, subscription } = account;
      advance(3 * DAY);
      const ended = stripe.updateSubscription(subscription.id, { status: 'canceled' });
      expect((await deliver(stripe.event('customer.subscription.deleted', ended))).status).toBe(200);
      const token = await signIn(account);
      const data = await current(token);
      expect(data.plan.id).toBe('free');
      expect(data.isActive).toBe(false);
      expect(data.subscription.status).toBe('canceled');
      // the plan's limits follow at once: the coin table is back to the free plan's five coins
      const prices = await t.request('GET', '/api/crypto/prices?page=1&limit=10', { token });
      expect(prices.body.pagination.totalItems).toBe(5);
      expect(await emails(user.id, 'subscription-cancelled')).toBe(1);
    });

    it('keeps a late older event from undoing a newer state', async () => {
      const { token, subscription } = await subscribe('iniciante');
      const createdEvent = stripe.event('customer.subscription.created', subscription);
      stripe.updateSubscription(subscription.id, { cancelAtPeriodEnd: true });
      await deliver(
        stripe.event('customer.subscription.updated', stripe.subscriptions.get(subscription.id)!),
      );
      await deliver(createdEvent);
      expect((await current(token)).subscription.cancelAtPeriodEnd).toBe(true);
    });

    it('cancels at the period end: access until then, free afterwards', async () => {
      const account = await subscribe('profissional', 'en');
      const { token, user, subscription } = account;
      const periodEnd = new Date(START.getTime() + 30 * DAY);
      const cancel = await t.request('POST', '/api/subscription/cancel', { token });
      expect(cancel.status).toBe(200);
      expect(cancel.body.data.currentPeriodEnd).toBe(periodEnd.toISOString());
      expect(cancel.body.data.message).toBe(
        'Subscription cancelled. You keep access to the Professional plan until April 9, 2025.',
      );
      expect(stripe.subscriptions.get(subscription.id)!.cancel_at_period_end).toBe(true);
      // Stripe's echo of the change sends no second e-mail
      await deliver(
        stripe.event('customer.subscription.updated', stripe.subscriptions.get(subscription.id)!),
      );
      expect(await emails(user.id, 'subscription-cancelled')).toBe(1);

      advance(29 * DAY);
      let data = await current(await signIn(account));
      expect(data.plan.id).toBe('profissional');
      expect(data.subscription).toMatchObject({
        cancelAtPeriodEnd: true,
        currentPeriodEnd: periodEnd.toISOString(),
      });
      expect(data.subscription.dataRetainedUntil).toBe(
        new Date(periodEnd.getTime() + 30 * DAY).toISOString(),
      );

      advance(2 * DAY);
      const later = await signIn(account);
      data = await current(later);
      expect(data.plan).toMatchObject({ id: 'free', limits: { dailyConversations: 3 } });
      expect(data.isActive).toBe(false);
      expect((await t.request('GET', '/api/subscription/usage', { token: later })).body.data.limit).toBe(3);
    });

    /** 30 days on, Stripe renews the subscription (a new period) and says so; the account as it reads then. */
    async function renew(account: { email: string; password: string }, subscriptionId: string) {
      advance(30 * DAY);
      const renewed = stripe.updateSubscription(subscriptionId, {
        period: { start: clock, end: new Date(clock.getTime() + 30 * DAY) },
      });
      await deliver(stripe.event('customer.subscription.updated', renewed));
      return current(await signIn(account));
    }

    it('previews a downgrade as free now and due at the period end, and schedules it for the next cycle', async () => {
      const account = await subscribe('profissional', 'en');
      const { token, subscription } = account;
      const preview = await t.request('GET', '/api/subscription/change-preview?plan=iniciante', { token });
      expect(preview.status).toBe(200);
      expect(preview.body.data).toEqual({
        plan: 'iniciante',
        change: 'downgrade',
        amountDue: 0,
        currency: 'BRL',
        effectiveAt: new Date(clock.getTime() + 30 * DAY).toISOString(),
        prorationDate: null,
      });
      // a downgrade's preview needs nothing from Stripe
      expect(stripe.calls.filter((call) => call.path === '/v1/invoices/create_preview')).toHaveLength(0);
      const change = await t.request('POST', '/api/subscription/checkout', {
        token,
        body: { planId: 'iniciante' },
      });
      expect(change.status).toBe(200);
      expect(change.body.data).toMatchObject({
        sessionId: null,
        pendingPlan: 'iniciante',
        url: 'https://farol.example/settings?subscription=scheduled',
        effectiveAt: new Date(clock.getTime() + 30 * DAY).toISOString(),
      });
      expect(change.body.data.message).toContain('at the next billing cycle');
      expect(stripe.subscriptions.get(subscription.id)!.items.data[0].price.id).toBe(PRICE_INICIANTE);
      expect(
        stripe.calls.find(
          (call) => call.path === `/v1/subscriptions/${subscription.id}` && call.method === 'POST',
        )!.body.proration_behavior,
      ).toBe('none');
      // Stripe's echo of the price change keeps the paid period on the old plan
      await deliver(
        stripe.event('customer.subscription.updated', stripe.subscriptions.get(subscription.id)!),
      );
      let data = await current(token);
      expect(data.plan.id).toBe('profissional');
      expect(data.subscription.pendingPlan).toBe('iniciante');
      // renewal: a new period starts on the new price
      data = await renew(account, subscription.id);
      expect(data.plan.id).toBe('iniciante');
      expect(data.subscription.pendingPlan).toBeUndefined();
    });

    it("previews an upgrade's prorated charge from Stripe and applies it at once for exactly that amount", async () => {
      const account = await subscribe('iniciante');
      const { user, subscription } = account;
      // a third of the period used: two thirds of R$ 149 less two thirds of R$ 49, each line rounded as Stripe does
      advance(10 * DAY);
      const token = await signIn(account);
      const preview = await t.request('GET', '/api/subscription/change-preview?plan=profissional', {
        token,
      });
      expect(preview.status).toBe(200);
      const prorationDate = Math.floor(clock.getTime() / 1000);
      expect(preview.body.data).toEqual({
        plan: 'profissional',
        change: 'upgrade',
        amountDue: 66.66,
        currency: 'BRL',
        effectiveAt: clock.toISOString(),
        prorationDate,
      });
      const previewCall = stripe.calls.find((call) => call.path === '/v1/invoices/create_preview')!;
      expect(previewCall.body).toMatchObject({
        subscription: subscription.id,
        subscription_details: {
          proration_behavior: 'always_invoice',
          proration_date: String(prorationDate),
          items: [{ id: subscription.items.data[0].id, price: PRICE_PROFISSIONAL }],
        },
      });
      // the preview changes nothing
      expect(stripe.subscriptions.get(subscription.id)!.items.data[0].price.id).toBe(PRICE_INICIANTE);
      expect((await current(token)).plan.id).toBe('iniciante');

      const upgrade = await t.request('POST', '/api/subscription/checkout', {
        token,
        body: { planId: 'profissional', prorationDate },
      });
      expect(upgrade.status).toBe(200);
      expect(upgrade.body.data).toMatchObject({
        sessionId: null,
        upgradedTo: 'profissional',
        url: 'https://farol.example/settings?subscription=upgraded',
      });
      expect(upgrade.body.data.pendingPlan).toBeUndefined();
      expect(upgrade.body.data.message).toContain('Profissional');
      const update = stripe.calls.find(
        (call) => call.path === `/v1/subscriptions/${subscription.id}` && call.method === 'POST',
      )!;
      expect(update.body).toMatchObject({
        proration_behavior: 'always_invoice',
        payment_behavior: 'error_if_incomplete',
        proration_date: String(prorationDate),
      });
      // Stripe charged the previewed amount at once
      const invoices = [...stripe.invoices.values()].filter(
        (invoice) => invoice.subscription === subscription.id,
      );
      expect(invoices.map((invoice) => invoice.amount_paid).sort((a, b) => a - b)).toEqual([4900, 6666]);
      let data = await current(token);
      expect(data.plan.id).toBe('profissional');
      expect(data.subscription.pendingPlan).toBeUndefined();
      expect(data.subscription.currentPeriodEnd).toBe(new Date(START.getTime() + 30 * DAY).toISOString());
      const changes = () =>
        count(sql`select count(*) as n from subscription_changes where user_id = ${user.id}`);
      const changesAfterUpgrade = await changes();
      // Stripe's echo, twice, and a sync change nothing more
      const echo = stripe.event('customer.subscription.updated', stripe.subscriptions.get(subscription.id)!);
      await deliver(echo);
      await deliver(echo);
      expect((await t.request('POST', '/api/subscription/sync', { token })).body.data).toMatchObject({
        plan: 'profissional',
        cancelAtPeriodEnd: false,
      });
      data = await current(token);
      expect(data.plan.id).toBe('profissional');
      expect(data.subscription.pendingPlan).toBeUndefined();
      expect(await changes()).toBe(changesAfterUpgrade);
      // once on the top plan, there is nothing to preview
      const again = await t.request('GET', '/api/subscription/change-preview?plan=profissional', { token });
      expect(again.status).toBe(409);
      expect(again.body.code).toBe('plan_already_active');
    });

    it("upgrades at once when Stripe's echo arrives before Stripe's answer", async () => {
      const { token, subscription } = await subscribe('iniciante');
      const upgrade = await changeWithEchoFirst(token, subscription.id, 'profissional');
      expect(upgrade.status).toBe(200);
      expect(upgrade.body.data.upgradedTo).toBe('profissional');
      const data = await current(token);
      expect(data.plan.id).toBe('profissional');
      expect(data.subscription.pendingPlan).toBeUndefined();
    });

    it('refuses a preview without a paid subscription, or for a plan that is not paid for', async () => {
      const { token } = await t.registerUser({ language: 'es' });
      const none = await t.request('GET', '/api/subscription/change-preview?plan=profissional', { token });
      expect(none.status).toBe(409);
      expect(none.body.code).toBe('no_active_subscription');
      expect(none.body.message).toBe('Ninguna suscripción activa.');
      const bad = await t.request('GET', '/api/subscription/change-preview?plan=enterprise', { token });
      expect(bad.status).toBe(400);
      expect(stripe.calls.filter((call) => call.path === '/v1/invoices/create_preview')).toHaveLength(0);
    });

    /**
     * Stripe's echo of a change (`customer.subscription.updated`, or a sync) reaches the server while the
     * call that made the change still waits for Stripe's answer: the stub holds that answer until the echo
     * has been applied. The end state must be the same as in the order of the test above.
     */
    async function changeWithEchoFirst(token: string, subscriptionId: string, planId: string) {
      const held = stripe.holdAnswer('POST', `/v1/subscriptions/${subscriptionId}`);
      const change = t.request('POST', '/api/subscription/checkout', { token, body: { planId } });
      await held.applied;
      const echo = await deliver(
        stripe.event('customer.subscription.updated', stripe.subscriptions.get(subscriptionId)!),
      );
      expect(echo.status).toBe(200);
      held.release();
      return change;
    }

    it("keeps a plan change scheduled when Stripe's echo arrives before Stripe's answer", async () => {
      const account = await subscribe('profissional');
      const { token, user, subscription } = account;
      const change = await changeWithEchoFirst(token, subscription.id, 'iniciante');
      expect(change.status).toBe(200);
      expect(change.body.data.pendingPlan).toBe('iniciante');
      let data = await current(token);
      // the paid period keeps the plan paid for; the new one waits for the next cycle
      expect(data.plan.id).toBe('profissional');
      expect(data.subscription.pendingPlan).toBe('iniciante');
      // one line of plan history for the subscription and one for the change, whoever wrote it
      expect(
        await count(sql`select count(*) as n from subscription_changes where user_id = ${user.id}`),
      ).toBe(2);
      // the echo delivered again, and a sync, change nothing
      await deliver(
        stripe.event('customer.subscription.updated', stripe.subscriptions.get(subscription.id)!),
      );
      expect((await t.request('POST', '/api/subscription/sync', { token })).body.data).toMatchObject({
        plan: 'profissional',
        pendingPlan: 'iniciante',
      });
      // taking it back, again with the echo first, leaves no change scheduled
      const back = await changeWithEchoFirst(token, subscription.id, 'profissional');
      expect(back.status).toBe(200);
      data = await current(token);
      expect(data.plan.id).toBe('profissional');
      expect(data.subscription.pendingPlan).toBeUndefined();
      // the change again, then the renewal: the new period is on the plan asked for
      expect((await changeWithEchoFirst(token, subscription.id, 'iniciante')).status).toBe(200);
      expect((await current(token)).subscription.pendingPlan).toBe('iniciante');
      data = await renew(account, subscription.id);
      expect(data.plan.id).toBe('iniciante');
      expect(data.subscription.pendingPlan).toBeUndefined();
    });

    it('answers 409 when the plan asked for is already active', async () => {
      const { token } = await subscribe('iniciante', 'en');
      const response = await t.request('POST', '/api/subscription/checkout', {
        token,
        body: { planId: 'iniciante' },
      });
      expect(response.status).toBe(409);
      expect(response.body).toMatchObject({
        code: 'plan_already_active',
        message: 'You already have this plan active.',
      });
    });

    it('queues a payment-failed e-mail once and keeps access while Stripe retries', async () => {
      const { token, user, subscription } = await subscribe('iniciante');
      stripe.updateSubscription(subscription.id, { status: 'past_due' });
      const invoice = {
        id: 'in_test_1',
        object: 'invoice',
        customer: subscription.customer,
        subscription: subscription.id,
        amount_due: 4900,
        currency: 'brl',
        status: 'open',
      };
      const event = stripe.event('invoice.payment_failed', invoice);
      await deliver(event);
      await deliver(event);
      expect(await emails(user.id, 'payment-failed')).toBe(1);
      const data = await current(token);
      expect(data.plan.id).toBe('iniciante');
      expect(data.subscription.status).toBe('past_due');
      const [row] = (
        (await t.database.db.execute(
          sql`select data from email_outbox where user_id = ${user.id} and template = 'payment-failed'`,
        )) as any
      ).rows;
      expect(row.data).toMatchObject({ planName: 'Iniciante', amount: 49, currency: 'BRL' });
    });

    it('reconciles on sync when webhooks were lost', async () => {
      const account = await t.registerUser();
      const checkout = await t.request('POST', '/api/subscription/checkout', {
        token: account.token,
        body: { planId: 'profissional' },
      });
      stripe.completeCheckout(checkout.body.data.sessionId, {
        start: clock,
        end: new Date(clock.getTime() + 30 * DAY),
      });
      expect((await current(account.token)).plan.id).toBe('free');
      const sync = await t.request('POST', '/api/subscription/sync', { token: account.token });
      expect(sync.status).toBe(200);
      expect(sync.body.data).toMatchObject({
        plan: 'profissional',
        status: 'active',
        cancelAtPeriodEnd: false,
      });
      expect((await current(account.token)).plan.id).toBe('profissional');
    });

    it('acknowledges events it does not act on, or about customers it does not know, without changes', async () => {
      const foreign = stripe.event('customer.subscription.updated', {
        id: 'sub_test_foreign',
        object: 'subscription',
        customer: 'cus_test_unknown',
        status: 'active',
        cancel_at_period_end: false,
        created: 1,
        items: {
          object: 'list',
          data: [{ id: 'si_test_1', price: { id: PRICE_PROFISSIONAL }, current_period_end: 2 }],
        },
      });
      const other = stripe.event('invoice.paid', {
        id: 'in_test_2',
        object: 'invoice',
        customer: 'cus_test_unknown',
      });
      for (const event of [foreign, other]) {
        const response = await deliver(event);
        expect(response.status).toBe(200);
        expect(response.body).toEqual({ received: true, duplicate: false });
      }
      expect(stripe.calls.filter((call) => call.path === '/v1/subscriptions')).toHaveLength(0);
    });

    it('opens the billing portal for a customer and refuses one without', async () => {
      const { token } = await subscribe('iniciante');
      const portal = await t.request('POST', '/api/subscription/portal', { token });
      expect(portal.status).toBe(200);
      expect(portal.body.data.url).toMatch(/^https:\/\/billing\.stripe\.com\/p\/session\//);
      expect(stripe.calls.find((call) => call.path === '/v1/billing_portal/sessions')!.body.return_url).toBe(
        'https://farol.example/settings',
      );
      const stranger = await t.registerUser();
      expect((await t.request('POST', '/api/subscription/portal', { token: stranger.token })).status).toBe(
        409,
      );
    });
  });
});

import type { ErrorCode } from '@farol/contract';
import type { Language } from '@farol/i18n';
import type { Redis } from 'ioredis';
import type { Config } from './config.ts';
import type { Database, Db } from './db/client.ts';
import type { Encryption } from './lib/encryption.ts';
import type { Metrics } from './lib/metrics.ts';
import type { RateLimitStore } from './lib/rate-limiter.ts';
import type { RedisWatch } from './lib/redis-watch.ts';
import type { MarketServiceWithInternals } from './modules/market/market.types.ts';
import type { MarketStream } from './modules/market-stream/market-stream.setup.ts';
import type { Mailer } from './modules/email/email.mailer.ts';
import type { PushDelivery } from './modules/push/push.setup.ts';
import type { TelegramChannel } from './modules/telegram/telegram.setup.ts';
import type { WebhookChannel } from './modules/webhooks/webhooks.setup.ts';
import type { EmailDelivery } from './modules/email/email.setup.ts';
import type { SignalsService } from './modules/signals/signals.service.ts';
import type { SignalWarmer } from './modules/signals/signals.setup.ts';
import type { JobRunner } from './jobs/scheduler.ts';
import type { AlertChecks } from './modules/alerts/alerts.service.ts';
import type { Actor, RouteAccess } from './plugins/auth.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    db: Db;
    redis: Redis | undefined;
    /** Whether that Redis answers now: while it does not, shared state falls back to this instance's memory. */
    redisWatch: RedisWatch | undefined;
    metrics: Metrics;
    rateLimitStore: RateLimitStore;
    /** The clock every service reads (tests move it). */
    now: () => Date;
    /** Market data through one cache: coins, global, fear-greed, candles, each with its source. */
    market: MarketServiceWithInternals;
    /** The live market: one upstream stream, fanned out to browsers, cached prices and price alerts. */
    marketStream: MarketStream;
    /** The signal engine's analyses, cached per coin until the next 1h close. */
    signals: SignalsService;
    /** Computes the warm coins' analyses once per 1h close, after a market refresh. */
    signalWarmer: SignalWarmer;
    /** AES-256-GCM for secrets at rest (users' AI keys), keyed by ENCRYPTION_KEY or DATA_DIR/encryption-key. */
    encryption: Encryption;
    /** SMTP (or nothing without SMTP_URL) and the outbox delivery worker. */
    mailer: Mailer;
    emailDelivery: EmailDelivery;
    push: PushDelivery;
    telegram: TelegramChannel;
    /** Signed webhook deliveries through the outbox, and the signal-change watch that queues some. */
    webhooks: WebhookChannel;
    /** Alert checks, one at a time in this process (after each market refresh and on their schedule). */
    alertChecks: AlertChecks;
    /** Scheduled work: alert checks, digest, outbox delivery, market refresh. */
    jobs: JobRunner;
  }
  interface FastifyContextConfig {
    /** Who may call the route (see `RouteAccess`); every API route declares it. */
    access?: RouteAccess;
    /**
     * The codes the route's own code can answer, beyond those of its access level and input validation: the
     * OpenAPI document lists each under its status (see plugins/openapi.ts).
     */
    errors?: readonly ErrorCode[];
    /** A personal API token may call the route (reads only: market data, signals, analyses, alerts). */
    apiToken?: boolean;
    /** A success answer the route writes itself (a download, an event stream), for the OpenAPI document. */
    writtenAnswer?: { contentType: string; description: string };
  }
  interface FastifyRequest {
    /** The answer's language: the requested one, else the signed-in user's preference, else pt-BR. */
    language: Language;
    /** What `?lng=` or Accept-Language asked for, when it names a supported language. */
    requestedLanguage: Language | undefined;
    /** The signed-in actor, on routes whose access is `user`, `admin` or (when signed in) `optional`. */
    user: Actor | undefined;
  }
}

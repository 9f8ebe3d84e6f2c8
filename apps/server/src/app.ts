import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { Redis } from 'ioredis';
import type { Config } from './config.ts';
import { openDatabase, type Database } from './db/client.ts';
import { migrate } from './db/migrate.ts';
import { createEncryption, type Encryption } from './lib/encryption.ts';
import { createMetrics } from './lib/metrics.ts';
import { createMemoryRateLimitStore, createRedisRateLimitStore } from './lib/rate-limiter.ts';
import { redisClientOptions, watchRedis, withLocalFallback } from './lib/redis-watch.ts';
import { loadOrCreateSecret, loadOrCreateSharedSecret, MISSING_ENCRYPTION_KEY } from './lib/secrets.ts';
import { startupStep } from './lib/startup-step.ts';
import { createTokenService } from './lib/tokens.ts';
import { apiKeysRoutes } from './modules/api-keys/api-keys.routes.ts';
import { apiTokensRoutes } from './modules/api-tokens/api-tokens.routes.ts';
import { webhooksRoutes } from './modules/webhooks/webhooks.routes.ts';
import { registerWebhooks } from './modules/webhooks/webhooks.setup.ts';
import { sessionsRoutes } from './modules/auth/sessions.routes.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { chatRoutes } from './modules/chat/chat.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { usersRoutes } from './modules/users/users.routes.ts';
import { signalsRoutes } from './modules/signals/signals.routes.ts';
import { trackRecordRoutes } from './modules/track-record/track-record.routes.ts';
import { registerSignals } from './modules/signals/signals.setup.ts';
import { registerMarket } from './modules/market/market.setup.ts';
import { registerAlertChecks } from './modules/alerts/alerts.setup.ts';
import { registerMarketStream } from './modules/market-stream/market-stream.setup.ts';
import { marketStreamRoutes } from './modules/market-stream/market-stream.routes.ts';
import { marketDataRoutes } from './modules/market/market.routes.ts';
import { cryptoRoutes } from './modules/crypto/crypto.routes.ts';
import { subscriptionRoutes } from './modules/subscription/subscription.routes.ts';
import { adminRoutes } from './modules/admin/admin.routes.ts';
import { registerEmail } from './modules/email/email.setup.ts';
import { pushRoutes } from './modules/push/push.routes.ts';
import { registerPush } from './modules/push/push.setup.ts';
import { telegramRoutes } from './modules/telegram/telegram.routes.ts';
import { registerTelegram } from './modules/telegram/telegram.setup.ts';
import { emailRoutes } from './modules/email/email.routes.ts';
import { alertsRoutes } from './modules/alerts/alerts.routes.ts';
import { jobsRoutes } from './modules/jobs/jobs.routes.ts';
import { registerJobs } from './jobs/scheduler.ts';
import { passwordResetRoutes } from './modules/password-reset/password-reset.routes.ts';
import { emailVerificationRoutes } from './modules/email-verification/email-verification.routes.ts';
import { registerAuth } from './plugins/auth.ts';
import { registerCompression } from './plugins/compression.ts';
import { registerRequestDeadline } from './plugins/request-deadline.ts';
import { registerConnectionDraining } from './plugins/connection-draining.ts';
import { answerClientError, registerErrorHandler } from './plugins/error-handler.ts';
import { registerLanguage } from './plugins/language.ts';
import { registerMetrics } from './plugins/metrics.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { createContractSerializerCompiler } from './plugins/response-serializer.ts';
import { serializeRequest } from './lib/log-redaction.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { findWebDist, registerSpa } from './plugins/spa.ts';
import { renderIndexHtml } from './modules/seo/seo.service.ts';
import { seoRoutes } from './modules/seo/seo.routes.ts';

export type AppDependencies = {
  /** An open database; when absent buildApp opens one from the config and closes it on app.close(). */
  database?: Database;
  redis?: Redis;
  now?: () => Date;
  /** Serve the SPA from this folder (default: apps/web/dist when built). `false` serves none. */
  webDist?: string | false;
  /**
   * Also check every answer against its contract schema with zod (the test harness turns it on, so the whole
   * suite checks the compiled serializer; production relies on the compiled one alone).
   */
  verifyResponses?: boolean;
  /** Where the log lines go (default: standard output); tests read them. */
  logStream?: { write: (line: string) => void };
};

/** Builds the whole application (plugins, modules, SPA); never listens. */
/**
 * The key of stored API keys: from the environment; generated in DATA_DIR only on the embedded database,
 * where one process holds both. On PostgreSQL a key beside the data it protects would protect nothing, and
 * instances with keys of their own could not read each other's writes: the server refuses to start.
 */
function encryptionKeyOf(config: Config): string {
  if (config.ENCRYPTION_KEY) return config.ENCRYPTION_KEY;
  if (config.DATABASE_URL) throw new Error(MISSING_ENCRYPTION_KEY);
  return loadOrCreateSecret(config.DATA_DIR, 'encryption-key');
}

/** The session-token key: JWT_SECRET, else one generated once and shared by every instance of the database. */
async function tokenSecretOf(config: Config, database: Database, encryption: Encryption): Promise<string> {
  if (config.JWT_SECRET) return config.JWT_SECRET;
  if (database.engine === 'postgres')
    return startupStep('reading the shared token secret', () =>
      loadOrCreateSharedSecret(database.db, encryption, 'jwt-secret'),
    );
  return loadOrCreateSecret(config.DATA_DIR, 'jwt-secret');
}

/** Fastify with the logger (secrets redacted), body limit, trusted proxies and the contract's validators and serializers. */
function createFastify(config: Config, deps: AppDependencies) {
  const trustedHops = config.TRUST_PROXY;
  const app = Fastify({
    logger:
      config.LOG_LEVEL === 'silent'
        ? false
        : {
            level: config.LOG_LEVEL,
            ...(deps.logStream ? { stream: deps.logStream } : {}),
            serializers: { req: serializeRequest },
            redact: {
              paths: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.token', '*.apiKey'],
              censor: '[redacted]',
            },
          },
    bodyLimit: config.BODY_LIMIT_BYTES,
    // A client that trickles its headers or body (a byte every few seconds) is answered 408 and dropped
    // once REQUEST_TIMEOUT_MS has passed since it connected. Node counts only the receiving of the request,
    // so the answers that stay open (the chat's and the market's server-sent events) are never cut; no
    // socket idle timeout (connectionTimeout) is set for the same reason: a stream may be quiet a while.
    requestTimeout: config.REQUEST_TIMEOUT_MS,
    clientErrorHandler: answerClientError,
    // Node looks for overdue requests every 30 s by default: a short timeout is checked as often as it needs
    http: { connectionsCheckingInterval: Math.min(30_000, Math.ceil(config.REQUEST_TIMEOUT_MS / 2)) },
    // a hop count trusts that many proxies nearest to the server (what proxy-addr makes of a number)
    trustProxy:
      typeof trustedHops === 'number' ? (_address: string, hop: number) => hop < trustedHops : trustedHops,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  // compiled from the contract once per route; under the test runner every answer is also checked by zod
  app.setSerializerCompiler(createContractSerializerCompiler({ verify: deps.verifyResponses ?? false }));

  return app;
}

export async function buildApp(config: Config, deps: AppDependencies = {}): Promise<FastifyInstance> {
  // checked before anything opens: a deployment missing its key stops at once, saying how to make one
  const encryptionKey = encryptionKeyOf(config);
  const app = createFastify(config, deps);

  const ownsDatabase = !deps.database;
  const database =
    deps.database ??
    (await startupStep('opening the database', () =>
      openDatabase({ databaseUrl: config.DATABASE_URL, pgliteDir: path.join(config.DATA_DIR, 'pglite') }),
    ));
  await startupStep('migrating the database', () => database.serializeStartup(() => migrate(database)));
  const redis =
    deps.redis ?? (config.REDIS_URL ? new Redis(config.REDIS_URL, redisClientOptions) : undefined);
  const ownsRedis = !deps.redis && redis !== undefined;
  const redisWatch = redis ? watchRedis(redis, app.log) : undefined;

  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('db', database.db);
  app.decorate('redis', redis);
  app.decorate('redisWatch', redisWatch);
  app.decorate('metrics', createMetrics());
  // while Redis is unreachable each instance counts its own windows (limits hold per instance, never lapse)
  app.decorate(
    'rateLimitStore',
    redis
      ? withLocalFallback(redisWatch, createRedisRateLimitStore(redis), createMemoryRateLimitStore())
      : createMemoryRateLimitStore(),
  );
  app.decorate('now', deps.now ?? (() => new Date()));
  // before the modules: the secrets they keep in the database are sealed with it
  app.decorate('encryption', createEncryption(encryptionKey));
  // onClose hooks run in reverse order of registration: registered before every module, the database and
  // Redis close last, after the modules' own hooks (a running delivery pass, the job scheduler) are done
  app.addHook('onClose', async () => {
    if (ownsRedis) await redis?.quit().catch(() => undefined);
    if (ownsDatabase) await database.close();
  });
  registerMarket(app);
  registerSignals(app);
  registerEmail(app);
  await registerPush(app);
  await registerTelegram(app);
  registerAlertChecks(app);
  registerWebhooks(app);
  registerMarketStream(app);

  const tokens = createTokenService(await tokenSecretOf(config, database, app.encryption), app.now);

  registerConnectionDraining(app);
  registerRequestDeadline(app);
  registerLanguage(app);
  registerErrorHandler(app);
  registerSecurityHeaders(app);
  await registerCompression(app);
  registerMetrics(app);
  registerAuth(app, tokens);
  await registerOpenApi(app);

  // Modules: one line each, under /api.
  await app.register(healthRoutes, { prefix: '/api' });
  await app.register(authRoutes, { prefix: '/api/auth', tokens });
  await app.register(usersRoutes, { prefix: '/api/user', tokens });
  await app.register(apiTokensRoutes, { prefix: '/api/user/api-tokens' });
  await app.register(webhooksRoutes, { prefix: '/api/user/webhooks' });
  await app.register(passwordResetRoutes, { prefix: '/api/auth' });
  await app.register(sessionsRoutes, { prefix: '/api/auth' });
  await app.register(emailVerificationRoutes, { prefix: '/api/auth', tokens });
  registerJobs(app);
  await app.register(jobsRoutes, { prefix: '/api/admin/jobs' });
  await app.register(alertsRoutes, { prefix: '/api/alerts' });
  await app.register(marketDataRoutes, { prefix: '/api/market-data' });
  await app.register(marketStreamRoutes, { prefix: '/api/market' });
  await app.register(cryptoRoutes, { prefix: '/api/crypto' });
  await app.register(signalsRoutes, { prefix: '/api/market-signals' });
  await app.register(trackRecordRoutes, { prefix: '/api/market-signals/track-record' });
  await app.register(emailRoutes, { prefix: '/api/email' });
  await app.register(pushRoutes, { prefix: '/api/push' });
  await app.register(telegramRoutes, { prefix: '/api/telegram' });
  await app.register(subscriptionRoutes, { prefix: '/api/subscription' });
  await app.register(adminRoutes, { prefix: '/api/admin' });
  await app.register(apiKeysRoutes, { prefix: '/api/subscription/api-keys' });
  await app.register(chatRoutes, { prefix: '/api/chat' });

  const webDist = deps.webDist === false ? undefined : (deps.webDist ?? findWebDist(config.WEB_DIST_DIR));
  await app.register(seoRoutes);
  await registerSpa(app, { webDist, renderIndexHtml });
  return app;
}

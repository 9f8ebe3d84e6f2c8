import net from 'node:net';
import path from 'node:path';
import { z } from 'zod';

const optionalUrl = z.url().optional();
const isAddressOrCidr = (entry: string) => {
  const [address = '', bits, ...rest] = entry.split('/');
  const version = net.isIP(address);
  if (!version || rest.length > 0) return false;
  if (bits === undefined) return true;
  const prefix = Number(bits);
  return /^\d+$/.test(bits) && prefix <= (version === 4 ? 32 : 128);
};

/**
 * Which peers may name the client in X-Forwarded-For (Fastify's `trustProxy`): `false` (none: the client is
 * the TCP peer), `true` (any: only for a server no one reaches but through the proxy), a hop count (`1`:
 * the address the nearest proxy saw), or a comma-separated list of proxy addresses and CIDRs.
 */
const trustProxySetting = z
  .string()
  .trim()
  .transform((value, context): boolean | number | string => {
    if (value === 'true') return true;
    if (value === 'false' || value === '') return false;
    if (/^\d+$/.test(value)) return Number(value);
    const entries = value.split(',').map((entry) => entry.trim());
    if (entries.every(isAddressOrCidr)) return entries.join(',');
    context.addIssue({
      code: 'custom',
      message: 'must be true, false, a hop count, or a comma-separated list of addresses and CIDRs',
    });
    return z.NEVER;
  });

const booleanFlag = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1');

/**
 * Every setting Farol reads from the environment, parsed once at start-up. README.md lists them all;
 * keep the two in step.
 */
export const configSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalUrl,
  REDIS_URL: optionalUrl,
  APP_URL: z.url().default('http://localhost:3000'),
  WEB_DIST_DIR: z.string().optional(),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  ENCRYPTION_KEY: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/, 'must be 64 hex characters (32 bytes)')
    .optional(),
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(10),
  BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).default(1_048_576),
  // the time a client has to send a whole request (headers and body); answers, streams included, are not timed
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(500).default(30_000),
  // site-wide ceilings per hour on what strangers can make the operator pay for, whatever their addresses
  REGISTRATIONS_PER_HOUR: z.coerce.number().int().min(1).default(300),
  PASSWORD_RESET_EMAILS_PER_HOUR: z.coerce.number().int().min(1).default(300),
  CONTACT_MESSAGES_PER_HOUR: z.coerce.number().int().min(1).default(60),
  METRICS_TOKEN: z.string().min(1).optional(),
  TRUST_PROXY: trustProxySetting.default(false),
  // market data
  MARKET_DATA_SOURCE: z.enum(['auto', 'live', 'simulated']).default('auto'),
  MARKET_SEED: z.coerce.number().int().default(42),
  COINGECKO_BASE_URL: z.url().default('https://api.coingecko.com/api/v3'),
  COINGECKO_API_KEY: z.string().optional(),
  COINGECKO_API_PLAN: z.enum(['demo', 'pro']).default('demo'),
  COINGECKO_CALLS_PER_MINUTE: z.coerce.number().int().min(1).default(25),
  BINANCE_BASE_URL: z.url().default('https://api.binance.com'),
  // the live market: Binance's combined WebSocket stream, fanned out to browsers as server-sent events
  BINANCE_WS_URL: z.url().default('wss://stream.binance.com:9443/stream'),
  MARKET_STREAM_ENABLED: booleanFlag.default(true),
  MARKET_STREAM_STALL_SECONDS: z.coerce.number().min(1).default(30),
  MARKET_STREAM_CONNECTIONS_PER_USER: z.coerce.number().int().min(1).default(5),
  MARKET_STREAM_HEARTBEAT_SECONDS: z.coerce.number().min(0.1).default(15),
  // Binance allows 6000 request weight a minute per IP; Farol takes a fifth of it by default
  BINANCE_WEIGHT_PER_MINUTE: z.coerce.number().int().min(20).max(6000).default(1200),
  FEAR_GREED_BASE_URL: z.url().default('https://api.alternative.me'),
  UPSTREAM_TIMEOUT_MS: z.coerce.number().int().min(100).default(5000),
  // every outgoing delivery (webhook, push, Telegram, SMTP) is given up after this long in all, however it trickles
  DELIVERY_DEADLINE_MS: z.coerce.number().int().min(100).default(15_000),
  // alert notices one destination (an address, a browser, a chat) gets an hour; past it they are gathered into one digest
  NOTIFICATION_HOURLY_BUDGET: z.coerce.number().int().min(1).default(20),
  // AI chat
  OPENAI_BASE_URL: z.url().default('https://api.openai.com/v1'),
  GEMINI_BASE_URL: z.url().default('https://generativelanguage.googleapis.com/v1beta'),
  OPENAI_MODEL: z.string().default('gpt-4o-mini'),
  GEMINI_MODEL: z.string().default('gemini-2.5-flash'),
  AI_TIMEOUT_MS: z.coerce.number().int().min(1000).default(30_000),
  CHAT_IN_FLIGHT_PER_USER: z.coerce.number().int().min(1).default(2),
  // AI included in paid plans: the operator's keys answer paying users without a key of their own
  AI_OPENAI_API_KEY: z.string().min(1).optional(),
  AI_GEMINI_API_KEY: z.string().min(1).optional(),
  AI_INCLUDED_ANSWERS_INICIANTE: z.coerce.number().int().min(0).default(5),
  AI_INCLUDED_ANSWERS_PROFISSIONAL: z.coerce.number().int().min(0).default(50),
  // Web Push (VAPID): without keys, a pair is generated once and kept in the database for every instance
  VAPID_PUBLIC_KEY: z.string().min(1).optional(),
  VAPID_PRIVATE_KEY: z.string().min(1).optional(),
  VAPID_SUBJECT: z.string().min(1).optional(),
  // tests only: push endpoints over plain HTTP or on local addresses
  PUSH_ALLOW_INSECURE_ENDPOINTS: booleanFlag.default(false),
  // webhooks may reach private, loopback and link-local addresses, and plain HTTP (tests, a closed network)
  WEBHOOK_ALLOW_PRIVATE: booleanFlag.default(false),
  // Telegram: alerts to a linked chat through the Bot API; the webhook must be reachable at APP_URL over HTTPS
  TELEGRAM_BOT_TOKEN: z.string().min(1).optional(),
  TELEGRAM_API_BASE: z.url().default('https://api.telegram.org'),
  // billing
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  STRIPE_PRICE_INICIANTE: z.string().optional(),
  STRIPE_PRICE_PROFISSIONAL: z.string().optional(),
  // yearly prices (ten months' price each): with both, the plans can be bought yearly too
  STRIPE_PRICE_INICIANTE_YEARLY: z.string().optional(),
  STRIPE_PRICE_PROFISSIONAL_YEARLY: z.string().optional(),
  // the Stripe account has Pix (Pix Automático) enabled: Checkout offers it beside the card
  STRIPE_PIX_ENABLED: booleanFlag.default(false),
  STRIPE_API_BASE: optionalUrl,
  ADMIN_EMAILS: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((email) => email.trim().toLowerCase())
        .filter(Boolean),
    ),
  // e-mail and jobs
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().default('Farol <no-reply@farol.local>'),
  CONTACT_EMAIL: z.string().default('contato@farol.local'),
  ALERT_CHECK_CRON: z.string().default('0 */4 * * *'),
  JOBS_ENABLED: booleanFlag.default(true),
  // graceful stop: how long SIGTERM may take (in-flight requests, streams, running jobs) before the process exits anyway
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(1000).default(15_000),
});

export type Config = z.infer<typeof configSchema>;

export class ConfigError extends Error {}

/** Parses the environment; an invalid value throws one line naming the variable. */
const secretSetting = /(SECRET|KEY|TOKEN|PASSWORD)/;

/** A setting's value as an error message may show it: secrets never, a URL without its password. */
function printable(name: string, value: string | undefined): string {
  if (value === undefined) return '(not set)';
  if (secretSetting.test(name)) return '(hidden)';
  if (name.endsWith('_URL') && value.includes('@')) {
    try {
      const url = new URL(value);
      if (url.password) url.password = '***';
      return JSON.stringify(url.toString());
    } catch {
      return '(hidden)';
    }
  }
  return JSON.stringify(value);
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const result = configSchema.safeParse(cleaned);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    const name = issue.path.join('.');
    throw new ConfigError(`Invalid configuration: ${name}=${printable(name, env[name])}: ${issue.message}`);
  }
  const config = result.data;
  return { ...config, DATA_DIR: path.resolve(config.DATA_DIR) };
}

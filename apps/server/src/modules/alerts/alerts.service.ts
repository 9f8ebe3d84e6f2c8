import {
  alertConditionsSchema,
  isAdvancedAlertType,
  isAnalysisSymbol,
  type Alert,
  type AlertChannel,
  type AlertConditions,
  type AlertEvent,
  type AlertLimits,
  type CreateAlertRequest,
  ALERT_COOLDOWN_DEFAULT_MINUTES,
} from '@farol/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbExecutor } from '../../db/client.ts';
import type { AlertRow } from '../../db/schema/alerts.ts';
import { AppError, isAppError } from '../../lib/app-error.ts';
import {
  DEFAULT_NOTIFICATION_HOURLY_BUDGET,
  enqueueAlertEmail,
  enqueueNotice,
  type AlertNoticeBudget,
} from '../email/email.outbox.ts';
import { enqueueAlertPushes } from '../push/push.service.ts';
import { enqueueAlertTelegram } from '../telegram/telegram.service.ts';
import { enqueueUserWebhooks } from '../webhooks/webhooks.service.ts';
import { isWithinLimit } from '../entitlements/entitlements.service.ts';
import type { Actor } from '../../plugins/auth.ts';
import { accountCurrency } from '../../lib/currency.ts';
import type { MarketService } from '../market/market.types.ts';
import { resolveMarketSymbol, type SignalsService } from '../signals/signals.service.ts';
import {
  evaluateAlert,
  withCooldown,
  type AlertEvaluation,
  type MarketSnapshot,
} from './alerts.evaluation.ts';
import { findListedCoin, readMarketSnapshot } from './alerts.market.ts';
import {
  countUserAlerts,
  deleteUserAlert,
  insertAlert,
  insertAlertEvent,
  listActiveAlertsWithOwners,
  listActivePriceAlertsWithOwners,
  listAlertedPriceCoins,
  listUndigestedEvents,
  listUserAlertEvents,
  listUserAlerts,
  lockUserForAlerts,
  markEventsDigested,
  recordAlertCheck,
  toggleUserAlert,
} from './alerts.repository.ts';

export type AlertsContext = {
  db: Db;
  now: () => Date;
  market?: MarketService;
  /** The signal engine, read by advanced alerts (their signal and level conditions). */
  signals?: SignalsService;
  log?: FastifyBaseLogger;
  /**
   * Called after a price alert was created, switched or deleted: the live market follows the ticks of every
   * coin some active price alert is on.
   */
  onPriceAlertsChanged?: () => void;
  /**
   * Among these coin symbols, those whose price alerts the live market checks on its ticks now (its upstream
   * live): a scheduled check leaves those alerts to it.
   */
  tickedPriceSymbols?: (symbols: readonly string[]) => Promise<ReadonlySet<string>>;
  /** Alert notices a destination gets in an hour before the rest are gathered into a digest (NOTIFICATION_HOURLY_BUDGET). */
  notificationHourlyBudget?: number;
};

/** The stored conditions as the contract states them; a field of the wrong kind is left out. */
function readConditions(stored: AlertConditions): AlertConditions {
  const shape = alertConditionsSchema.shape;
  return Object.fromEntries(
    Object.entries(stored).filter(
      ([key, value]) => key in shape && shape[key as keyof typeof shape].safeParse(value).success,
    ),
  ) as AlertConditions;
}

function toAlert(row: AlertRow): Alert {
  const conditions = readConditions(row.conditions);
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    coinSymbol: row.coinSymbol,
    coinName: row.coinName,
    conditions,
    currency: row.currency,
    cooldownMinutes: row.cooldownMinutes,
    ...(row.channels ? { channels: row.channels } : {}),
    isActive: row.isActive,
    triggeredCount: row.triggeredCount,
    createdAt: row.createdAt.toISOString(),
    ...(row.lastTriggered ? { lastTriggered: row.lastTriggered.toISOString() } : {}),
  };
}

export async function listAlerts(context: AlertsContext, actor: Actor): Promise<Alert[]> {
  return (await listUserAlerts(context.db, actor.id)).map(toAlert);
}

export async function getAlertLimits(context: AlertsContext, actor: Actor): Promise<AlertLimits> {
  const currentAlerts = await countUserAlerts(context.db, actor.id);
  const maxAlerts = actor.entitlements.alerts;
  return {
    plan: actor.entitlements.plan,
    currentAlerts,
    maxAlerts,
    remaining: maxAlerts < 0 ? -1 : Math.max(0, maxAlerts - currentAlerts),
    advancedAlerts: actor.entitlements.advancedAlerts,
  };
}

/**
 * Price alerts take any listed coin; volume, RSI and advanced alerts any coin with candles and signals (a
 * Binance USDT pair: the ten and the others, for every plan within its alert count), stored under its market
 * symbol (POL as MATIC). A followed coin without a pair is refused with the reason (404 `coin_without_pair`).
 * Fear and greed is market-wide, so its symbol is only a label. Answers the symbol to store.
 */
async function supportedCoinSymbol(context: AlertsContext, input: CreateAlertRequest): Promise<string> {
  if (input.type === 'volume' || input.type === 'tecnico' || input.type === 'avancado') {
    if (isAnalysisSymbol(input.coinSymbol)) return input.coinSymbol;
    if (!context.market) throw new AppError('upstream_unavailable');
    try {
      return await resolveMarketSymbol(context.market, input.coinSymbol);
    } catch (error) {
      if (isAppError(error) && error.code === 'unknown_symbol')
        throw new AppError('unknown_coin', { coin: input.coinSymbol });
      throw error;
    }
  }
  if (input.type !== 'preco') return input.coinSymbol;
  if (!context.market) throw new AppError('upstream_unavailable');
  const coins = (await context.market.getCoins()).data;
  if (!findListedCoin(coins, input.coinSymbol))
    throw new AppError('unknown_coin', { coin: input.coinSymbol });
  return input.coinSymbol;
}

/** Creates the alert within the plan's limit (counted under a per-user lock, so parallel creations cannot pass it). */
export async function createAlert(
  context: AlertsContext,
  actor: Actor,
  input: CreateAlertRequest,
): Promise<Alert> {
  if (isAdvancedAlertType(input.type) && !actor.entitlements.advancedAlerts)
    throw new AppError('advanced_alerts_require_pro', {}, { requiresUpgrade: true });
  const coinSymbol = await supportedCoinSymbol(context, input);
  const maxAlerts = actor.entitlements.alerts;
  const row = await context.db.transaction(async (tx) => {
    await lockUserForAlerts(tx, actor.id);
    if (!isWithinLimit(maxAlerts, await countUserAlerts(tx, actor.id))) {
      throw new AppError('alert_limit_reached', { max: maxAlerts }, { requiresUpgrade: true });
    }
    return insertAlert(tx, {
      userId: actor.id,
      name: input.name,
      type: input.type,
      coinSymbol,
      coinName: input.coinName,
      conditions: input.conditions,
      currency: input.currency ?? accountCurrency(actor),
      cooldownMinutes: input.cooldownMinutes ?? ALERT_COOLDOWN_DEFAULT_MINUTES,
      channels: input.channels ?? null,
    });
  });
  if (row.type === 'preco') context.onPriceAlertsChanged?.();
  return toAlert(row);
}

export async function toggleAlert(context: AlertsContext, actor: Actor, id: string): Promise<Alert> {
  const row = await toggleUserAlert(context.db, actor.id, id, context.now());
  if (!row) throw new AppError('alert_not_found');
  if (row.type === 'preco') context.onPriceAlertsChanged?.();
  return toAlert(row);
}

export async function deleteAlert(context: AlertsContext, actor: Actor, id: string): Promise<void> {
  const type = await deleteUserAlert(context.db, actor.id, id);
  if (!type) throw new AppError('alert_not_found');
  if (type === 'preco') context.onPriceAlertsChanged?.();
}

export async function listAlertEvents(
  context: AlertsContext,
  actor: Actor,
  limit: number,
): Promise<AlertEvent[]> {
  const rows = await listUserAlertEvents(context.db, actor.id, limit);
  return rows.map(({ event, alertName, type, coinSymbol, currency }) => ({
    id: event.id,
    alertId: event.alertId,
    alertName,
    type,
    coinSymbol,
    condition: event.condition,
    observedValue: event.observedValue,
    threshold: event.threshold,
    currency,
    ...(event.detail ? { detail: event.detail } : {}),
    triggeredAt: event.triggeredAt.toISOString(),
  }));
}

export type AlertCheckReport = { checked: number; fired: number; emailsQueued: number; skipped: number };

type ActiveAlert = Awaited<ReturnType<typeof listActiveAlertsWithOwners>>[number];

type EvaluatedAlert = ActiveAlert & { evaluation: AlertEvaluation };

/** The alert delivers on this channel: it chose it, or chose none (every channel its owner set up). */
export const deliversOn = (alert: { channels: AlertChannel[] | null }, channel: AlertChannel) =>
  alert.channels === null || alert.channels.includes(channel);

/**
 * Writes one alert's new edge state and its firings, if any: its events, its counters, its e-mails (when the
 * owner has e-mail alerts on), its browser notifications (when the owner has them on, one per subscribed
 * browser), its Telegram message and webhook deliveries, all in the caller's transaction, and only while the
 * alert still has the edge state read: of two checks seeing the same crossing (ticks and the scheduled check,
 * or two instances) one fires, once.
 */
async function writeChanges(
  tx: DbExecutor,
  { alert, owner, evaluation }: EvaluatedAlert,
  report: AlertCheckReport,
  now: Date,
  budget: AlertNoticeBudget,
) {
  const applied = await recordAlertCheck(tx, {
    alert,
    metConditions: evaluation.met,
    firedCount: evaluation.fired.length,
    now,
  });
  // toggled or checked by another run meanwhile: that run's view wins
  if (!applied) {
    report.skipped += 1;
    return;
  }
  for (const reading of evaluation.fired) {
    await insertAlertEvent(tx, { alertId: alert.id, userId: alert.userId, ...reading, triggeredAt: now });
    report.fired += 1;
    const data = {
      name: owner.name,
      alertName: alert.name,
      coinSymbol: alert.coinSymbol,
      coinName: alert.coinName,
      currency: alert.currency,
      ...reading,
      triggeredAt: now.toISOString(),
    };
    // browser notifications to every browser the owner turned them on in, through the same outbox
    if (owner.preferences.pushNotifications && deliversOn(alert, 'push'))
      await enqueueAlertPushes(tx, { userId: alert.userId, language: owner.language, data }, budget);
    // a linked Telegram chat is an opt-in of its own
    if (deliversOn(alert, 'telegram'))
      await enqueueAlertTelegram(tx, { userId: alert.userId, language: owner.language, data }, budget);
    // the owner's webhooks for alert.fired: the same facts, without the owner's name
    const { name: _name, ...firing } = data;
    if (deliversOn(alert, 'webhook'))
      await enqueueUserWebhooks(tx, alert.userId, 'alert.fired', { alertId: alert.id, ...firing });
    if (!owner.preferences.emailAlerts || !deliversOn(alert, 'email')) continue;
    const queued = await enqueueAlertEmail(
      tx,
      { to: owner.email, userId: alert.userId, language: owner.language, data },
      budget,
    );
    if (queued) report.emailsQueued += 1;
  }
}

const emptyReport = (): AlertCheckReport => ({ checked: 0, fired: 0, emailsQueued: 0, skipped: 0 });

/** Evaluates every active alert against one market snapshot (see `evaluateEach`). */
export async function checkAlertsAgainst(
  context: AlertsContext,
  snapshot: MarketSnapshot,
): Promise<AlertCheckReport> {
  return evaluateEach(context, await listActiveAlertsWithOwners(context.db), snapshot);
}

/**
 * Writes going on at once: on PostgreSQL a burst (a coin crossing the line of many alerts) spreads over the
 * pool's connections instead of waiting in one line; the embedded database runs them in turn anyway.
 */
const WRITE_CONCURRENCY = 4;
/**
 * Alerts whose changes (firings, re-arms, first checks) share one transaction: one commit (on PostgreSQL one
 * flush to disk, about 4 ms here) for up to this many instead of one each. Alerts are taken in id order, so two
 * checks writing the same alerts at once (ticks and the scheduled check, two instances) lock them in the same
 * order and never deadlock.
 */
const ALERTS_PER_TRANSACTION = 20;

/** Runs the tasks, a few at a time; the first failure stops the rest and is thrown. */
async function runConcurrently(tasks: readonly (() => Promise<unknown>)[], concurrency: number) {
  let next = 0;
  let failure: { error: unknown } | undefined;
  const work = async () => {
    while (!failure && next < tasks.length) {
      await tasks[next++]!().catch((error: unknown) => {
        failure ??= { error };
      });
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, tasks.length) }, work));
  if (failure) throw failure.error;
}

/**
 * Evaluates each alert against a market snapshot (edge-triggered: see `evaluateAlert`) and writes the alerts
 * whose edge state changed (see `writeChanges`), in shared transactions; an unchanged alert is not written.
 */
async function evaluateEach(
  context: AlertsContext,
  alerts: readonly ActiveAlert[],
  snapshot: MarketSnapshot,
): Promise<AlertCheckReport> {
  const report = emptyReport();
  const now = context.now();
  const budget = {
    perHour: context.notificationHourlyBudget ?? DEFAULT_NOTIFICATION_HOURLY_BUDGET,
    now,
  };
  const changed: EvaluatedAlert[] = [];
  for (const active of [...alerts].sort((a, b) => (a.alert.id < b.alert.id ? -1 : 1))) {
    report.checked += 1;
    const evaluation = withCooldown(active.alert, evaluateAlert(active.alert, snapshot), now);
    // with nothing fired, the conditions met now are a subset of those before: equal counts, equal sets
    const isUnchanged =
      evaluation.fired.length === 0 && evaluation.met.length === active.alert.metConditions.length;
    if (!isUnchanged || !active.alert.lastCheckedAt) changed.push({ ...active, evaluation });
  }
  const tasks: (() => Promise<unknown>)[] = [];
  for (let start = 0; start < changed.length; start += ALERTS_PER_TRANSACTION) {
    const batch = changed.slice(start, start + ALERTS_PER_TRANSACTION);
    tasks.push(() =>
      context.db.transaction(async (tx) => {
        for (const evaluated of batch) await writeChanges(tx, evaluated, report, now, budget);
      }),
    );
  }
  await runConcurrently(tasks, WRITE_CONCURRENCY);
  return report;
}

/**
 * The active alerts a scheduled check evaluates: all but the price alerts the live market checks on its ticks
 * right now. One evaluator per alert: two reading two sources (the ticks, the cached list a second or a
 * minute behind them) would see a price near the line on both sides of it in turn, and fire again for one
 * crossing.
 */
async function listScheduledAlerts(context: AlertsContext): Promise<ActiveAlert[]> {
  const active = await listActiveAlertsWithOwners(context.db);
  const priceSymbols = new Set(
    active.filter(({ alert }) => alert.type === 'preco').map(({ alert }) => alert.coinSymbol),
  );
  if (!context.tickedPriceSymbols || priceSymbols.size === 0) return active;
  const ticked = await context.tickedPriceSymbols([...priceSymbols]);
  return active.filter(({ alert }) => alert.type !== 'preco' || !ticked.has(alert.coinSymbol));
}

/**
 * Evaluates the active price alerts of `symbols` only, against live prices (the market stream's ticks):
 * the same edge-triggered rule and the same transaction as the scheduled check.
 */
export async function checkPriceAlertsAgainst(
  context: AlertsContext,
  symbols: readonly string[],
  snapshot: MarketSnapshot,
): Promise<AlertCheckReport> {
  if (areAlertChecksPaused(context)) return emptyReport();
  return evaluateEach(context, await listActivePriceAlertsWithOwners(context.db, symbols), snapshot);
}

/** The coins some active price alert is on, each once (the live market follows their ticks). */
export const listAlertedCoins = (db: Db): Promise<string[]> => listAlertedPriceCoins(db);

/**
 * Alerts act on live prices only: while the market is simulated (configured so, or `auto` with the upstreams
 * unreachable) the checks pause, so no one is told about a price that never happened.
 */
export function areAlertChecksPaused(context: AlertsContext): boolean {
  return context.market?.isSimulated() ?? false;
}

export type AlertCheckOutcome = AlertCheckReport & { marketAvailable: boolean };

/**
 * A check: reads what the active alerts need from the market's cache and the signal engine, then evaluates
 * them (leaving to the live market the price alerts it checks on its ticks). With no alert to evaluate it
 * reads nothing.
 */
export async function checkAlerts(context: AlertsContext): Promise<AlertCheckOutcome> {
  if (!context.market || areAlertChecksPaused(context))
    return { checked: 0, fired: 0, emailsQueued: 0, skipped: 0, marketAvailable: false };
  const active = await listScheduledAlerts(context);
  if (active.length === 0)
    return { checked: 0, fired: 0, emailsQueued: 0, skipped: 0, marketAvailable: true };
  const snapshot = await readMarketSnapshot(
    { market: context.market, signals: context.signals, now: context.now().getTime() },
    active.map(({ alert }) => alert),
    context.log,
  );
  return { ...(await evaluateEach(context, active, snapshot)), marketAvailable: true };
}

/** Runs alert checks one at a time in this process: asked while one runs, the caller shares that run. */
export function createAlertChecks(context: () => AlertsContext) {
  let running: Promise<AlertCheckOutcome> | undefined;
  return {
    run: (): Promise<AlertCheckOutcome> =>
      (running ??= checkAlerts(context()).finally(() => {
        running = undefined;
      })),
    /** Resolves once no check is running (shutdown). */
    idle: async () => {
      await running?.catch(() => undefined);
    },
  };
}
export type AlertChecks = ReturnType<typeof createAlertChecks>;

const DIGEST_WINDOW_MS = 24 * 3_600_000;

/**
 * The daily digest (09:00 Brasília): one e-mail per user with e-mail alerts on, summarising the
 * firings of the last 24 hours not yet summarised. Events are marked in the same transaction as the
 * e-mails are queued, so a digest run twice sends each firing once.
 */
export async function sendAlertDigests(context: AlertsContext): Promise<{ users: number; events: number }> {
  const now = context.now();
  return context.db.transaction(async (tx) => {
    const rows = await listUndigestedEvents(tx, new Date(now.getTime() - DIGEST_WINDOW_MS));
    const byUser = new Map<string, typeof rows>();
    // an alert whose channels leave e-mail out is not summarised by e-mail either
    for (const row of rows.filter((row) => deliversOn(row, 'email')))
      byUser.set(row.event.userId, [...(byUser.get(row.event.userId) ?? []), row]);
    let users = 0;
    for (const [userId, events] of byUser) {
      const owner = events[0]!.owner;
      if (!owner.preferences.emailAlerts) continue;
      const queued = await enqueueNotice(tx, {
        to: owner.email,
        userId,
        language: owner.language,
        template: 'digest',
        data: {
          name: owner.name,
          checksPaused: areAlertChecksPaused(context),
          events: events.map(({ event, alertName, coinSymbol, coinName, currency }) => ({
            alertName,
            coinSymbol,
            coinName,
            currency,
            condition: event.condition,
            observedValue: event.observedValue,
            threshold: event.threshold,
            ...(event.detail ? { detail: event.detail } : {}),
            triggeredAt: event.triggeredAt.toISOString(),
          })),
        },
      });
      if (queued) users += 1;
    }
    // firings of users with e-mail alerts off are marked too: they are not owed a digest later
    const marked = await markEventsDigested(
      tx,
      rows.map((row) => row.event.id),
      now,
    );
    return { users, events: marked };
  });
}

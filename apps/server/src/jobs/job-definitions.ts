import type { FastifyInstance } from 'fastify';
import { sendAlertDigests, type AlertsContext } from '../modules/alerts/alerts.service.ts';
import type { MarketService } from '../modules/market/market.types.ts';
import {
  recordSignals,
  refreshTrackRecordSummary,
  scoreSignals,
} from '../modules/track-record/track-record.service.ts';

export const jobNames = ['alert-check', 'alert-digest', 'email-delivery', 'market-refresh'] as const;
export type JobName = (typeof jobNames)[number];
export const isJobName = (value: string): value is JobName => (jobNames as readonly string[]).includes(value);

/** Brasília time: the digest goes out at 09:00 there, whatever the server's zone. */
export const JOBS_TIME_ZONE = 'America/Sao_Paulo';

export type JobDefinition = {
  name: string;
  /** Cron with optional seconds field, in JOBS_TIME_ZONE. */
  cron: string;
  /**
   * `cluster`: runs once per tick across all instances (pg-boss on PostgreSQL). `instance`: runs on every
   * instance (work that is itself safe to run concurrently, like outbox delivery).
   */
  scope: 'cluster' | 'instance';
  run: () => Promise<Record<string, unknown>>;
};

type MarketWithRefresh = MarketService & { refreshHotKeys?: () => Promise<void> };

/** Farol's periodic work. Each run returns a summary of what it did (the admin run endpoint shows it). */
export function createJobDefinitions(app: FastifyInstance): JobDefinition[] {
  const market = () =>
    app.hasDecorator('market') ? (app as unknown as { market: MarketWithRefresh }).market : undefined;
  const alertsContext = (): AlertsContext => ({ db: app.db, now: app.now, market: market(), log: app.log });
  const afterQueueing = <T extends Record<string, unknown>>(result: T) => {
    app.emailDelivery.kick();
    app.push.kick();
    app.telegram.kick();
    app.webhooks.kick();
    return result;
  };
  return [
    {
      name: 'alert-check',
      cron: app.config.ALERT_CHECK_CRON,
      scope: 'cluster',
      // besides every market refresh (app.alertChecks listens to it): the schedule the operator set
      run: async () => afterQueueing(await app.alertChecks.run()),
    },
    {
      name: 'alert-digest',
      cron: '0 9 * * *',
      scope: 'cluster',
      run: async () => afterQueueing(await sendAlertDigests(alertsContext())),
    },
    {
      // every instance delivers: claims use FOR UPDATE SKIP LOCKED, so no message goes out twice
      name: 'email-delivery',
      cron: '*/5 * * * * *',
      scope: 'instance',
      run: async () => app.emailDelivery.deliverDue(),
    },
    {
      // browser notifications leave through the same outbox, claimed the same way
      name: 'push-delivery',
      cron: '*/5 * * * * *',
      scope: 'instance',
      run: async () => app.push.deliverDue(),
    },
    {
      name: 'telegram-delivery',
      cron: '*/5 * * * * *',
      scope: 'instance',
      run: async () => app.telegram.deliverDue(),
    },
    {
      // refreshes the market data in use; the refresh starts an alert check on it, whose outcome this shares
      name: 'market-refresh',
      cron: '* * * * *',
      scope: 'cluster',
      run: async () => {
        const service = market();
        if (!service) return { refreshed: false, reason: 'market module not registered' };
        await service.refreshHotKeys?.();
        return afterQueueing({
          refreshed: Boolean(service.refreshHotKeys),
          alerts: await app.alertChecks.run(),
        });
      },
    },
    {
      // the track record: the signal of each followed coin at the hourly close just passed, stored once per
      // coin and close (a rerun or another instance stores nothing more), then any outcome now due, then the
      // record is measured. Every 5 minutes so a close the market published late is still recorded within
      // the hour.
      name: 'signal-track-record',
      cron: '*/5 * * * *',
      scope: 'cluster',
      run: async () => {
        const service = market();
        if (!service) return { recorded: false, reason: 'market module not registered' };
        // the record holds only signals the live market gave: a simulated market has none to compute
        if (app.config.MARKET_DATA_SOURCE === 'simulated')
          return { recorded: false, reason: 'simulated market' };
        const deps = { db: app.db, signals: app.signals, market: service, now: app.now };
        const result = { ...(await recordSignals(deps)), ...(await scoreSignals(deps)) };
        // measure the new state now: the public page's requests only read the stored summary
        await refreshTrackRecordSummary(app.db);
        return result;
      },
    },
    {
      // the summary of any write the job above did not make (an import, a run cut before its refresh, an
      // upgrade that changed the measures): one count of signal_history a minute, a measure only if it moved
      name: 'track-record-summary',
      cron: '* * * * *',
      scope: 'cluster',
      run: () => refreshTrackRecordSummary(app.db),
    },
  ];
}

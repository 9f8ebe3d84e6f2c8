import type { FastifyInstance } from 'fastify';
import { createAlertChecks } from './alerts.service.ts';

/**
 * Decorates `app.alertChecks` (after app.market, app.signals and the e-mail delivery) and checks the alerts
 * after every refresh of the market cache, so a firing follows the prices within one refresh instead of
 * waiting for ALERT_CHECK_CRON. Checks never overlap in a process; a check with no active alert costs one
 * query, and reads only cached market data and the signal engine's cached analyses.
 */
export function registerAlertChecks(app: FastifyInstance) {
  const checks = createAlertChecks(() => ({
    db: app.db,
    now: app.now,
    market: app.market,
    signals: app.signals,
    log: app.log,
    notificationHourlyBudget: app.config.NOTIFICATION_HOURLY_BUDGET,
    // decorated after this module: read when a check runs
    tickedPriceSymbols: (symbols) => app.marketStream.tickedPriceSymbols(symbols),
  }));
  app.decorate('alertChecks', checks);
  const stopListening = app.market.onRefreshed(() => {
    checks
      .run()
      .then((outcome) => {
        if (outcome.fired === 0) return;
        // the firings' e-mails, browser notifications and Telegram messages wait in the outbox
        app.emailDelivery.kick();
        app.push.kick();
        app.telegram.kick();
        app.webhooks.kick();
      })
      .catch((error: unknown) => app.log.error({ err: error }, 'alert check after a market refresh failed'));
  });
  app.addHook('onClose', async () => {
    stopListening();
    await checks.idle();
  });
}

import { and, count, desc, eq, gte, inArray, isNull, sql } from 'drizzle-orm';
import type {
  AlertChannel,
  AlertConditionKey,
  AlertConditions,
  AlertEventDetail,
  AlertType,
} from '@farol/contract';
import type { Currency } from '@farol/contract/currency';
import type { DbExecutor } from '../../db/client.ts';
import { alertEvents, alerts, type AlertRow } from '../../db/schema/alerts.ts';
import { users } from '../../db/schema/users.ts';

const isUuid = (value: string) =>
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);

export async function listUserAlerts(executor: DbExecutor, userId: string): Promise<AlertRow[]> {
  return executor.select().from(alerts).where(eq(alerts.userId, userId)).orderBy(desc(alerts.createdAt));
}

export async function countUserAlerts(executor: DbExecutor, userId: string): Promise<number> {
  const [row] = await executor.select({ total: count() }).from(alerts).where(eq(alerts.userId, userId));
  return Number(row?.total ?? 0);
}

/** Serialises a user's alert creations (the limit check and the insert) behind their user row. */
export async function lockUserForAlerts(executor: DbExecutor, userId: string): Promise<void> {
  await executor.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

export async function insertAlert(
  executor: DbExecutor,
  input: {
    userId: string;
    name: string;
    type: AlertType;
    coinSymbol: string;
    coinName: string;
    conditions: AlertConditions;
    currency: Currency;
    cooldownMinutes: number;
    /** Null: every channel the owner has set up. */
    channels: AlertChannel[] | null;
  },
): Promise<AlertRow> {
  const [row] = await executor.insert(alerts).values(input).returning();
  return row!;
}

/** The user's own alert, or undefined (another user's alert is never found). */
export async function findUserAlert(
  executor: DbExecutor,
  userId: string,
  id: string,
): Promise<AlertRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await executor
    .select()
    .from(alerts)
    .where(and(eq(alerts.id, id), eq(alerts.userId, userId)))
    .limit(1);
  return row;
}

/** Flips the active flag; the edge state is cleared so a re-enabled alert fires on a condition that holds. */
export async function toggleUserAlert(
  executor: DbExecutor,
  userId: string,
  id: string,
  now: Date,
): Promise<AlertRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await executor
    .update(alerts)
    .set({ isActive: sql`not ${alerts.isActive}`, metConditions: [], updatedAt: now })
    .where(and(eq(alerts.id, id), eq(alerts.userId, userId)))
    .returning();
  return row;
}

/** Deletes the user's own alert; answers its type, or undefined when there was none. */
export async function deleteUserAlert(
  executor: DbExecutor,
  userId: string,
  id: string,
): Promise<AlertType | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await executor
    .delete(alerts)
    .where(and(eq(alerts.id, id), eq(alerts.userId, userId)))
    .returning({ type: alerts.type });
  return row?.type;
}

const alertWithOwner = {
  alert: alerts,
  owner: {
    email: users.email,
    name: users.name,
    language: users.language,
    preferences: users.preferences,
  },
};

/** Active alerts with their owner's name, language and e-mail preference, for a check. */
export async function listActiveAlertsWithOwners(executor: DbExecutor) {
  return executor
    .select(alertWithOwner)
    .from(alerts)
    .innerJoin(users, eq(users.id, alerts.userId))
    .where(eq(alerts.isActive, true));
}

/** Active price alerts on these coins with their owners (the live stream checks them on every tick). */
export async function listActivePriceAlertsWithOwners(executor: DbExecutor, symbols: readonly string[]) {
  if (symbols.length === 0) return [];
  return executor
    .select(alertWithOwner)
    .from(alerts)
    .innerJoin(users, eq(users.id, alerts.userId))
    .where(
      and(eq(alerts.isActive, true), eq(alerts.type, 'preco'), inArray(alerts.coinSymbol, [...symbols])),
    );
}

/**
 * The coins some active price alert is on, each once (the live market follows their ticks): read through the
 * partial index on active price alerts, whatever the number of other alerts.
 */
export async function listAlertedPriceCoins(executor: DbExecutor): Promise<string[]> {
  const rows = await executor
    .selectDistinct({ coinSymbol: alerts.coinSymbol })
    .from(alerts)
    .where(and(eq(alerts.isActive, true), eq(alerts.type, 'preco')));
  return rows.map((row) => row.coinSymbol);
}

/**
 * Stores a check's outcome for one alert. The update only applies while the alert is still active with
 * the edge state the check read, so a toggle or a concurrent check in between makes it a no-op (false).
 */
export async function recordAlertCheck(
  executor: DbExecutor,
  input: { alert: AlertRow; metConditions: AlertConditionKey[]; firedCount: number; now: Date },
): Promise<boolean> {
  const { alert, metConditions, firedCount, now } = input;
  const rows = await executor
    .update(alerts)
    .set({
      metConditions,
      lastCheckedAt: now,
      ...(firedCount > 0
        ? { triggeredCount: sql`${alerts.triggeredCount} + ${firedCount}`, lastTriggered: now }
        : {}),
    })
    .where(
      and(
        eq(alerts.id, alert.id),
        eq(alerts.isActive, true),
        sql`${alerts.metConditions} = ${JSON.stringify(alert.metConditions)}::jsonb`,
      ),
    )
    .returning({ id: alerts.id });
  return rows.length > 0;
}

export async function insertAlertEvent(
  executor: DbExecutor,
  input: {
    alertId: string;
    userId: string;
    condition: AlertConditionKey;
    observedValue: number;
    threshold: number;
    detail?: AlertEventDetail;
    triggeredAt: Date;
  },
) {
  await executor.insert(alertEvents).values(input);
}

/** The user's most recent firings, newest first, with the alert's name and coin. */
export async function listUserAlertEvents(executor: DbExecutor, userId: string, limit: number) {
  return executor
    .select({
      event: alertEvents,
      alertName: alerts.name,
      type: alerts.type,
      coinSymbol: alerts.coinSymbol,
      coinName: alerts.coinName,
      currency: alerts.currency,
    })
    .from(alertEvents)
    .innerJoin(alerts, eq(alerts.id, alertEvents.alertId))
    .where(eq(alertEvents.userId, userId))
    .orderBy(desc(alertEvents.triggeredAt))
    .limit(limit);
}

/** Firings not yet summarised in a digest, since `since`, with owner and alert details. */
export async function listUndigestedEvents(executor: DbExecutor, since: Date) {
  return executor
    .select({
      event: alertEvents,
      alertName: alerts.name,
      coinSymbol: alerts.coinSymbol,
      coinName: alerts.coinName,
      currency: alerts.currency,
      channels: alerts.channels,
      owner: {
        email: users.email,
        name: users.name,
        language: users.language,
        preferences: users.preferences,
      },
    })
    .from(alertEvents)
    .innerJoin(alerts, eq(alerts.id, alertEvents.alertId))
    .innerJoin(users, eq(users.id, alertEvents.userId))
    .where(and(isNull(alertEvents.digestedAt), gte(alertEvents.triggeredAt, since)))
    .orderBy(alertEvents.userId, alertEvents.triggeredAt)
    .for('update', { of: alertEvents, skipLocked: true });
}

/** Marks firings as summarised; only rows still undigested count, so two digests never share one. */
export async function markEventsDigested(executor: DbExecutor, ids: string[], now: Date): Promise<number> {
  if (ids.length === 0) return 0;
  const rows = await executor
    .update(alertEvents)
    .set({ digestedAt: now })
    .where(and(inArray(alertEvents.id, ids), isNull(alertEvents.digestedAt)))
    .returning({ id: alertEvents.id });
  return rows.length;
}

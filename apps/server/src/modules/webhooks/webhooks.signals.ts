import { and, arrayContains, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { favorites } from '../../db/schema/market.ts';
import { signalClasses, webhooks } from '../../db/schema/webhooks.ts';
import type { SignalReading } from '../signals/signals.service.ts';
import type { WarmCoin } from '../signals/warm-coins.ts';
import { enqueueUserWebhooks } from './webhooks.service.ts';

export type SignalWatchContext = {
  db: Db;
  now: () => Date;
  readSignal: (symbol: string) => Promise<SignalReading>;
  /** The coins followed: the warm ones (the ten, then every favourite with a pair). */
  listCoins: () => Promise<WarmCoin[]>;
};

/**
 * Records one coin's class; answers the previous one when this call saw it change. The update is conditional
 * on the class it read, so of several instances seeing the same close only one reports the change.
 */
async function recordClass(db: Db, symbol: string, reading: SignalReading, now: Date) {
  const [stored] = await db.select().from(signalClasses).where(eq(signalClasses.symbol, symbol));
  const values = { signal: reading.signal, strength: Math.round(reading.strength), changedAt: now };
  if (!stored) {
    await db
      .insert(signalClasses)
      .values({ symbol, ...values })
      .onConflictDoNothing();
    return undefined;
  }
  if (stored.signal === reading.signal) return undefined;
  const changed = await db
    .update(signalClasses)
    .set(values)
    .where(and(eq(signalClasses.symbol, symbol), eq(signalClasses.signal, stored.signal)))
    .returning({ symbol: signalClasses.symbol });
  return changed.length > 0 ? stored : undefined;
}

/**
 * After a market refresh: the signal engine's class of each warm coin (the ten and every favourite with a pair) (cached until the next 1h close,
 * so a class changes only at an hourly close) against the stored one; a change queues `signal.changed` to
 * the webhooks of every user who follows the coin (has it among favourites). Answers the events queued.
 */
export async function checkSignalChanges(context: SignalWatchContext): Promise<number> {
  // nobody listens: the engine's readings are not asked for (the first check after a subscription records)
  const [listening] = await context.db
    .select({ id: webhooks.id })
    .from(webhooks)
    .where(and(isNull(webhooks.disabledAt), arrayContains(webhooks.events, ['signal.changed'])))
    .limit(1);
  if (!listening) return 0;
  let queued = 0;
  for (const { symbol, coinIds } of await context.listCoins()) {
    const reading = await context.readSignal(symbol).catch(() => undefined);
    if (!reading) continue;
    const now = context.now();
    const previous = await recordClass(context.db, symbol, reading, now);
    if (!previous) continue;
    const followers = await context.db
      .selectDistinct({ userId: favorites.userId, coinId: favorites.coinId })
      .from(favorites)
      .where(inArray(favorites.coinId, [...coinIds]));
    const data = {
      symbol,
      previous: { signal: previous.signal, strength: previous.strength },
      current: { signal: reading.signal, strength: Math.round(reading.strength) },
      changedAt: now.toISOString(),
    };
    for (const follower of followers)
      queued += await enqueueUserWebhooks(context.db, follower.userId, 'signal.changed', {
        ...data,
        coinId: follower.coinId,
      });
  }
  return queued;
}

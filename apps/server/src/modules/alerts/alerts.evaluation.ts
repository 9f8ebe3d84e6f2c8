import {
  conditionKeysByType,
  type AlertConditionKey,
  type AlertConditions,
  type AlertType,
} from '@farol/contract';

/**
 * What a check knows about the market. Prices by upper-case symbol (USD); volume change and RSI for the
 * ten analysis coins; the fear-and-greed index. A missing value means "unknown now", never zero.
 */
export type MarketSnapshot = {
  prices: Map<string, number>;
  /** 24 h base volume against the 24 h before it, in percent. */
  volumeChanges: Map<string, number>;
  /** RSI(14) of 1 h closes. */
  rsi: Map<string, number>;
  fearGreed?: number;
};

export type ConditionReading = { condition: AlertConditionKey; observedValue: number; threshold: number };

export type AlertEvaluation = {
  /** The condition keys true now (an unknown value keeps its previous state). */
  met: AlertConditionKey[];
  /** Keys that became true now: each is one firing. */
  fired: ConditionReading[];
};

function observedValue(
  condition: AlertConditionKey,
  coinSymbol: string,
  snapshot: MarketSnapshot,
): number | undefined {
  switch (condition) {
    case 'priceAbove':
    case 'priceBelow':
      return snapshot.prices.get(coinSymbol);
    case 'volumeChange':
      return snapshot.volumeChanges.get(coinSymbol);
    case 'rsiAbove':
    case 'rsiBelow':
      return snapshot.rsi.get(coinSymbol);
    case 'fearGreedAbove':
    case 'fearGreedBelow':
      return snapshot.fearGreed;
  }
}

/** "Above" and "below" are strict; a volume threshold of +150 means at least +150%, -50 at least -50%. */
export function isConditionMet(condition: AlertConditionKey, value: number, threshold: number): boolean {
  if (condition === 'volumeChange') return threshold >= 0 ? value >= threshold : value <= threshold;
  return condition.endsWith('Above') ? value > threshold : value < threshold;
}

/**
 * Edge-triggered evaluation: a condition fires when it becomes true (it was not in `previouslyMet`),
 * not on every check while it stays true, and re-arms once a check sees it false.
 */
export function evaluateAlert(
  alert: {
    type: AlertType;
    coinSymbol: string;
    conditions: AlertConditions;
    metConditions: AlertConditionKey[];
  },
  snapshot: MarketSnapshot,
): AlertEvaluation {
  const met: AlertConditionKey[] = [];
  const fired: ConditionReading[] = [];
  for (const condition of conditionKeysByType[alert.type] as readonly AlertConditionKey[]) {
    const threshold = alert.conditions[condition];
    if (threshold === undefined) continue;
    const wasMet = alert.metConditions.includes(condition);
    const value = observedValue(condition, alert.coinSymbol, snapshot);
    if (value === undefined || !Number.isFinite(value)) {
      if (wasMet) met.push(condition);
      continue;
    }
    if (!isConditionMet(condition, value, threshold)) continue;
    met.push(condition);
    if (!wasMet) fired.push({ condition, observedValue: value, threshold });
  }
  return { met, fired };
}

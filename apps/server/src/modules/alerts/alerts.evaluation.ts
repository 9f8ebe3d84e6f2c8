import {
  conditionKeysByType,
  type AlertConditionKey,
  type AlertConditions,
  type AlertEventDetail,
  type AlertType,
  type ChangeWindow,
  type Currency,
  type SignalValue,
} from '@farol/contract';
import { SIGNAL_THRESHOLD } from '../signals/signal-rules.ts';

/** What the signal engine said of a coin at its last 1h close (see SignalsService.getReading). */
export type SignalSnapshot = {
  signal: SignalValue;
  /** 0-100: the weighted vote's distance from neutral. */
  strength: number;
  /** Nearest first. */
  supports: number[];
  resistances: number[];
};

/**
 * What a check knows about the market. Prices by upper-case symbol (USD); volume change and RSI for the
 * ten analysis coins; the fear-and-greed index; for advanced alerts the price change per window and the
 * signal engine's reading. A missing value means "unknown now", never zero.
 */
export type MarketSnapshot = {
  prices: Map<string, number>;
  /** Prices in BRL by symbol (CoinGecko's BRL list), read only when a BRL price alert is active. */
  pricesBrl: Map<string, number>;
  /** 24 h base volume against the 24 h before it, in percent. */
  volumeChanges: Map<string, number>;
  /** RSI(14) of 1 h closes. */
  rsi: Map<string, number>;
  fearGreed?: number;
  /** Signed price change in percent over each window. */
  priceChanges: Record<ChangeWindow, Map<string, number>>;
  signals: Map<string, SignalSnapshot>;
};

export const emptyMarketSnapshot = (): MarketSnapshot => ({
  prices: new Map(),
  pricesBrl: new Map(),
  volumeChanges: new Map(),
  rsi: new Map(),
  priceChanges: { '1h': new Map(), '24h': new Map() },
  signals: new Map(),
});

export type ConditionReading = {
  condition: AlertConditionKey;
  observedValue: number;
  threshold: number;
  detail?: AlertEventDetail;
};

export type AlertEvaluation = {
  /** The condition keys true now (an unknown value keeps its previous state). */
  met: AlertConditionKey[];
  /** Keys that became true now: each is one firing. */
  fired: ConditionReading[];
};

type AlertToEvaluate = {
  type: AlertType;
  coinSymbol: string;
  /** The currency of the price thresholds (USD when absent). */
  currency?: Currency;
  conditions: AlertConditions;
  metConditions: AlertConditionKey[];
};

/** The engine's buy/sell boundary on its vote, as a strength (0-100). */
export const SIGNAL_SIDE_STRENGTH = SIGNAL_THRESHOLD * 100;

const buySide: readonly SignalValue[] = ['buy', 'strong_buy'];
const sellSide: readonly SignalValue[] = ['sell', 'strong_sell'];

function observedValue(
  condition: AlertConditionKey,
  alert: Pick<AlertToEvaluate, 'coinSymbol' | 'currency'>,
  snapshot: MarketSnapshot,
): number | undefined {
  const { coinSymbol } = alert;
  switch (condition) {
    // a price alert compares with the price in the currency it was set in, whatever the display shows now
    case 'priceAbove':
    case 'priceBelow':
      return (alert.currency === 'BRL' ? snapshot.pricesBrl : snapshot.prices).get(coinSymbol);
    case 'volumeChange':
      return snapshot.volumeChanges.get(coinSymbol);
    case 'rsiAbove':
    case 'rsiBelow':
      return snapshot.rsi.get(coinSymbol);
    case 'fearGreedAbove':
    case 'fearGreedBelow':
      return snapshot.fearGreed;
    default:
      return undefined;
  }
}

/** "Above" and "below" are strict; a volume threshold of +150 means at least +150%, -50 at least -50%. */
export function isConditionMet(condition: AlertConditionKey, value: number, threshold: number): boolean {
  if (condition === 'volumeChange') return threshold >= 0 ? value >= threshold : value <= threshold;
  return condition.endsWith('Above') ? value > threshold : value < threshold;
}

/** A condition's state now: undefined when what it needs is unknown. */
type ConditionState = { isMet: boolean; reading: Omit<ConditionReading, 'condition'> };

/** The absolute change over the window beats N% (strictly); the reading keeps the sign. */
function readPriceChange(alert: AlertToEvaluate, snapshot: MarketSnapshot): ConditionState | undefined {
  const threshold = alert.conditions.changeAbovePercent;
  const window = alert.conditions.changeWindow ?? '24h';
  const change = snapshot.priceChanges[window].get(alert.coinSymbol);
  if (threshold === undefined || change === undefined) return undefined;
  return {
    isMet: Math.abs(change) > threshold,
    reading: { observedValue: change, threshold, detail: { window } },
  };
}

/** The class is on the chosen side (strong buy counts as buy). */
function readSignalTurn(alert: AlertToEvaluate, snapshot: MarketSnapshot): ConditionState | undefined {
  const side = alert.conditions.signalTurns;
  const signal = snapshot.signals.get(alert.coinSymbol);
  if (side === undefined || signal === undefined) return undefined;
  return {
    isMet: (side === 'buy' ? buySide : sellSide).includes(signal.signal),
    reading: {
      observedValue: signal.strength,
      threshold: SIGNAL_SIDE_STRENGTH,
      detail: { signal: signal.signal },
    },
  };
}

/** The live price is below the nearest support, or above the nearest resistance, the engine found. */
function readLevelCross(alert: AlertToEvaluate, snapshot: MarketSnapshot): ConditionState | undefined {
  const side = alert.conditions.levelCross;
  const price = snapshot.prices.get(alert.coinSymbol);
  const signal = snapshot.signals.get(alert.coinSymbol);
  if (side === undefined || price === undefined || signal === undefined) return undefined;
  const level = side === 'support' ? signal.supports[0] : signal.resistances[0];
  if (level === undefined) return undefined;
  return {
    isMet: side === 'support' ? price < level : price > level,
    reading: { observedValue: price, threshold: level, detail: { side } },
  };
}

function readCondition(
  condition: AlertConditionKey,
  alert: AlertToEvaluate,
  snapshot: MarketSnapshot,
): ConditionState | undefined {
  if (condition === 'changeAbovePercent') return readPriceChange(alert, snapshot);
  if (condition === 'signalTurns') return readSignalTurn(alert, snapshot);
  if (condition === 'levelCross') return readLevelCross(alert, snapshot);
  const threshold = alert.conditions[condition];
  const value = observedValue(condition, alert, snapshot);
  if (typeof threshold !== 'number' || value === undefined || !Number.isFinite(value)) return undefined;
  return { isMet: isConditionMet(condition, value, threshold), reading: { observedValue: value, threshold } };
}

/**
 * Edge-triggered evaluation: a condition fires when it becomes true (it was not in `previouslyMet`),
 * not on every check while it stays true, and re-arms once a check sees it false.
 */
export function evaluateAlert(alert: AlertToEvaluate, snapshot: MarketSnapshot): AlertEvaluation {
  const met: AlertConditionKey[] = [];
  const fired: ConditionReading[] = [];
  for (const condition of conditionKeysByType[alert.type] as readonly AlertConditionKey[]) {
    if (alert.conditions[condition] === undefined) continue;
    const wasMet = alert.metConditions.includes(condition);
    const state = readCondition(condition, alert, snapshot);
    if (!state) {
      if (wasMet) met.push(condition);
      continue;
    }
    if (!state.isMet) continue;
    met.push(condition);
    if (!wasMet) fired.push({ condition, ...state.reading });
  }
  return { met, fired };
}

/**
 * An alert that fired less than its cooldown ago stays quiet: what would fire now is neither sent nor taken as
 * met, so a condition still true once the cooldown ends fires then (a price hovering at the line fires once
 * per cooldown, not once per tick that crosses it).
 */
export function withCooldown(
  alert: { lastTriggered: Date | null; cooldownMinutes: number },
  evaluation: AlertEvaluation,
  now: Date,
): AlertEvaluation {
  if (evaluation.fired.length === 0 || !alert.lastTriggered) return evaluation;
  if (now.getTime() - alert.lastTriggered.getTime() >= alert.cooldownMinutes * 60_000) return evaluation;
  const held = new Set(evaluation.fired.map((reading) => reading.condition));
  return { met: evaluation.met.filter((condition) => !held.has(condition)), fired: [] };
}

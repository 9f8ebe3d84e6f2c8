import type { Currency } from './currency.ts';

// The arithmetic every stated level rests on, shared by the analysis (server and web) and the chat: a
// distance is always measured from the price the same answer quotes, and a position size always risks the
// amount it states. Two answers that quote different prices (the last daily close, a live tick) therefore
// never mix their figures: whoever quotes a price passes it here with the levels, in one currency.

/** Distances and shares are stated with two decimals ("6,19%"), money with cents. */
const roundPercent = (value: number) => Number(value.toFixed(2));
const roundMoney = (value: number) => Number(value.toFixed(2));
/**
 * Coin units keep 6 significant digits (0.0214372 BTC, 1834.27 DOGE), rounded down so the rounded size never
 * risks or costs more than it says.
 */
function roundUnitsDown(value: number): number {
  const factor = 10 ** (5 - Math.floor(Math.log10(value)));
  return Math.floor(value * factor * (1 + Number.EPSILON)) / factor;
}

export type QuotedSide = 'above' | 'below' | 'at';

/** A price level as an answer states it: the level, how far it is from the quoted price and on which side. */
export type QuotedLevel = { price: number; distancePercent: number; side: QuotedSide };

/** How far `level` is from `quotedPrice`, in percent of the quoted price (always ≥ 0), and on which side. */
export function measureLevel(quotedPrice: number, level: number): QuotedLevel {
  const side: QuotedSide = level > quotedPrice ? 'above' : level < quotedPrice ? 'below' : 'at';
  return {
    price: level,
    distancePercent: roundPercent((Math.abs(level - quotedPrice) / quotedPrice) * 100),
    side,
  };
}

export type QuotedLevels = {
  currency: Currency;
  /** The price every distance below is measured from. */
  price: number;
  stop: QuotedLevel | null;
  targets: QuotedLevel[];
  supports: QuotedLevel[];
  resistances: QuotedLevel[];
};

/** Every level of an answer measured from the one price it quotes; all prices in `currency`. */
export function quoteLevels(input: {
  price: number;
  currency: Currency;
  stop?: number | null | undefined;
  targets?: readonly number[] | undefined;
  supports?: readonly number[] | undefined;
  resistances?: readonly number[] | undefined;
}): QuotedLevels {
  const measure = (level: number) => measureLevel(input.price, level);
  return {
    currency: input.currency,
    price: input.price,
    stop: input.stop === null || input.stop === undefined ? null : measure(input.stop),
    targets: (input.targets ?? []).map(measure),
    supports: (input.supports ?? []).map(measure),
    resistances: (input.resistances ?? []).map(measure),
  };
}

/** Why a position cannot be sized: the stop is the entry itself (no distance, any size risks nothing). */
export type PositionSizeError = { error: 'stop_at_entry' };

export type PositionSize = {
  currency: Currency;
  capital: number;
  /** What the trader asked to risk, in percent of the capital. */
  requestedRiskPercent: number;
  /** What the position really risks at the stop: the requested share unless the size was capped. */
  riskPercent: number;
  /** The loss if the stop is hit: units × |entry − stop|. */
  riskAmount: number;
  entryPrice: number;
  stopPrice: number;
  direction: 'long' | 'short';
  stopDistancePercent: number;
  units: number;
  /** units × entry. */
  positionValue: number;
  positionPercentOfCapital: number;
  /** True when the size that risks the requested share would cost more than the capital (no leverage). */
  cappedAtCapital: boolean;
};

/**
 * Fixed-fractional sizing from the quoted entry and the stop, both in the capital's currency: the number of
 * units whose loss at the stop is `riskPercent` of the capital, never worth more than the capital itself
 * (then the smaller risk it really takes is what is stated). A stop below the entry is a long, above a short.
 */
export function sizePosition(input: {
  price: number;
  stopPrice: number;
  capital: number;
  riskPercent: number;
  currency: Currency;
}): PositionSize | PositionSizeError {
  const perUnitLoss = Math.abs(input.price - input.stopPrice);
  if (!(perUnitLoss > 0)) return { error: 'stop_at_entry' };
  const wantedLoss = (input.capital * input.riskPercent) / 100;
  const cappedAtCapital = (wantedLoss / perUnitLoss) * input.price > input.capital;
  const units = roundUnitsDown(cappedAtCapital ? input.capital / input.price : wantedLoss / perUnitLoss);
  const positionValue = units * input.price;
  const riskAmount = units * perUnitLoss;
  return {
    currency: input.currency,
    capital: input.capital,
    requestedRiskPercent: input.riskPercent,
    riskPercent: roundPercent((riskAmount / input.capital) * 100),
    riskAmount: roundMoney(riskAmount),
    entryPrice: input.price,
    stopPrice: input.stopPrice,
    direction: input.stopPrice < input.price ? 'long' : 'short',
    stopDistancePercent: measureLevel(input.price, input.stopPrice).distancePercent,
    units,
    positionValue: roundMoney(positionValue),
    positionPercentOfCapital: roundPercent((positionValue / input.capital) * 100),
    cappedAtCapital,
  };
}

import type { Candle } from '../core/types.ts';
import { isZero, isZeroOrNegative } from '../core/numeric.ts';
import { trueRangeAt } from '../volatility/true-range.ts';
import { sessionKey, type VwapAnchor } from '../extras/vwap.ts';

// Streaming forms for the live dashboard. Each update is O(1) with no allocation, and repeats the batch
// kernel's arithmetic operation for operation, so bar i equals a full recompute from bar 0 bit for bit
// (TA-Lib results depend on the first bar, see the golden README).

export type IncrementalValue = number | Readonly<Record<string, number>>;

export type Incremental<T extends IncrementalValue = IncrementalValue> = {
  /** Consumes the next closed bar and returns the latest value(s), NaN before the lookback. */
  update(candle: Candle): T;
};

/** Exponential moving average of close, SMA-seeded (TA-Lib ta_EMA.c). */
export class IncrementalEMA implements Incremental<number> {
  private count = 0;
  private sum = 0;
  private value = Number.NaN;
  private readonly k: number;

  constructor(
    private readonly period: number,
    k?: number,
  ) {
    this.k = k ?? 2 / (period + 1);
  }

  update(candle: Candle): number {
    return this.next(candle.close);
  }

  /** Same as `update` for a bare value (used to chain EMAs). */
  next(x: number): number {
    this.count += 1;
    if (this.count < this.period) {
      this.sum += x;
      return Number.NaN;
    }
    if (this.count === this.period) {
      this.sum += x;
      this.value = this.sum / this.period;
      return this.value;
    }
    this.value = (x - this.value) * this.k + this.value;
    return this.value;
  }
}

/** Simple moving average of close with a ring buffer (TA-Lib ta_SMA.c). */
export class IncrementalSMA implements Incremental<number> {
  private readonly window: Float64Array;
  private count = 0;
  private sum = 0;

  constructor(private readonly period: number) {
    this.window = new Float64Array(period);
  }

  update(candle: Candle): number {
    return this.next(candle.close);
  }

  next(x: number): number {
    const index = this.count;
    this.count += 1;
    this.sum += x;
    this.window[index % this.period] = x;
    if (index < this.period - 1) return Number.NaN;
    const value = this.sum / this.period;
    // The oldest bar of the window leaves the running sum after the output, as in TA-Lib.
    this.sum -= this.window[(index + 1) % this.period];
    return value;
  }
}

/** Wilder RSI (TA-Lib ta_RSI.c). */
export class IncrementalRSI implements Incremental<number> {
  private count = 0;
  private previous = 0;
  private gain = 0;
  private loss = 0;

  constructor(private readonly period: number) {}

  update(candle: Candle): number {
    return this.next(candle.close);
  }

  next(x: number): number {
    const index = this.count;
    this.count += 1;
    if (index === 0) {
      this.previous = x;
      return Number.NaN;
    }
    const change = x - this.previous;
    this.previous = x;
    if (index < this.period) {
      if (change < 0) this.loss -= change;
      else this.gain += change;
      return Number.NaN;
    }
    if (index === this.period) {
      if (change < 0) this.loss -= change;
      else this.gain += change;
    } else {
      this.loss *= this.period - 1;
      this.gain *= this.period - 1;
      if (change < 0) this.loss -= change;
      else this.gain += change;
    }
    this.loss /= this.period;
    this.gain /= this.period;
    const total = this.gain + this.loss;
    return isZero(total) ? 0 : 100 * (this.gain / total);
  }
}

export type MacdValue = { macd: number; signal: number; histogram: number };

/** MACD with TA-Lib's seeding of both EMAs at bar slow-1 (TA-Lib ta_MACD.c). */
export class IncrementalMACD implements Incremental<MacdValue> {
  private count = 0;
  private fastSum = 0;
  private slowSum = 0;
  private fastEma = 0;
  private slowEma = 0;
  private readonly fast: number;
  private readonly slow: number;
  private readonly signalEma: IncrementalEMA;

  constructor(fast = 12, slow = 26, signal = 9) {
    this.fast = Math.min(fast, slow);
    this.slow = Math.max(fast, slow);
    this.signalEma = new IncrementalEMA(signal);
  }

  update(candle: Candle): MacdValue {
    const x = candle.close;
    const index = this.count;
    this.count += 1;
    const none = { macd: Number.NaN, signal: Number.NaN, histogram: Number.NaN };
    if (index < this.slow - 1) {
      this.slowSum += x;
      if (index >= this.slow - this.fast) this.fastSum += x;
      return none;
    }
    if (index === this.slow - 1) {
      this.slowSum += x;
      this.fastSum += x;
      this.slowEma = this.slowSum / this.slow;
      this.fastEma = this.fastSum / this.fast;
    } else {
      this.slowEma = (x - this.slowEma) * (2 / (this.slow + 1)) + this.slowEma;
      this.fastEma = (x - this.fastEma) * (2 / (this.fast + 1)) + this.fastEma;
    }
    const line = this.fastEma - this.slowEma;
    const signal = this.signalEma.next(line);
    if (Number.isNaN(signal)) return none;
    return { macd: line, signal, histogram: line - signal };
  }
}

export type BandsValue = { upper: number; middle: number; lower: number };

/** Bollinger Bands around an SMA with TA-Lib's running sums (TA-Lib ta_BBANDS.c). */
export class IncrementalBBANDS implements Incremental<BandsValue> {
  private readonly window: Float64Array;
  private count = 0;
  private sum = 0;
  private sumSquares = 0;

  constructor(
    private readonly period = 20,
    private readonly nbDevUp = 2,
    private readonly nbDevDown = nbDevUp,
  ) {
    this.window = new Float64Array(period);
  }

  update(candle: Candle): BandsValue {
    const x = candle.close;
    const index = this.count;
    this.count += 1;
    this.sum += x;
    this.sumSquares += x * x;
    this.window[index % this.period] = x;
    if (index < this.period - 1) return { upper: Number.NaN, middle: Number.NaN, lower: Number.NaN };
    const leaving = this.window[(index + 1) % this.period];
    const middle = this.sum / this.period;
    this.sum -= leaving;
    let mean2 = this.sumSquares / this.period;
    this.sumSquares -= leaving * leaving;
    mean2 -= middle * middle;
    const deviation = isZeroOrNegative(mean2) ? 0 : Math.sqrt(mean2);
    if (this.nbDevUp === this.nbDevDown) {
      const width = this.nbDevUp === 1 ? deviation : deviation * this.nbDevUp;
      return { upper: middle + width, middle, lower: middle - width };
    }
    return {
      upper: this.nbDevUp === 1 ? middle + deviation : middle + deviation * this.nbDevUp,
      middle,
      lower: this.nbDevDown === 1 ? middle - deviation : middle - deviation * this.nbDevDown,
    };
  }
}

/** Wilder ATR seeded with the mean of TR[1..n] (TA-Lib ta_ATR.c). */
export class IncrementalATR implements Incremental<number> {
  private count = 0;
  private previousClose = 0;
  private sum = 0;
  private value = Number.NaN;

  constructor(private readonly period = 14) {}

  update(candle: Candle): number {
    const index = this.count;
    this.count += 1;
    const previousClose = this.previousClose;
    this.previousClose = candle.close;
    if (index === 0) return Number.NaN;
    const range = trueRangeAt(candle.high, candle.low, previousClose);
    if (this.period <= 1) return range;
    if (index < this.period) {
      this.sum += range;
      return Number.NaN;
    }
    if (index === this.period) {
      this.sum += range;
      this.value = this.sum / this.period;
      return this.value;
    }
    this.value *= this.period - 1;
    this.value += range;
    this.value /= this.period;
    return this.value;
  }
}

export type AdxValue = { adx: number; plusDi: number; minusDi: number; dx: number };

/** ADX, +DI, -DI and DX with TA-Lib's Wilder sums (TA-Lib ta_ADX.c). */
export class IncrementalADX implements Incremental<AdxValue> {
  private count = 0;
  private previousHigh = 0;
  private previousLow = 0;
  private previousClose = 0;
  private plusSum = 0;
  private minusSum = 0;
  private trSum = 0;
  private previousDx = 0;
  private dxSum = 0;
  private adx = Number.NaN;

  constructor(private readonly period = 14) {}

  update(candle: Candle): AdxValue {
    const index = this.count;
    this.count += 1;
    const { high, low, close } = candle;
    const up = high - this.previousHigh;
    const down = this.previousLow - low;
    const range = trueRangeAt(high, low, this.previousClose);
    this.previousHigh = high;
    this.previousLow = low;
    this.previousClose = close;
    const none = { adx: Number.NaN, plusDi: Number.NaN, minusDi: Number.NaN, dx: Number.NaN };
    if (index === 0) return none;
    let plusMove = 0;
    let minusMove = 0;
    if (down > 0 && up < down) minusMove = down;
    else if (up > 0 && up > down) plusMove = up;
    const n = this.period;
    if (index < n) {
      this.plusSum += plusMove;
      this.minusSum += minusMove;
      this.trSum += range;
      return none;
    }
    this.plusSum = this.plusSum - this.plusSum / n + plusMove;
    this.minusSum = this.minusSum - this.minusSum / n + minusMove;
    this.trSum = this.trSum - this.trSum / n + range;
    let plusDi = 0;
    let minusDi = 0;
    let hasDx = false;
    let dx = this.previousDx;
    if (!isZero(this.trSum)) {
      minusDi = 100 * (this.minusSum / this.trSum);
      plusDi = 100 * (this.plusSum / this.trSum);
      const total = minusDi + plusDi;
      if (!isZero(total)) {
        dx = 100 * (Math.abs(minusDi - plusDi) / total);
        hasDx = true;
      }
    }
    this.previousDx = dx;
    const adxStart = 2 * n - 1;
    if (index < adxStart) {
      if (hasDx) this.dxSum += dx;
    } else if (index === adxStart) {
      if (hasDx) this.dxSum += dx;
      this.adx = this.dxSum / n;
    } else if (hasDx) {
      this.adx = (this.adx * (n - 1) + dx) / n;
    }
    return { adx: this.adx, plusDi, minusDi, dx };
  }
}

/** On-balance volume starting at the first bar's volume (TA-Lib ta_OBV.c). */
export class IncrementalOBV implements Incremental<number> {
  private count = 0;
  private previous = 0;
  private value = 0;

  update(candle: Candle): number {
    if (this.count === 0) this.value = candle.volume;
    else if (candle.close > this.previous) this.value += candle.volume;
    else if (candle.close < this.previous) this.value -= candle.volume;
    this.count += 1;
    this.previous = candle.close;
    return this.value;
  }
}

/** Session-anchored VWAP (see extras/vwap.ts); needs `candle.time` for session resets. */
export class IncrementalVWAP implements Incremental<number> {
  private session = Number.NaN;
  private priceVolume = 0;
  private volumeSum = 0;

  constructor(private readonly anchor: VwapAnchor = 'day') {}

  update(candle: Candle): number {
    const key = candle.time === undefined ? 0 : sessionKey(candle.time, this.anchor);
    if (key !== this.session) {
      this.session = key;
      this.priceVolume = 0;
      this.volumeSum = 0;
    }
    const typical = (candle.high + candle.low + candle.close) / 3;
    this.priceVolume += typical * candle.volume;
    this.volumeSum += candle.volume;
    return this.volumeSum > 0 ? this.priceVolume / this.volumeSum : typical;
  }
}

const VWAP_ANCHORS: VwapAnchor[] = ['day', 'week', 'month', 'none'];

/** Streaming indicator by TA-Lib name and TA-Lib parameter names (defaults as in the catalog). */
export function createIncremental(name: string, params: Record<string, number> = {}): Incremental {
  const period = (fallback: number): number => params.optInTimePeriod ?? fallback;
  switch (name.toUpperCase()) {
    case 'SMA':
      return new IncrementalSMA(period(30));
    case 'EMA':
      return new IncrementalEMA(period(30));
    case 'RSI':
      return new IncrementalRSI(period(14));
    case 'MACD':
      return new IncrementalMACD(
        params.optInFastPeriod ?? 12,
        params.optInSlowPeriod ?? 26,
        params.optInSignalPeriod ?? 9,
      );
    case 'BBANDS':
      return new IncrementalBBANDS(period(5), params.optInNbDevUp ?? 2, params.optInNbDevDn ?? 2);
    case 'ATR':
      return new IncrementalATR(period(14));
    case 'ADX':
      return new IncrementalADX(period(14));
    case 'OBV':
      return new IncrementalOBV();
    case 'VWAP':
      return new IncrementalVWAP(VWAP_ANCHORS[params.optInAnchor ?? 0]);
    default:
      throw new RangeError(
        `No incremental form for "${name}": available SMA, EMA, RSI, MACD, BBANDS, ATR, ADX, OBV, VWAP`,
      );
  }
}

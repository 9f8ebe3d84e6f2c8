import type { Series } from '../core/types.ts';

// TA-Lib's candle settings (ta_global.c TA_CandleDefaultSettings): what a "long body", "doji" or "near"
// means is a factor times the average of a range over the previous bars.

export type RangeType = 'RealBody' | 'HighLow' | 'Shadows';
export type CandleSetting = { rangeType: RangeType; averagePeriod: number; factor: number };

export const candleSettings = {
  BodyLong: { rangeType: 'RealBody', averagePeriod: 10, factor: 1 },
  BodyVeryLong: { rangeType: 'RealBody', averagePeriod: 10, factor: 3 },
  BodyShort: { rangeType: 'RealBody', averagePeriod: 10, factor: 1 },
  BodyDoji: { rangeType: 'HighLow', averagePeriod: 10, factor: 0.1 },
  ShadowLong: { rangeType: 'RealBody', averagePeriod: 0, factor: 1 },
  ShadowVeryLong: { rangeType: 'RealBody', averagePeriod: 0, factor: 2 },
  ShadowShort: { rangeType: 'Shadows', averagePeriod: 10, factor: 1 },
  ShadowVeryShort: { rangeType: 'HighLow', averagePeriod: 10, factor: 0.1 },
  Near: { rangeType: 'HighLow', averagePeriod: 5, factor: 0.2 },
  Far: { rangeType: 'HighLow', averagePeriod: 5, factor: 0.6 },
  Equal: { rangeType: 'HighLow', averagePeriod: 5, factor: 0.05 },
} as const satisfies Record<string, CandleSetting>;

export type CandleSettingName = keyof typeof candleSettings;

/** OHLC accessors with TA-Lib's candle macros (ta_utility.h: TA_REALBODY, TA_UPPERSHADOW, TA_CANDLECOLOR...). */
export class CandleContext {
  readonly length: number;

  constructor(
    readonly open: Series,
    readonly high: Series,
    readonly low: Series,
    readonly close: Series,
  ) {
    this.length = close.length;
  }

  body(i: number): number {
    return Math.abs(this.close[i] - this.open[i]);
  }

  upperShadow(i: number): number {
    return this.high[i] - (this.close[i] >= this.open[i] ? this.close[i] : this.open[i]);
  }

  lowerShadow(i: number): number {
    return (this.close[i] >= this.open[i] ? this.open[i] : this.close[i]) - this.low[i];
  }

  highLow(i: number): number {
    return this.high[i] - this.low[i];
  }

  /** 1 for a white (close >= open) candle, -1 for a black one. */
  color(i: number): 1 | -1 {
    return this.close[i] >= this.open[i] ? 1 : -1;
  }

  bodyTop(i: number): number {
    return Math.max(this.close[i], this.open[i]);
  }

  bodyBottom(i: number): number {
    return Math.min(this.close[i], this.open[i]);
  }

  /** Real body of `later` entirely above the one of `earlier` (TA_REALBODYGAPUP). */
  bodyGapUp(later: number, earlier: number): boolean {
    return this.bodyBottom(later) > this.bodyTop(earlier);
  }

  /** Real body of `later` entirely below the one of `earlier` (TA_REALBODYGAPDOWN). */
  bodyGapDown(later: number, earlier: number): boolean {
    return this.bodyTop(later) < this.bodyBottom(earlier);
  }

  /** Whole candle `later` above `earlier`: its low over the earlier high (TA_CANDLEGAPUP). */
  gapUp(later: number, earlier: number): boolean {
    return this.low[later] > this.high[earlier];
  }

  /** Whole candle `later` below `earlier`: its high under the earlier low (TA_CANDLEGAPDOWN). */
  gapDown(later: number, earlier: number): boolean {
    return this.high[later] < this.low[earlier];
  }

  range(setting: CandleSetting, i: number): number {
    switch (setting.rangeType) {
      case 'RealBody':
        return this.body(i);
      case 'HighLow':
        return this.highLow(i);
      case 'Shadows':
        return this.upperShadow(i) + this.lowerShadow(i);
    }
  }

  /**
   * TA_CANDLEAVERAGE of bar i-offset as seen from each bar i >= start, with TA-Lib's running total
   * (seeded on the `averagePeriod` bars before `start`, then total += new - old) so borderline bars match.
   */
  averages(name: CandleSettingName, start: number, offset = 0): Float64Array {
    const setting = candleSettings[name];
    const out = new Float64Array(this.length);
    const divisor = setting.rangeType === 'Shadows' ? 2 : 1;
    const period = setting.averagePeriod;
    if (period === 0) {
      for (let i = start; i < this.length; i++)
        out[i] = (setting.factor * this.range(setting, i - offset)) / divisor;
      return out;
    }
    let total = 0;
    for (let i = start - period; i < start; i++) total += this.range(setting, i - offset);
    for (let i = start, trailing = start - period; i < this.length; i++, trailing++) {
      out[i] = (setting.factor * (total / period)) / divisor;
      total += this.range(setting, i - offset) - this.range(setting, trailing - offset);
    }
    return out;
  }
}

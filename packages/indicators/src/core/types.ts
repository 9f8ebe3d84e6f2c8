/** A numeric series: plain arrays, typed arrays or any array-like of numbers. */
export type Series = ArrayLike<number>;

/** One OHLCV bar; `time` (epoch milliseconds) is only needed by session-anchored indicators such as VWAP. */
export type Candle = {
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
  time?: number;
};

/** Price columns the abstract API can read. */
export type PriceField = 'open' | 'high' | 'low' | 'close' | 'volume' | 'time';

/** Inputs of `runIndicator`: OHLCV columns, or TA-Lib's own input names (`inReal`, `inReal0`, `inReal1`) to override a column. */
export type IndicatorInputs = Partial<Record<PriceField | 'inReal' | 'inReal0' | 'inReal1', Series>>;

/** Optional inputs by TA-Lib name (`optInTimePeriod`, `optInMAType`...). */
export type IndicatorParams = Record<string, number>;

/** Outputs by TA-Lib name (`outReal`, `outMACD`...), each aligned to the input with NaN before the lookback. */
export type IndicatorResult = Record<string, Float64Array>;

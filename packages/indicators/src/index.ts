export type {
  Candle,
  IndicatorInputs,
  IndicatorParams,
  IndicatorResult,
  PriceField,
  Series,
} from './core/types.ts';
export type {
  IndicatorDefinition,
  IndicatorGroup,
  InputSpec,
  OutputSpec,
  ParamSpec,
} from './catalog/types.ts';
export { catalog, findIndicator } from './catalog/catalog.ts';
export { IndicatorError, getLookback, resolveParams, runIndicator } from './catalog/run-indicator.ts';
export { MA_TYPES, type MaType } from './overlap/moving-averages.ts';
export { candleSettings } from './patterns/candle-context.ts';
export * from './wrappers.ts';
export {
  awesomeOscillator,
  cmf,
  donchian,
  hma,
  keltner,
  squeeze,
  supertrend,
  type Channel,
} from './extras/channels.ts';
export {
  fractals,
  heikinAshi,
  ichimoku,
  pivotPoints,
  type IchimokuLines,
  type PivotLevels,
  type PivotMethod,
} from './extras/price-structure.ts';
export { vwap, type VwapAnchor } from './extras/vwap.ts';
export {
  createIncremental,
  IncrementalADX,
  IncrementalATR,
  IncrementalBBANDS,
  IncrementalEMA,
  IncrementalMACD,
  IncrementalOBV,
  IncrementalRSI,
  IncrementalSMA,
  IncrementalVWAP,
  type AdxValue,
  type BandsValue,
  type Incremental,
  type IncrementalValue,
  type MacdValue,
} from './incremental/incremental.ts';

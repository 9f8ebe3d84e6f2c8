export type { Candle, IndicatorInputs, IndicatorParams, IndicatorResult, PriceField, Series } from './core/types.ts';
export type { IndicatorDefinition, IndicatorGroup, InputSpec, OutputSpec, ParamSpec } from './catalog/types.ts';
export { catalog, findIndicator } from './catalog/catalog.ts';
export { IndicatorError, getLookback, resolveParams, runIndicator } from './catalog/run-indicator.ts';

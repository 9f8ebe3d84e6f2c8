import type { PriceField, Series } from '../core/types.ts';

/** TA-Lib's function groups, plus Farol's own for indicators TA-Lib lacks. */
export type IndicatorGroup =
  | 'Overlap Studies'
  | 'Momentum Indicators'
  | 'Volume Indicators'
  | 'Volatility Indicators'
  | 'Price Transform'
  | 'Cycle Indicators'
  | 'Pattern Recognition'
  | 'Statistic Functions'
  | 'Math Operators';

/** One input series: TA-Lib's name and the OHLCV column read by default. */
export type InputSpec = { name: string; field: PriceField };

/** One optional input (TA-Lib `optIn*`) with TA-Lib's default and valid range. */
export type ParamSpec = {
  name: string;
  type: 'integer' | 'real' | 'maType';
  defaultValue: number;
  min: number;
  max: number;
  description: string;
};

/** One output: TA-Lib's name; `integer` for pattern and index outputs. */
export type OutputSpec = { name: string; type: 'real' | 'integer'; description: string };

export type ResolvedParams = Readonly<Record<string, number>>;

/** A catalogued indicator: everything the UI, the chat agents and the docs need, plus its kernel. */
export type IndicatorDefinition = {
  name: string;
  group: IndicatorGroup;
  description: string;
  /** Where the formula comes from (TA-Lib source file or the original publication). */
  source: string;
  /** True for TA-Lib functions, false for Farol's additions (VWAP, Ichimoku...). */
  isTaLib: boolean;
  inputs: readonly InputSpec[];
  params: readonly ParamSpec[];
  outputs: readonly OutputSpec[];
  /** Bars consumed before the first output, for the given (complete) parameters. */
  lookback: (params: ResolvedParams) => number;
  /** Lookback with the default parameters. */
  defaultLookback: number;
  compute: (inputs: readonly Series[], params: ResolvedParams) => Float64Array[];
};

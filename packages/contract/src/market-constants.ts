/** The ten coins with candles, signals and full analysis (spec section 2, market analysis). */
export const analysisSymbols = ['BTC', 'ETH', 'BNB', 'ADA', 'SOL', 'XRP', 'DOT', 'AVAX', 'MATIC', 'LINK'] as const;
export type AnalysisSymbol = (typeof analysisSymbols)[number];

export const candleIntervals = ['15m', '1h', '4h', '1d'] as const;
export type CandleInterval = (typeof candleIntervals)[number];

export const marketSources = ['coingecko', 'binance', 'alternative.me', 'simulated'] as const;
export type MarketSource = (typeof marketSources)[number];

export const isAnalysisSymbol = (value: string): value is AnalysisSymbol =>
  (analysisSymbols as readonly string[]).includes(value);

/** The ten coins with candles, signals and full analysis. */
export const analysisSymbols = [
  'BTC',
  'ETH',
  'BNB',
  'ADA',
  'SOL',
  'XRP',
  'DOT',
  'AVAX',
  'MATIC',
  'LINK',
] as const;
export type AnalysisSymbol = (typeof analysisSymbols)[number];

/** The CoinGecko ids of the ten (coins are told apart by id: symbols collide). MATIC trades as POL since 2024. */
export const analysisCoinIds: Record<AnalysisSymbol, readonly string[]> = {
  BTC: ['bitcoin'],
  ETH: ['ethereum'],
  BNB: ['binancecoin'],
  ADA: ['cardano'],
  SOL: ['solana'],
  XRP: ['ripple'],
  DOT: ['polkadot'],
  AVAX: ['avalanche-2'],
  MATIC: ['polygon-ecosystem-token', 'matic-network'],
  LINK: ['chainlink'],
};

/** The coins' names as their projects write them (proper names: the same in every language). */
export const analysisSymbolNames: Record<AnalysisSymbol, string> = {
  BTC: 'Bitcoin',
  ETH: 'Ethereum',
  BNB: 'BNB',
  ADA: 'Cardano',
  SOL: 'Solana',
  XRP: 'XRP',
  DOT: 'Polkadot',
  AVAX: 'Avalanche',
  MATIC: 'Polygon',
  LINK: 'Chainlink',
};

export const candleIntervals = ['15m', '1h', '4h', '1d'] as const;
export type CandleInterval = (typeof candleIntervals)[number];

export const marketSources = ['coingecko', 'binance', 'alternative.me', 'simulated'] as const;
export type MarketSource = (typeof marketSources)[number];

/** How many coins Farol follows: the top by market cap. */
export const TRACKED_COINS = 500;

/** How long a market answer is served before the server asks its source again, in seconds. */
export const marketFreshnessSeconds = { prices: 60, global: 120, fearGreed: 300 } as const;

export const isAnalysisSymbol = (value: string): value is AnalysisSymbol =>
  (analysisSymbols as readonly string[]).includes(value);

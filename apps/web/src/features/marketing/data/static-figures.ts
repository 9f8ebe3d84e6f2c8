// Marketing figures exactly as the product specification states them (section 9). They are claims of
// the marketing copy and historical tests, shown with a note saying so, never live data.

/** Landing platform figures (spec section 1 claims): indicators and coins are "N+" counts. */
export const platformFigures = { indicators: 50, coins: 500, refreshSeconds: 1, uptimePercent: 99.9 } as const;

/** Fixed accuracy labels of the four signal types (percent). */
export const signalTypeAccuracy = { entry: 87, exit: 82, risk: 95, algorithmic: 91 } as const;

/** Performance in historical tests: win rate, average profit, max drawdown (percent), average time (hours). */
export const performanceFigures = { winRate: 78.5, averageProfit: 3.4, maxDrawdown: 12.3, averageTimeHours: 6.2 } as const;

/** Strategies: timeframe, win rate and average profit (percent). */
export const strategies = [
  { id: 'scalping', timeframe: '1-5min', winRate: 73, averageProfit: 0.8 },
  { id: 'swing', timeframe: '4h-1d', winRate: 68, averageProfit: 4.2 },
  { id: 'dayTrade', timeframe: '15m-4h', winRate: 75, averageProfit: 2.1 },
  { id: 'breakout', timeframe: '1h-12h', winRate: 71, averageProfit: 1.9 },
] as const;

export type SampleSignal = {
  pair: string;
  type: 'buy' | 'sell';
  status: 'active' | 'closed';
  entry: number;
  target: number;
  stop: number;
  age: { value: number; unit: 'hour' | 'day' };
};

/** Four illustrative signals (spec: static sample recent signals), labelled as examples on the page. */
export const sampleSignals: SampleSignal[] = [
  { pair: 'BTC/USDT', type: 'buy', status: 'active', entry: 67450, target: 71200, stop: 65800, age: { value: 2, unit: 'hour' } },
  { pair: 'ETH/USDT', type: 'buy', status: 'active', entry: 3520, target: 3780, stop: 3390, age: { value: 5, unit: 'hour' } },
  { pair: 'SOL/USDT', type: 'sell', status: 'closed', entry: 182.4, target: 168, stop: 189.5, age: { value: 1, unit: 'day' } },
  { pair: 'LINK/USDT', type: 'buy', status: 'closed', entry: 14.85, target: 16.2, stop: 14.1, age: { value: 3, unit: 'day' } },
];

export const blogCategories = [
  { id: 'technicalAnalysis', count: 45 },
  { id: 'education', count: 32 },
  { id: 'market', count: 28 },
  { id: 'bitcoin', count: 24 },
  { id: 'risk', count: 19 },
] as const;

export type BlogCategoryId = (typeof blogCategories)[number]['id'];

export type BlogArticle = { id: string; category: BlogCategoryId; date: string; readMinutes: number; featured: boolean };

/** Three featured and three recent articles; titles and excerpts live in the `blog` catalogue. */
export const blogArticles: BlogArticle[] = [
  { id: 'rsi', category: 'technicalAnalysis', date: '2025-06-12', readMinutes: 8, featured: true },
  { id: 'halving', category: 'bitcoin', date: '2025-06-05', readMinutes: 11, featured: true },
  { id: 'stopLoss', category: 'risk', date: '2025-05-29', readMinutes: 7, featured: true },
  { id: 'bollinger', category: 'technicalAnalysis', date: '2025-05-22', readMinutes: 6, featured: false },
  { id: 'fearGreed', category: 'market', date: '2025-05-15', readMinutes: 5, featured: false },
  { id: 'dominance', category: 'education', date: '2025-05-08', readMinutes: 6, featured: false },
];

import {
  analysableCoinsResponseSchema,
  analysisSymbolNames,
  analysisSymbols,
  candlesResponseSchema,
  coinPricesResponseSchema,
  currentSubscriptionResponseSchema,
  dashboardSignalsResponseSchema,
  favoritesResponseSchema,
  fearGreedResponseSchema,
  globalMarketResponseSchema,
  plansResponseSchema,
  type CoinItem,
  type Currency,
  type MarketSource,
  type UnavailableSignal,
} from '@farol/contract';

// Answers built through the contract's schemas: a contract change breaks these fixtures, not the app silently.

const planLimits = {
  free: {
    dailyConversations: 3,
    coinsVisible: 5,
    coinList: 'top',
    marketSignals: 3,
    advancedAnalysis: false,
    coinSearch: false,
    alerts: 3,
    advancedAlerts: false,
  },
  iniciante: {
    dailyConversations: 5,
    coinsVisible: 10,
    coinList: 'main',
    marketSignals: 5,
    advancedAnalysis: false,
    coinSearch: false,
    alerts: 10,
    advancedAlerts: false,
  },
  profissional: {
    dailyConversations: -1,
    coinsVisible: 500,
    coinList: 'top',
    marketSignals: 10,
    advancedAnalysis: true,
    coinSearch: true,
    alerts: 100,
    advancedAlerts: true,
  },
} as const;

/** GET /api/subscription/plans with no plans listed: what the upsell buttons read is `billing`. */
export function plansAnswer(checkout: boolean) {
  return plansResponseSchema.parse({ success: true, data: [], billing: { checkout } });
}

export function subscriptionAnswer(plan: keyof typeof planLimits, options: { isAdmin?: boolean } = {}) {
  return currentSubscriptionResponseSchema.parse({
    success: true,
    data: {
      plan: {
        id: plan,
        name: { free: 'Gratuito', iniciante: 'Iniciante', profissional: 'Profissional' }[plan],
        price: { free: 0, iniciante: 49, profissional: 149 }[plan],
        interval: 'month',
        features: [],
        limits: planLimits[plan],
      },
      isActive: plan !== 'free' || Boolean(options.isAdmin),
      subscription: {
        cancelAtPeriodEnd: false,
        currentPeriodEnd: plan === 'free' ? null : '2026-08-15T12:00:00.000Z',
        isAdmin: Boolean(options.isAdmin),
        status: 'active',
        grantedByAdmin: false,
      },
    },
  });
}

const coinNames = [
  'Bitcoin',
  'Ethereum',
  'Tether',
  'BNB',
  'Solana',
  'XRP',
  'USDC',
  'Cardano',
  'Dogecoin',
  'TRON',
  'Chainlink',
  'Avalanche',
];

export function coin(index: number, overrides: Partial<CoinItem> = {}): CoinItem {
  const name = coinNames[index] ?? `Coin ${index + 1}`;
  return {
    id: name.toLowerCase().replace(/\s+/g, '-'),
    name,
    symbol: name === 'Bitcoin' ? 'btc' : name === 'Ethereum' ? 'eth' : name.slice(0, 4).toLowerCase(),
    image: null,
    current_price: 1000 / (index + 1),
    price_change_percentage_1h: index % 2 === 0 ? 0.12 : -0.3,
    price_change_percentage_24h: index % 2 === 0 ? 1.234 : -2.5,
    price_change_percentage_7d: index % 2 === 0 ? 5.5 : -7.25,
    market_cap: 1e12 / (index + 1),
    market_cap_rank: index + 1,
    total_volume: 5e10 / (index + 1),
    sparkline_7d: [900, 950, 920, 1000].map((price) => price / (index + 1)),
    isFavorite: false,
    ...overrides,
  };
}

export function pricesAnswer(
  coins: CoinItem[],
  page = 1,
  totalPages = 1,
  source: MarketSource = 'coingecko',
  currency: Currency = 'BRL',
) {
  return coinPricesResponseSchema.parse({
    success: true,
    data: coins,
    source,
    currency,
    cache: { isFromCache: true, ageSeconds: 42 },
    pagination: {
      currentPage: page,
      totalPages,
      totalItems: coins.length * totalPages,
      hasPreviousPage: page > 1,
      hasNextPage: page < totalPages,
    },
  });
}

export const favoritesAnswer = (coinIds: string[]) =>
  favoritesResponseSchema.parse({
    success: true,
    data: coinIds.map((coinId) => ({ coinId, coinName: coinId, createdAt: '2026-01-01T00:00:00.000Z' })),
  });

export const fearGreedAnswer = (value: number, source: MarketSource = 'alternative.me') =>
  fearGreedResponseSchema.parse({
    success: true,
    data: { value, classification: 'Greed', timestamp: 1767225600 },
    source,
    cache: { isFromCache: false, ageSeconds: 0 },
  });

export const dominanceAnswer = (
  bitcoinDominance: number,
  source: MarketSource = 'coingecko',
  currency: Currency = 'BRL',
) =>
  globalMarketResponseSchema.parse({
    success: true,
    currency,
    data: {
      bitcoin_dominance: bitcoinDominance,
      ethereum_dominance: 12.345,
      total_market_cap: 3.2e12,
      bitcoin_market_cap: 1.85e12,
      last_updated: 1767225600,
    },
    source,
    cache: { isFromCache: false, ageSeconds: 0 },
  });

/** The USDT/BRL conversion the server describes for BRL answers. */
export const brlConversion = {
  from: 'USDT',
  to: 'BRL',
  rateSymbol: 'USDTBRL',
  rateSource: 'binance',
  method: 'candle_close',
  latestRate: 5.4,
} as const;

export function candlesAnswer(count: number, currency: Currency = 'BRL') {
  const start = 1767225600;
  return candlesResponseSchema.parse({
    success: true,
    currency,
    conversion: currency === 'BRL' ? brlConversion : null,
    data: Array.from({ length: count }, (_, index) => {
      const close = 90000 + Math.sin(index / 5) * 1000;
      return {
        time: start + index * 3600,
        open: close - 50,
        high: close + 200,
        low: close - 200,
        close,
        volume: 10 + index,
      };
    }),
    source: 'binance',
    cache: { isFromCache: false, ageSeconds: 0 },
  });
}

export const signalsAnswer = (
  source: MarketSource = 'binance',
  unavailable: UnavailableSignal[] = [],
  currency: Currency = 'BRL',
) =>
  dashboardSignalsResponseSchema.parse({
    success: true,
    currency,
    conversion: currency === 'BRL' ? { ...brlConversion, method: 'latest' } : null,
    data: [
      {
        symbol: 'BTC',
        signal: 'strong_buy',
        price: 91234.5,
        momentum: 'bullish',
        strength: 72.5,
        confidence: 64,
        keyIndicators: {
          rsi: { value: 61.26, signal: 'neutral' },
          macd: { signal: 'bullish' },
          bollinger: { position: 'upper_half' },
          volume: { trend: 'rising', anomaly: false },
        },
        summary: 'BTC em tendência de alta.',
        source,
        asOf: '2026-01-01T12:00:00.000Z',
      },
    ],
    unavailable,
  });

/** GET /api/market-signals/coins through the contract: the ten quick choices, then `others` (symbol, id, name). */
export function analysableCoinsAnswer(others: readonly [symbol: string, coinId: string, name: string][]) {
  return analysableCoinsResponseSchema.parse({
    success: true,
    source: 'binance',
    data: [
      ...analysisSymbols.map((symbol, index) => ({
        symbol,
        coinId: symbol.toLowerCase(),
        name: analysisSymbolNames[symbol],
        rank: index + 1,
        image: null,
        isQuickChoice: true,
      })),
      ...others.map(([symbol, coinId, name], index) => ({
        symbol,
        coinId,
        name,
        rank: 9 + index,
        image: null,
        isQuickChoice: false,
      })),
    ],
  });
}

// Success examples of the calls a bot or a spreadsheet starts with, shown in the OpenAPI document beside each
// call's schema. openapi.test.ts parses every one with the route's own answer schema, so none can drift from
// the contract.

const bitcoin = {
  id: 'bitcoin',
  name: 'Bitcoin',
  symbol: 'BTC',
  image: 'https://coin-images.coingecko.com/coins/images/1/large/bitcoin.png',
};
const freshFromCoinGecko = { source: 'coingecko', cache: { isFromCache: true, ageSeconds: 12 } } as const;

export const successExamples: Record<string, unknown> = {
  listCoinPrices: {
    success: true,
    data: [
      {
        ...bitcoin,
        current_price: 95_310.42,
        price_change_percentage_1h: 0.21,
        price_change_percentage_24h: -1.87,
        price_change_percentage_7d: 3.45,
        market_cap: 1_887_402_113_560,
        market_cap_rank: 1,
        total_volume: 41_220_553_780,
        sparkline_7d: [92_140.5, 93_020.1, 94_870.3, 95_310.42],
        isFavorite: true,
      },
    ],
    pagination: {
      currentPage: 1,
      totalPages: 500,
      totalItems: 500,
      hasPreviousPage: false,
      hasNextPage: true,
    },
    currency: 'USD',
    ...freshFromCoinGecko,
  },
  getCoin: {
    success: true,
    data: {
      ...bitcoin,
      price: 95_310.42,
      priceChangePercentage24h: -1.87,
      rank: 1,
      marketCap: 1_887_402_113_560,
      volume24h: 41_220_553_780,
      circulatingSupply: 19_803_156,
      totalSupply: 19_803_156,
      maxSupply: 21_000_000,
      high24h: 97_204.11,
      low24h: 94_870.02,
      allTimeHigh: 109_114.88,
      allTimeHighDate: '2025-01-20T09:11:54.494Z',
      priceChangePercentage30d: -4.12,
      priceChangePercentage1y: 38.45,
      isFavorite: false,
      isAnalysed: true,
      analysisSymbol: 'BTC',
    },
    currency: 'USD',
    ...freshFromCoinGecko,
  },
  listCandles: {
    success: true,
    data: [
      { time: 1_795_734_000, open: 95_102.1, high: 95_480, low: 94_980.55, close: 95_310.42, volume: 812.4 },
      { time: 1_795_737_600, open: 95_310.42, high: 95_622.9, low: 95_200, close: 95_540.17, volume: 640.9 },
    ],
    currency: 'USD',
    conversion: null,
    source: 'binance',
    cache: { isFromCache: true, ageSeconds: 40 },
  },
  getFearGreedIndex: {
    success: true,
    data: { value: 38, classification: 'Fear', timestamp: 1_795_737_600 },
    source: 'alternative.me',
    cache: { isFromCache: false, ageSeconds: 0 },
  },
  listApiTokens: {
    success: true,
    data: {
      tokens: [
        {
          id: '8ce584b8-03e8-4d24-8288-0d41b7ba400a',
          name: 'planilha',
          createdAt: '2026-11-27T01:17:01.223Z',
          lastUsedAt: '2026-11-27T09:30:12.004Z',
          requestCount: 1_204,
          expiresAt: '2027-02-25T01:17:01.223Z',
        },
      ],
      maxTokens: 10,
      requestsPerMinute: 60,
    },
  },
  createApiToken: {
    success: true,
    data: {
      id: '8ce584b8-03e8-4d24-8288-0d41b7ba400a',
      name: 'planilha',
      createdAt: '2026-11-27T01:17:01.223Z',
      lastUsedAt: null,
      requestCount: 0,
      expiresAt: '2027-02-25T01:17:01.223Z',
      token: 'farol_pat_k34Z56zMyTz31rc6Gm7Ww8_QPEUMzJWsOyEtalir0m8',
    },
    message: 'Token created. Copy it now: it will not be shown again.',
  },
};

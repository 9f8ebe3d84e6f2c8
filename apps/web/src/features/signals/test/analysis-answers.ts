import { analysisResponseSchema, quoteLevels, type Currency } from '@farol/contract';

const SUPPORTS = [3050, 2980];
const RESISTANCES = [3200];

/** GET /api/market-signals/analysis/{symbol}, built through the contract (a contract change breaks it here). */
export const analysisAnswer = (symbol: string, currency: Currency = 'BRL') =>
  analysisResponseSchema.parse({
    success: true,
    currency,
    conversion:
      currency === 'BRL'
        ? {
            from: 'USDT',
            to: 'BRL',
            rateSymbol: 'USDTBRL',
            rateSource: 'binance',
            method: 'latest',
            latestRate: 5.4,
          }
        : null,
    data: {
      symbol,
      price: 3120.456,
      marketSignal: {
        signal: 'sell',
        strength: 58.3,
        confidence: 71,
        reasoning: 'Médias em baixa e MACD negativo.',
        indicators: [
          {
            rule: 'macd_histogram',
            name: 'Histograma MACD',
            timeframe: '4h',
            vote: -1,
            weight: 1,
            value: -12.5,
            explanation: 'Histograma negativo.',
          },
        ],
      },
      trendStrength: 40,
      volume: 123456,
      keyIndicators: {
        rsi: { value: 38.26, signal: 'neutral', strength: 30 },
        macd: { value: -12.34567, signal: 'bearish_crossover', strength: 60 },
        bollinger: { position: 'lower_half', squeeze: true },
        volume: { trend: 'rising', anomaly: true },
      },
      supportLevels: SUPPORTS,
      resistanceLevels: RESISTANCES,
      confluenceAnalysis: {
        signalStrength: 55,
        marketContext: 'Tendência de baixa',
        strategyType: 'Venda no repique',
        riskLevel: 'high',
        confluenceFactors: ['MACD cruzou para baixo'],
      },
      recommendedStrategy: {
        name: 'Aguardar repique',
        description: 'Esperar teste da resistência.',
        entrySignals: ['Rejeição em 3200'],
        stopLoss: 3260,
        targets: [3050, 2980],
      },
      expectedRange: [
        { horizonHours: 24, low: 3010, high: 3240, probability: 0.8, measuredCoverage: 0.78 },
        { horizonHours: 168, low: 2800, high: 3500, probability: 0.8, measuredCoverage: 0.801 },
      ],
      levels: quoteLevels({
        price: 3120.456,
        currency,
        stop: 3260,
        targets: [3050, 2980],
        supports: SUPPORTS,
        resistances: RESISTANCES,
      }),
      aiAnalysis: 'O ETH perde força no curto prazo.',
      recommendations: ['Reduza a alavancagem'],
      source: 'simulated',
      asOf: '2026-01-01T12:00:00.000Z',
    },
  });

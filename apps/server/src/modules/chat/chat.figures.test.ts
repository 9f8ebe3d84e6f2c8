import type { Analysis } from '@farol/contract';
import { describe, expect, it } from 'vitest';
import type { Candle, MarketService } from '../market/market.types.ts';
import { gatherBriefing } from './chat.orchestrator.ts';
import { composeOfflineNote } from './chat.offline.ts';
import type { ChatData } from './chat.types.ts';

// The case: BTC quoted at R$ 464.870 (the live tick) while the last daily close was R$ 430.440.
// A stop measured from the daily close and printed beside the tick was "6,19% abaixo" when it was 13% below.
const BRL_PER_USDT = 5;
const TICK_BRL = 464_870;
const DAILY_CLOSE_USDT = 86_088; // R$ 430.440
/** Every candle spans this much: ATR(14) is exactly it (R$ 13.326, 2 ATR = 6,19% of the daily close). */
const CANDLE_RANGE_USDT = 2_665.2;

const dailyCandles: Candle[] = Array.from({ length: 300 }, (_, index) => ({
  openTime: Date.UTC(2026, 0, 1) + index * 86_400_000,
  open: DAILY_CLOSE_USDT,
  high: DAILY_CLOSE_USDT + CANDLE_RANGE_USDT / 2,
  low: DAILY_CLOSE_USDT - CANDLE_RANGE_USDT / 2,
  close: DAILY_CLOSE_USDT,
  volume: 10,
}));

const result = <T>(data: T) => ({
  data,
  source: 'binance' as const,
  isFromCache: false,
  ageSeconds: 0,
  fetchedAt: 0,
});

function chatData(): ChatData {
  const market = {
    getCoins: async () =>
      result([{ id: 'bitcoin', symbol: 'BTC', name: 'Bitcoin', rank: 1, currentPrice: TICK_BRL }]),
    getMarketPairs: async () => {
      const pair = { symbol: 'BTC', coinId: 'bitcoin', name: 'Bitcoin', isQuickChoice: true };
      return result({
        list: [pair],
        bySymbol: new Map([['BTC', pair]]),
        byCoinId: new Map([['bitcoin', pair]]),
        aliases: new Map(),
        withoutPair: new Set(),
      });
    },
    getCandles: async () => result(dailyCandles),
    getRateCandles: async () => result([{ ...dailyCandles[0]!, close: BRL_PER_USDT }]),
    getGlobal: async () => {
      throw new Error('not read by these questions');
    },
    getFearGreed: async () => result([]),
    getDominanceHistory: async () => result([]),
  } as unknown as MarketService;
  // the signal engine's analysis as the page shows it: its price is the tick's hour close
  const analysis = {
    symbol: 'BTC',
    price: TICK_BRL,
    marketSignal: { signal: 'buy', strength: 40, confidence: 50, reasoning: '', indicators: [] },
    trendStrength: 30,
    keyIndicators: {
      rsi: { value: 55, signal: 'neutral', strength: 10 },
      macd: { value: 1, signal: 'bullish', strength: 10 },
      bollinger: { position: 'middle', squeeze: false },
      volume: { trend: 'stable', anomaly: false },
    },
    supportLevels: [403_788, 380_000],
    resistanceLevels: [500_000],
    confluenceAnalysis: { riskLevel: 'medium' },
    recommendedStrategy: { name: 'Compra', stopLoss: 403_788, targets: [525_952, 587_034] },
    source: 'binance',
    asOf: '2026-11-27T23:00:00.000Z',
  } as unknown as Analysis;
  return {
    market,
    signals: { getAnalysis: async () => analysis },
    language: 'pt-BR',
    money: { currency: 'BRL', rate: BRL_PER_USDT },
  };
}

/** "R$ 464.870,00" → 464870; "13,14%" → 13.14. */
const brl = (text: string) => Number(text.replace(/R\$\s/u, '').replace(/\./g, '').replace(',', '.'));
const percent = (text: string) => Number(text.replace('%', '').replace(',', '.'));
const MONEY = 'R\\$\\s[\\d.]+,\\d{2}';

describe('the chat states every figure from the price it quotes', () => {
  it('measures the stop from the quoted tick, not from the last daily close, and sizes a position that risks what it says', async () => {
    const question = 'Tenho R$ 10.000 e aceito perder 1% por operação: qual o tamanho da posição em BTC?';
    const briefing = await gatherBriefing(chatData(), question, () => {});
    const note = composeOfflineNote('pt-BR', briefing, undefined);

    const quoted = brl(new RegExp(`\\*\\*BTC\\*\\*: (${MONEY})`, 'u').exec(note)![1]!);
    expect(quoted).toBe(TICK_BRL);
    const [, stopText, distanceText] = new RegExp(
      `2×ATR ficaria em (${MONEY}) \\(([\\d,]+%) abaixo\\)`,
      'u',
    ).exec(note)!;
    const stop = brl(stopText!);
    expect(percent(distanceText!)).toBeCloseTo(((quoted - stop) / quoted) * 100, 2);

    // each support is stated with its distance from the same quoted price
    const [, supportText, supportDistance] = new RegExp(`Suportes: (${MONEY}) \\((-[\\d,]+%)\\)`, 'u').exec(
      note,
    )!;
    expect(brl(supportText!)).toBe(403_788);
    expect(percent(supportDistance!)).toBeCloseTo(-13.14, 2);

    // R$ 100 at risk: the units bought at the quoted price lose R$ 100 at the stop (within rounding)
    const [, riskText] = new RegExp(`perdendo (${MONEY}) se o stop`, 'u').exec(note)!;
    expect(brl(riskText!)).toBe(100);
    const units = Number(/cerca de ([\d,]+) BTC/u.exec(note)![1]!.replace(',', '.'));
    expect(units * (quoted - stop)).toBeCloseTo(100, 1);
    const [, valueText] = new RegExp(`posição de (${MONEY})`, 'u').exec(note)!;
    expect(brl(valueText!)).toBeCloseTo(units * quoted, 0);
  });

  it('gives the model one quote per coin and every level measured from it', async () => {
    const briefing = await gatherBriefing(chatData(), 'Análise do BTC: onde ficam stop e alvos?', () => {});
    const coin = briefing.coins[0]!;
    expect(coin.quote).toMatchObject({ price: TICK_BRL, currency: 'BRL' });
    const { levels } = coin.technical!;
    expect(levels.price).toBe(TICK_BRL);
    expect(levels.stop).toEqual({ price: 403_788, distancePercent: 13.14, side: 'below' });
    for (const stop of coin.volatility?.stops ?? [])
      expect(stop.distancePercent).toBeCloseTo(((TICK_BRL - stop.price) / TICK_BRL) * 100, 2);
  });
});

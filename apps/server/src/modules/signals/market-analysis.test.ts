import { analysisSchema, marketSignalSchema } from '@farol/contract';
import { languages } from '@farol/i18n';
import { readTestJson } from '@farol/testdata';
import { rsi } from '@farol/indicators';
import { describe, expect, it } from 'vitest';
import { renderAnalysis, renderMarketSignal } from './analysis-text.ts';
import { aggregateCandles, toColumns } from './candle-columns.ts';
import { readHistoryCsv, readTestCandles } from './csv-candles.ts';
import { analyzeMarket, type MarketCandles } from './market-analysis.ts';
import { setupLostInTraining } from './signal-calibration.ts';
import { readTimeframe } from './timeframe-reading.ts';
import { candlesAsOf } from './walk-forward.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const histories = {
  BTC: readHistoryCsv('BTC'),
  ETH: readHistoryCsv('ETH'),
  SOL: readHistoryCsv('SOL'),
  MATIC: readHistoryCsv('MATIC'),
};
const at = (iso: string) => Date.parse(iso);

/** Times spread over the whole 1h history (first full windows are available from mid-2022). */
function sampleTimes(history: MarketCandles, count: number): number[] {
  const first = history['1h'][2100]!.openTime;
  const last = history['1h'].at(-1)!.openTime + HOUR;
  return Array.from(
    { length: count },
    (_, index) => Math.floor((first + ((last - first) * index) / (count - 1)) / HOUR) * HOUR,
  );
}

describe('timeframe reading', () => {
  it('matches the TA-Lib golden for RSI, MACD histogram, ADX, ATR and EMA 50/200 on BTC daily candles', () => {
    const golden = readTestJson<any>('golden/BTCUSDT-1d.golden.json');
    const daily = readTestCandles('BTCUSDT-1d.csv');
    for (const end of [600, 1500, 3059]) {
      const reading = readTimeframe('1d', DAY, toColumns(daily.slice(0, end)));
      const value = (name: string, output = 'outReal') =>
        golden.functions[name].values[output][end - 1] as number;
      const close = (actual: number, expected: number) =>
        expect(Math.abs(actual - expected)).toBeLessThanOrEqual(1e-9 * Math.max(1, Math.abs(expected)));
      close(reading.rsi, value('RSI'));
      close(reading.macdHistogram, value('MACD', 'outMACDHist'));
      close(reading.adx, value('ADX'));
      close(reading.atr, value('ATR'));
      close(reading.plusDi, value('PLUS_DI'));
      close(reading.ema50, value('EMA(50)'));
      close(reading.ema200, value('EMA(200)'));
    }
  });

  it('reads the RSI of BTC 1h at 2024-03-05 15:00 UTC as the indicator package computes it on the same window', () => {
    const window = candlesAsOf(histories.BTC, at('2024-03-05T15:00:00Z'))['1h'];
    expect(window.at(-1)!.openTime).toBe(at('2024-03-05T14:00:00Z'));
    const reading = readTimeframe('1h', HOUR, toColumns(window));
    expect(reading.rsi).toBe(
      rsi(
        window.map((candle) => candle.close),
        14,
      ).at(-1),
    );
    expect(reading.rsi).toBeGreaterThan(0);
  });

  it('flags the Bollinger squeeze of BTC 1h on 2022-07-24 and not during the 2022-11-09 FTX crash', () => {
    const quiet = readTimeframe(
      '1h',
      HOUR,
      toColumns(candlesAsOf(histories.BTC, at('2022-07-24T17:00:00Z'))['1h']),
    );
    expect(quiet.isKeltnerSqueeze).toBe(true);
    expect(quiet.bandwidthPercentile).toBeLessThanOrEqual(10);
    expect(quiet.isSqueeze).toBe(true);
    const crash = readTimeframe(
      '1h',
      HOUR,
      toColumns(candlesAsOf(histories.BTC, at('2022-11-09T18:00:00Z'))['1h']),
    );
    expect(crash.isSqueeze).toBe(false);
  });

  it('flags the volume anomaly of BTC 1h on 2022-11-08 16:00 UTC (FTX) and none an hour of flat trading', () => {
    const spike = readTimeframe(
      '1h',
      HOUR,
      toColumns(candlesAsOf(histories.BTC, at('2022-11-08T17:00:00Z'))['1h']),
    );
    expect(spike.volumeZ).toBeGreaterThan(2.5);
    expect(spike.isVolumeAnomaly).toBe(true);
    const quiet = readTimeframe(
      '1h',
      HOUR,
      toColumns(candlesAsOf(histories.BTC, at('2022-07-24T17:00:00Z'))['1h']),
    );
    expect(quiet.isVolumeAnomaly).toBe(false);
  });
});

describe('analyzeMarket on real candles', () => {
  const cases = Object.entries(histories).flatMap(([symbol, history]) =>
    sampleTimes(history, 12).map((time) => ({ symbol, history, time })),
  );

  it('keeps every output in range and renders it in the contract shape in all three languages', () => {
    for (const { symbol, history, time } of cases) {
      const facts = analyzeMarket(candlesAsOf(history, time));
      expect(facts.asOf).toBe(time);
      for (const value of [
        facts.vote.strength,
        facts.vote.confidence,
        facts.trendStrength,
        facts.confluence.signalStrength,
      ]) {
        expect(value).toBeGreaterThanOrEqual(0);
        expect(value).toBeLessThanOrEqual(100);
      }
      expect(Math.abs(facts.vote.score)).toBeLessThanOrEqual(1);
      expect(facts.vote.votes).toHaveLength(18);
      for (const language of languages) {
        const analysis = analysisSchema.parse(renderAnalysis(symbol as 'BTC', facts, 'binance', language));
        marketSignalSchema.parse(renderMarketSignal(symbol as 'BTC', facts, 'binance', language));
        expect(analysis.aiAnalysis).not.toMatch(/\{\{|undefined|NaN|signals:\w/);
        expect(JSON.stringify(analysis)).not.toMatch(/\{\{|signals:\w|NaN/);
      }
    }
  });

  it('brackets the price with at most three supports below and three resistances above, nearest first', () => {
    let withBothSides = 0;
    for (const { history, time } of cases) {
      const { levels, price } = analyzeMarket(candlesAsOf(history, time));
      expect(levels.supports.length).toBeLessThanOrEqual(3);
      expect(levels.resistances.length).toBeLessThanOrEqual(3);
      for (const level of levels.supports) expect(level.price).toBeLessThan(price);
      for (const level of levels.resistances) expect(level.price).toBeGreaterThan(price);
      const supportPrices = levels.supports.map((level) => level.price);
      const resistancePrices = levels.resistances.map((level) => level.price);
      expect(supportPrices).toEqual([...supportPrices].sort((a, b) => b - a));
      expect(resistancePrices).toEqual([...resistancePrices].sort((a, b) => a - b));
      if (supportPrices.length > 0 && resistancePrices.length > 0) withBothSides += 1;
    }
    expect(withBothSides).toBeGreaterThan(cases.length / 2);
  });

  it('places the stop on the losing side of the entry and the targets on the winning side', () => {
    for (const { history, time } of cases) {
      const { strategy, price } = analyzeMarket(candlesAsOf(history, time));
      if (strategy.kind === 'wait') {
        expect(strategy.below).toBeLessThan(strategy.above);
        continue;
      }
      const direction = strategy.kind === 'long' ? 1 : -1;
      expect(direction * (price - strategy.stopLoss)).toBeGreaterThan(0);
      const risk = Math.abs(price - strategy.stopLoss);
      expect(
        strategy.targets.some((target) => Math.abs(target - (price + direction * risk)) <= price * 1e-5),
      ).toBe(true);
      expect(
        strategy.targets.some((target) => Math.abs(target - (price + direction * 2 * risk)) <= price * 1e-5),
      ).toBe(true);
    }
  });

  it('sizes the position (1% risked) only when it is a sensible share of the capital, 0.5% to 100%', () => {
    let sized = 0;
    let advisedAgainst = 0;
    for (const { history, time } of cases) {
      const { strategy, price, recommendations, vote } = analyzeMarket(candlesAsOf(history, time));
      const sizing = recommendations.find((item) => item.kind === 'position_size');
      if (strategy.kind === 'wait') {
        expect(sizing).toBeUndefined();
        continue;
      }
      // a class whose setups lost money in training is explained, not sized
      const losing = setupLostInTraining(vote.signal);
      if (losing) {
        advisedAgainst += 1;
        expect(sizing).toBeUndefined();
        expect(recommendations).toContainEqual({ kind: 'setup_not_recommended', ...losing });
        continue;
      }
      const share = 1 / (Math.abs(price - strategy.stopLoss) / price);
      if (share < 0.5 || share > 100) {
        expect(sizing).toBeUndefined();
        continue;
      }
      sized += 1;
      expect(sizing).toEqual({
        kind: 'position_size',
        riskPercent: 1,
        positionPercent: share,
        stopLoss: strategy.stopLoss,
      });
    }
    expect(sized).toBeGreaterThan(0);
    expect(advisedAgainst).toBeGreaterThan(0);
  });

  it('says why a setup that lost money in training is not recommended, in every language', () => {
    // BTC in March 2024: far above its 200-day average with SMA 50 above SMA 200, a strong buy
    const facts = analyzeMarket(candlesAsOf(histories.BTC, at('2024-03-05T15:00:00Z')));
    expect(facts.vote.signal).toBe('strong_buy');
    const losing = setupLostInTraining('strong_buy')!;
    expect(losing.meanResultAfterFees).toBeLessThan(0);
    const expected = {
      'pt-BR': 'Setup não recomendado',
      en: 'Setup not recommended',
      es: 'Setup no recomendado',
    } as const;
    // explained instead of sized
    expect(facts.recommendations.some((item) => item.kind === 'position_size')).toBe(false);
    for (const language of languages) {
      const { recommendations } = renderAnalysis('BTC', facts, 'binance', language);
      const why = recommendations.find((text) => text.startsWith(expected[language]));
      expect(why).toContain(new Intl.NumberFormat(language).format(losing.count));
    }
  });

  it('returns the same analysis for the same candles', () => {
    const candles = candlesAsOf(histories.ETH, at('2023-06-15T12:00:00Z'));
    expect(analyzeMarket(candles)).toEqual(analyzeMarket(structuredClone(candles)));
  });

  it('never changes a past signal when future bars are appended (no look-ahead)', () => {
    const cut = at('2024-01-10T10:00:00Z'); // mid 4h candle: the partial 08:00 4h bar must not leak
    const truncatedHourly = histories.SOL['1h'].filter((candle) => candle.openTime + HOUR <= cut);
    const truncated: MarketCandles = {
      '1h': truncatedHourly,
      '4h': aggregateCandles(truncatedHourly, HOUR, 4),
      '1d': histories.SOL['1d'].filter((candle) => candle.openTime + DAY <= cut),
    };
    for (const time of [cut - 30 * HOUR, cut - 5 * HOUR, cut - HOUR, cut]) {
      expect(analyzeMarket(candlesAsOf(histories.SOL, time))).toEqual(
        analyzeMarket(candlesAsOf(truncated, time)),
      );
    }
  });

  // Engine 3's call is the close against its 200-day average (docs/signals.md): it never abstains.
  it('produces every directional class somewhere in the BTC history', () => {
    const seen = new Set(
      sampleTimes(histories.BTC, 400).map(
        (time) => analyzeMarket(candlesAsOf(histories.BTC, time)).vote.signal,
      ),
    );
    expect([...seen].sort()).toEqual(['buy', 'sell', 'strong_buy', 'strong_sell']);
  });
});

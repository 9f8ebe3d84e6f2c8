import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Candle } from '../core/types.ts';
import { adx, atr, bbands, ema, macd, minusDi, obv, plusDi, rsi, sma } from '../wrappers.ts';
import { vwap } from '../extras/vwap.ts';
import {
  createIncremental,
  IncrementalADX,
  IncrementalBBANDS,
  IncrementalMACD,
  IncrementalRSI,
} from './incremental.ts';
import { sampleOhlcv } from '../../test-support/golden.ts';

const candleArbitrary = fc
  .record({
    open: fc.double({ min: 1e-8, max: 1e6, noNaN: true }),
    spreadUp: fc.double({ min: 0, max: 0.2, noNaN: true }),
    spreadDown: fc.double({ min: 0, max: 0.2, noNaN: true }),
    move: fc.double({ min: -0.1, max: 0.1, noNaN: true }),
    volume: fc.double({ min: 0, max: 1e6, noNaN: true }),
  })
  .map(({ open, spreadUp, spreadDown, move, volume }): Candle => {
    const close = open * (1 + move);
    return {
      open,
      close,
      high: Math.max(open, close) * (1 + spreadUp),
      low: Math.min(open, close) * (1 - spreadDown),
      volume,
      time: 0,
    };
  });

function columns(candles: Candle[]) {
  return {
    open: candles.map((c) => c.open),
    high: candles.map((c) => c.high),
    low: candles.map((c) => c.low),
    close: candles.map((c) => c.close),
    volume: candles.map((c) => c.volume),
    time: candles.map((c) => c.time ?? 0),
  };
}

function same(a: number, b: number): boolean {
  return Object.is(a, b) || (Number.isNaN(a) && Number.isNaN(b));
}

function expectStreamEqualsBatch(candles: Candle[]): void {
  const { high, low, close, volume, time } = columns(candles);
  const batches = {
    sma: sma(close, 5),
    ema: ema(close, 5),
    rsi: rsi(close, 4),
    macd: macd(close, { fast: 3, slow: 6, signal: 3 }),
    bbands: bbands(close, { period: 5, stdDev: 2 }),
    atr: atr(high, low, close, 4),
    adx: adx(high, low, close, 3),
    plusDi: plusDi(high, low, close, 3),
    minusDi: minusDi(high, low, close, 3),
    obv: obv(close, volume),
    vwap: vwap(high, low, close, volume, time),
  };
  const streams = {
    sma: createIncremental('SMA', { optInTimePeriod: 5 }),
    ema: createIncremental('EMA', { optInTimePeriod: 5 }),
    rsi: new IncrementalRSI(4),
    macd: new IncrementalMACD(3, 6, 3),
    bbands: new IncrementalBBANDS(5, 2),
    atr: createIncremental('ATR', { optInTimePeriod: 4 }),
    adx: new IncrementalADX(3),
    obv: createIncremental('OBV'),
    vwap: createIncremental('VWAP'),
  };
  candles.forEach((candle, i) => {
    const m = streams.macd.update(candle);
    const b = streams.bbands.update(candle);
    const d = streams.adx.update(candle);
    const pairs: Array<[string, number, number]> = [
      ['sma', streams.sma.update(candle) as number, batches.sma[i]],
      ['ema', streams.ema.update(candle) as number, batches.ema[i]],
      ['rsi', streams.rsi.update(candle), batches.rsi[i]],
      ['macd', m.macd, batches.macd.macd[i]],
      ['signal', m.signal, batches.macd.signal[i]],
      ['histogram', m.histogram, batches.macd.histogram[i]],
      ['upper', b.upper, batches.bbands.upper[i]],
      ['middle', b.middle, batches.bbands.middle[i]],
      ['lower', b.lower, batches.bbands.lower[i]],
      ['atr', streams.atr.update(candle) as number, batches.atr[i]],
      ['adx', d.adx, batches.adx[i]],
      ['plusDi', d.plusDi, batches.plusDi[i]],
      ['minusDi', d.minusDi, batches.minusDi[i]],
      ['obv', streams.obv.update(candle) as number, batches.obv[i]],
      ['vwap', streams.vwap.update(candle) as number, batches.vwap[i]],
    ];
    for (const [name, streamed, batch] of pairs) {
      if (!same(streamed, batch)) throw new Error(`${name}[${i}]: stream ${streamed} != batch ${batch}`);
    }
  });
}

describe('incremental indicators', () => {
  it('equal a full recompute bit for bit on the sample series', () => {
    const data = sampleOhlcv();
    const candles = data.close.map((close, i) => ({
      open: data.open[i],
      high: data.high[i],
      low: data.low[i],
      close,
      volume: data.volume[i],
      time: data.time[i],
    }));
    expect(() => expectStreamEqualsBatch(candles)).not.toThrow();
  });

  it('equal a full recompute on any random series', () => {
    fc.assert(
      fc.property(fc.array(candleArbitrary, { minLength: 0, maxLength: 60 }), (candles) => {
        expectStreamEqualsBatch(candles);
      }),
      { numRuns: 200 },
    );
  });

  it('rejects an indicator without a streaming form, naming it', () => {
    expect(() => createIncremental('KAMA')).toThrow(/KAMA/);
  });
});

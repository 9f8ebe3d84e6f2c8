import { describe, expect, it } from 'vitest';
import { awesomeOscillator, cmf, donchian, hma, keltner, squeeze, supertrend } from './channels.ts';
import { fractals, heikinAshi, ichimoku, pivotPoints } from './price-structure.ts';
import { vwap } from './vwap.ts';
import { atr, ema, sma } from '../wrappers.ts';

const close6 = (values: Float64Array | number[], digits = 6) =>
  Array.from(values, (v) => (Number.isNaN(v) ? v : Number(v.toFixed(digits))));

describe('pivot points', () => {
  // Worked example H=110, L=90, C=100 from the classic floor-trader formulas (Person 2004).
  const high = [110, 0];
  const low = [90, 0];
  const close = [100, 0];

  it('computes classic levels from the previous bar', () => {
    const p = pivotPoints(high, low, close, 'classic');
    expect([p.pivot[1], p.r1[1], p.s1[1], p.r2[1], p.s2[1], p.r3[1], p.s3[1]]).toEqual([
      100, 110, 90, 120, 80, 130, 70,
    ]);
    expect(Number.isNaN(p.pivot[0])).toBe(true);
  });

  it('computes Fibonacci levels at 38.2/61.8/100% of the range', () => {
    const p = pivotPoints(high, low, close, 'fibonacci');
    expect(close6([p.r1[1], p.s1[1], p.r2[1], p.s2[1], p.r3[1], p.s3[1]])).toEqual([
      107.64, 92.36, 112.36, 87.64, 120, 80,
    ]);
  });

  it('computes Camarilla levels from the close and 1.1 × range', () => {
    const p = pivotPoints(high, low, close, 'camarilla');
    expect(close6([p.r1[1], p.s1[1], p.r2[1], p.r3[1]])).toEqual([101.833333, 98.166667, 103.666667, 105.5]);
  });
});

describe('fractals', () => {
  it('flags a bar whose high tops the two bars each side', () => {
    const high = [1, 2, 5, 3, 2, 1, 1];
    const low = [5, 4, 3, 4, 0.5, 2, 3];
    const f = fractals(high, low);
    expect(close6(f.up)).toEqual([NaN, NaN, 1, 0, 0, NaN, NaN]);
    expect(close6(f.down)).toEqual([NaN, NaN, 0, 0, 1, NaN, NaN]);
  });
});

describe('Heikin-Ashi', () => {
  it('follows Valcu (TASC 2004): close = OHLC/4, open = mean of previous HA open and close', () => {
    const ha = heikinAshi([10, 12], [14, 15], [9, 11], [12, 14]);
    expect(close6(ha.close)).toEqual([11.25, 13]);
    expect(close6(ha.open)).toEqual([11, 11.125]);
    expect(close6(ha.high)).toEqual([14, 15]);
    expect(close6(ha.low)).toEqual([9, 11]);
  });
});

describe('Hull moving average', () => {
  it('has no lag on a straight line (Hull 2005)', () => {
    const line = Array.from({ length: 30 }, (_, i) => 3 * i + 7);
    // HMA(9): WMA4 lags 1 bar, WMA9 lags 8/3, WMA3 of the difference lags 2/3: 2(i-1) - (i-8/3) - 2/3 = i.
    const h = hma(line, 9);
    for (let i = 10; i < 30; i++) expect(h[i]).toBeCloseTo(line[i], 9);
    expect(Number.isNaN(h[9])).toBe(true);
  });
});

describe('VWAP', () => {
  it('weights typical price by volume and resets at the UTC day', () => {
    const day = 86_400_000;
    const v = vwap([11, 12, 20], [9, 10, 18], [10, 11, 19], [100, 300, 50], [0, 3_600_000, day]);
    expect(close6(v)).toEqual([10, 10.75, 19]);
  });
});

describe('Chaikin Money Flow', () => {
  it('sums money-flow volume over volume (StockCharts formula)', () => {
    // Multipliers: (10-8-(12-10))/4 = 0, (12-9-(12-12))/3 = 1, (9-9-(11-9))/2 = -1
    const out = cmf([12, 12, 11], [8, 9, 9], [10, 12, 9], [100, 200, 100], 2);
    expect(close6(out)).toEqual([NaN, 2 / 3, 1 / 3].map((v) => (Number.isNaN(v) ? v : Number(v.toFixed(6)))));
  });
});

describe('Donchian, Keltner, Awesome Oscillator, Ichimoku', () => {
  const n = 80;
  const close = Array.from({ length: n }, (_, i) => 100 + 5 * Math.sin(i / 4));
  const high = close.map((c) => c + 1);
  const low = close.map((c) => c - 1);

  it('Donchian bands are the rolling extremes', () => {
    const d = donchian(high, low, 3);
    expect(d.upper[5]).toBe(Math.max(high[3], high[4], high[5]));
    expect(d.middle[5]).toBe((d.upper[5] + d.lower[5]) / 2);
  });

  it('Keltner bands are EMA ± multiplier × ATR', () => {
    const k = keltner(high, low, close, { period: 20, multiplier: 2, atrPeriod: 10 });
    const e = ema(close, 20);
    const a = atr(high, low, close, 10);
    expect(k.upper[40]).toBe(e[40] + 2 * a[40]);
    expect(k.lower[40]).toBe(e[40] - 2 * a[40]);
  });

  it('Awesome Oscillator is SMA5 - SMA34 of the median price', () => {
    const ao = awesomeOscillator(high, low);
    expect(ao[50]).toBeCloseTo(sma(close, 5)[50] - sma(close, 34)[50], 12);
    expect(Number.isNaN(ao[32])).toBe(true);
  });

  it('Ichimoku spans lead by the displacement and the lagging span trails', () => {
    const r = ichimoku(high, low, close);
    expect(r.spanA[60]).toBe((r.conversion[34] + r.base[34]) / 2);
    expect(r.lagging[10]).toBe(close[36]);
    expect(Number.isNaN(r.lagging[n - 1])).toBe(true);
  });

  it('SuperTrend flips direction when price closes through the band', () => {
    const up = Array.from({ length: 40 }, (_, i) => 100 + i);
    const down = Array.from({ length: 40 }, (_, i) => 139 - 3 * i);
    const series = [...up, ...down];
    const s = supertrend(
      series.map((c) => c + 1),
      series.map((c) => c - 1),
      series,
      { period: 5, multiplier: 2 },
    );
    expect(s.direction[35]).toBe(1);
    expect(s.direction[79]).toBe(-1);
    expect(s.supertrend[35]).toBeLessThan(series[35]);
    expect(s.supertrend[79]).toBeGreaterThan(series[79]);
  });

  it('squeeze is 1 when volatility contracts and 0 when it expands', () => {
    const calm = Array.from({ length: 60 }, (_, i) => 100 + 0.01 * Math.sin(i));
    const wild = Array.from({ length: 60 }, (_, i) => 100 + i * 2);
    const series = [...calm, ...wild];
    const flags = squeeze(
      series.map((c) => c + 1),
      series.map((c) => c - 1),
      series,
    );
    expect(flags[50]).toBe(1);
    expect(flags[110]).toBe(0);
  });
});

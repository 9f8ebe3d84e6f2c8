import { define, fields, outputs, outReal, period, real } from './define.ts';
import type { IndicatorDefinition } from './types.ts';
import { awesomeOscillator, cmf, donchian, hma, keltner, squeeze, supertrend } from '../extras/channels.ts';
import { fractals, heikinAshi, ichimoku, pivotPoints, type PivotMethod } from '../extras/price-structure.ts';
import { vwap } from '../extras/vwap.ts';

// Indicators TA-Lib lacks. Same calling convention; `lookback` is the first bar of the first output.

const hlc = fields('high', 'low', 'close');
const channelOutputs = outputs(
  ['outUpper', 'Upper line'],
  ['outMiddle', 'Middle line'],
  ['outLower', 'Lower line'],
);
const PIVOT_METHODS: PivotMethod[] = ['classic', 'fibonacci', 'camarilla'];

export const extraFunctions: IndicatorDefinition[] = [
  define({
    name: 'VWAP',
    group: 'Volume Indicators',
    isTaLib: false,
    description: 'Volume-weighted average price, reset each UTC session (0=day 1=week 2=month 3=never)',
    source: 'Berkowitz, Logue & Noser, Journal of Finance 1988; TradingView "VWAP"',
    inputs: fields('high', 'low', 'close', 'volume', 'time'),
    params: [
      {
        name: 'optInAnchor',
        type: 'integer',
        defaultValue: 0,
        min: 0,
        max: 3,
        description: 'Session: 0=day 1=week 2=month 3=never',
      },
    ],
    outputs: outReal('VWAP'),
    lookback: () => 0,
    compute: ([high, low, close, volume, time], p) => [
      vwap(high, low, close, volume, time, (['day', 'week', 'month', 'none'] as const)[p.optInAnchor]),
    ],
  }),
  define({
    name: 'KELTNER',
    group: 'Volatility Indicators',
    isTaLib: false,
    description: 'Keltner Channels: EMA ± multiplier·ATR',
    source: 'Raschke; StockCharts "Keltner Channels"',
    inputs: hlc,
    params: [
      period(20),
      real('optInMultiplier', 2, 0, 100, 'ATR multiplier'),
      period(10, 1, 'optInATRPeriod', 'ATR period'),
    ],
    outputs: channelOutputs,
    lookback: (p) => Math.max(p.optInTimePeriod - 1, p.optInATRPeriod),
    compute: ([high, low, close], p) => {
      const c = keltner(high, low, close, {
        period: p.optInTimePeriod,
        multiplier: p.optInMultiplier,
        atrPeriod: p.optInATRPeriod,
      });
      return [c.upper, c.middle, c.lower];
    },
  }),
  define({
    name: 'DONCHIAN',
    group: 'Volatility Indicators',
    isTaLib: false,
    description: 'Donchian Channels: highest high, lowest low and midline',
    source: 'Donchian; StockCharts "Donchian Channels"',
    inputs: fields('high', 'low'),
    params: [period(20, 1)],
    outputs: channelOutputs,
    lookback: (p) => p.optInTimePeriod - 1,
    compute: ([high, low], p) => {
      const c = donchian(high, low, p.optInTimePeriod);
      return [c.upper, c.middle, c.lower];
    },
  }),
  define({
    name: 'HMA',
    group: 'Overlap Studies',
    isTaLib: false,
    description: 'Hull Moving Average',
    source: 'Alan Hull, alanhull.com 2005',
    inputs: [{ name: 'inReal', field: 'close' }],
    params: [period(9)],
    outputs: outReal(),
    lookback: (p) => p.optInTimePeriod - 1 + Math.floor(Math.sqrt(p.optInTimePeriod)) - 1,
    compute: ([x], p) => [hma(x, p.optInTimePeriod)],
  }),
  define({
    name: 'SUPERTREND',
    group: 'Overlap Studies',
    isTaLib: false,
    description: 'SuperTrend line and direction (1 up, -1 down)',
    source: 'Olivier Seban; TradingView "Supertrend"',
    inputs: hlc,
    params: [period(10, 1), real('optInMultiplier', 3, 0, 100, 'ATR multiplier')],
    outputs: outputs(['outReal', 'SuperTrend'], ['outDirection', '1 uptrend, -1 downtrend']),
    lookback: (p) => p.optInTimePeriod,
    compute: ([high, low, close], p) => {
      const s = supertrend(high, low, close, { period: p.optInTimePeriod, multiplier: p.optInMultiplier });
      return [s.supertrend, s.direction];
    },
  }),
  define({
    name: 'ICHIMOKU',
    group: 'Overlap Studies',
    isTaLib: false,
    description: 'Ichimoku Kinko Hyo: conversion, base, leading spans A/B (displaced ahead) and lagging span',
    source: 'Hosoda 1969; StockCharts "Ichimoku Cloud"',
    inputs: hlc,
    params: [
      period(9, 1, 'optInConversionPeriod', 'Tenkan-sen period'),
      period(26, 1, 'optInBasePeriod', 'Kijun-sen period'),
      period(52, 1, 'optInSpanBPeriod', 'Senkou span B period'),
      period(26, 0, 'optInDisplacement', 'Displacement of the spans'),
    ],
    outputs: outputs(
      ['outConversion', 'Tenkan-sen'],
      ['outBase', 'Kijun-sen'],
      ['outSpanA', 'Senkou span A'],
      ['outSpanB', 'Senkou span B'],
      ['outLagging', 'Chikou span'],
    ),
    lookback: (p) => p.optInConversionPeriod - 1,
    compute: ([high, low, close], p) => {
      const r = ichimoku(high, low, close, {
        conversionPeriod: p.optInConversionPeriod,
        basePeriod: p.optInBasePeriod,
        spanBPeriod: p.optInSpanBPeriod,
        displacement: p.optInDisplacement,
      });
      return [r.conversion, r.base, r.spanA, r.spanB, r.lagging];
    },
  }),
  define({
    name: 'CMF',
    group: 'Volume Indicators',
    isTaLib: false,
    description: 'Chaikin Money Flow',
    source: 'Chaikin; StockCharts "Chaikin Money Flow"',
    inputs: fields('high', 'low', 'close', 'volume'),
    params: [period(20, 1)],
    outputs: outReal(),
    lookback: (p) => p.optInTimePeriod - 1,
    compute: ([high, low, close, volume], p) => [cmf(high, low, close, volume, p.optInTimePeriod)],
  }),
  define({
    name: 'AO',
    group: 'Momentum Indicators',
    isTaLib: false,
    description: 'Awesome Oscillator: SMA5 - SMA34 of the median price',
    source: 'Bill Williams, New Trading Dimensions 1998',
    inputs: fields('high', 'low'),
    params: [period(5, 1, 'optInFastPeriod', 'Fast SMA'), period(34, 1, 'optInSlowPeriod', 'Slow SMA')],
    outputs: outReal(),
    lookback: (p) => Math.max(p.optInFastPeriod, p.optInSlowPeriod) - 1,
    compute: ([high, low], p) => [awesomeOscillator(high, low, p.optInFastPeriod, p.optInSlowPeriod)],
  }),
  define({
    name: 'HEIKIN_ASHI',
    group: 'Price Transform',
    isTaLib: false,
    description: 'Heikin-Ashi candles',
    source: 'Valcu, TASC Feb 2004',
    inputs: fields('open', 'high', 'low', 'close'),
    params: [],
    outputs: outputs(
      ['outOpen', 'HA open'],
      ['outHigh', 'HA high'],
      ['outLow', 'HA low'],
      ['outClose', 'HA close'],
    ),
    lookback: () => 0,
    compute: ([open, high, low, close]) => {
      const ha = heikinAshi(open, high, low, close);
      return [ha.open, ha.high, ha.low, ha.close];
    },
  }),
  define({
    name: 'PIVOT_POINTS',
    group: 'Overlap Studies',
    isTaLib: false,
    description: "Pivot points from the previous bar's H/L/C (0=classic 1=Fibonacci 2=Camarilla)",
    source: 'Person 2004 (classic, Fibonacci); Nick Scott 1989 (Camarilla)',
    inputs: hlc,
    params: [
      {
        name: 'optInMethod',
        type: 'integer',
        defaultValue: 0,
        min: 0,
        max: 2,
        description: '0=classic 1=Fibonacci 2=Camarilla',
      },
    ],
    outputs: outputs(
      ['outPivot', 'Pivot'],
      ['outR1', 'R1'],
      ['outR2', 'R2'],
      ['outR3', 'R3'],
      ['outS1', 'S1'],
      ['outS2', 'S2'],
      ['outS3', 'S3'],
    ),
    lookback: () => 1,
    compute: ([high, low, close], p) => {
      const l = pivotPoints(high, low, close, PIVOT_METHODS[p.optInMethod]);
      return [l.pivot, l.r1, l.r2, l.r3, l.s1, l.s2, l.s3];
    },
  }),
  define({
    name: 'FRACTALS',
    group: 'Pattern Recognition',
    isTaLib: false,
    description:
      'Bill Williams fractals (1 at a fractal bar, 0 otherwise; the last 2 bars are not known yet)',
    source: 'Bill Williams, Trading Chaos 1995',
    inputs: fields('high', 'low'),
    params: [],
    outputs: [
      { name: 'outUp', type: 'integer', description: '1 at an up fractal' },
      { name: 'outDown', type: 'integer', description: '1 at a down fractal' },
    ],
    lookback: () => 2,
    compute: ([high, low]) => {
      const f = fractals(high, low);
      return [f.up, f.down];
    },
  }),
  define({
    name: 'SQUEEZE',
    group: 'Volatility Indicators',
    isTaLib: false,
    description:
      'Bollinger/Keltner squeeze flag: 1 while the Bollinger Bands are inside the Keltner Channels',
    source: 'John Carter, Mastering the Trade 2005, ch. 11',
    inputs: hlc,
    params: [
      period(20),
      real('optInBBMultiplier', 2, 0, 100, 'Bollinger σ multiplier'),
      real('optInKCMultiplier', 1.5, 0, 100, 'Keltner ATR multiplier'),
    ],
    outputs: [{ name: 'outInteger', type: 'integer', description: '1 in a squeeze, 0 otherwise' }],
    lookback: (p) => p.optInTimePeriod,
    compute: ([high, low, close], p) => [
      squeeze(high, low, close, {
        period: p.optInTimePeriod,
        bbMultiplier: p.optInBBMultiplier,
        kcMultiplier: p.optInKCMultiplier,
      }),
    ],
  }),
];

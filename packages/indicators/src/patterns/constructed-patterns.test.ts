import { describe, expect, it } from 'vitest';
import { runIndicator } from '../index.ts';

// These patterns never fire in either TA-Lib golden, so the golden test alone could not catch a broken kernel.
// Each case builds the textbook candles after 12 neutral white bars (body 1, range 2, shadows 0.5: so "long body"
// means > ~1, "doji" <= ~0.2, "very short shadow" < ~0.2, "equal" within ~0.1) and checks the last bar, then
// breaks one rule of the definition and expects 0.

type Candle = readonly [open: number, high: number, low: number, close: number];

const neutral: Candle = [100, 101.5, 99.5, 101];

function lastSignal(name: string, candles: readonly Candle[]): number {
  const bars = [...Array.from({ length: 12 }, () => neutral), ...candles];
  const column = (index: number) => bars.map((bar) => bar[index]);
  const { outInteger } = runIndicator(name, {
    open: column(0),
    high: column(1),
    low: column(2),
    close: column(3),
  });
  return outInteger[outInteger.length - 1];
}

type Case = { name: string; rule: string; expected: number; candles: Candle[]; broken: Candle[] };

const longBlack: Candle = [103, 103.1, 99.9, 100];

const cases: Case[] = [
  {
    name: 'CDL2CROWS',
    rule: 'the second crow closes inside the white body',
    expected: -100,
    candles: [
      [100, 103.2, 99.9, 103],
      [105, 105.5, 103.9, 104],
      [104.5, 104.6, 100.9, 101],
    ],
    broken: [
      [100, 103.2, 99.9, 103],
      [105, 105.5, 103.9, 104],
      [104.5, 104.6, 98.9, 99],
    ],
  },
  {
    name: 'CDLUPSIDEGAP2CROWS',
    rule: 'the second crow stays above the white close',
    expected: -100,
    candles: [
      [100, 103.2, 99.9, 103],
      [104.5, 104.7, 103.9, 104],
      [105, 105.2, 103.4, 103.5],
    ],
    broken: [
      [100, 103.2, 99.9, 103],
      [104.5, 104.7, 103.9, 104],
      [105, 105.2, 102.4, 102.5],
    ],
  },
  {
    name: 'CDL3STARSINSOUTH',
    rule: 'the third candle stays inside the second one',
    expected: 100,
    candles: [
      [103, 103.1, 96.5, 100],
      [101, 101.2, 98, 99.5],
      [99.5, 99.6, 98.9, 99],
    ],
    broken: [
      [103, 103.1, 96.5, 100],
      [101, 101.2, 98, 99.5],
      [99.5, 99.6, 97.9, 99],
    ],
  },
  {
    name: 'CDLABANDONEDBABY',
    rule: 'the white candle gaps above the doji',
    expected: 100,
    candles: [longBlack, [99, 99.2, 98.8, 99.02], [99.5, 102.2, 99.3, 102]],
    broken: [longBlack, [99, 99.2, 98.8, 99.02], [99.5, 102.2, 99.1, 102]],
  },
  {
    name: 'CDLBREAKAWAY',
    rule: 'the white candle closes inside the first gap',
    expected: 100,
    candles: [
      [106, 106.1, 102.9, 103],
      [102.5, 102.6, 101.9, 102],
      [101.8, 102, 101, 101.3],
      [101.2, 101.5, 100.5, 100.8],
      [100.9, 102.9, 100.8, 102.8],
    ],
    broken: [
      [106, 106.1, 102.9, 103],
      [102.5, 102.6, 101.9, 102],
      [101.8, 102, 101, 101.3],
      [101.2, 101.5, 100.5, 100.8],
      [100.9, 103.6, 100.8, 103.5],
    ],
  },
  {
    name: 'CDLCONCEALBABYSWALL',
    rule: 'the fourth candle engulfs the third, shadows included',
    expected: 100,
    candles: [
      [104, 104.05, 101.95, 102],
      [102, 102.05, 99.95, 100],
      [99.5, 100.5, 98.9, 99],
      [100.6, 100.8, 98.5, 98.7],
    ],
    broken: [
      [104, 104.05, 101.95, 102],
      [102, 102.05, 99.95, 100],
      [99.5, 100.5, 98.9, 99],
      [100.3, 100.4, 98.5, 98.7],
    ],
  },
  {
    name: 'CDLCOUNTERATTACK',
    rule: 'the white candle closes at the black close',
    expected: 100,
    candles: [longBlack, [97, 100.1, 96.9, 100.05]],
    broken: [longBlack, [97, 100.6, 96.9, 100.5]],
  },
  {
    name: 'CDLINNECK',
    rule: 'the white candle closes just into the black body',
    expected: -100,
    candles: [longBlack, [99.5, 100.1, 99.4, 100.05]],
    broken: [longBlack, [99.5, 100, 99.4, 99.95]],
  },
  {
    name: 'CDLONNECK',
    rule: 'the white candle closes at the black low',
    expected: -100,
    candles: [longBlack, [99.5, 99.95, 99.4, 99.92]],
    broken: [longBlack, [99.5, 100.1, 99.4, 100.05]],
  },
  {
    name: 'CDLKICKING',
    rule: 'the white marubozu gaps above the black one',
    expected: 100,
    candles: [
      [103, 103.05, 99.95, 100],
      [103.5, 107.05, 103.45, 107],
    ],
    broken: [
      [103, 103.05, 99.95, 100],
      [103.5, 107.05, 102.9, 107],
    ],
  },
  {
    name: 'CDLKICKINGBYLENGTH',
    rule: 'the longer (black) marubozu decides the sign',
    expected: -100,
    candles: [
      [104, 104.05, 99.95, 100],
      [104.5, 107.55, 104.45, 107.5],
    ],
    broken: [
      [104, 104.05, 99.95, 100],
      [104.5, 107.55, 103.9, 107.5],
    ],
  },
  {
    name: 'CDLMATHOLD',
    rule: 'the last candle closes above the reaction highs',
    expected: 100,
    candles: [
      [100, 103.1, 99.9, 103],
      [103.8, 104, 103.4, 103.5],
      [103.2, 103.4, 102.4, 102.6],
      [102.9, 103, 102.1, 102.3],
      [102.5, 104.6, 102.4, 104.5],
    ],
    broken: [
      [100, 103.1, 99.9, 103],
      [103.8, 104, 103.4, 103.5],
      [103.2, 103.4, 102.4, 102.6],
      [102.9, 103, 102.1, 102.3],
      [102.5, 104, 102.4, 103.9],
    ],
  },
  {
    name: 'CDLSTICKSANDWICH',
    rule: 'the last black candle closes at the first close',
    expected: 100,
    candles: [
      [101, 101.1, 98.9, 99],
      [99.5, 101.1, 99.2, 101],
      [101.5, 101.6, 98.9, 99.05],
    ],
    broken: [
      [101, 101.1, 98.9, 99],
      [99.5, 101.1, 99.2, 101],
      [101.5, 101.6, 99.2, 99.3],
    ],
  },
  {
    name: 'CDLTASUKIGAP',
    rule: 'the black candle does not close the gap',
    expected: 100,
    candles: [neutral, [102, 103.2, 101.8, 103], [102.8, 102.9, 101.7, 101.8]],
    broken: [neutral, [102, 103.2, 101.8, 103], [102.8, 102.9, 100.8, 100.9]],
  },
];

describe('patterns absent from the goldens, on constructed candles', () => {
  it.each(cases)('$name fires ($expected) when $rule', ({ name, expected, candles }) => {
    expect(lastSignal(name, candles)).toBe(expected);
  });

  it.each(cases)('$name stays 0 when not $rule', ({ name, broken }) => {
    expect(lastSignal(name, broken)).toBe(0);
  });

  it('CDLKICKING signs by the second marubozu where CDLKICKINGBYLENGTH signs by the longer one', () => {
    const candles = cases.find((entry) => entry.name === 'CDLKICKINGBYLENGTH')!.candles;
    expect(lastSignal('CDLKICKING', candles)).toBe(100);
  });
});

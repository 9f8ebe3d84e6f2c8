import type { CandleContext } from './candle-context.ts';
import { candlePattern, type Averages } from './pattern-kernel.ts';

// Two-candle patterns, each as TA-Lib's ta_CDL*.c: bar i-1 is the first candle, bar i the second.

/** Counterattack: opposite long candles closing at the same level (Nison 1991; TA-Lib ta_CDLCOUNTERATTACK.c). */
export const cdlCounterAttack = candlePattern(
  11,
  { equal: ['Equal', 1], long1: ['BodyLong', 1], long0: ['BodyLong', 0] },
  (k, i, a) =>
    k.color(i - 1) === -k.color(i) &&
    k.body(i - 1) > a.long1[i] &&
    k.body(i) > a.long0[i] &&
    k.close[i] <= k.close[i - 1] + a.equal[i] &&
    k.close[i] >= k.close[i - 1] - a.equal[i]
      ? k.color(i) * 100
      : 0,
);

/** Doji star: long candle, then a doji gapping away from its body (Nison 1991; TA-Lib ta_CDLDOJISTAR.c). */
export const cdlDojiStar = candlePattern(11, { long: ['BodyLong', 1], doji: ['BodyDoji', 0] }, (k, i, a) =>
  k.body(i - 1) > a.long[i] &&
  k.body(i) <= a.doji[i] &&
  ((k.color(i - 1) === 1 && k.bodyGapUp(i, i - 1)) || (k.color(i - 1) === -1 && k.bodyGapDown(i, i - 1)))
    ? -k.color(i - 1) * 100
    : 0,
);

/** Harami cross: a doji inside the prior long body; ±80 when a body edge touches (Nison 1991; TA-Lib 0.6 ta_CDLHARAMICROSS.c). */
export const cdlHaramiCross = candlePattern(
  11,
  { long: ['BodyLong', 1], doji: ['BodyDoji', 0] },
  (k, i, a) => {
    if (!(k.body(i - 1) > a.long[i] && k.body(i) <= a.doji[i])) return 0;
    if (k.bodyTop(i) < k.bodyTop(i - 1) && k.bodyBottom(i) > k.bodyBottom(i - 1))
      return -k.color(i - 1) * 100;
    if (k.bodyTop(i) <= k.bodyTop(i - 1) && k.bodyBottom(i) >= k.bodyBottom(i - 1))
      return -k.color(i - 1) * 80;
    return 0;
  },
);

/** Homing pigeon: a short black body inside a long black one (Nison 1991; TA-Lib ta_CDLHOMINGPIGEON.c). */
export const cdlHomingPigeon = candlePattern(
  11,
  { long: ['BodyLong', 1], short: ['BodyShort', 0] },
  (k, i, a) =>
    k.color(i - 1) === -1 &&
    k.color(i) === -1 &&
    k.body(i - 1) > a.long[i] &&
    k.body(i) <= a.short[i] &&
    k.open[i] < k.open[i - 1] &&
    k.close[i] > k.close[i - 1]
      ? 100
      : 0,
);

/** Long black candle, then a white one opening under its low: shared start of in-neck, on-neck and thrusting. */
function isBlackThenLowerWhite(k: CandleContext, i: number, a: Averages): boolean {
  return k.color(i - 1) === -1 && k.body(i - 1) > a.long[i] && k.color(i) === 1 && k.open[i] < k.low[i - 1];
}

const neckAverages = { equal: ['Equal', 1], long: ['BodyLong', 1] } as const;

/** In-neck: the white candle closes just into the black body (Nison 1991; TA-Lib ta_CDLINNECK.c). */
export const cdlInNeck = candlePattern(11, neckAverages, (k, i, a) =>
  isBlackThenLowerWhite(k, i, a) && k.close[i] <= k.close[i - 1] + a.equal[i] && k.close[i] >= k.close[i - 1]
    ? -100
    : 0,
);

/** On-neck: the white candle closes at the black candle's low (Nison 1991; TA-Lib ta_CDLONNECK.c). */
export const cdlOnNeck = candlePattern(11, neckAverages, (k, i, a) =>
  isBlackThenLowerWhite(k, i, a) &&
  k.close[i] <= k.low[i - 1] + a.equal[i] &&
  k.close[i] >= k.low[i - 1] - a.equal[i]
    ? -100
    : 0,
);

/** Thrusting: the white candle closes into the black body but below its midpoint (Nison 1991; TA-Lib ta_CDLTHRUSTING.c). */
export const cdlThrusting = candlePattern(11, neckAverages, (k, i, a) =>
  isBlackThenLowerWhite(k, i, a) &&
  k.close[i] > k.close[i - 1] + a.equal[i] &&
  k.close[i] <= k.close[i - 1] + k.body(i - 1) * 0.5
    ? -100
    : 0,
);

const kickingAverages = {
  veryShort1: ['ShadowVeryShort', 1],
  veryShort0: ['ShadowVeryShort', 0],
  long1: ['BodyLong', 1],
  long0: ['BodyLong', 0],
} as const;

/** Two opposite marubozu with a gap between them (TA-Lib ta_CDLKICKING.c). */
function isKicking(k: CandleContext, i: number, a: Averages): boolean {
  return (
    k.color(i - 1) === -k.color(i) &&
    k.body(i - 1) > a.long1[i] &&
    k.upperShadow(i - 1) < a.veryShort1[i] &&
    k.lowerShadow(i - 1) < a.veryShort1[i] &&
    k.body(i) > a.long0[i] &&
    k.upperShadow(i) < a.veryShort0[i] &&
    k.lowerShadow(i) < a.veryShort0[i] &&
    ((k.color(i - 1) === -1 && k.gapUp(i, i - 1)) || (k.color(i - 1) === 1 && k.gapDown(i, i - 1)))
  );
}

/** Kicking: signed by the second marubozu (Nison 1991; TA-Lib ta_CDLKICKING.c). */
export const cdlKicking = candlePattern(11, kickingAverages, (k, i, a) =>
  isKicking(k, i, a) ? k.color(i) * 100 : 0,
);

/** Kicking by length: signed by the longer marubozu (Nison 1991; TA-Lib ta_CDLKICKINGBYLENGTH.c). */
export const cdlKickingByLength = candlePattern(11, kickingAverages, (k, i, a) =>
  isKicking(k, i, a) ? k.color(k.body(i) > k.body(i - 1) ? i : i - 1) * 100 : 0,
);

/** Matching low: two black candles closing at the same level (Nison 1991; TA-Lib ta_CDLMATCHINGLOW.c). */
export const cdlMatchingLow = candlePattern(6, { equal: ['Equal', 1] }, (k, i, a) =>
  k.color(i - 1) === -1 &&
  k.color(i) === -1 &&
  k.close[i] <= k.close[i - 1] + a.equal[i] &&
  k.close[i] >= k.close[i - 1] - a.equal[i]
    ? 100
    : 0,
);

/** Separating lines: opposite candles opening at the same level, the second a belt hold (Nison 1991; TA-Lib ta_CDLSEPARATINGLINES.c). */
export const cdlSeparatingLines = candlePattern(
  11,
  { veryShort: ['ShadowVeryShort', 0], long: ['BodyLong', 0], equal: ['Equal', 1] },
  (k, i, a) =>
    k.color(i - 1) === -k.color(i) &&
    k.open[i] <= k.open[i - 1] + a.equal[i] &&
    k.open[i] >= k.open[i - 1] - a.equal[i] &&
    k.body(i) > a.long[i] &&
    ((k.color(i) === 1 && k.lowerShadow(i) < a.veryShort[i]) ||
      (k.color(i) === -1 && k.upperShadow(i) < a.veryShort[i]))
      ? k.color(i) * 100
      : 0,
);

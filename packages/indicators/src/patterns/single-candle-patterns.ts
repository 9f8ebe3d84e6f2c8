import { candlePattern } from './pattern-kernel.ts';

// One-candle patterns, each as TA-Lib's ta_CDL*.c (same candle settings, same < vs <=); +100/-100 by the candle's
// colour where TA-Lib signs them, else +100 for "found".

/** Belt hold: long body opening on its extreme (Nison 1991; TA-Lib ta_CDLBELTHOLD.c). */
export const cdlBeltHold = candlePattern(
  10,
  { long: ['BodyLong', 0], veryShort: ['ShadowVeryShort', 0] },
  (k, i, a) =>
    k.body(i) > a.long[i] &&
    ((k.color(i) === 1 && k.lowerShadow(i) < a.veryShort[i]) ||
      (k.color(i) === -1 && k.upperShadow(i) < a.veryShort[i]))
      ? k.color(i) * 100
      : 0,
);

/** Closing marubozu: long body closing on its extreme (Nison 1991; TA-Lib ta_CDLCLOSINGMARUBOZU.c). */
export const cdlClosingMarubozu = candlePattern(
  10,
  { long: ['BodyLong', 0], veryShort: ['ShadowVeryShort', 0] },
  (k, i, a) =>
    k.body(i) > a.long[i] &&
    ((k.color(i) === 1 && k.upperShadow(i) < a.veryShort[i]) ||
      (k.color(i) === -1 && k.lowerShadow(i) < a.veryShort[i]))
      ? k.color(i) * 100
      : 0,
);

/** Dragonfly doji: doji with no upper shadow and a lower one (Nison 1991; TA-Lib ta_CDLDRAGONFLYDOJI.c). */
export const cdlDragonflyDoji = candlePattern(
  10,
  { doji: ['BodyDoji', 0], veryShort: ['ShadowVeryShort', 0] },
  (k, i, a) =>
    k.body(i) <= a.doji[i] && k.upperShadow(i) < a.veryShort[i] && k.lowerShadow(i) > a.veryShort[i]
      ? 100
      : 0,
);

/** Gravestone doji: doji with no lower shadow and an upper one (Nison 1991; TA-Lib ta_CDLGRAVESTONEDOJI.c). */
export const cdlGravestoneDoji = candlePattern(
  10,
  { doji: ['BodyDoji', 0], veryShort: ['ShadowVeryShort', 0] },
  (k, i, a) =>
    k.body(i) <= a.doji[i] && k.lowerShadow(i) < a.veryShort[i] && k.upperShadow(i) > a.veryShort[i]
      ? 100
      : 0,
);

/** Long-legged doji: doji with one long shadow (Nison 1991; TA-Lib ta_CDLLONGLEGGEDDOJI.c). */
export const cdlLongLeggedDoji = candlePattern(
  10,
  { doji: ['BodyDoji', 0], long: ['ShadowLong', 0] },
  (k, i, a) =>
    k.body(i) <= a.doji[i] && (k.lowerShadow(i) > a.long[i] || k.upperShadow(i) > a.long[i]) ? 100 : 0,
);

/** Rickshaw man: long-legged doji with the body near the middle of the range (Nison 1991; TA-Lib ta_CDLRICKSHAWMAN.c). */
export const cdlRickshawMan = candlePattern(
  10,
  { doji: ['BodyDoji', 0], long: ['ShadowLong', 0], near: ['Near', 0] },
  (k, i, a) => {
    if (!(k.body(i) <= a.doji[i] && k.lowerShadow(i) > a.long[i] && k.upperShadow(i) > a.long[i])) return 0;
    const middle = k.low[i] + k.highLow(i) / 2;
    return k.bodyBottom(i) <= middle + a.near[i] && k.bodyTop(i) >= middle - a.near[i] ? 100 : 0;
  },
);

/** Takuri: dragonfly doji with a very long lower shadow (Nison 1991; TA-Lib ta_CDLTAKURI.c). */
export const cdlTakuri = candlePattern(
  10,
  { doji: ['BodyDoji', 0], veryShort: ['ShadowVeryShort', 0], veryLong: ['ShadowVeryLong', 0] },
  (k, i, a) =>
    k.body(i) <= a.doji[i] && k.upperShadow(i) < a.veryShort[i] && k.lowerShadow(i) > a.veryLong[i] ? 100 : 0,
);

/** High-wave candle: short body, very long shadows (Nison 1991; TA-Lib ta_CDLHIGHWAVE.c). */
export const cdlHighWave = candlePattern(
  10,
  { short: ['BodyShort', 0], veryLong: ['ShadowVeryLong', 0] },
  (k, i, a) =>
    k.body(i) < a.short[i] && k.upperShadow(i) > a.veryLong[i] && k.lowerShadow(i) > a.veryLong[i]
      ? k.color(i) * 100
      : 0,
);

/** Long line: long body, short shadows (Nison 1991; TA-Lib ta_CDLLONGLINE.c). */
export const cdlLongLine = candlePattern(
  10,
  { long: ['BodyLong', 0], shadow: ['ShadowShort', 0] },
  (k, i, a) =>
    k.body(i) > a.long[i] && k.upperShadow(i) < a.shadow[i] && k.lowerShadow(i) < a.shadow[i]
      ? k.color(i) * 100
      : 0,
);

/** Short line: short body, short shadows (Nison 1991; TA-Lib ta_CDLSHORTLINE.c). */
export const cdlShortLine = candlePattern(
  10,
  { short: ['BodyShort', 0], shadow: ['ShadowShort', 0] },
  (k, i, a) =>
    k.body(i) < a.short[i] && k.upperShadow(i) < a.shadow[i] && k.lowerShadow(i) < a.shadow[i]
      ? k.color(i) * 100
      : 0,
);

import { candlePattern, isThreeBlackCrows, isThreeRisingWhites } from './pattern-kernel.ts';

// Three- to five-candle patterns, each as TA-Lib's ta_CDL*.c: bar i is the last candle, i-1, i-2... the earlier ones.

/** Two crows: long white, black gapping up, black closing into the white body (Nison 1991; TA-Lib ta_CDL2CROWS.c). */
export const cdl2Crows = candlePattern(12, { long: ['BodyLong', 2] }, (k, i, a) =>
  k.color(i - 2) === 1 &&
  k.body(i - 2) > a.long[i] &&
  k.color(i - 1) === -1 &&
  k.bodyGapUp(i - 1, i - 2) &&
  k.color(i) === -1 &&
  k.open[i] < k.open[i - 1] &&
  k.open[i] > k.close[i - 1] &&
  k.close[i] > k.open[i - 2] &&
  k.close[i] < k.close[i - 2]
    ? -100
    : 0,
);

/** Upside gap two crows (Nison 1991; TA-Lib ta_CDLUPSIDEGAP2CROWS.c). */
export const cdlUpsideGap2Crows = candlePattern(
  12,
  { long: ['BodyLong', 2], short: ['BodyShort', 1] },
  (k, i, a) =>
    k.color(i - 2) === 1 &&
    k.body(i - 2) > a.long[i] &&
    k.color(i - 1) === -1 &&
    k.body(i - 1) <= a.short[i] &&
    k.bodyGapUp(i - 1, i - 2) &&
    k.color(i) === -1 &&
    k.open[i] > k.open[i - 1] &&
    k.close[i] < k.close[i - 1] &&
    k.close[i] > k.close[i - 2]
      ? -100
      : 0,
);

/** Three inside up/down: a harami confirmed by the third candle (Nison 1991; TA-Lib ta_CDL3INSIDE.c). */
export const cdl3Inside = candlePattern(12, { long: ['BodyLong', 2], short: ['BodyShort', 1] }, (k, i, a) =>
  k.body(i - 2) > a.long[i] &&
  k.body(i - 1) <= a.short[i] &&
  k.bodyTop(i - 1) < k.bodyTop(i - 2) &&
  k.bodyBottom(i - 1) > k.bodyBottom(i - 2) &&
  ((k.color(i - 2) === 1 && k.color(i) === -1 && k.close[i] < k.open[i - 2]) ||
    (k.color(i - 2) === -1 && k.color(i) === 1 && k.close[i] > k.open[i - 2]))
    ? -k.color(i - 2) * 100
    : 0,
);

/** Three outside up/down: an engulfing confirmed by the third candle (Nison 1991; TA-Lib ta_CDL3OUTSIDE.c). */
export const cdl3Outside = candlePattern(3, {}, (k, i) => {
  const o = k.open;
  const c = k.close;
  return (k.color(i - 1) === 1 &&
    k.color(i - 2) === -1 &&
    c[i - 1] > o[i - 2] &&
    o[i - 1] < c[i - 2] &&
    c[i] > c[i - 1]) ||
    (k.color(i - 1) === -1 &&
      k.color(i - 2) === 1 &&
      o[i - 1] > c[i - 2] &&
      c[i - 1] < o[i - 2] &&
      c[i] < c[i - 1])
    ? k.color(i - 1) * 100
    : 0;
});

/** Three-line strike: three same-colour candles, the fourth wiping them out (Bulkowski 2008; TA-Lib ta_CDL3LINESTRIKE.c). */
export const cdl3LineStrike = candlePattern(8, { near3: ['Near', 3], near2: ['Near', 2] }, (k, i, a) => {
  const o = k.open;
  const c = k.close;
  return k.color(i - 3) === k.color(i - 2) &&
    k.color(i - 2) === k.color(i - 1) &&
    k.color(i) === -k.color(i - 1) &&
    o[i - 2] >= k.bodyBottom(i - 3) - a.near3[i] &&
    o[i - 2] <= k.bodyTop(i - 3) + a.near3[i] &&
    o[i - 1] >= k.bodyBottom(i - 2) - a.near2[i] &&
    o[i - 1] <= k.bodyTop(i - 2) + a.near2[i] &&
    ((k.color(i - 1) === 1 &&
      c[i - 1] > c[i - 2] &&
      c[i - 2] > c[i - 3] &&
      o[i] > c[i - 1] &&
      c[i] < o[i - 3]) ||
      (k.color(i - 1) === -1 &&
        c[i - 1] < c[i - 2] &&
        c[i - 2] < c[i - 3] &&
        o[i] < c[i - 1] &&
        c[i] > o[i - 3]))
    ? k.color(i - 1) * 100
    : 0;
});

/** Three stars in the south (Nison 1991; TA-Lib ta_CDL3STARSINSOUTH.c). */
export const cdl3StarsInSouth = candlePattern(
  12,
  {
    long: ['BodyLong', 2],
    shadowLong: ['ShadowLong', 2],
    veryShort1: ['ShadowVeryShort', 1],
    veryShort0: ['ShadowVeryShort', 0],
    short: ['BodyShort', 0],
  },
  (k, i, a) =>
    k.color(i - 2) === -1 &&
    k.color(i - 1) === -1 &&
    k.color(i) === -1 &&
    // First: long body with a long lower shadow.
    k.body(i - 2) > a.long[i] &&
    k.lowerShadow(i - 2) > a.shadowLong[i] &&
    // Second: smaller, opening within the first's range, trading lower but not below the first's low.
    k.body(i - 1) < k.body(i - 2) &&
    k.open[i - 1] > k.close[i - 2] &&
    k.open[i - 1] <= k.high[i - 2] &&
    k.low[i - 1] < k.close[i - 2] &&
    k.low[i - 1] >= k.low[i - 2] &&
    k.lowerShadow(i - 1) > a.veryShort1[i] &&
    // Third: small marubozu inside the second's range.
    k.body(i) < a.short[i] &&
    k.lowerShadow(i) < a.veryShort0[i] &&
    k.upperShadow(i) < a.veryShort0[i] &&
    k.low[i] > k.low[i - 1] &&
    k.high[i] < k.high[i - 1]
      ? 100
      : 0,
);

/** Abandoned baby: long candle, doji gapping away, opposite candle gapping back (Nison 1991; TA-Lib ta_CDLABANDONEDBABY.c). */
export const cdlAbandonedBaby = candlePattern(
  12,
  { long: ['BodyLong', 2], doji: ['BodyDoji', 1], short: ['BodyShort', 0] },
  (k, i, a, penetration) =>
    k.body(i - 2) > a.long[i] &&
    k.body(i - 1) <= a.doji[i] &&
    k.body(i) > a.short[i] &&
    ((k.color(i - 2) === 1 &&
      k.color(i) === -1 &&
      k.close[i] < k.close[i - 2] - k.body(i - 2) * penetration &&
      k.gapUp(i - 1, i - 2) &&
      k.gapDown(i, i - 1)) ||
      (k.color(i - 2) === -1 &&
        k.color(i) === 1 &&
        k.close[i] > k.close[i - 2] + k.body(i - 2) * penetration &&
        k.gapDown(i - 1, i - 2) &&
        k.gapUp(i, i - 1)))
      ? k.color(i) * 100
      : 0,
);

/** Long candle, a small (star) or doji middle candle gapping away from it, then an opposite candle closing into the first. */
function star(isMorning: boolean, middle: 'BodyShort' | 'BodyDoji') {
  return candlePattern(
    12,
    { long: ['BodyLong', 2], middle: [middle, 1], short: ['BodyShort', 0] },
    (k, i, a, penetration) => {
      if (!(k.body(i - 2) > a.long[i] && k.body(i - 1) <= a.middle[i] && k.body(i) > a.short[i])) return 0;
      if (isMorning) {
        return k.color(i - 2) === -1 &&
          k.bodyGapDown(i - 1, i - 2) &&
          k.color(i) === 1 &&
          k.close[i] > k.close[i - 2] + k.body(i - 2) * penetration
          ? 100
          : 0;
      }
      return k.color(i - 2) === 1 &&
        k.bodyGapUp(i - 1, i - 2) &&
        k.color(i) === -1 &&
        k.close[i] < k.close[i - 2] - k.body(i - 2) * penetration
        ? -100
        : 0;
    },
  );
}

/** Morning star (Nison 1991; TA-Lib ta_CDLMORNINGSTAR.c, penetration 0.3). */
export const cdlMorningStar = star(true, 'BodyShort');
/** Evening star (Nison 1991; TA-Lib ta_CDLEVENINGSTAR.c, penetration 0.3). */
export const cdlEveningStar = star(false, 'BodyShort');
/** Morning doji star (Nison 1991; TA-Lib ta_CDLMORNINGDOJISTAR.c, penetration 0.3). */
export const cdlMorningDojiStar = star(true, 'BodyDoji');
/** Evening doji star (Nison 1991; TA-Lib ta_CDLEVENINGDOJISTAR.c, penetration 0.3). */
export const cdlEveningDojiStar = star(false, 'BodyDoji');

/** Advance block: three white candles losing strength (Nison 1991; TA-Lib ta_CDLADVANCEBLOCK.c). */
export const cdlAdvanceBlock = candlePattern(
  12,
  {
    shadowShort2: ['ShadowShort', 2],
    shadowShort1: ['ShadowShort', 1],
    shadowShort0: ['ShadowShort', 0],
    shadowLong0: ['ShadowLong', 0],
    near2: ['Near', 2],
    near1: ['Near', 1],
    far2: ['Far', 2],
    far1: ['Far', 1],
    long: ['BodyLong', 2],
  },
  (k, i, a) => {
    if (!(
      isThreeRisingWhites(k, i, a.near2[i], a.near1[i]) &&
      k.body(i - 2) > a.long[i] &&
      k.upperShadow(i - 2) < a.shadowShort2[i]
    ))
      return 0;
    const weakening =
      (k.body(i - 1) < k.body(i - 2) - a.far2[i] && k.body(i) < k.body(i - 1) + a.near1[i]) ||
      k.body(i) < k.body(i - 1) - a.far1[i] ||
      (k.body(i) < k.body(i - 1) &&
        k.body(i - 1) < k.body(i - 2) &&
        (k.upperShadow(i) > a.shadowShort0[i] || k.upperShadow(i - 1) > a.shadowShort1[i])) ||
      (k.body(i) < k.body(i - 1) && k.upperShadow(i) > a.shadowLong0[i]);
    return weakening ? -100 : 0;
  },
);

/** Stalled pattern: two long white candles, then a small one riding on the second's shoulder (Nison 1991; TA-Lib ta_CDLSTALLEDPATTERN.c). */
export const cdlStalledPattern = candlePattern(
  12,
  {
    long2: ['BodyLong', 2],
    long1: ['BodyLong', 1],
    short: ['BodyShort', 0],
    veryShort: ['ShadowVeryShort', 1],
    near2: ['Near', 2],
    near1: ['Near', 1],
  },
  (k, i, a) =>
    k.color(i - 2) === 1 &&
    k.color(i - 1) === 1 &&
    k.color(i) === 1 &&
    k.close[i] > k.close[i - 1] &&
    k.close[i - 1] > k.close[i - 2] &&
    k.body(i - 2) > a.long2[i] &&
    k.body(i - 1) > a.long1[i] &&
    k.upperShadow(i - 1) < a.veryShort[i] &&
    k.open[i - 1] > k.open[i - 2] &&
    k.open[i - 1] <= k.close[i - 2] + a.near2[i] &&
    k.body(i) < a.short[i] &&
    k.open[i] >= k.close[i - 1] - k.body(i) - a.near1[i]
      ? -100
      : 0,
);

/** Breakaway: five candles, a gap, a drift and a reversal closing inside the gap (Nison 1991; TA-Lib ta_CDLBREAKAWAY.c). */
export const cdlBreakaway = candlePattern(14, { long: ['BodyLong', 4] }, (k, i, a) => {
  const h = k.high;
  const l = k.low;
  const o = k.open;
  const c = k.close;
  return k.body(i - 4) > a.long[i] &&
    k.color(i - 4) === k.color(i - 3) &&
    k.color(i - 3) === k.color(i - 1) &&
    k.color(i - 1) === -k.color(i) &&
    ((k.color(i - 4) === -1 &&
      k.bodyGapDown(i - 3, i - 4) &&
      h[i - 2] < h[i - 3] &&
      l[i - 2] < l[i - 3] &&
      h[i - 1] < h[i - 2] &&
      l[i - 1] < l[i - 2] &&
      c[i] > o[i - 3] &&
      c[i] < c[i - 4]) ||
      (k.color(i - 4) === 1 &&
        k.bodyGapUp(i - 3, i - 4) &&
        h[i - 2] > h[i - 3] &&
        l[i - 2] > l[i - 3] &&
        h[i - 1] > h[i - 2] &&
        l[i - 1] > l[i - 2] &&
        c[i] < o[i - 3] &&
        c[i] > c[i - 4]))
    ? k.color(i) * 100
    : 0;
});

/** Concealing baby swallow (Nison 1991; TA-Lib ta_CDLCONCEALBABYSWALL.c). */
export const cdlConcealBabySwallow = candlePattern(
  13,
  {
    veryShort3: ['ShadowVeryShort', 3],
    veryShort2: ['ShadowVeryShort', 2],
    veryShort1: ['ShadowVeryShort', 1],
  },
  (k, i, a) =>
    k.color(i - 3) === -1 &&
    k.color(i - 2) === -1 &&
    k.color(i - 1) === -1 &&
    k.color(i) === -1 &&
    // First and second: black marubozu.
    k.lowerShadow(i - 3) < a.veryShort3[i] &&
    k.upperShadow(i - 3) < a.veryShort3[i] &&
    k.lowerShadow(i - 2) < a.veryShort2[i] &&
    k.upperShadow(i - 2) < a.veryShort2[i] &&
    // Third: gaps down, its upper shadow reaching into the second body.
    k.bodyGapDown(i - 1, i - 2) &&
    k.upperShadow(i - 1) > a.veryShort1[i] &&
    k.high[i - 1] > k.close[i - 2] &&
    // Fourth: engulfs the third, shadows included.
    k.high[i] > k.high[i - 1] &&
    k.low[i] < k.low[i - 1]
      ? 100
      : 0,
);

/** Gap side-by-side white lines (Nison 1991; TA-Lib ta_CDLGAPSIDESIDEWHITE.c). */
export const cdlGapSideSideWhite = candlePattern(7, { near: ['Near', 1], equal: ['Equal', 1] }, (k, i, a) =>
  ((k.bodyGapUp(i - 1, i - 2) && k.bodyGapUp(i, i - 2)) ||
    (k.bodyGapDown(i - 1, i - 2) && k.bodyGapDown(i, i - 2))) &&
  k.color(i - 1) === 1 &&
  k.color(i) === 1 &&
  k.body(i) >= k.body(i - 1) - a.near[i] &&
  k.body(i) <= k.body(i - 1) + a.near[i] &&
  k.open[i] >= k.open[i - 1] - a.equal[i] &&
  k.open[i] <= k.open[i - 1] + a.equal[i]
    ? k.bodyGapUp(i - 1, i - 2)
      ? 100
      : -100
    : 0,
);

/** Identical three crows: each black candle opening at the prior close (Nison 1991; TA-Lib ta_CDLIDENTICAL3CROWS.c). */
export const cdlIdentical3Crows = candlePattern(
  12,
  {
    veryShort2: ['ShadowVeryShort', 2],
    veryShort1: ['ShadowVeryShort', 1],
    veryShort0: ['ShadowVeryShort', 0],
    equal2: ['Equal', 2],
    equal1: ['Equal', 1],
  },
  (k, i, a) =>
    isThreeBlackCrows(k, i, a) &&
    k.close[i - 2] > k.close[i - 1] &&
    k.close[i - 1] > k.close[i] &&
    k.open[i - 1] <= k.close[i - 2] + a.equal2[i] &&
    k.open[i - 1] >= k.close[i - 2] - a.equal2[i] &&
    k.open[i] <= k.close[i - 1] + a.equal1[i] &&
    k.open[i] >= k.close[i - 1] - a.equal1[i]
      ? -100
      : 0,
);

/** Ladder bottom: three falling black candles, a black with an upper shadow, a white gapping up (Nison 1991; TA-Lib ta_CDLLADDERBOTTOM.c). */
export const cdlLadderBottom = candlePattern(14, { veryShort: ['ShadowVeryShort', 1] }, (k, i, a) => {
  const o = k.open;
  const c = k.close;
  return k.color(i - 4) === -1 &&
    k.color(i - 3) === -1 &&
    k.color(i - 2) === -1 &&
    o[i - 4] > o[i - 3] &&
    o[i - 3] > o[i - 2] &&
    c[i - 4] > c[i - 3] &&
    c[i - 3] > c[i - 2] &&
    k.color(i - 1) === -1 &&
    k.upperShadow(i - 1) > a.veryShort[i] &&
    k.color(i) === 1 &&
    o[i] > o[i - 1] &&
    c[i] > k.high[i - 1]
    ? 100
    : 0;
});

/** Mat hold: long white, a gap up and three small reaction candles held within it, then a white breakout (Nison 1991; TA-Lib ta_CDLMATHOLD.c). */
export const cdlMatHold = candlePattern(
  14,
  { long: ['BodyLong', 4], short3: ['BodyShort', 3], short2: ['BodyShort', 2], short1: ['BodyShort', 1] },
  (k, i, a, penetration) => {
    const c = k.close;
    const held = c[i - 4] - k.body(i - 4) * penetration;
    return k.body(i - 4) > a.long[i] &&
      k.body(i - 3) < a.short3[i] &&
      k.body(i - 2) < a.short2[i] &&
      k.body(i - 1) < a.short1[i] &&
      k.color(i - 4) === 1 &&
      k.color(i - 3) === -1 &&
      k.color(i) === 1 &&
      k.bodyGapUp(i - 3, i - 4) &&
      k.bodyBottom(i - 2) < c[i - 4] &&
      k.bodyBottom(i - 1) < c[i - 4] &&
      k.bodyBottom(i - 2) > held &&
      k.bodyBottom(i - 1) > held &&
      k.bodyTop(i - 2) < k.open[i - 3] &&
      k.bodyTop(i - 1) < k.bodyTop(i - 2) &&
      k.open[i] > c[i - 1] &&
      c[i] > Math.max(k.high[i - 3], k.high[i - 2], k.high[i - 1])
      ? 100
      : 0;
  },
);

/** Rising/falling three methods (Nison 1991; TA-Lib ta_CDLRISEFALL3METHODS.c). */
export const cdlRiseFall3Methods = candlePattern(
  14,
  {
    long4: ['BodyLong', 4],
    short3: ['BodyShort', 3],
    short2: ['BodyShort', 2],
    short1: ['BodyShort', 1],
    long0: ['BodyLong', 0],
  },
  (k, i, a) => {
    const h = k.high;
    const l = k.low;
    const c = k.close;
    const direction = k.color(i - 4);
    return k.body(i - 4) > a.long4[i] &&
      k.body(i - 3) < a.short3[i] &&
      k.body(i - 2) < a.short2[i] &&
      k.body(i - 1) < a.short1[i] &&
      k.body(i) > a.long0[i] &&
      direction === -k.color(i - 3) &&
      k.color(i - 3) === k.color(i - 2) &&
      k.color(i - 2) === k.color(i - 1) &&
      k.color(i - 1) === -k.color(i) &&
      // Reaction bodies overlap the first candle's range.
      k.bodyBottom(i - 3) < h[i - 4] &&
      k.bodyTop(i - 3) > l[i - 4] &&
      k.bodyBottom(i - 2) < h[i - 4] &&
      k.bodyTop(i - 2) > l[i - 4] &&
      k.bodyBottom(i - 1) < h[i - 4] &&
      k.bodyTop(i - 1) > l[i - 4] &&
      c[i - 2] * direction < c[i - 3] * direction &&
      c[i - 1] * direction < c[i - 2] * direction &&
      k.open[i] * direction > c[i - 1] * direction &&
      c[i] * direction > c[i - 4] * direction
      ? 100 * direction
      : 0;
  },
);

/** Stick sandwich: black, white above, black closing at the first close (Bulkowski; TA-Lib ta_CDLSTICKSANDWICH.c). */
export const cdlStickSandwich = candlePattern(7, { equal: ['Equal', 2] }, (k, i, a) =>
  k.color(i - 2) === -1 &&
  k.color(i - 1) === 1 &&
  k.color(i) === -1 &&
  k.low[i - 1] > k.close[i - 2] &&
  k.close[i] <= k.close[i - 2] + a.equal[i] &&
  k.close[i] >= k.close[i - 2] - a.equal[i]
    ? 100
    : 0,
);

/** Tasuki gap: a gap, a candle continuing it and an opposite one not closing it (Nison 1991; TA-Lib ta_CDLTASUKIGAP.c). */
export const cdlTasukiGap = candlePattern(7, { near: ['Near', 1] }, (k, i, a) => {
  const o = k.open;
  const c = k.close;
  const similarBodies = Math.abs(k.body(i - 1) - k.body(i)) < a.near[i];
  return (k.bodyGapUp(i - 1, i - 2) &&
    k.color(i - 1) === 1 &&
    k.color(i) === -1 &&
    o[i] < c[i - 1] &&
    o[i] > o[i - 1] &&
    c[i] < o[i - 1] &&
    c[i] > k.bodyTop(i - 2) &&
    similarBodies) ||
    (k.bodyGapDown(i - 1, i - 2) &&
      k.color(i - 1) === -1 &&
      k.color(i) === 1 &&
      o[i] < o[i - 1] &&
      o[i] > c[i - 1] &&
      c[i] > o[i - 1] &&
      c[i] < k.bodyBottom(i - 2) &&
      similarBodies)
    ? k.color(i - 1) * 100
    : 0;
});

/** Tristar: three dojis, the middle one gapping (Nison 1991; TA-Lib ta_CDLTRISTAR.c measures all three against bar i-2's average). */
export const cdlTristar = candlePattern(12, { doji: ['BodyDoji', 2] }, (k, i, a) => {
  const doji = a.doji[i];
  if (!(k.body(i - 2) <= doji && k.body(i - 1) <= doji && k.body(i) <= doji)) return 0;
  let result = 0;
  if (k.bodyGapUp(i - 1, i - 2) && k.bodyTop(i) < k.bodyTop(i - 1)) result = -100;
  if (k.bodyGapDown(i - 1, i - 2) && k.bodyBottom(i) > k.bodyBottom(i - 1)) result = 100;
  return result;
});

/** Unique three river bottom (Nison 1991; TA-Lib ta_CDLUNIQUE3RIVER.c). */
export const cdlUnique3River = candlePattern(
  12,
  { long: ['BodyLong', 2], short: ['BodyShort', 0] },
  (k, i, a) =>
    k.body(i - 2) > a.long[i] &&
    k.color(i - 2) === -1 &&
    k.color(i - 1) === -1 &&
    k.close[i - 1] > k.close[i - 2] &&
    k.open[i - 1] <= k.open[i - 2] &&
    k.low[i - 1] < k.low[i - 2] &&
    k.body(i) < a.short[i] &&
    k.color(i) === 1 &&
    k.open[i] > k.low[i - 1]
      ? 100
      : 0,
);

/** Upside/downside gap three methods (Nison 1991; TA-Lib ta_CDLXSIDEGAP3METHODS.c). */
export const cdlXSideGap3Methods = candlePattern(2, {}, (k, i) =>
  k.color(i - 2) === k.color(i - 1) &&
  k.color(i - 1) === -k.color(i) &&
  k.open[i] < k.bodyTop(i - 1) &&
  k.open[i] > k.bodyBottom(i - 1) &&
  k.close[i] < k.bodyTop(i - 2) &&
  k.close[i] > k.bodyBottom(i - 2) &&
  ((k.color(i - 2) === 1 && k.bodyGapUp(i - 1, i - 2)) ||
    (k.color(i - 2) === -1 && k.bodyGapDown(i - 1, i - 2)))
    ? k.color(i - 2) * 100
    : 0,
);

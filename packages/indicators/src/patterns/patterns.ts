import type { Series } from '../core/types.ts';
import { nanArray } from '../core/numeric.ts';
import { CandleContext } from './candle-context.ts';
import { isThreeBlackCrows, isThreeRisingWhites, type PatternKernel } from './pattern-kernel.ts';

// Each pattern follows TA-Lib's ta_CDL*.c bar for bar: same candle settings, same comparisons (< vs <=),
// same lookback; outputs are +100 bullish, -100 bearish (±80 for TA-Lib's weaker engulfing/harami), else 0.

export type { PatternKernel };

function scan(
  open: Series,
  high: Series,
  low: Series,
  close: Series,
  lookback: number,
  detect: (c: CandleContext, i: number) => number,
  prepare?: (c: CandleContext) => void,
): Float64Array {
  const context = new CandleContext(open, high, low, close);
  const out = nanArray(context.length);
  if (lookback >= context.length) return out;
  prepare?.(context);
  for (let i = lookback; i < context.length; i++) out[i] = detect(context, i);
  return out;
}

/** Doji: body <= 10% of the average high-low range (Nison, Japanese Candlestick Charting Techniques 1991; TA-Lib ta_CDLDOJI.c). */
export const cdlDoji: PatternKernel = (o, h, l, c) => {
  const lookback = 10;
  let doji: Float64Array = new Float64Array(0);
  return scan(
    o,
    h,
    l,
    c,
    lookback,
    (k, i) => (k.body(i) <= doji[i] ? 100 : 0),
    (k) => {
      doji = k.averages('BodyDoji', lookback);
    },
  );
};

/** Spinning top: small body, both shadows longer than the body (Nison 1991; TA-Lib ta_CDLSPINNINGTOP.c). */
export const cdlSpinningTop: PatternKernel = (o, h, l, c) => {
  const lookback = 10;
  let short: Float64Array = new Float64Array(0);
  return scan(
    o,
    h,
    l,
    c,
    lookback,
    (k, i) =>
      k.body(i) < short[i] && k.upperShadow(i) > k.body(i) && k.lowerShadow(i) > k.body(i)
        ? k.color(i) * 100
        : 0,
    (k) => {
      short = k.averages('BodyShort', lookback);
    },
  );
};

/** Marubozu: long body, very short shadows (Nison 1991; TA-Lib ta_CDLMARUBOZU.c). */
export const cdlMarubozu: PatternKernel = (o, h, l, c) => {
  const lookback = 10;
  let long: Float64Array = new Float64Array(0);
  let veryShort: Float64Array = new Float64Array(0);
  return scan(
    o,
    h,
    l,
    c,
    lookback,
    (k, i) =>
      k.body(i) > long[i] && k.upperShadow(i) < veryShort[i] && k.lowerShadow(i) < veryShort[i]
        ? k.color(i) * 100
        : 0,
    (k) => {
      long = k.averages('BodyLong', lookback);
      veryShort = k.averages('ShadowVeryShort', lookback);
    },
  );
};

function hammerLike(isHangingMan: boolean): PatternKernel {
  return (o, h, l, c) => {
    const lookback = 11;
    let short: Float64Array = new Float64Array(0);
    let longShadow: Float64Array = new Float64Array(0);
    let veryShort: Float64Array = new Float64Array(0);
    let near: Float64Array = new Float64Array(0);
    return scan(
      o,
      h,
      l,
      c,
      lookback,
      (k, i) => {
        if (!(k.body(i) < short[i] && k.lowerShadow(i) > longShadow[i] && k.upperShadow(i) < veryShort[i]))
          return 0;
        // Hammer: body near the prior low; hanging man: body near the prior high.
        if (isHangingMan) return k.bodyBottom(i) >= h[i - 1] - near[i] ? -100 : 0;
        return k.bodyBottom(i) <= l[i - 1] + near[i] ? 100 : 0;
      },
      (k) => {
        short = k.averages('BodyShort', lookback);
        longShadow = k.averages('ShadowLong', lookback);
        veryShort = k.averages('ShadowVeryShort', lookback);
        near = k.averages('Near', lookback, 1);
      },
    );
  };
}

/** Hammer (Nison 1991; TA-Lib ta_CDLHAMMER.c). */
export const cdlHammer = hammerLike(false);
/** Hanging man (Nison 1991; TA-Lib ta_CDLHANGINGMAN.c). */
export const cdlHangingMan = hammerLike(true);

function invertedHammerLike(isShootingStar: boolean): PatternKernel {
  return (o, h, l, c) => {
    const lookback = 11;
    let short: Float64Array = new Float64Array(0);
    let longShadow: Float64Array = new Float64Array(0);
    let veryShort: Float64Array = new Float64Array(0);
    return scan(
      o,
      h,
      l,
      c,
      lookback,
      (k, i) => {
        if (!(k.body(i) < short[i] && k.upperShadow(i) > longShadow[i] && k.lowerShadow(i) < veryShort[i]))
          return 0;
        if (isShootingStar) return k.bodyGapUp(i, i - 1) ? -100 : 0;
        return k.bodyGapDown(i, i - 1) ? 100 : 0;
      },
      (k) => {
        short = k.averages('BodyShort', lookback);
        longShadow = k.averages('ShadowLong', lookback);
        veryShort = k.averages('ShadowVeryShort', lookback);
      },
    );
  };
}

/** Inverted hammer (Nison 1991; TA-Lib ta_CDLINVERTEDHAMMER.c). */
export const cdlInvertedHammer = invertedHammerLike(false);
/** Shooting star (Nison 1991; TA-Lib ta_CDLSHOOTINGSTAR.c). */
export const cdlShootingStar = invertedHammerLike(true);

/** Engulfing: ±100, or ±80 when an open/close equals the prior close/open (Nison 1991; TA-Lib 0.6 ta_CDLENGULFING.c). */
export const cdlEngulfing: PatternKernel = (o, h, l, c) =>
  scan(o, h, l, c, 2, (k, i) => {
    const isBullish =
      k.color(i) === 1 &&
      k.color(i - 1) === -1 &&
      ((c[i] >= o[i - 1] && o[i] < c[i - 1]) || (c[i] > o[i - 1] && o[i] <= c[i - 1]));
    const isBearish =
      k.color(i) === -1 &&
      k.color(i - 1) === 1 &&
      ((o[i] >= c[i - 1] && c[i] < o[i - 1]) || (o[i] > c[i - 1] && c[i] <= o[i - 1]));
    if (!isBullish && !isBearish) return 0;
    return o[i] !== c[i - 1] && c[i] !== o[i - 1] ? k.color(i) * 100 : k.color(i) * 80;
  });

/** Harami: small body inside the prior long body; ±80 when a body edge touches (Nison 1991; TA-Lib 0.6 ta_CDLHARAMI.c). */
export const cdlHarami: PatternKernel = (o, h, l, c) => {
  const lookback = 11;
  let long: Float64Array = new Float64Array(0);
  let short: Float64Array = new Float64Array(0);
  return scan(
    o,
    h,
    l,
    c,
    lookback,
    (k, i) => {
      if (!(k.body(i - 1) > long[i] && k.body(i) <= short[i])) return 0;
      if (k.bodyTop(i) < k.bodyTop(i - 1) && k.bodyBottom(i) > k.bodyBottom(i - 1))
        return -k.color(i - 1) * 100;
      if (k.bodyTop(i) <= k.bodyTop(i - 1) && k.bodyBottom(i) >= k.bodyBottom(i - 1))
        return -k.color(i - 1) * 80;
      return 0;
    },
    (k) => {
      long = k.averages('BodyLong', lookback, 1);
      short = k.averages('BodyShort', lookback);
    },
  );
};

/** Three white soldiers (Nison 1991; TA-Lib ta_CDL3WHITESOLDIERS.c). */
export const cdl3WhiteSoldiers: PatternKernel = (o, h, l, c) => {
  const lookback = 12;
  const a: Record<string, Float64Array> = {};
  return scan(
    o,
    h,
    l,
    c,
    lookback,
    (k, i) =>
      isThreeRisingWhites(k, i, a.near2[i], a.near1[i]) &&
      k.upperShadow(i - 2) < a.veryShort2[i] &&
      k.upperShadow(i - 1) < a.veryShort1[i] &&
      k.upperShadow(i) < a.veryShort0[i] &&
      k.body(i - 1) > k.body(i - 2) - a.far2[i] &&
      k.body(i) > k.body(i - 1) - a.far1[i] &&
      k.body(i) > a.short[i]
        ? 100
        : 0,
    (k) => {
      a.veryShort2 = k.averages('ShadowVeryShort', lookback, 2);
      a.veryShort1 = k.averages('ShadowVeryShort', lookback, 1);
      a.veryShort0 = k.averages('ShadowVeryShort', lookback);
      a.near2 = k.averages('Near', lookback, 2);
      a.near1 = k.averages('Near', lookback, 1);
      a.far2 = k.averages('Far', lookback, 2);
      a.far1 = k.averages('Far', lookback, 1);
      a.short = k.averages('BodyShort', lookback);
    },
  );
};

/** Three black crows after a white candle (Nison 1991; TA-Lib ta_CDL3BLACKCROWS.c). */
export const cdl3BlackCrows: PatternKernel = (o, h, l, c) => {
  const lookback = 13;
  const a: Record<string, Float64Array> = {};
  return scan(
    o,
    h,
    l,
    c,
    lookback,
    (k, i) =>
      k.color(i - 3) === 1 &&
      isThreeBlackCrows(k, i, a) &&
      o[i - 1] < o[i - 2] &&
      o[i - 1] > c[i - 2] &&
      o[i] < o[i - 1] &&
      o[i] > c[i - 1] &&
      h[i - 3] > c[i - 2] &&
      c[i - 2] > c[i - 1] &&
      c[i - 1] > c[i]
        ? -100
        : 0,
    (k) => {
      a.veryShort2 = k.averages('ShadowVeryShort', lookback, 2);
      a.veryShort1 = k.averages('ShadowVeryShort', lookback, 1);
      a.veryShort0 = k.averages('ShadowVeryShort', lookback);
    },
  );
};

/** Piercing line (Nison 1991; TA-Lib ta_CDLPIERCING.c). */
export const cdlPiercing: PatternKernel = (o, h, l, c) => {
  const lookback = 11;
  let long1: Float64Array = new Float64Array(0);
  let long0: Float64Array = new Float64Array(0);
  return scan(
    o,
    h,
    l,
    c,
    lookback,
    (k, i) =>
      k.color(i - 1) === -1 &&
      k.body(i - 1) > long1[i] &&
      k.color(i) === 1 &&
      k.body(i) > long0[i] &&
      o[i] < l[i - 1] &&
      c[i] < o[i - 1] &&
      c[i] > c[i - 1] + k.body(i - 1) * 0.5
        ? 100
        : 0,
    (k) => {
      long1 = k.averages('BodyLong', lookback, 1);
      long0 = k.averages('BodyLong', lookback);
    },
  );
};

/** Dark cloud cover (Nison 1991; TA-Lib ta_CDLDARKCLOUDCOVER.c, penetration 0.5). */
export const cdlDarkCloudCover: PatternKernel = (o, h, l, c, penetration) => {
  const lookback = 11;
  let long: Float64Array = new Float64Array(0);
  return scan(
    o,
    h,
    l,
    c,
    lookback,
    (k, i) =>
      k.color(i - 1) === 1 &&
      k.body(i - 1) > long[i] &&
      k.color(i) === -1 &&
      o[i] > h[i - 1] &&
      c[i] > o[i - 1] &&
      c[i] < c[i - 1] - k.body(i - 1) * penetration
        ? -100
        : 0,
    (k) => {
      long = k.averages('BodyLong', lookback, 1);
    },
  );
};

import { define, fields, real } from './define.ts';
import type { IndicatorDefinition } from './types.ts';
import * as patterns from '../patterns/patterns.ts';
import type { PatternKernel } from '../patterns/pattern-kernel.ts';
import * as single from '../patterns/single-candle-patterns.ts';
import * as two from '../patterns/two-candle-patterns.ts';
import * as multi from '../patterns/multi-candle-patterns.ts';
import { cdlHikkake, cdlHikkakeMod } from '../patterns/hikkake-patterns.ts';

const ohlc = fields('open', 'high', 'low', 'close');

function pattern(
  name: string,
  description: string,
  lookback: number,
  kernel: PatternKernel,
  penetration?: number,
): IndicatorDefinition {
  return define({
    name,
    group: 'Pattern Recognition',
    description,
    source: `Nison, Japanese Candlestick Charting Techniques 1991; TA-Lib ta_${name}.c`,
    inputs: ohlc,
    params:
      penetration === undefined
        ? []
        : [
            real(
              'optInPenetration',
              penetration,
              0,
              3e37,
              'Percentage of penetration of a candle within another',
            ),
          ],
    outputs: [{ name: 'outInteger', type: 'integer', description: '+100 bullish, -100 bearish, 0 none' }],
    lookback: () => lookback,
    compute: ([open, high, low, close], p) => [kernel(open, high, low, close, p.optInPenetration ?? 0)],
  });
}

export const patternFunctions: IndicatorDefinition[] = [
  pattern('CDL3BLACKCROWS', 'Three Black Crows', 13, patterns.cdl3BlackCrows),
  pattern('CDL3WHITESOLDIERS', 'Three Advancing White Soldiers', 12, patterns.cdl3WhiteSoldiers),
  pattern('CDLDARKCLOUDCOVER', 'Dark Cloud Cover', 11, patterns.cdlDarkCloudCover, 0.5),
  pattern('CDLDOJI', 'Doji', 10, patterns.cdlDoji),
  pattern('CDLENGULFING', 'Engulfing Pattern', 2, patterns.cdlEngulfing),
  pattern('CDLEVENINGSTAR', 'Evening Star', 12, multi.cdlEveningStar, 0.3),
  pattern('CDLHAMMER', 'Hammer', 11, patterns.cdlHammer),
  pattern('CDLHANGINGMAN', 'Hanging Man', 11, patterns.cdlHangingMan),
  pattern('CDLHARAMI', 'Harami Pattern', 11, patterns.cdlHarami),
  pattern('CDLINVERTEDHAMMER', 'Inverted Hammer', 11, patterns.cdlInvertedHammer),
  pattern('CDLMARUBOZU', 'Marubozu', 10, patterns.cdlMarubozu),
  pattern('CDLMORNINGSTAR', 'Morning Star', 12, multi.cdlMorningStar, 0.3),
  pattern('CDLPIERCING', 'Piercing Pattern', 11, patterns.cdlPiercing),
  pattern('CDLSHOOTINGSTAR', 'Shooting Star', 11, patterns.cdlShootingStar),
  pattern('CDLSPINNINGTOP', 'Spinning Top', 10, patterns.cdlSpinningTop),
  pattern('CDL2CROWS', 'Two Crows', 12, multi.cdl2Crows),
  pattern('CDL3INSIDE', 'Three Inside Up/Down', 12, multi.cdl3Inside),
  pattern('CDL3LINESTRIKE', 'Three-Line Strike', 8, multi.cdl3LineStrike),
  pattern('CDL3OUTSIDE', 'Three Outside Up/Down', 3, multi.cdl3Outside),
  pattern('CDL3STARSINSOUTH', 'Three Stars In The South', 12, multi.cdl3StarsInSouth),
  pattern('CDLABANDONEDBABY', 'Abandoned Baby', 12, multi.cdlAbandonedBaby, 0.3),
  pattern('CDLADVANCEBLOCK', 'Advance Block', 12, multi.cdlAdvanceBlock),
  pattern('CDLBELTHOLD', 'Belt-hold', 10, single.cdlBeltHold),
  pattern('CDLBREAKAWAY', 'Breakaway', 14, multi.cdlBreakaway),
  pattern('CDLCLOSINGMARUBOZU', 'Closing Marubozu', 10, single.cdlClosingMarubozu),
  pattern('CDLCONCEALBABYSWALL', 'Concealing Baby Swallow', 13, multi.cdlConcealBabySwallow),
  pattern('CDLCOUNTERATTACK', 'Counterattack', 11, two.cdlCounterAttack),
  pattern('CDLDOJISTAR', 'Doji Star', 11, two.cdlDojiStar),
  pattern('CDLDRAGONFLYDOJI', 'Dragonfly Doji', 10, single.cdlDragonflyDoji),
  pattern('CDLEVENINGDOJISTAR', 'Evening Doji Star', 12, multi.cdlEveningDojiStar, 0.3),
  pattern('CDLGAPSIDESIDEWHITE', 'Up/Down-gap side-by-side white lines', 7, multi.cdlGapSideSideWhite),
  pattern('CDLGRAVESTONEDOJI', 'Gravestone Doji', 10, single.cdlGravestoneDoji),
  pattern('CDLHARAMICROSS', 'Harami Cross Pattern', 11, two.cdlHaramiCross),
  pattern('CDLHIGHWAVE', 'High-Wave Candle', 10, single.cdlHighWave),
  pattern('CDLHIKKAKE', 'Hikkake Pattern', 5, cdlHikkake),
  pattern('CDLHIKKAKEMOD', 'Modified Hikkake Pattern', 10, cdlHikkakeMod),
  pattern('CDLHOMINGPIGEON', 'Homing Pigeon', 11, two.cdlHomingPigeon),
  pattern('CDLIDENTICAL3CROWS', 'Identical Three Crows', 12, multi.cdlIdentical3Crows),
  pattern('CDLINNECK', 'In-Neck Pattern', 11, two.cdlInNeck),
  pattern('CDLKICKING', 'Kicking', 11, two.cdlKicking),
  pattern(
    'CDLKICKINGBYLENGTH',
    'Kicking - bull/bear determined by the longer marubozu',
    11,
    two.cdlKickingByLength,
  ),
  pattern('CDLLADDERBOTTOM', 'Ladder Bottom', 14, multi.cdlLadderBottom),
  pattern('CDLLONGLEGGEDDOJI', 'Long Legged Doji', 10, single.cdlLongLeggedDoji),
  pattern('CDLLONGLINE', 'Long Line Candle', 10, single.cdlLongLine),
  pattern('CDLMATCHINGLOW', 'Matching Low', 6, two.cdlMatchingLow),
  pattern('CDLMATHOLD', 'Mat Hold', 14, multi.cdlMatHold, 0.5),
  pattern('CDLMORNINGDOJISTAR', 'Morning Doji Star', 12, multi.cdlMorningDojiStar, 0.3),
  pattern('CDLONNECK', 'On-Neck Pattern', 11, two.cdlOnNeck),
  pattern('CDLRICKSHAWMAN', 'Rickshaw Man', 10, single.cdlRickshawMan),
  pattern('CDLRISEFALL3METHODS', 'Rising/Falling Three Methods', 14, multi.cdlRiseFall3Methods),
  pattern('CDLSEPARATINGLINES', 'Separating Lines', 11, two.cdlSeparatingLines),
  pattern('CDLSHORTLINE', 'Short Line Candle', 10, single.cdlShortLine),
  pattern('CDLSTALLEDPATTERN', 'Stalled Pattern', 12, multi.cdlStalledPattern),
  pattern('CDLSTICKSANDWICH', 'Stick Sandwich', 7, multi.cdlStickSandwich),
  pattern('CDLTAKURI', 'Takuri (Dragonfly Doji with very long lower shadow)', 10, single.cdlTakuri),
  pattern('CDLTASUKIGAP', 'Tasuki Gap', 7, multi.cdlTasukiGap),
  pattern('CDLTHRUSTING', 'Thrusting Pattern', 11, two.cdlThrusting),
  pattern('CDLTRISTAR', 'Tristar Pattern', 12, multi.cdlTristar),
  pattern('CDLUNIQUE3RIVER', 'Unique 3 River', 12, multi.cdlUnique3River),
  pattern('CDLUPSIDEGAP2CROWS', 'Upside Gap Two Crows', 12, multi.cdlUpsideGap2Crows),
  pattern('CDLXSIDEGAP3METHODS', 'Upside/Downside Gap Three Methods', 2, multi.cdlXSideGap3Methods),
];

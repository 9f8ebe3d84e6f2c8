import { define, fields, real } from './define.ts';
import type { IndicatorDefinition } from './types.ts';
import * as patterns from '../patterns/patterns.ts';
import type { PatternKernel } from '../patterns/patterns.ts';

const ohlc = fields('open', 'high', 'low', 'close');

function pattern(name: string, description: string, lookback: number, kernel: PatternKernel, penetration?: number): IndicatorDefinition {
  return define({
    name,
    group: 'Pattern Recognition',
    description,
    source: `Nison, Japanese Candlestick Charting Techniques 1991; TA-Lib ta_${name}.c`,
    inputs: ohlc,
    params: penetration === undefined ? [] : [real('optInPenetration', penetration, 0, 3e37, 'Percentage of penetration of a candle within another')],
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
  pattern('CDLEVENINGSTAR', 'Evening Star', 12, patterns.cdlEveningStar, 0.3),
  pattern('CDLHAMMER', 'Hammer', 11, patterns.cdlHammer),
  pattern('CDLHANGINGMAN', 'Hanging Man', 11, patterns.cdlHangingMan),
  pattern('CDLHARAMI', 'Harami Pattern', 11, patterns.cdlHarami),
  pattern('CDLINVERTEDHAMMER', 'Inverted Hammer', 11, patterns.cdlInvertedHammer),
  pattern('CDLMARUBOZU', 'Marubozu', 10, patterns.cdlMarubozu),
  pattern('CDLMORNINGSTAR', 'Morning Star', 12, patterns.cdlMorningStar, 0.3),
  pattern('CDLPIERCING', 'Piercing Pattern', 11, patterns.cdlPiercing),
  pattern('CDLSHOOTINGSTAR', 'Shooting Star', 11, patterns.cdlShootingStar),
  pattern('CDLSPINNINGTOP', 'Spinning Top', 10, patterns.cdlSpinningTop),
];

import type { Series } from '../core/types.ts';
import { isZero } from '../core/numeric.ts';
import { smaKernel } from './moving-averages.ts';

/**
 * Acceleration Bands: SMAs of H·(1 + 4(H-L)/(H+L)), of the close and of L·(1 - 4(H-L)/(H+L))
 * (Headley, Big Trends in Trading 2002; TA-Lib ta_ACCBANDS.c). A bar with H+L ~ 0 contributes H and L unchanged.
 */
export function accBandsKernel(
  high: Series,
  low: Series,
  close: Series,
  period: number,
): [Float64Array, Float64Array, Float64Array] {
  const length = close.length;
  const upper = new Float64Array(length);
  const lower = new Float64Array(length);
  for (let i = 0; i < length; i++) {
    const sum = high[i] + low[i];
    if (isZero(sum)) {
      upper[i] = high[i];
      lower[i] = low[i];
    } else {
      const width = (4 * (high[i] - low[i])) / sum;
      upper[i] = high[i] * (1 + width);
      lower[i] = low[i] * (1 - width);
    }
  }
  return [smaKernel(upper, period), smaKernel(close, period), smaKernel(lower, period)];
}

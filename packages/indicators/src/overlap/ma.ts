import type { Series } from '../core/types.ts';
import { nanArray } from '../core/numeric.ts';
import {
  demaKernel,
  emaKernel,
  kamaKernel,
  type MaType,
  smaKernel,
  t3Kernel,
  temaKernel,
  trimaKernel,
  wmaKernel,
} from './moving-averages.ts';
import { MAMA_LOOKBACK, mamaKernel } from './mama.ts';

/** Lookback of TA-Lib's TA_MA for a period and MA type (ta_MA.c). */
export function maLookback(period: number, maType: number): number {
  if (period <= 1) return 0;
  switch (maType) {
    case 0:
    case 1:
    case 2:
    case 5:
      return period - 1;
    case 3:
      return 2 * (period - 1);
    case 4:
      return 3 * (period - 1);
    case 6:
      return period;
    case 7:
      return MAMA_LOOKBACK;
    case 8:
      return 6 * (period - 1);
    default:
      throw new RangeError(
        `Unknown MA type ${maType}: expected 0..8 (SMA EMA WMA DEMA TEMA TRIMA KAMA MAMA T3)`,
      );
  }
}

/** TA-Lib's generic moving average TA_MA: dispatches on MA type; MAMA ignores the period, T3 uses vFactor 0.7. */
export function maKernel(x: Series, period: number, maType: MaType | number, begin = 0): Float64Array {
  if (period <= 1) {
    // TA_MA with a period of 1 copies its input whatever the type.
    const out = nanArray(x.length);
    for (let i = begin; i < x.length; i++) out[i] = x[i];
    return out;
  }
  switch (maType) {
    case 0:
      return smaKernel(x, period, begin);
    case 1:
      return emaKernel(x, period, begin);
    case 2:
      return wmaKernel(x, period, begin);
    case 3:
      return demaKernel(x, period, begin);
    case 4:
      return temaKernel(x, period, begin);
    case 5:
      return trimaKernel(x, period, begin);
    case 6:
      return kamaKernel(x, period, begin);
    case 7:
      return mamaKernel(x, 0.5, 0.05, begin)[0];
    case 8:
      return t3Kernel(x, period, 0.7, begin);
    default:
      throw new RangeError(
        `Unknown MA type ${maType}: expected 0..8 (SMA EMA WMA DEMA TEMA TRIMA KAMA MAMA T3)`,
      );
  }
}

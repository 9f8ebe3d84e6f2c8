import type { Series } from '../core/types.ts';
import { nanArray } from '../core/numeric.ts';

export type ChangeKind = 'MOM' | 'ROC' | 'ROCP' | 'ROCR' | 'ROCR100';

/** Momentum and rate-of-change family over `period` bars; a zero base price gives 0 as in TA-Lib (ta_ROC.c, ta_MOM.c...). */
export function changeKernel(x: Series, period: number, kind: ChangeKind): Float64Array {
  const length = x.length;
  const out = nanArray(length);
  for (let i = period; i < length; i++) {
    const value = x[i];
    const base = x[i - period];
    switch (kind) {
      case 'MOM':
        out[i] = value - base;
        break;
      case 'ROC':
        out[i] = base !== 0 ? (value / base - 1) * 100 : 0;
        break;
      case 'ROCP':
        out[i] = base !== 0 ? (value - base) / base : 0;
        break;
      case 'ROCR':
        out[i] = base !== 0 ? value / base : 0;
        break;
      case 'ROCR100':
        out[i] = base !== 0 ? (value / base) * 100 : 0;
        break;
    }
  }
  return out;
}

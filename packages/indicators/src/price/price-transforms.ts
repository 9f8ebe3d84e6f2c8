import type { Series } from '../core/types.ts';

/** (O + H + L + C)/4 (TA-Lib ta_AVGPRICE.c). */
export function avgPriceKernel(open: Series, high: Series, low: Series, close: Series): Float64Array {
  const out = new Float64Array(close.length);
  for (let i = 0; i < out.length; i++) out[i] = (high[i] + low[i] + close[i] + open[i]) / 4;
  return out;
}

/** (H + L)/2 (TA-Lib ta_MEDPRICE.c). */
export function medPriceKernel(high: Series, low: Series): Float64Array {
  const out = new Float64Array(high.length);
  for (let i = 0; i < out.length; i++) out[i] = (high[i] + low[i]) / 2;
  return out;
}

/** Typical price (H + L + C)/3 (TA-Lib ta_TYPPRICE.c). */
export function typPriceKernel(high: Series, low: Series, close: Series): Float64Array {
  const out = new Float64Array(close.length);
  for (let i = 0; i < out.length; i++) out[i] = (high[i] + low[i] + close[i]) / 3;
  return out;
}

/** Weighted close (H + L + 2C)/4 (TA-Lib ta_WCLPRICE.c). */
export function wclPriceKernel(high: Series, low: Series, close: Series): Float64Array {
  const out = new Float64Array(close.length);
  for (let i = 0; i < out.length; i++) out[i] = (high[i] + low[i] + close[i] * 2) / 4;
  return out;
}

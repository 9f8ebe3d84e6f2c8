/** Rounds to a few significant digits: an example threshold a trader would type (512000, not 511595.7). */
export function roundToSignificant(value: number, digits = 3): number {
  if (!Number.isFinite(value) || value === 0) return value;
  const magnitude = Math.floor(Math.log10(Math.abs(value)));
  const factor = 10 ** (digits - 1 - magnitude);
  // rounding through the factor's inverse for small prices keeps 0.0864 from turning into 0.08639999
  return factor >= 1 ? Math.round(value * factor) / factor : Math.round(value * factor) * (1 / factor);
}

/** How far either example threshold sits from the current price. */
const EXAMPLE_DISTANCE = 0.05;

/**
 * Example thresholds near the current price (5% above and below, rounded), as the text a number input takes
 * (digits and a dot, no grouping).
 */
export function examplePriceThresholds(price: number): { priceAbove: string; priceBelow: string } {
  const asInput = (value: number) => String(roundToSignificant(value));
  return {
    priceAbove: asInput(price * (1 + EXAMPLE_DISTANCE)),
    priceBelow: asInput(price * (1 - EXAMPLE_DISTANCE)),
  };
}

/** The trigger's signed distance from the current price, in percent: +5 means 5% above it. */
export const triggerDistancePercent = (threshold: number, price: number) =>
  ((threshold - price) / price) * 100;

/**
 * A price tapped on the chart as the dialog's threshold: above the current price it is a "price above"
 * alert, below it a "price below" one; kept to the contract's six decimals.
 */
export function thresholdFromTap(
  tapped: number,
  current: number,
): { priceAbove: string } | { priceBelow: string } {
  const value = String(Number(tapped.toFixed(tapped >= 1 ? 2 : 6)));
  return tapped >= current ? { priceAbove: value } : { priceBelow: value };
}

/** TA-Lib's TA_IS_ZERO: an absolute epsilon of 1e-14 (ta_utility.h), kept absolute to match TA-Lib bar for bar. */
export const ZERO_EPSILON = 1e-14;

export function isZero(value: number): boolean {
  return value > -ZERO_EPSILON && value < ZERO_EPSILON;
}

/** TA-Lib's TA_IS_ZERO_OR_NEG. */
export function isZeroOrNegative(value: number): boolean {
  return value < ZERO_EPSILON;
}

/** A Float64Array of `length` NaN, the shape of every output before its values are written. */
export function nanArray(length: number): Float64Array {
  return new Float64Array(length).fill(Number.NaN);
}

/** Index of the first finite value at or after `from`, or `length` when none (used to chain kernels). */
export function firstDefined(values: ArrayLike<number>, from = 0): number {
  let index = from;
  while (index < values.length && Number.isNaN(values[index])) index += 1;
  return index;
}

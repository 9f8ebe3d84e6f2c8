/**
 * Counter-based randomness for the simulated market: every stream is named by integers (seed, coin, day…),
 * so any day can be generated on its own and always gives the same numbers for a seed.
 */

/** 32-bit mix of a list of integers (murmur3 finaliser over a running hash). */
export function hashIntegers(...values: number[]): number {
  let hash = 0x9e3779b9;
  for (const value of values) {
    hash = Math.imul(hash ^ (value | 0), 0x85ebca6b);
    hash ^= hash >>> 13;
    hash = Math.imul(hash, 0xc2b2ae35);
    hash ^= hash >>> 16;
    // high bits of large values (timestamps, day numbers beyond 2^32) still count
    hash = Math.imul(hash ^ Math.floor(value / 4_294_967_296), 0x27d4eb2f);
  }
  return hash >>> 0;
}

export type Random = {
  /** Uniform in (0, 1). */
  uniform: () => number;
  normal: () => number;
  /** Student-t with `degreesOfFreedom`, scaled to unit variance (fat tails, same volatility). */
  studentT: (degreesOfFreedom: number) => number;
};

/** mulberry32 generator seeded from a list of integers. */
export function createRandom(...seedParts: number[]): Random {
  let state = hashIntegers(...seedParts);
  let spareNormal: number | undefined;
  const uniform = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (((t ^ (t >>> 14)) >>> 0) + 0.5) / 4_294_967_296;
  };
  const normal = () => {
    if (spareNormal !== undefined) {
      const value = spareNormal;
      spareNormal = undefined;
      return value;
    }
    // Box-Muller: two independent normals per pair of uniforms
    const radius = Math.sqrt(-2 * Math.log(uniform()));
    const angle = 2 * Math.PI * uniform();
    spareNormal = radius * Math.sin(angle);
    return radius * Math.cos(angle);
  };
  const studentT = (degreesOfFreedom: number) => {
    let chiSquare = 0;
    for (let index = 0; index < degreesOfFreedom; index += 1) chiSquare += normal() ** 2;
    const t = normal() / Math.sqrt(chiSquare / degreesOfFreedom);
    return t * Math.sqrt((degreesOfFreedom - 2) / degreesOfFreedom);
  };
  return { uniform, normal, studentT };
}

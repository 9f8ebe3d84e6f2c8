import { describe, expect, it } from 'vitest';
import { niceTicks } from './nice-ticks.ts';

describe('niceTicks', () => {
  it('gives quarter steps over a 0–100 range', () => {
    expect(niceTicks(0, 100)).toEqual([0, 25, 50, 75, 100]);
  });

  it('encloses an awkward range with round steps', () => {
    const ticks = niceTicks(-7.3, 31.8);
    expect(ticks[0]).toBeLessThanOrEqual(-7.3);
    expect(ticks.at(-1)).toBeGreaterThanOrEqual(31.8);
    expect(ticks).toEqual([-10, 0, 10, 20, 30, 40]);
  });

  it('keeps small steps free of floating-point noise', () => {
    expect(niceTicks(0.1, 0.9)).toEqual([0, 0.2, 0.4, 0.6, 0.8, 1]);
  });

  it('spreads a flat range around its value', () => {
    expect(niceTicks(0, 0)).toEqual([-1, -0.5, 0, 0.5, 1]);
  });
});

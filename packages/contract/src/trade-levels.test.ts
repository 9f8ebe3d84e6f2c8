import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { measureLevel, quoteLevels, sizePosition } from './trade-levels.ts';

// Prices from a sub-cent token to a six-figure bitcoin in reais; levels within ±90% of the price.
const price = fc.double({ min: 1e-6, max: 2e6, noNaN: true, noDefaultInfinity: true });
const offset = fc.double({ min: -0.9, max: 0.9, noNaN: true }).filter((value) => Math.abs(value) > 1e-4);
const capital = fc.double({ min: 10, max: 1e8, noNaN: true });
const riskPercent = fc.double({ min: 0.01, max: 100, noNaN: true });
const currency = fc.constantFrom('BRL' as const, 'USD' as const);

describe('quoteLevels', () => {
  it('states every distance as the one computed from the quoted price, on the right side', () => {
    fc.assert(
      fc.property(price, fc.array(offset, { maxLength: 6 }), currency, (quoted, offsets, money) => {
        const levels = offsets.map((change) => quoted * (1 + change));
        const quote = quoteLevels({
          price: quoted,
          currency: money,
          stop: levels[0],
          targets: levels,
          supports: levels,
        });
        expect(quote.price).toBe(quoted);
        for (const level of [...quote.targets, ...quote.supports, ...(quote.stop ? [quote.stop] : [])]) {
          const computed = (Math.abs(level.price - quoted) / quoted) * 100;
          expect(Math.abs(level.distancePercent - computed)).toBeLessThanOrEqual(0.005 + 1e-9);
          expect(level.side).toBe(level.price > quoted ? 'above' : level.price < quoted ? 'below' : 'at');
        }
      }),
    );
  });

  it('reproduces the issue: a stop 403,788 under a quote of 464,870 is 13.14% below, not 6.19%', () => {
    expect(measureLevel(464_870, 403_788)).toEqual({ price: 403_788, distancePercent: 13.14, side: 'below' });
  });
});

describe('sizePosition', () => {
  it('risks exactly what it states: units × stop distance = risk amount, and never more than asked', () => {
    fc.assert(
      fc.property(price, offset, capital, riskPercent, currency, (entry, change, funds, risk, money) => {
        const stop = entry * (1 + change);
        const size = sizePosition({
          price: entry,
          stopPrice: stop,
          capital: funds,
          riskPercent: risk,
          currency: money,
        });
        if ('error' in size) throw new Error(size.error);
        const lossAtStop = size.units * Math.abs(entry - stop);
        expect(Math.abs(size.riskAmount - lossAtStop)).toBeLessThanOrEqual(0.005 + lossAtStop * 1e-12);
        expect(Math.abs(size.positionValue - size.units * entry)).toBeLessThanOrEqual(0.005 + funds * 1e-12);
        const wanted = (funds * risk) / 100;
        // rounding the units down to 6 significant digits costs at most a millionth of the risk
        expect(lossAtStop).toBeLessThanOrEqual(wanted * (1 + 1e-9));
        expect(size.units * entry).toBeLessThanOrEqual(funds * (1 + 1e-9));
        if (!size.cappedAtCapital) expect(lossAtStop).toBeGreaterThanOrEqual(wanted * (1 - 1e-5));
        else expect(size.units * entry).toBeGreaterThanOrEqual(funds * (1 - 1e-5));
        expect(size.direction).toBe(stop < entry ? 'long' : 'short');
        expect(size.stopDistancePercent).toBe(measureLevel(entry, stop).distancePercent);
      }),
    );
  });

  it('states the smaller risk it really takes when the asked one would need more than the capital', () => {
    const size = sizePosition({ price: 100, stopPrice: 99, capital: 1_000, riskPercent: 5, currency: 'BRL' });
    expect(size).toMatchObject({
      cappedAtCapital: true,
      units: 10,
      positionValue: 1_000,
      riskAmount: 10,
      riskPercent: 1,
    });
  });

  it('refuses a stop at the entry', () => {
    expect(sizePosition({ price: 5, stopPrice: 5, capital: 100, riskPercent: 1, currency: 'USD' })).toEqual({
      error: 'stop_at_entry',
    });
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  boxesOverlap,
  LABEL_INSET,
  layoutLevelLabels,
  mergeLevels,
  rangeWithNearestLevels,
  type LabelArea,
  type LabelBox,
  type PriceLevel,
} from './chart-levels.ts';

const level = (price: number, kind: PriceLevel['kind'] = 'resistance', title = 'R'): PriceLevel => ({
  price,
  kind,
  title,
});

describe('mergeLevels', () => {
  it('merges levels of one kind within 0.5 % into one zone and keeps distant ones apart', () => {
    const groups = mergeLevels([level(95_400), level(95_000), level(97_000), level(94_900, 'support')]);
    expect(groups.map(({ kind, low, high }) => ({ kind, low, high }))).toEqual([
      { kind: 'resistance', low: 95_000, high: 95_400 },
      { kind: 'resistance', low: 97_000, high: 97_000 },
      { kind: 'support', low: 94_900, high: 94_900 },
    ]);
    expect(groups[0]!.anchor).toBe(95_200);
    expect(groups[0]!.levels).toHaveLength(2);
  });

  it('never lets a zone grow wider than the tolerance by chaining', () => {
    const groups = mergeLevels([100, 100.4, 100.8, 101.2].map((price) => level(price)));
    expect(groups.map((group) => [group.low, group.high])).toEqual([
      [100, 100.4],
      [100.8, 101.2],
    ]);
  });

  it('puts every finite level in exactly one zone of its kind, each zone within the tolerance', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            price: fc.double({ min: 0.0001, max: 200_000, noNaN: true }),
            kind: fc.constantFrom('support' as const, 'resistance' as const),
          }),
          { maxLength: 30 },
        ),
        (raw) => {
          const levels = raw.map((item) => level(item.price, item.kind));
          const groups = mergeLevels(levels);
          expect(groups.flatMap((group) => group.levels)).toHaveLength(levels.length);
          for (const group of groups) {
            expect(group.levels.every((item) => item.kind === group.kind)).toBe(true);
            expect(group.high - group.low).toBeLessThanOrEqual(group.low * 0.005 + 1e-9);
          }
        },
      ),
    );
  });
});

const labelArbitrary = fc.record({
  anchorY: fc.double({ min: -100, max: 700, noNaN: true }),
  width: fc.integer({ min: 30, max: 180 }),
  height: fc.integer({ min: 12, max: 20 }),
});

const areaArbitrary = fc
  .record({
    top: fc.integer({ min: 0, max: 60 }),
    height: fc.integer({ min: 40, max: 600 }),
    clearFromX: fc.integer({ min: -50, max: 1200 }),
  })
  .map(({ top, height, clearFromX }): LabelArea => ({ top, bottom: top + height, clearFromX }));

describe('layoutLevelLabels', () => {
  it('centres labels on their lines at the left when they have room', () => {
    const placed = layoutLevelLabels(
      [
        { id: 'a', anchorY: 100, width: 80, height: 16 },
        { id: 'b', anchorY: 200, width: 90, height: 16 },
      ],
      { top: 20, bottom: 300, clearFromX: 400 },
    );
    expect(placed).toEqual([
      { id: 'a', x: LABEL_INSET, y: 92, width: 80, height: 16 },
      { id: 'b', x: LABEL_INSET, y: 192, width: 90, height: 16 },
    ]);
  });

  it('pushes close labels apart and leaves out lines out of view or under the legend', () => {
    const placed = layoutLevelLabels(
      [
        { id: 'a', anchorY: 100, width: 80, height: 16 },
        { id: 'b', anchorY: 104, width: 80, height: 16 },
        { id: 'hidden', anchorY: 10, width: 80, height: 16 },
        { id: 'gone', anchorY: Number.NaN, width: 80, height: 16 },
      ],
      { top: 20, bottom: 300, clearFromX: 400 },
    );
    expect(placed.map((label) => label.id)).toEqual(['a', 'b']);
    expect(boxesOverlap(placed[0]!, placed[1]!)).toBe(false);
  });

  it('shows no label when the latest candles reach the left edge (zoomed far in)', () => {
    expect(
      layoutLevelLabels([{ id: 'a', anchorY: 100, width: 80, height: 16 }], {
        top: 0,
        bottom: 300,
        clearFromX: 60,
      }),
    ).toEqual([]);
  });

  it('never overlaps two labels, the legend or the latest candles, and stays in the pane, for any level set', () => {
    fc.assert(
      fc.property(fc.array(labelArbitrary, { maxLength: 40 }), areaArbitrary, (raw, area) => {
        const labels: LabelBox[] = raw.map((label, index) => ({ id: String(index), ...label }));
        const placed = layoutLevelLabels(labels, area);
        const legend = { x: 0, y: -1000, width: 10_000, height: 1000 + area.top };
        const latestCandles = { x: area.clearFromX, y: -1000, width: 10_000, height: 10_000 };
        for (const [index, label] of placed.entries()) {
          expect(label.y).toBeGreaterThanOrEqual(area.top);
          expect(label.y + label.height).toBeLessThanOrEqual(area.bottom + 1e-9);
          expect(boxesOverlap(label, legend)).toBe(false);
          expect(boxesOverlap(label, latestCandles)).toBe(false);
          for (const other of placed.slice(index + 1)) expect(boxesOverlap(label, other)).toBe(false);
        }
        expect(new Set(placed.map((label) => label.id)).size).toBe(placed.length);
      }),
    );
  });

  it('shows every label that fits when the lines are spread out', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10 }), (count) => {
        const labels = Array.from({ length: count }, (_, index) => ({
          id: String(index),
          anchorY: 40 + index * 25,
          width: 100,
          height: 16,
        }));
        expect(layoutLevelLabels(labels, { top: 20, bottom: 400, clearFromX: 300 })).toHaveLength(count);
      }),
    );
  });
});

describe('rangeWithNearestLevels', () => {
  it('stretches the range to the nearest level each side when it is within half the range', () => {
    expect(rangeWithNearestLevels({ minValue: 100, maxValue: 120 }, [95, 80, 125, 200])).toEqual({
      minValue: 95,
      maxValue: 125,
    });
  });

  it('keeps the candles range for far levels or none', () => {
    expect(rangeWithNearestLevels({ minValue: 100, maxValue: 120 }, [50, 150])).toEqual({
      minValue: 100,
      maxValue: 120,
    });
    expect(rangeWithNearestLevels({ minValue: 100, maxValue: 120 }, [])).toEqual({
      minValue: 100,
      maxValue: 120,
    });
  });
});

/** A support or resistance price to draw across the chart. */
export type PriceLevel = { price: number; kind: 'support' | 'resistance'; title: string };

/** Levels of one kind close enough to read as one zone: one label for all of them. */
export type LevelGroup = {
  kind: PriceLevel['kind'];
  low: number;
  high: number;
  /** Where the label sits: the middle of the zone. */
  anchor: number;
  levels: PriceLevel[];
};

/** Levels within 0.5 % of the zone's lowest merge: at BTC 95 000 that is 475, about a pixel or two on the chart. */
export const LEVEL_MERGE_TOLERANCE = 0.005;

/** Groups levels of the same kind whose prices lie within `tolerance` (a fraction) of the group's lowest. */
export function mergeLevels(levels: readonly PriceLevel[], tolerance = LEVEL_MERGE_TOLERANCE): LevelGroup[] {
  const groups: LevelGroup[] = [];
  for (const kind of ['resistance', 'support'] as const) {
    const sorted = levels
      .filter((level) => level.kind === kind && Number.isFinite(level.price))
      .sort((a, b) => a.price - b.price);
    let current: LevelGroup | null = null;
    for (const level of sorted) {
      if (current && level.price - current.low <= Math.abs(current.low) * tolerance) {
        current.levels.push(level);
        current.high = level.price;
        current.anchor = (current.low + current.high) / 2;
        continue;
      }
      current = { kind, low: level.price, high: level.price, anchor: level.price, levels: [level] };
      groups.push(current);
    }
  }
  return groups;
}

/** A label to place: the y of its line (pixels from the pane's top) and its measured size. */
export type LabelBox = { id: string; anchorY: number; width: number; height: number };
export type PlacedLabel = { id: string; x: number; y: number; width: number; height: number };

/**
 * Where labels may go in the price pane: between `top` (under the legend) and `bottom`, and left of
 * `clearFromX`, the left edge of the latest candles, which no label may cover.
 */
export type LabelArea = { top: number; bottom: number; clearFromX: number };

export const LABEL_INSET = 4;
export const LABEL_GAP = 2;

/**
 * Places labels at the pane's left edge, each centred on its line where room allows: overlapping ones are pushed
 * apart (down, then back up from the bottom), and those with no room left (above the legend, under the
 * latest candles, lines out of view) are not shown. The result never overlaps itself or leaves the area.
 */
export function layoutLevelLabels(labels: readonly LabelBox[], area: LabelArea): PlacedLabel[] {
  const candidates = labels
    .filter(
      (label) =>
        Number.isFinite(label.anchorY) &&
        label.anchorY >= area.top &&
        label.anchorY <= area.bottom &&
        LABEL_INSET + label.width + LABEL_GAP <= area.clearFromX,
    )
    .sort((a, b) => a.anchorY - b.anchorY);
  const ys = candidates.map((label) =>
    Math.min(Math.max(label.anchorY - label.height / 2, area.top), area.bottom - label.height),
  );
  for (let index = 1; index < ys.length; index += 1) {
    const previousBottom = ys[index - 1]! + candidates[index - 1]!.height + LABEL_GAP;
    ys[index] = Math.max(ys[index]!, previousBottom);
  }
  for (let index = ys.length - 1; index >= 0; index -= 1) {
    const limit = index === ys.length - 1 ? area.bottom : ys[index + 1]! - LABEL_GAP;
    ys[index] = Math.min(ys[index]!, limit - candidates[index]!.height);
  }
  return candidates.flatMap((label, index) => {
    const y = ys[index]!;
    // pushed above the top by the labels under it: no room for this one
    if (y < area.top) return [];
    return [{ id: label.id, x: LABEL_INSET, y, width: label.width, height: label.height }];
  });
}

/** True when two boxes share any area (touching edges do not count). */
export function boxesOverlap(
  a: { x: number; y: number; width: number; height: number },
  b: { x: number; y: number; width: number; height: number },
): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

export type PriceRange = { minValue: number; maxValue: number };

/**
 * The price range the chart scales to: the candles' own, stretched to the nearest level below and above when it
 * lies within half that range, so the closest support and resistance stay in view without squeezing the candles
 * for a far one.
 */
export function rangeWithNearestLevels(range: PriceRange, prices: readonly number[]): PriceRange {
  const span = range.maxValue - range.minValue;
  const below = Math.max(...prices.filter((price) => price < range.minValue));
  const above = Math.min(...prices.filter((price) => price > range.maxValue));
  return {
    minValue: range.minValue - below <= span / 2 ? below : range.minValue,
    maxValue: above - range.maxValue <= span / 2 ? above : range.maxValue,
  };
}

/** An analysis' supports and resistances as chart levels, nearest first: S1, S2… and R1, R2… */
export function levelsFromAnalysis(analysis: {
  supportLevels: readonly number[];
  resistanceLevels: readonly number[];
}): PriceLevel[] {
  return [
    ...analysis.supportLevels.map((price, index) => ({
      price,
      kind: 'support' as const,
      title: `S${index + 1}`,
    })),
    ...analysis.resistanceLevels.map((price, index) => ({
      price,
      kind: 'resistance' as const,
      title: `R${index + 1}`,
    })),
  ];
}

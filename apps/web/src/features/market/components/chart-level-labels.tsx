import { useTranslation } from 'react-i18next';
import { formatChartPrice } from '../../../lib/format.ts';
import { chartColors, type ChartGeometry } from './chart-engine.ts';
import { layoutLevelLabels, type LevelGroup } from './chart-levels.ts';

const LABEL_FONT = '11px system-ui, sans-serif';
const LABEL_HEIGHT = 16;
// horizontal padding (4 px each side) and the 1 px border each side
const LABEL_CHROME = 10;

let measuringContext: CanvasRenderingContext2D | null | undefined;

/** Width of `text` in the labels' font, as the browser will draw it. */
function textWidth(text: string): number {
  measuringContext ??= document.createElement('canvas').getContext('2d');
  if (!measuringContext) return text.length * 7;
  measuringContext.font = LABEL_FONT;
  return Math.ceil(measuringContext.measureText(text).width);
}

/**
 * One label per zone of support or resistance ("R 95.000 – 95.400"), on its line at the left of the price pane,
 * under the legend and clear of the latest candles; labels with no room are left out (the dashed line and
 * its price on the axis remain).
 */
export function LevelLabels({
  groups,
  geometry,
  legendHeight,
  digits,
}: {
  groups: readonly LevelGroup[];
  geometry: ChartGeometry;
  legendHeight: number;
  digits: number;
}) {
  const { t } = useTranslation('dashboard');
  const pane = geometry.panes[0];
  if (!pane || groups.length === 0) return null;
  const price = (value: number) => formatChartPrice(value, digits);
  const texts = groups.map((group) =>
    t(`chartControls.levels.${group.kind}`, {
      range: group.low === group.high ? price(group.low) : `${price(group.low)} – ${price(group.high)}`,
    }),
  );
  const placed = layoutLevelLabels(
    groups.map((_, index) => ({
      id: String(index),
      anchorY: geometry.priceYs[index] ?? Number.NaN,
      width: textWidth(texts[index]!) + LABEL_CHROME,
      height: LABEL_HEIGHT,
    })),
    { top: legendHeight + 4, bottom: pane.height - 2, clearFromX: geometry.clearFromX },
  );
  return placed.map((label) => {
    const index = Number(label.id);
    const isSupport = groups[index]!.kind === 'support';
    return (
      <div
        key={label.id}
        data-level-label={groups[index]!.kind}
        className="pointer-events-none absolute z-10 overflow-hidden rounded-sm border px-1 text-[11px] leading-[14px] whitespace-nowrap"
        style={{
          left: label.x,
          top: pane.top + label.y,
          width: label.width,
          height: label.height,
          font: LABEL_FONT,
          lineHeight: '14px',
          color: isSupport ? chartColors.up : chartColors.downText,
          borderColor: isSupport ? chartColors.support : chartColors.resistance,
          background: chartColors.background,
        }}
      >
        {texts[index]}
      </div>
    );
  });
}

import type { EquityPoint } from '@farol/contract';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatPercent, formatWholePercent } from '../../../lib/format.ts';
import { niceTicks } from '../../../lib/nice-ticks.ts';

const DEFAULT_WIDTH = 720;
const HEIGHT = 260;
const PAD = { top: 14, right: 14, bottom: 28, left: 66 };

/** The element's width in CSS pixels, followed as it changes: the chart draws in pixels, so text keeps its size. */
function useWidth<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(DEFAULT_WIDTH);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry && entry.contentRect.width > 0) setWidth(Math.round(entry.contentRect.width));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width] as const;
}

/** Round percentages of change (−10%, 0%, +10%…) as ticks, and the axis spanning exactly those ticks. */
function valueAxis(points: EquityPoint[]) {
  const changes = points
    .flatMap((point) => [point.strategy - 1, point.buyAndHold - 1, 0])
    .map((change) => change * 100);
  const tickChanges = niceTicks(Math.min(...changes), Math.max(...changes));
  const low = 1 + tickChanges[0]! / 100;
  const high = 1 + tickChanges.at(-1)! / 100;
  return { tickChanges, low, span: high - low || 1 };
}

/** A tick as a signed percentage, whole when the step is whole ("+25%"), else with the decimals it needs. */
function tickLabel(change: number, ticks: number[]): string {
  const step = ticks.length > 1 ? ticks[1]! - ticks[0]! : 1;
  if (!Number.isInteger(step)) return formatPercent(change, { signed: true });
  return `${change > 0 ? '+' : ''}${formatWholePercent(change)}`;
}

const series = [
  { key: 'strategy', className: 'stroke-primary', swatch: 'bg-primary' },
  { key: 'buyAndHold', className: 'stroke-muted-foreground', swatch: 'bg-muted-foreground' },
] as const;

/**
 * Equity of following the signals against holding (1 = start), as a plain SVG: two lines, a zero line
 * and round percentage ticks, drawn at the box's own width so labels keep their size at 390 px and on a desktop.
 */
export function EquityChart({ points, label }: { points: EquityPoint[]; label: string }) {
  const { t } = useTranslation('marketing');
  const [boxRef, WIDTH] = useWidth<HTMLDivElement>();
  if (points.length < 2) return null;
  const { tickChanges, low, span } = valueAxis(points);
  const x = (index: number) => PAD.left + (index / (points.length - 1)) * (WIDTH - PAD.left - PAD.right);
  const y = (value: number) => PAD.top + (1 - (value - low) / span) * (HEIGHT - PAD.top - PAD.bottom);
  const path = (key: 'strategy' | 'buyAndHold') =>
    points.map((point, i) => `${i ? 'L' : 'M'}${x(i).toFixed(1)},${y(point[key]).toFixed(1)}`).join('');
  return (
    <figure className="flex flex-col gap-3">
      <div ref={boxRef} className="w-full">
        <svg
          viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
          width={WIDTH}
          height={HEIGHT}
          role="img"
          aria-label={label}
          className="block max-w-full rounded-xl border border-border bg-card"
        >
          {tickChanges.map((change) => (
            <g key={change}>
              <line
                x1={PAD.left}
                x2={WIDTH - PAD.right}
                y1={y(1 + change / 100)}
                y2={y(1 + change / 100)}
                className="stroke-border"
                strokeWidth={1}
              />
              <text
                x={PAD.left - 6}
                y={y(1 + change / 100) + 4}
                textAnchor="end"
                className="fill-muted-foreground text-[11px]"
              >
                {tickLabel(change, tickChanges)}
              </text>
            </g>
          ))}
          <line
            x1={PAD.left}
            x2={WIDTH - PAD.right}
            y1={y(1)}
            y2={y(1)}
            className="stroke-muted-foreground"
            strokeDasharray="4 4"
            strokeWidth={1}
          />
          {series.map(({ key, className }) => (
            <path key={key} d={path(key)} fill="none" strokeWidth={2} className={className} />
          ))}
          <text x={PAD.left} y={HEIGHT - 8} className="fill-muted-foreground text-[11px]">
            {formatDate(points[0]!.time)}
          </text>
          <text
            x={WIDTH - PAD.right}
            y={HEIGHT - 8}
            textAnchor="end"
            className="fill-muted-foreground text-[11px]"
          >
            {formatDate(points.at(-1)!.time)}
          </text>
        </svg>
      </div>
      <figcaption className="flex flex-wrap gap-4 text-sm text-muted-foreground">
        {series.map(({ key, swatch }) => (
          <span key={key} className="inline-flex items-center gap-2">
            <span aria-hidden="true" className={`h-0.5 w-5 ${swatch}`} />
            {t(`trackRecord.equity.${key}`)}
          </span>
        ))}
      </figcaption>
    </figure>
  );
}

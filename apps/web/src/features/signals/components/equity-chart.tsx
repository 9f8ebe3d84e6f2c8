import type { EquityPoint } from '@farol/contract';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatPercent } from '../../../lib/format.ts';

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

const series = [
  { key: 'strategy', className: 'stroke-primary', swatch: 'bg-primary' },
  { key: 'buyAndHold', className: 'stroke-muted-foreground', swatch: 'bg-muted-foreground' },
] as const;

/**
 * Equity of following the signals against holding (1 = start), as a plain SVG: two lines, a zero line
 * and four value ticks, drawn at the box's own width so labels keep their size at 390 px and on a desktop.
 */
export function EquityChart({ points, label }: { points: EquityPoint[]; label: string }) {
  const { t } = useTranslation('marketing');
  const [boxRef, WIDTH] = useWidth<HTMLDivElement>();
  if (points.length < 2) return null;
  const values = points.flatMap((point) => [point.strategy, point.buyAndHold, 1]);
  const low = Math.min(...values);
  const high = Math.max(...values);
  const span = high - low || 1;
  const x = (index: number) => PAD.left + (index / (points.length - 1)) * (WIDTH - PAD.left - PAD.right);
  const y = (value: number) => PAD.top + (1 - (value - low) / span) * (HEIGHT - PAD.top - PAD.bottom);
  const path = (key: 'strategy' | 'buyAndHold') =>
    points.map((point, i) => `${i ? 'L' : 'M'}${x(i).toFixed(1)},${y(point[key]).toFixed(1)}`).join('');
  const ticks = [0, 1, 2, 3].map((step) => low + (span * step) / 3);
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
          {ticks.map((tick) => (
            <g key={tick}>
              <line
                x1={PAD.left}
                x2={WIDTH - PAD.right}
                y1={y(tick)}
                y2={y(tick)}
                className="stroke-border"
                strokeWidth={1}
              />
              <text
                x={PAD.left - 6}
                y={y(tick) + 4}
                textAnchor="end"
                className="fill-muted-foreground text-[11px]"
              >
                {formatPercent((tick - 1) * 100, { signed: true })}
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

import { cn } from '../../../lib/cn.ts';

const WIDTH = 100;
const HEIGHT = 32;
const PADDING = 2;

/** The SVG path through the prices, scaled to the box (the lowest price at the bottom). */
export function sparklinePath(prices: readonly number[], width = WIDTH, height = HEIGHT): string {
  const low = Math.min(...prices);
  const high = Math.max(...prices);
  const range = high - low || 1;
  const stepX = width / (prices.length - 1);
  return prices
    .map((price, index) => {
      const x = index * stepX;
      const y = PADDING + (1 - (price - low) / range) * (height - 2 * PADDING);
      return `${index === 0 ? 'M' : 'L'}${x.toFixed(1)},${y.toFixed(1)}`;
    })
    .join(' ');
}

/**
 * The 7-day price line of a row: decorative (aria-hidden), the 7 d change is written as text in its
 * column; green when the week went up, red when down, grey when the change is unknown.
 */
export function CoinSparkline({
  prices,
  change7d,
  className,
}: {
  prices: readonly number[] | null;
  change7d: number | null;
  className?: string;
}) {
  if (!prices || prices.length < 2)
    return (
      <span aria-hidden="true" className="text-muted-foreground">
        —
      </span>
    );
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      data-testid="sparkline"
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      preserveAspectRatio="none"
      className={cn(
        'h-8 w-full',
        change7d === null ? 'text-muted-foreground' : change7d >= 0 ? 'text-success' : 'text-danger',
        className,
      )}
    >
      <path
        d={sparklinePath(prices)}
        fill="none"
        stroke="currentColor"
        strokeWidth={1.5}
        vectorEffect="non-scaling-stroke"
        strokeLinejoin="round"
      />
    </svg>
  );
}

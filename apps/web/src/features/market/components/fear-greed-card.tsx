import { Gauge } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format.ts';
import { useFearGreedQuery } from '../api/market-api.ts';
import { MarketWidgetCard } from './market-widget-card.tsx';

type Band = {
  upTo: number;
  key: 'extremeFear' | 'fear' | 'neutral' | 'greed' | 'extremeGreed';
  color: string;
};

// Up to 25, up to 45, up to 55, up to 75, above; red through green.
export const fearGreedBands: readonly Band[] = [
  { upTo: 25, key: 'extremeFear', color: '#ef4444' },
  { upTo: 45, key: 'fear', color: '#f97316' },
  { upTo: 55, key: 'neutral', color: '#eab308' },
  { upTo: 75, key: 'greed', color: '#84cc16' },
  { upTo: 100, key: 'extremeGreed', color: '#22c55e' },
];

export function fearGreedBand(value: number): Band {
  return fearGreedBands.find((band) => value <= band.upTo) ?? fearGreedBands[fearGreedBands.length - 1]!;
}

export function FearGreedCard() {
  const { t } = useTranslation('dashboard');
  return (
    <MarketWidgetCard icon={Gauge} title={t('fearGreed.title')} query={useFearGreedQuery()}>
      {(answer) => <FearGreedGauge value={answer.data.value} timestamp={answer.data.timestamp} />}
    </MarketWidgetCard>
  );
}

function FearGreedGauge({ value, timestamp }: { value: number; timestamp: number }) {
  const { t } = useTranslation('dashboard');
  const band = fearGreedBand(value);
  const label = t(`fearGreed.bands.${band.key}`);
  // Needle angle on the half circle: 0 points left (extreme fear), 100 points right (extreme greed).
  const angle = Math.PI * (1 - value / 100);
  const needle = { x: 60 + 42 * Math.cos(angle), y: 60 - 42 * Math.sin(angle) };
  return (
    <div className="flex flex-col items-center gap-2">
      <svg
        viewBox="0 0 120 68"
        className="w-full max-w-56"
        role="meter"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={value}
        aria-valuetext={`${value} ${label}`}
        aria-label={t('fearGreed.title')}
      >
        {fearGreedBands.map((item, index) => {
          const from = index === 0 ? 0 : fearGreedBands[index - 1]!.upTo;
          return (
            <path
              key={item.key}
              d={arcPath(from, item.upTo)}
              stroke={item.color}
              strokeWidth="9"
              fill="none"
              opacity={item === band ? 1 : 0.3}
            />
          );
        })}
        <line
          x1="60"
          y1="60"
          x2={needle.x}
          y2={needle.y}
          stroke="currentColor"
          strokeWidth="2.5"
          strokeLinecap="round"
        />
        <circle cx="60" cy="60" r="4" fill="currentColor" />
      </svg>
      {/* a figure, not a heading: a span keeps it out of the document outline */}
      <span className="text-4xl font-semibold tabular-nums" style={{ color: band.color }}>
        {value}
      </span>
      <p className="font-medium">{label}</p>
      <p className="text-xs text-muted-foreground">
        {t('widgets.updatedAt', { date: formatDateTime(timestamp * 1000) })}
      </p>
    </div>
  );
}

/** SVG arc of the gauge between two scale values (0-100), radius 50 around (60, 60). */
function arcPath(from: number, to: number): string {
  const point = (scale: number) => {
    const angle = Math.PI * (1 - scale / 100);
    return `${(60 + 50 * Math.cos(angle)).toFixed(2)} ${(60 - 50 * Math.sin(angle)).toFixed(2)}`;
  };
  return `M ${point(from)} A 50 50 0 0 1 ${point(to)}`;
}

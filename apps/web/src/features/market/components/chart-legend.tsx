import type { CSSProperties, ReactNode, Ref } from 'react';
import { useTranslation } from 'react-i18next';
import {
  formatChartPrice,
  formatCompact,
  formatMacd,
  formatPercent,
  formatRsi,
} from '../../../lib/format.ts';
import { chartColors } from './chart-engine.ts';
import {
  BBANDS,
  MACD_PERIODS,
  RSI_PERIOD,
  valueAt,
  type IndicatorChoice,
  type Studies,
} from './chart-indicators.ts';
import type { CandleReadout } from './chart-view.ts';

// Legends are small text at the top of their pane, never boxes over the data: the chart's background shows
// through, and a price scale margin keeps the candles under them.
const legendClass =
  'pointer-events-none absolute left-1 z-10 flex flex-wrap items-baseline gap-x-2 text-[11px] leading-4 tabular-nums';

function Value({ color, children }: { color?: string; children: ReactNode }) {
  return (
    <span className="whitespace-nowrap" style={color ? { color } : undefined}>
      {children}
    </span>
  );
}

function Field({ label, title, children }: { label: string; title: string; children: ReactNode }) {
  return (
    <span className="whitespace-nowrap">
      <abbr title={title} className="text-[#94a0b8] no-underline">
        {label}
      </abbr>{' '}
      <span className="text-[#e2e8f0]">{children}</span>
    </span>
  );
}

const studyText = (value: number | null, format: (value: number) => string) =>
  value === null ? '–' : format(value);

function OverlayValues({
  studies,
  index,
  choice,
  digits,
}: {
  studies: Studies;
  index: number;
  choice: IndicatorChoice;
  digits: number;
}) {
  const { t } = useTranslation('dashboard');
  const price = (value: number) => formatChartPrice(value, digits);
  const bands = [studies.bbands.upper, studies.bbands.middle, studies.bbands.lower].map((values) =>
    studyText(valueAt(values, index), price),
  );
  return (
    <>
      {choice.ema50 && (
        <Value color={chartColors.ema50}>
          {t('chartControls.legend.ema', { period: 50 })} {studyText(valueAt(studies.ema50, index), price)}
        </Value>
      )}
      {choice.ema200 && (
        <Value color={chartColors.ema200}>
          {t('chartControls.legend.ema', { period: 200 })} {studyText(valueAt(studies.ema200, index), price)}
        </Value>
      )}
      {choice.bbands && (
        <Value color={chartColors.bbands}>
          {t('chartControls.legend.bbands', BBANDS)} {bands.join(' · ')}
        </Value>
      )}
    </>
  );
}

/** The read-out at the top of the price pane: the candle under the crosshair (or tapped, or the latest). */
export function PriceLegend({
  readout,
  time,
  studies,
  index,
  choice,
  digits,
  top,
  maxWidth,
  legendRef,
}: {
  readout: CandleReadout;
  time: string;
  studies: Studies;
  index: number;
  choice: IndicatorChoice;
  digits: number;
  top: number;
  maxWidth: number;
  legendRef: Ref<HTMLDivElement>;
}) {
  const { t } = useTranslation('dashboard');
  const price = (value: number) => formatChartPrice(value, digits);
  const changeColor = readout.changePercent >= 0 ? chartColors.up : chartColors.downText;
  const field = (key: 'open' | 'high' | 'low' | 'close') => (
    <Field label={t(`chartControls.readout.${key}Short`)} title={t(`chartControls.readout.${key}`)}>
      {price(readout[key])}
    </Field>
  );
  return (
    <div ref={legendRef} data-chart-legend="price" className={legendClass} style={{ top: top + 2, maxWidth }}>
      <Value color={chartColors.text}>
        <time dateTime={new Date(readout.time * 1000).toISOString()}>{time}</time>
      </Value>
      {field('open')}
      {field('high')}
      {field('low')}
      {field('close')}
      <Value color={changeColor}>{formatPercent(readout.changePercent, { signed: true })}</Value>
      <Field label={t('chartControls.readout.volumeShort')} title={t('chartControls.readout.volume')}>
        {formatCompact(readout.volume)}
      </Field>
      <OverlayValues studies={studies} index={index} choice={choice} digits={digits} />
    </div>
  );
}

/** "RSI 14 · 37,6" or "MACD 12 26 9 · line · signal · histogram" at the top of the study's own pane. */
export function StudyLegend({
  study,
  studies,
  index,
  isCompact,
  style,
}: {
  study: 'rsi' | 'macd';
  studies: Studies;
  index: number;
  /** A phone's width: MACD without its periods, so its three values fit one line. */
  isCompact: boolean;
  /** Its place: the top of its pane, no wider than the plotting area. */
  style: CSSProperties;
}) {
  const { t } = useTranslation('dashboard');
  if (study === 'rsi') {
    return (
      <div data-chart-legend="rsi" className={legendClass} style={style}>
        <Value color={chartColors.rsi}>
          {t('chartControls.legend.rsi', { period: RSI_PERIOD })} ·{' '}
          {studyText(valueAt(studies.rsi, index), (value) => formatRsi(value))}
        </Value>
      </div>
    );
  }
  const macd = (values: Float64Array) => studyText(valueAt(values, index), (value) => formatMacd(value));
  const histogram = valueAt(studies.macd.histogram, index);
  return (
    <div data-chart-legend="macd" className={legendClass} style={style}>
      <Value color={chartColors.macd}>
        {isCompact ? t('chartControls.legend.macdShort') : t('chartControls.legend.macd', MACD_PERIODS)} ·{' '}
        {macd(studies.macd.macd)}
      </Value>
      <Value color={chartColors.signal}>{macd(studies.macd.signal)}</Value>
      <Value color={histogram !== null && histogram < 0 ? chartColors.downText : chartColors.up}>
        {macd(studies.macd.histogram)}
      </Value>
    </div>
  );
}

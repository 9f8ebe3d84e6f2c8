import type { TrackRecord } from '@farol/contract';
import { useTranslation } from 'react-i18next';
import { formatDate, formatNumber, formatPercent, formatUtcDate } from '../../../lib/format.ts';

// What the public pages say next to every figure of the record: the window and coins it was measured on (and
// whether the engine had been tuned on them), the expected ranges' coverage and the confidence calibration.

export type FigureWindow = {
  from: string;
  to: string;
  coins: string[];
  kind: 'validation' | 'overlapsTuning' | 'live';
};

export const backtestWindowOf = (record: TrackRecord): FigureWindow => ({
  from: record.backtest.from,
  to: record.backtest.to,
  coins: record.backtest.symbols,
  kind: record.backtest.overlapsTuning ? 'overlapsTuning' : 'validation',
});

/** The window of the record the page leads with (the live one once it covers 30 days). */
export const leadingWindowOf = (record: TrackRecord): FigureWindow =>
  record.primary === 'live' && record.live.from !== null && record.live.to !== null
    ? { from: record.live.from, to: record.live.to, coins: record.live.coins, kind: 'live' }
    : backtestWindowOf(record);

export function FigureWindowNote({ window }: { window: FigureWindow }) {
  const { t } = useTranslation('marketing');
  return (
    <p className="max-w-3xl text-sm text-muted-foreground">
      {t(`trackRecord.window.${window.kind}`, {
        // a backtest's window is counted in UTC days; the live record's in the reader's
        from: window.kind === 'live' ? formatDate(window.from) : formatUtcDate(window.from),
        to: window.kind === 'live' ? formatDate(window.to) : formatUtcDate(window.to),
        coins: window.coins.join(', '),
      })}
    </p>
  );
}

/** "The 80% ranges held 78.0% (24 h) and 80.1% (7 d)": null when the published test has no ranges. */
export function RangesCoverageLine({ record }: { record: TrackRecord }) {
  const { t } = useTranslation('marketing');
  const measured = (record.backtest.ranges ?? []).filter((range) => range.coverage !== null);
  if (measured.length === 0) return null;
  const horizons = measured
    .map((range) =>
      t('trackRecord.rangesLineItem', {
        coverage: formatPercent(range.coverage! * 100),
        horizon:
          range.horizonHours % 24 === 0 && range.horizonHours > 24
            ? t('trackRecord.rangesDays', { count: range.horizonHours / 24 })
            : t('trackRecord.rangesHours', { count: range.horizonHours }),
      }),
    )
    .join('; ');
  return (
    <p className="max-w-3xl text-sm text-muted-foreground">
      {t('trackRecord.rangesLine', { nominal: formatPercent(measured[0]!.nominal * 100), horizons })}
    </p>
  );
}

/** Stated confidence against how often it was right, bin by bin, in one line. */
export function CalibrationLine({ calibration }: { calibration: TrackRecord['live']['calibration'] }) {
  const { t } = useTranslation('marketing');
  const used = calibration.filter((bucket) => bucket.count > 0 && bucket.hitRate !== null);
  if (used.length === 0) return null;
  const bins = used
    .map((bucket) =>
      t('trackRecord.calibrationLineItem', {
        stated: formatNumber(bucket.meanConfidence ?? 0, 0),
        realised: formatPercent(bucket.hitRate! * 100),
        count: bucket.count,
      }),
    )
    .join('; ');
  return (
    <p className="max-w-3xl text-sm text-muted-foreground">{t('trackRecord.calibrationLine', { bins })}</p>
  );
}

import type {
  CalibrationBucket,
  HorizonResult,
  PerformanceSummary,
  RangeMeasure,
  TrackRecord,
} from '@farol/contract';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '../components/ui/alert.tsx';
import { Button } from '../components/ui/button.tsx';
import { EmptyState } from '../components/ui/empty-state.tsx';
import { PageContainer } from '../components/ui/page-container.tsx';
import { QueryState } from '../components/ui/query-state.tsx';
import { ChoiceGroup } from '../components/ui/toggle-group.tsx';
import { CallToAction, PageIntro, PageSection } from '../features/marketing/components/page-intro.tsx';
import { ScrollingTable } from '../features/marketing/components/scrolling-table.tsx';
import { usePageMeta } from '../features/marketing/hooks/use-page-meta.ts';
import { useTrackRecordQuery } from '../features/signals/api/track-record-api.ts';
import { EquityChart } from '../features/signals/components/equity-chart.tsx';
import {
  backtestWindowOf,
  FigureWindowNote,
  leadingWindowOf,
  type FigureWindow,
} from '../features/signals/components/record-facts.tsx';
import { SignalBadge } from '../features/signals/components/signal-badge.tsx';
import { formatDate, formatNumber, formatPercent, formatUtcDate, formatWholePercent } from '../lib/format.ts';
import { loadNamespaces } from '../lib/i18n.ts';
import { useMediaQuery, WIDE_SCREEN_QUERY } from '../lib/use-media-query.ts';

await loadNamespaces('marketing', 'signals');

/** A ratio (0.512) as a percentage with two decimals, a dash where there is nothing to measure. */
const ratio = (value: number | null, signed = false) =>
  value === null ? '—' : formatPercent(value * 100, { signed });

/** A ratio as a whole percentage (0.5427 -> "54%"): what a phone's card shows, the table keeps the decimals. */
const wholeRatio = (value: number | null) => (value === null ? '—' : formatWholePercent(value * 100));

type Measures = TrackRecord['live'] | TrackRecord['backtest'];

/** The public record of the signals: the live one once it covers 30 days, the backtest (labelled so) before. */
export function TrackRecordPage() {
  const { t } = useTranslation('marketing');
  usePageMeta({ title: t('trackRecord.meta.title'), description: t('trackRecord.meta.description') });
  // ?engineVersion=2.1.0 shows the live record of the signals that version gave (a shareable address)
  const [searchParams, setSearchParams] = useSearchParams();
  const engineVersion = searchParams.get('engineVersion') ?? undefined;
  const query = useTrackRecordQuery(engineVersion);
  const chooseVersion = (version: string | undefined) =>
    setSearchParams(version ? { engineVersion: version } : {}, { replace: true });
  return (
    <PageContainer className="flex flex-col gap-12">
      <PageIntro title={t('trackRecord.title')} lead={t('trackRecord.lead')} />
      <QueryState query={query} errorTitle={t('trackRecord.error')}>
        {(record) => <TrackRecordBody record={record} onChooseVersion={chooseVersion} />}
      </QueryState>
      <CallToAction title={t('trackRecord.ctaTitle')}>
        <Button asChild>
          <Link to="/trading-signals">{t('trackRecord.ctaMethod')}</Link>
        </Button>
        <Button asChild variant="outline">
          <Link to="/pricing">{t('trackRecord.ctaPricing')}</Link>
        </Button>
      </CallToAction>
    </PageContainer>
  );
}

type ChooseVersion = (version: string | undefined) => void;

function TrackRecordBody({
  record,
  onChooseVersion,
}: {
  record: TrackRecord;
  onChooseVersion: ChooseVersion;
}) {
  const { t } = useTranslation('marketing');
  const shown: Measures = record[record.primary];
  const isBacktest = record.primary === 'backtest';
  const window = leadingWindowOf(record);
  return (
    <>
      <VersionChoice record={record} onChoose={onChooseVersion} />
      <Alert
        variant={isBacktest ? 'warning' : 'info'}
        title={isBacktest ? t('trackRecord.backtestTitle') : t('trackRecord.liveTitle')}
      >
        {isBacktest
          ? t('trackRecord.backtestBody', {
              symbols: record.backtest.symbols.join(', '),
              from: formatUtcDate(record.backtest.from),
              to: formatUtcDate(record.backtest.to),
              step: record.backtest.stepHours,
              version: record.backtest.engineVersion,
              days: record.minimumLiveDays,
            }) +
            ' ' +
            t(
              record.backtest.overlapsTuning
                ? 'trackRecord.windowOverlapsTuning'
                : 'trackRecord.windowValidation',
            )
          : t('trackRecord.liveBody', {
              coins: record.live.coins.join(', '),
              from: formatDate(record.live.from!),
              to: formatDate(record.live.to!),
              signals: record.live.signals,
            })}
      </Alert>
      {isBacktest ? <LiveSoFar record={record} /> : null}
      <HitRateSection horizons={shown.horizons} window={window} />
      <RangesSection record={record} />
      <CalibrationSection buckets={shown.calibration} window={window} />
      <EquitySection measures={shown} fee={record.feePerTradePercent} window={window} />
      <p className="max-w-3xl text-sm text-muted-foreground">{t('trackRecord.disclaimer')}</p>
    </>
  );
}

/** While the backtest leads: how far the live record has come, or that it has not started. */
function LiveSoFar({ record }: { record: TrackRecord }) {
  const { t } = useTranslation('marketing');
  const { live } = record;
  return (
    <PageSection title={t('trackRecord.liveSoFarTitle')}>
      {live.signals === 0 ? (
        <EmptyState
          title={t('trackRecord.liveEmptyTitle')}
          description={t('trackRecord.liveEmptyBody', { days: record.minimumLiveDays })}
        />
      ) : (
        <p className="max-w-3xl text-muted-foreground">
          {t('trackRecord.liveSoFar', {
            count: live.signals,
            coins: live.coins.length,
            from: formatDate(live.from!),
            to: formatDate(live.to!),
            days: formatNumber(live.days, 1),
            needed: record.minimumLiveDays,
          })}
        </p>
      )}
    </PageSection>
  );
}

/** Hit rate per class at a chosen horizon, with its interval, against shuffled signals and always long. */
/** The live record of one engine version, or of all: every stored signal names the version that gave it. */
function VersionChoice({ record, onChoose }: { record: TrackRecord; onChoose: ChooseVersion }) {
  const { t } = useTranslation('marketing');
  const id = useId();
  const versions = record.live.engineVersions;
  const chosen = record.live.engineVersion;
  if (versions.length === 0 && chosen === null) return null;
  const options = chosen !== null && !versions.includes(chosen) ? [...versions, chosen] : versions;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {t('trackRecord.versionLabel')}
      </label>
      <select
        id={id}
        value={chosen ?? ''}
        onChange={(event) => onChoose(event.target.value || undefined)}
        className="h-9 w-full max-w-xs rounded-md border border-input bg-background px-3 text-sm focus-visible:outline-2 focus-visible:outline-ring"
      >
        <option value="">{t('trackRecord.versionAll')}</option>
        {options.map((version) => (
          <option key={version} value={version}>
            {t('trackRecord.versionName', { version })}
          </option>
        ))}
      </select>
      <p className="text-sm text-muted-foreground">
        {t('trackRecord.versionNote', { version: record.backtest.engineVersion })}
      </p>
    </div>
  );
}

/** The expected ranges' coverage beside the hit rates: do the "8 times in 10" ranges hold 8 times in 10? */
function RangesSection({ record }: { record: TrackRecord }) {
  const { t } = useTranslation('marketing');
  const ranges: RangeMeasure[] = (record.backtest.ranges ?? []).filter((range) => range.count > 0);
  const window = backtestWindowOf(record);
  return (
    <PageSection title={t('trackRecord.rangesTitle')}>
      <p className="max-w-3xl text-muted-foreground">{t('trackRecord.rangesLead')}</p>
      {ranges.length === 0 ? (
        <EmptyState title={t('trackRecord.rangesEmpty')} />
      ) : (
        <ScrollingTable
          caption={t('trackRecord.rangesCaption')}
          minWidthClassName="min-w-[340px]"
          columns={(['horizon', 'nominal', 'coverage', 'width', 'baseline'] as const).map((column) => ({
            label: t(`trackRecord.rangesColumns.${column}`),
            numeric: column !== 'horizon',
          }))}
        >
          {ranges.map((range) => (
            <tr key={range.horizonHours}>
              <th scope="row" className="px-4 py-3 text-left font-medium">
                {range.horizonHours % 24 === 0 && range.horizonHours > 24
                  ? t('trackRecord.rangesDays', { count: range.horizonHours / 24 })
                  : t('trackRecord.rangesHours', { count: range.horizonHours })}
              </th>
              <td className="px-4 py-3 text-right">{ratio(range.nominal)}</td>
              <td className="px-4 py-3 text-right font-semibold">{ratio(range.coverage)}</td>
              <td className="px-4 py-3 text-right">
                {range.meanWidthPct === null ? '—' : formatPercent(range.meanWidthPct)}
              </td>
              <td className="px-4 py-3 text-right text-muted-foreground">
                {range.baselineMeanWidthPct === null ? '—' : formatPercent(range.baselineMeanWidthPct)}
              </td>
            </tr>
          ))}
        </ScrollingTable>
      )}
      <FigureWindowNote window={window} />
    </PageSection>
  );
}

function HitRateSection({ horizons, window }: { horizons: HorizonResult[]; window: FigureWindow }) {
  const { t } = useTranslation('marketing');
  const labels = horizons.map((horizon) => horizon.label);
  const [label, setLabel] = useState(labels[0] ?? '24 h');
  const horizon = horizons.find((candidate) => candidate.label === label) ?? horizons[0];
  // a phone reads one card per class; the six-column table only fits from the `sm` width on
  const isWide = useMediaQuery(WIDE_SCREEN_QUERY);
  if (!horizon) return null;
  return (
    <PageSection title={t('trackRecord.hitTitle')}>
      <ChoiceGroup
        value={label}
        options={labels}
        onChange={setLabel}
        label={t('trackRecord.horizon')}
        optionLabel={(option) => t('trackRecord.horizonName', { horizon: option })}
      />
      {isWide ? (
        <ScrollingTable
          caption={t('trackRecord.hitCaption', { horizon: horizon.label })}
          columns={(['signal', 'count', 'hitRate', 'interval', 'shuffled', 'meanReturn'] as const).map(
            (column) => ({ label: t(`trackRecord.columns.${column}`), numeric: column !== 'signal' }),
          )}
        >
          {horizon.classes.map((row) => (
            <tr key={row.signal}>
              <th scope="row" className="px-4 py-3 text-left font-medium">
                <SignalBadge signal={row.signal} />
              </th>
              <td className="px-4 py-3 text-right">{row.count}</td>
              <td className="px-4 py-3 text-right font-semibold">{ratio(row.hitRate)}</td>
              <td className="px-4 py-3 text-right text-muted-foreground">
                {row.hitRateLow === null ? '—' : `${ratio(row.hitRateLow)} – ${ratio(row.hitRateHigh)}`}
              </td>
              <td className="px-4 py-3 text-right text-muted-foreground">{ratio(row.shuffledHitRate)}</td>
              <td className="px-4 py-3 text-right">{ratio(row.meanReturn, true)}</td>
            </tr>
          ))}
          <tr>
            <th scope="row" className="px-4 py-3 text-left font-medium">
              {t('trackRecord.alwaysLong')}
            </th>
            <td className="px-4 py-3 text-right">{horizon.alwaysLong.count}</td>
            <td className="px-4 py-3 text-right font-semibold">
              {horizon.alwaysLong.count ? ratio(horizon.alwaysLong.hitRate) : '—'}
            </td>
            <td className="px-4 py-3 text-right text-muted-foreground">—</td>
            <td className="px-4 py-3 text-right text-muted-foreground">—</td>
            <td className="px-4 py-3 text-right">
              {horizon.alwaysLong.count ? ratio(horizon.alwaysLong.meanReturn, true) : '—'}
            </td>
          </tr>
        </ScrollingTable>
      ) : (
        <HitRateCards horizon={horizon} />
      )}
      <p className="max-w-3xl text-sm text-muted-foreground">{t('trackRecord.hitNote')}</p>
      <FigureWindowNote window={window} />
    </PageSection>
  );
}

/** The hit-rate table as one card per signal class (and always long), with whole percentages. */
function HitRateCards({ horizon }: { horizon: HorizonResult }) {
  const { t } = useTranslation('marketing');
  const column = (name: 'hitRate' | 'count' | 'interval' | 'shuffled' | 'meanReturn') =>
    t(`trackRecord.columns.${name}`);
  const cards = [
    ...horizon.classes.map((row) => ({
      key: row.signal,
      title: <SignalBadge signal={row.signal} />,
      count: row.count,
      hitRate: wholeRatio(row.hitRate),
      interval:
        row.hitRateLow === null ? '—' : `${wholeRatio(row.hitRateLow)} – ${wholeRatio(row.hitRateHigh)}`,
      shuffled: wholeRatio(row.shuffledHitRate),
      meanReturn: ratio(row.meanReturn, true),
    })),
    {
      key: 'alwaysLong',
      title: <span className="font-medium">{t('trackRecord.alwaysLong')}</span>,
      count: horizon.alwaysLong.count,
      hitRate: horizon.alwaysLong.count ? wholeRatio(horizon.alwaysLong.hitRate) : '—',
      interval: '—',
      shuffled: '—',
      meanReturn: horizon.alwaysLong.count ? ratio(horizon.alwaysLong.meanReturn, true) : '—',
    },
  ];
  return (
    <ul aria-label={t('trackRecord.hitCaption', { horizon: horizon.label })} className="flex flex-col gap-3">
      {cards.map((card) => (
        <li key={card.key} className="flex flex-col gap-3 rounded-xl border border-border bg-card p-4">
          <div className="flex items-center justify-between gap-3">
            {card.title}
            <span className="flex flex-col items-end">
              <span className="text-xs text-muted-foreground">{column('hitRate')}</span>
              <span className="text-2xl font-semibold tabular-nums">{card.hitRate}</span>
            </span>
          </div>
          <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
            {(['count', 'interval', 'shuffled', 'meanReturn'] as const).map((name) => (
              <div key={name} className="flex flex-col gap-0.5">
                <dt className="text-muted-foreground">{column(name)}</dt>
                <dd className="font-medium tabular-nums">{card[name]}</dd>
              </div>
            ))}
          </dl>
        </li>
      ))}
    </ul>
  );
}

/** Stated confidence against how often such signals were right over 24 hours. */
function CalibrationSection({ buckets, window }: { buckets: CalibrationBucket[]; window: FigureWindow }) {
  const { t } = useTranslation('marketing');
  const used = buckets.filter((bucket) => bucket.count > 0);
  return (
    <PageSection title={t('trackRecord.calibrationTitle')}>
      <p className="max-w-3xl text-muted-foreground">{t('trackRecord.calibrationLead')}</p>
      {used.length === 0 ? (
        <EmptyState title={t('trackRecord.calibrationEmpty')} />
      ) : (
        <ScrollingTable
          caption={t('trackRecord.calibrationCaption')}
          minWidthClassName="min-w-[340px]"
          columns={(['stated', 'count', 'realised', 'interval'] as const).map((column) => ({
            label: t(`trackRecord.calibrationColumns.${column}`),
            numeric: column !== 'stated',
          }))}
        >
          {used.map((bucket) => (
            <tr key={bucket.from}>
              <th scope="row" className="px-4 py-3 text-left font-medium">
                {t('trackRecord.statedRange', {
                  from: bucket.from,
                  to: bucket.to,
                  mean: formatNumber(bucket.meanConfidence ?? 0, 0),
                })}
              </th>
              <td className="px-4 py-3 text-right">{bucket.count}</td>
              <td className="px-4 py-3 text-right font-semibold">{ratio(bucket.hitRate)}</td>
              <td className="px-4 py-3 text-right text-muted-foreground">
                {ratio(bucket.hitRateLow)} – {ratio(bucket.hitRateHigh)}
              </td>
            </tr>
          ))}
        </ScrollingTable>
      )}
      <FigureWindowNote window={window} />
    </PageSection>
  );
}

function SummaryCard({ title, summary }: { title: string; summary: PerformanceSummary }) {
  const { t } = useTranslation('marketing');
  const rows = [
    [t('trackRecord.sharpe'), summary.sharpe === null ? '—' : formatNumber(summary.sharpe, 2)],
    [t('trackRecord.maxDrawdown'), ratio(-summary.maxDrawdown)],
    [t('trackRecord.totalReturn'), ratio(summary.totalReturn, true)],
  ] as const;
  return (
    <div className="flex flex-col gap-3 rounded-xl border border-border bg-card p-4">
      <h3 className="font-medium">{title}</h3>
      <dl className="grid grid-cols-3 gap-2 text-sm">
        {rows.map(([term, value]) => (
          <div key={term} className="flex flex-col gap-0.5">
            <dt className="text-muted-foreground">{term}</dt>
            <dd className="text-lg font-semibold tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

/** Following the signals against holding, net of fees: the figures and the daily equity. */
function EquitySection({ measures, fee, window }: { measures: Measures; fee: number; window: FigureWindow }) {
  const { t } = useTranslation('marketing');
  const feeText = formatPercent(fee);
  return (
    <PageSection title={t('trackRecord.equityTitle')}>
      <p className="max-w-3xl text-muted-foreground">{t('trackRecord.equityLead', { fee: feeText })}</p>
      <div className="grid gap-4 sm:grid-cols-2">
        <SummaryCard title={t('trackRecord.equity.strategy')} summary={measures.strategy} />
        <SummaryCard title={t('trackRecord.equity.buyAndHold')} summary={measures.buyAndHold} />
      </div>
      {measures.equity.length < 2 ? (
        <p className="text-sm text-muted-foreground">{t('trackRecord.equityTooShort')}</p>
      ) : (
        <EquityChart points={measures.equity} label={t('trackRecord.equityChart')} />
      )}
      <FigureWindowNote window={window} />
    </PageSection>
  );
}

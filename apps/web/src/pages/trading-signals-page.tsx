import { MessageSquare } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { HorizonResult, TrackRecord } from '@farol/contract';
import { Button } from '../components/ui/button.tsx';
import { PageContainer } from '../components/ui/page-container.tsx';
import { QueryState } from '../components/ui/query-state.tsx';
import { CallToAction, PageIntro, PageSection } from '../features/marketing/components/page-intro.tsx';
import { ScrollingTable } from '../features/marketing/components/scrolling-table.tsx';
import { usePageMeta } from '../features/marketing/hooks/use-page-meta.ts';
import { useTrackRecordQuery } from '../features/signals/api/track-record-api.ts';
import {
  CalibrationLine,
  FigureWindowNote,
  leadingWindowOf,
  RangesCoverageLine,
} from '../features/signals/components/record-facts.tsx';
import { beatsChance, dayHorizonOf, leadingRecord } from '../features/signals/api/track-record-figures.ts';
import { SignalBadge } from '../features/signals/components/signal-badge.tsx';
import { loadNamespaces } from '../lib/i18n.ts';

await loadNamespaces('marketing', 'signals');

/** The page's number and date formats in the reader's language (dates in UTC, as the backtest ran). */
function backtestFormats(language: string) {
  const percent = (value: number | null, options: Intl.NumberFormatOptions = {}) =>
    value === null
      ? '—'
      : new Intl.NumberFormat(language, {
          style: 'percent',
          maximumFractionDigits: 1,
          minimumFractionDigits: 1,
          ...options,
        }).format(value);
  const signedPercent = (value: number | null) =>
    percent(value, { minimumFractionDigits: 2, maximumFractionDigits: 2, signDisplay: 'exceptZero' });
  const integer = new Intl.NumberFormat(language);
  const price = (value: number) =>
    new Intl.NumberFormat(language, {
      maximumFractionDigits: value < 10 ? 4 : 2,
      minimumFractionDigits: 2,
    }).format(value);
  const date = (iso: string) =>
    new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(iso));
  const dateTime = (iso: string) =>
    new Intl.DateTimeFormat(language, { dateStyle: 'short', timeStyle: 'short', timeZone: 'UTC' }).format(
      new Date(iso),
    );
  return { percent, signedPercent, integer, price, date, dateTime };
}

type BacktestFormats = ReturnType<typeof backtestFormats>;

export function TradingSignalsPage() {
  const { t, i18n } = useTranslation('marketing');
  usePageMeta({ title: t('tradingSignals.meta.title'), description: t('tradingSignals.meta.description') });
  const format = backtestFormats(i18n.language);
  // every figure about the signals' record comes from the track record (the one source of the public figures)
  const query = useTrackRecordQuery();

  return (
    <PageContainer className="flex flex-col gap-12">
      <PageIntro
        title={t('tradingSignals.title')}
        lead={t('tradingSignals.lead')}
        actions={
          <Button asChild size="lg">
            <Link to="/chat">
              <MessageSquare aria-hidden="true" />
              {t('tradingSignals.askChat')}
            </Link>
          </Button>
        }
      />
      <PageSection title={t('tradingSignals.howTitle')}>
        <p className="max-w-3xl leading-relaxed text-muted-foreground">{t('tradingSignals.howBody')}</p>
      </PageSection>
      <PageSection title={t('tradingSignals.classesTitle')}>
        <QueryState query={query} errorTitle={t('trackRecord.error')}>
          {(record) => (
            <>
              <DayClasses
                format={format}
                horizon={dayHorizonOf(leadingRecord(record).horizons)}
                isLive={record.primary === 'live'}
              />
              <FigureWindowNote window={leadingWindowOf(record)} />
              <CalibrationLine calibration={leadingRecord(record).calibration} />
              <RangesCoverageLine record={record} />
            </>
          )}
        </QueryState>
      </PageSection>
      {query.data ? (
        <>
          <ExampleSignalsSection format={format} examples={query.data.backtest.examples} />
          <MethodSection format={format} language={i18n.language} record={query.data} />
        </>
      ) : null}
      <CallToAction title={t('tradingSignals.ctaTitle')}>
        <Button asChild>
          <Link to="/chat">{t('tradingSignals.ctaChat')}</Link>
        </Button>
        <Button asChild variant="outline">
          <Link to="/pricing">{t('tradingSignals.ctaPricing')}</Link>
        </Button>
      </CallToAction>
    </PageContainer>
  );
}

/**
 * Hit rate per signal class at the one-day horizon, against chance and always-long, with the verdict: the
 * live record once it covers 30 days, the published backtest until then.
 */
function DayClasses({
  format,
  horizon,
  isLive,
}: {
  format: BacktestFormats;
  horizon: HorizonResult;
  isLive: boolean;
}) {
  const { t } = useTranslation('marketing');
  const { percent, signedPercent, integer } = format;
  return (
    <>
      <p className="text-sm text-muted-foreground">
        {isLive ? t('tradingSignals.sourceLive') : t('tradingSignals.sourceBacktest')}{' '}
        <Link to="/track-record" className="font-medium text-primary underline-offset-4 hover:underline">
          {t('tradingSignals.trackRecordLink')}
        </Link>
      </p>
      <ScrollingTable
        caption={t('tradingSignals.classesCaption')}
        columns={(['signal', 'count', 'hitRate', 'interval', 'shuffled', 'tradeReturn'] as const).map(
          (column) => ({
            label: t(`tradingSignals.columns.${column}`),
            numeric: column !== 'signal',
          }),
        )}
      >
        {horizon.classes.map((row) => (
          <tr key={row.signal}>
            <th scope="row" className="px-4 py-3 text-left font-medium">
              <SignalBadge signal={row.signal} />
            </th>
            <td className="px-4 py-3 text-right">{integer.format(row.count)}</td>
            <td className="px-4 py-3 text-right font-semibold">{percent(row.hitRate)}</td>
            <td className="px-4 py-3 text-right text-muted-foreground">
              {percent(row.hitRateLow)} – {percent(row.hitRateHigh)}
            </td>
            <td className="px-4 py-3 text-right text-muted-foreground">{percent(row.shuffledHitRate)}</td>
            <td className="px-4 py-3 text-right">{signedPercent(row.meanTradeReturnAfterFees)}</td>
          </tr>
        ))}
      </ScrollingTable>
      <p className="text-sm text-muted-foreground">
        {t('tradingSignals.alwaysLong', { value: percent(horizon.alwaysLong.hitRate) })}
      </p>
      <p className="max-w-3xl text-sm font-medium">
        {horizon.classes.some(beatsChance)
          ? t('tradingSignals.verdictEdge')
          : t('tradingSignals.verdictNoEdge')}
      </p>
    </>
  );
}

/** Sample signals from the backtest with the price a day later. */
function ExampleSignalsSection({
  format,
  examples,
}: {
  format: BacktestFormats;
  examples: TrackRecord['backtest']['examples'];
}) {
  const { t } = useTranslation('marketing');
  const { signedPercent, price, dateTime } = format;
  return (
    <PageSection title={t('tradingSignals.examplesTitle')}>
      <ScrollingTable
        caption={t('tradingSignals.examplesCaption')}
        columns={(['time', 'pair', 'signal', 'price', 'after', 'change'] as const).map((column) => ({
          label: t(`tradingSignals.exampleColumns.${column}`),
          numeric: ['price', 'after', 'change'].includes(column),
        }))}
      >
        {examples.map((example) => (
          <tr key={`${example.symbol}-${example.time}`}>
            <td className="px-4 py-3 text-muted-foreground">{dateTime(example.time)}</td>
            <th scope="row" className="px-4 py-3 text-left font-medium">
              {example.symbol}/USDT
            </th>
            <td className="px-4 py-3">
              <SignalBadge signal={example.signal} />
            </td>
            <td className="px-4 py-3 text-right">{price(example.price)}</td>
            <td className="px-4 py-3 text-right">{price(example.priceAfter24h)}</td>
            <td className={`px-4 py-3 text-right ${example.change24h >= 0 ? 'text-success' : 'text-danger'}`}>
              {signedPercent(example.change24h)}
            </td>
          </tr>
        ))}
      </ScrollingTable>
    </PageSection>
  );
}

/** How the backtest was run, when it was measured, and the disclaimer. */
function MethodSection({
  format,
  language,
  record,
}: {
  format: BacktestFormats;
  language: string;
  record: TrackRecord;
}) {
  const { t } = useTranslation('marketing');
  const { percent, integer, date } = format;
  const { backtest } = record;
  return (
    <PageSection id="method" title={t('tradingSignals.methodTitle')}>
      <p className="max-w-3xl text-sm leading-relaxed text-muted-foreground">
        {t('tradingSignals.method', {
          step: backtest.stepHours,
          from: date(backtest.from),
          to: date(backtest.to),
          symbols: new Intl.ListFormat(language, { type: 'conjunction' }).format(backtest.symbols),
          signals: integer.format(dayHorizonOf(backtest.horizons).signals),
          fee: percent(record.feePerTradePercent / 100, { minimumFractionDigits: 1 }),
        })}
      </p>
      <p className="text-xs text-muted-foreground">
        {t('tradingSignals.measuredOn', {
          date: date(backtest.generatedAt),
          version: backtest.engineVersion,
        })}{' '}
        {t('tradingSignals.disclaimer')}
      </p>
    </PageSection>
  );
}

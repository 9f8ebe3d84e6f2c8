import { MessageSquare } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { HorizonResult } from '@farol/contract';
import { Button } from '../components/ui/button.tsx';
import { PageContainer } from '../components/ui/page-container.tsx';
import { QueryState } from '../components/ui/query-state.tsx';
import { CallToAction, PageIntro, PageSection } from '../features/marketing/components/page-intro.tsx';
import { ScrollingTable } from '../features/marketing/components/scrolling-table.tsx';
import { backtestResults, beatsChance, dayHorizon } from '../features/marketing/data/backtest-results.ts';
import { usePageMeta } from '../features/marketing/hooks/use-page-meta.ts';
import { useTrackRecordQuery } from '../features/signals/api/track-record-api.ts';
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
  const { engine } = backtestResults;

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
        <p className="max-w-3xl leading-relaxed text-muted-foreground">
          {t('tradingSignals.howBody', { rules: engine.ruleCount, timeframes: engine.timeframes.length })}
        </p>
      </PageSection>
      <SignalClassesSection format={format} />
      <ExampleSignalsSection format={format} />
      <MethodSection format={format} language={i18n.language} />
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
 * Hit rate per signal class at the one-day horizon, against chance and always-long, with the verdict: from the
 * track record (the one source of the public figures), which is the published backtest until the live record
 * covers 30 days.
 */
function SignalClassesSection({ format }: { format: BacktestFormats }) {
  const { t } = useTranslation('marketing');
  const query = useTrackRecordQuery();
  return (
    <PageSection title={t('tradingSignals.classesTitle')}>
      <QueryState query={query} errorTitle={t('trackRecord.error')}>
        {(record) => (
          <DayClasses
            format={format}
            horizon={record[record.primary].horizons.find((horizon) => horizon.hours === 24) ?? dayHorizon}
            isLive={record.primary === 'live'}
          />
        )}
      </QueryState>
    </PageSection>
  );
}

function DayClasses({
  format,
  horizon: dayHorizon,
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
        {dayHorizon.classes.map((row) => (
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
        {t('tradingSignals.alwaysLong', { value: percent(dayHorizon.alwaysLong.hitRate) })}
      </p>
      <p className="max-w-3xl text-sm font-medium">
        {dayHorizon.classes.some(beatsChance)
          ? t('tradingSignals.verdictEdge')
          : t('tradingSignals.verdictNoEdge')}
      </p>
    </>
  );
}

/** Sample signals from the backtest with the price a day later. */
function ExampleSignalsSection({ format }: { format: BacktestFormats }) {
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
        {backtestResults.examples.map((example) => (
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
function MethodSection({ format, language }: { format: BacktestFormats; language: string }) {
  const { t } = useTranslation('marketing');
  const { percent, integer, date } = format;
  const { data } = backtestResults;
  return (
    <PageSection id="method" title={t('tradingSignals.methodTitle')}>
      <p className="max-w-3xl text-sm leading-relaxed text-muted-foreground">
        {t('tradingSignals.method', {
          step: data.stepHours,
          from: date(data.from),
          to: date(data.to),
          symbols: new Intl.ListFormat(language, { type: 'conjunction' }).format(data.symbols),
          signals: integer.format(dayHorizon.signals),
          fee: percent(backtestResults.feePerTradePercent / 100, { minimumFractionDigits: 1 }),
        })}
      </p>
      <p className="text-xs text-muted-foreground">
        {t('tradingSignals.measuredOn', {
          date: date(backtestResults.generatedAt),
          version: backtestResults.engineVersion,
        })}{' '}
        {t('tradingSignals.disclaimer')}
      </p>
    </PageSection>
  );
}

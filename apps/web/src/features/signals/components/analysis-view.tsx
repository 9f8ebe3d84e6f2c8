import type { Analysis, QuotedLevel, RiskLevel } from '@farol/contract';
import {
  Activity,
  BrainCircuit,
  Crosshair,
  Layers,
  ListChecks,
  ShieldAlert,
  Target,
  Zap,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { cn } from '../../../lib/cn.ts';
import {
  formatMacd,
  formatPercent,
  formatMarketDateTime,
  formatPrice,
  formatRsi,
  formatWholePercent,
} from '../../../lib/format.ts';
import { SignalRecordNote } from './signal-record-note.tsx';
import { DataCredit } from '../../../components/data-credit.tsx';
import { currencyOf, useCurrency, type Currency } from '../../../lib/currency.ts';

/** Low risk reads green, medium amber, high red. */
export function riskTone(level: RiskLevel | string): 'success' | 'warning' | 'danger' {
  if (level === 'low') return 'success';
  if (level === 'medium') return 'warning';
  return 'danger';
}

function Section({
  icon: Icon,
  title,
  children,
  className,
}: {
  icon: typeof Activity;
  title: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <Card className={className}>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Icon aria-hidden="true" className="size-4 text-muted-foreground" />
          {title}
        </CardTitle>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

function Meter({ label, value }: { label: string; value: number }) {
  return (
    <div className="flex flex-col gap-1">
      <div className="flex justify-between text-sm">
        <span className="text-muted-foreground">{label}</span>
        <span className="font-medium tabular-nums">{formatWholePercent(value)}</span>
      </div>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(value)}
        className="h-1.5 rounded-full bg-muted"
      >
        <div
          className="h-full rounded-full bg-primary"
          style={{ width: `${Math.min(100, Math.max(0, value))}%` }}
        />
      </div>
    </div>
  );
}

/**
 * The currency of an analysis's prices: the one it says, else the display currency its query asked for
 * (the analysis query carries the currency in its key, so its data is in it).
 */
function useAnalysisCurrency(analysis: Analysis): Currency {
  return currencyOf(analysis, useCurrency());
}

function Indicator({
  label,
  value,
  detail,
  flag,
}: {
  label: string;
  value: ReactNode;
  detail: ReactNode;
  flag?: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-1 rounded-md border border-border bg-muted/30 p-3">
      <span className="text-xs text-muted-foreground">{label}</span>
      <span className="text-lg font-semibold tabular-nums">{value}</span>
      <span className="text-sm text-muted-foreground">{detail}</span>
      {flag}
    </div>
  );
}

export function KeyIndicators({ analysis }: { analysis: Analysis }) {
  const { t } = useTranslation('marketAnalysis');
  const { rsi, macd, bollinger, volume } = analysis.keyIndicators;
  return (
    <Section icon={Activity} title={t('indicators.title')}>
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Indicator
          label={t('indicators.rsi')}
          value={formatRsi(rsi.value)}
          detail={t(`rsiStates.${rsi.signal}`)}
        />
        <Indicator
          label={t('indicators.macd')}
          value={formatMacd(macd.value)}
          detail={t(`macdStates.${macd.signal}`)}
        />
        <Indicator
          label={t('indicators.bollinger')}
          value={t(`bollinger.${bollinger.position}`)}
          detail={bollinger.squeeze ? t('indicators.squeezeOn') : t('indicators.squeezeOff')}
          flag={
            bollinger.squeeze ? (
              <Badge variant="warning" className="self-start">
                <Zap aria-hidden="true" className="size-3" />
                {t('indicators.breakoutImminent')}
              </Badge>
            ) : null
          }
        />
        <Indicator
          label={t('indicators.volume')}
          value={t(`volumeTrends.${volume.trend}`)}
          detail={volume.anomaly ? t('indicators.anomalyOn') : t('indicators.anomalyOff')}
          flag={
            volume.anomaly ? (
              <Badge variant="warning" className="self-start">
                {t('indicators.anomaly')}
              </Badge>
            ) : null
          }
        />
      </div>
    </Section>
  );
}

/** A level's distance from the analysis's price, signed by its side ("−3,20%", "+1,05%"). */
const signedDistance = (level: QuotedLevel) =>
  formatPercent(level.side === 'below' ? -level.distancePercent : level.distancePercent, { signed: true });

type PriceListProps = {
  title: string;
  levels: QuotedLevel[];
  tone: 'success' | 'danger';
  currency: Currency;
};

function PriceList({ title, levels, tone, currency }: PriceListProps) {
  const { t } = useTranslation('marketAnalysis');
  return (
    <div className="flex flex-col gap-2">
      <h3 className={cn('text-sm font-medium', tone === 'success' ? 'text-success' : 'text-danger')}>
        {title}
      </h3>
      {levels.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('levels.none')}</p>
      ) : (
        <ol className="flex flex-col gap-1 text-sm tabular-nums">
          {levels.map((level, index) => (
            <li
              key={`${level.price}-${index}`}
              className="flex flex-wrap justify-between gap-x-2 rounded bg-muted/30 px-2 py-1"
            >
              <span className="text-muted-foreground">
                {index === 0 ? t('levels.nearest') : `${index + 1}`}
              </span>
              <span>
                {formatPrice(level.price, currency)}{' '}
                <span className="text-xs text-muted-foreground">({signedDistance(level)})</span>
              </span>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

export function SupportResistance({ analysis }: { analysis: Analysis }) {
  const { t } = useTranslation('marketAnalysis');
  const currency = useAnalysisCurrency(analysis);
  return (
    <Section icon={Layers} title={t('levels.title')}>
      <p className="mb-3 text-xs text-muted-foreground">
        {t('levels.fromPrice', { price: formatPrice(analysis.levels.price, currency) })}
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        <PriceList
          title={t('levels.support')}
          levels={analysis.levels.supports}
          tone="success"
          currency={currency}
        />
        <PriceList
          title={t('levels.resistance')}
          levels={analysis.levels.resistances}
          tone="danger"
          currency={currency}
        />
      </div>
      <DataCredit source={analysis.source} className="mt-3" />
    </Section>
  );
}

export function ConfluenceCard({ analysis }: { analysis: Analysis }) {
  const { t } = useTranslation('marketAnalysis');
  const confluence = analysis.confluenceAnalysis;
  const tone = riskTone(confluence.riskLevel);
  return (
    <Section icon={Crosshair} title={t('confluence.title')}>
      <div className="flex flex-col gap-3 text-sm">
        <Meter label={t('confluence.signalStrength')} value={confluence.signalStrength} />
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1.5">
          <dt className="text-muted-foreground">{t('confluence.context')}</dt>
          <dd>{confluence.marketContext}</dd>
          <dt className="text-muted-foreground">{t('confluence.strategyType')}</dt>
          <dd>{confluence.strategyType}</dd>
          <dt className="text-muted-foreground">{t('confluence.risk')}</dt>
          <dd>
            <Badge variant={tone}>
              <ShieldAlert aria-hidden="true" className="size-3" />
              {t(`risk.${confluence.riskLevel}`)}
            </Badge>
          </dd>
        </dl>
        {confluence.confluenceFactors.length > 0 ? (
          <ul className="list-disc space-y-1 pl-5 text-muted-foreground">
            {confluence.confluenceFactors.map((factor) => (
              <li key={factor}>{factor}</li>
            ))}
          </ul>
        ) : null}
      </div>
    </Section>
  );
}

export function StrategyCard({ analysis }: { analysis: Analysis }) {
  const { t } = useTranslation('marketAnalysis');
  const strategy = analysis.recommendedStrategy;
  const { stop, targets } = analysis.levels;
  const currency = useAnalysisCurrency(analysis);
  return (
    <Section icon={Target} title={t('strategy.title')}>
      <div className="flex flex-col gap-3 text-sm">
        <p className="font-medium">{strategy.name}</p>
        <p className="text-muted-foreground">{strategy.description}</p>
        {strategy.entrySignals.length > 0 ? (
          <div>
            <h3 className="mb-1 text-xs font-medium text-muted-foreground uppercase">
              {t('strategy.entrySignals')}
            </h3>
            <ul className="list-disc space-y-1 pl-5">
              {strategy.entrySignals.map((entry) => (
                <li key={entry}>{entry}</li>
              ))}
            </ul>
          </div>
        ) : null}
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1.5 tabular-nums">
          <dt className="text-muted-foreground">{t('strategy.stopLoss')}</dt>
          <dd className="text-danger">
            {stop === null
              ? t('strategy.noStop')
              : `${formatPrice(stop.price, currency)} (${signedDistance(stop)})`}
          </dd>
          <dt className="text-muted-foreground">{t('strategy.targets')}</dt>
          <dd className="text-success">
            {targets.length === 0
              ? '—'
              : targets
                  .map((target) => `${formatPrice(target.price, currency)} (${signedDistance(target)})`)
                  .join(' · ')}
          </dd>
        </dl>
        {stop !== null ? (
          <p className="text-xs text-muted-foreground">
            {t('levels.fromPrice', { price: formatPrice(analysis.levels.price, currency) })}
          </p>
        ) : null}
      </div>
    </Section>
  );
}

export function AiAnalysisCard({ analysis }: { analysis: Analysis }) {
  const { t } = useTranslation('marketAnalysis');
  return (
    <Section icon={BrainCircuit} title={t('ai.title')}>
      {/* No language model writes this text: the engine composes it from its own numbers, and says so. */}
      <p className="mb-2 text-xs text-muted-foreground">{t('ai.note')}</p>
      <p className="text-sm leading-relaxed whitespace-pre-line">{analysis.aiAnalysis}</p>
      {analysis.recommendations.length > 0 ? (
        <>
          <h3 className="mt-4 mb-2 text-sm font-medium">{t('ai.recommendations')}</h3>
          <ul className="list-disc space-y-1 pl-5 text-sm text-muted-foreground">
            {analysis.recommendations.map((recommendation) => (
              <li key={recommendation}>{recommendation}</li>
            ))}
          </ul>
        </>
      ) : null}
    </Section>
  );
}

/** Each rule that voted, its vote and the reading behind it (the reasoning's detail). */
function ActiveIndicatorList({ analysis }: { analysis: Analysis }) {
  const { t } = useTranslation('marketAnalysis');
  const indicators = analysis.marketSignal.indicators;
  if (indicators.length === 0) return <p className="text-sm text-muted-foreground">{t('active.none')}</p>;
  return (
    <ul className="flex flex-col divide-y divide-border/60 text-sm">
      {indicators.map((indicator) => (
        <li key={`${indicator.rule}-${indicator.timeframe}`} className="flex flex-col gap-0.5 py-2">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <span className="font-medium">
              {indicator.name} <span className="text-xs text-muted-foreground">{indicator.timeframe}</span>
            </span>
            <Badge variant={indicator.vote > 0 ? 'success' : indicator.vote < 0 ? 'danger' : 'neutral'}>
              {indicator.vote > 0
                ? t('active.buy')
                : indicator.vote < 0
                  ? t('active.sell')
                  : t('active.abstain')}
            </Badge>
          </div>
          <span className="text-muted-foreground">{indicator.explanation}</span>
        </li>
      ))}
    </ul>
  );
}

/**
 * Why the signal is what it is: the engine's reasoning (its signed score on the −100 … +100 scale, as the
 * score above), how confident it is, how strong the trend, and the rules that voted, folded (a phone would
 * otherwise scroll through every rule). No unsigned "strength" beside the signed score: it is the same number
 * without its sign.
 */
export function SignalReasoningCard({ analysis }: { analysis: Analysis }) {
  const { t } = useTranslation('marketAnalysis');
  const { marketSignal } = analysis;
  return (
    <Section icon={ListChecks} title={t('why.title')}>
      <div className="flex flex-col gap-4">
        <p className="text-sm leading-relaxed">{marketSignal.reasoning}</p>
        <div className="grid gap-3 sm:grid-cols-2">
          <Meter label={t('metrics.confidence')} value={marketSignal.confidence} />
          <Meter label={t('metrics.trendStrength')} value={analysis.trendStrength} />
        </div>
        <SignalRecordNote signal={marketSignal.signal} confidence={marketSignal.confidence} />
        <p className="text-xs text-muted-foreground">
          {t('summary.asOf', { date: formatMarketDateTime(analysis.asOf) })}
        </p>
        <details className="group rounded-md border border-border">
          <summary className="flex min-h-11 cursor-pointer items-center px-3 text-sm font-medium">
            {t('active.title', { total: marketSignal.indicators.length })}
          </summary>
          <div className="px-3 pb-2">
            <ActiveIndicatorList analysis={analysis} />
          </div>
        </details>
      </div>
    </Section>
  );
}

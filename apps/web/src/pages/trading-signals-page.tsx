import { Crosshair, Cpu, LogOut, MessageSquare, ShieldAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Badge } from '../components/ui/badge.tsx';
import { Button } from '../components/ui/button.tsx';
import { PageContainer } from '../components/ui/page-container.tsx';
import { IconCard, IconCardGrid } from '../features/marketing/components/icon-card.tsx';
import { CallToAction, PageIntro, PageSection } from '../features/marketing/components/page-intro.tsx';
import {
  performanceFigures,
  sampleSignals,
  signalTypeAccuracy,
  strategies,
} from '../features/marketing/data/static-figures.ts';
import { usePageMeta } from '../features/marketing/hooks/use-page-meta.ts';
import { loadNamespaces } from '../lib/i18n.ts';

await loadNamespaces('marketing');

const signalTypes = [
  { id: 'entry', Icon: Crosshair },
  { id: 'exit', Icon: LogOut },
  { id: 'risk', Icon: ShieldAlert },
  { id: 'algorithmic', Icon: Cpu },
] as const;

export function TradingSignalsPage() {
  const { t, i18n } = useTranslation('marketing');
  usePageMeta({ title: t('tradingSignals.meta.title'), description: t('tradingSignals.meta.description') });
  const language = i18n.language;
  const percent = (value: number, signed = false) =>
    new Intl.NumberFormat(language, {
      style: 'percent',
      maximumFractionDigits: 1,
      signDisplay: signed ? 'exceptZero' : 'auto',
    }).format(value / 100);
  const price = (value: number) =>
    new Intl.NumberFormat(language, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(value);
  const hours = (value: number) =>
    new Intl.NumberFormat(language, {
      style: 'unit',
      unit: 'hour',
      unitDisplay: 'narrow',
      maximumFractionDigits: 1,
    }).format(value);
  const age = (value: number, unit: 'hour' | 'day') =>
    new Intl.NumberFormat(language, { style: 'unit', unit, unitDisplay: 'long' }).format(value);
  const performance = [
    { id: 'winRate', value: percent(performanceFigures.winRate) },
    { id: 'averageProfit', value: percent(performanceFigures.averageProfit, true) },
    { id: 'maxDrawdown', value: percent(performanceFigures.maxDrawdown) },
    { id: 'averageTime', value: hours(performanceFigures.averageTimeHours) },
  ];

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
      <PageSection title={t('tradingSignals.typesTitle')}>
        <IconCardGrid>
          {signalTypes.map(({ id, Icon }) => (
            <IconCard
              key={id}
              icon={Icon}
              badge={
                <Badge variant="primary">
                  {t('tradingSignals.accuracy', { value: percent(signalTypeAccuracy[id]) })}
                </Badge>
              }
              title={t(`tradingSignals.types.${id}.title`)}
              body={t(`tradingSignals.types.${id}.body`)}
            />
          ))}
        </IconCardGrid>
      </PageSection>
      <PageSection title={t('tradingSignals.recentTitle')}>
        {/* Focusable so keyboard users can scroll the table sideways on a phone. */}
        <div
          tabIndex={0}
          role="region"
          aria-label={t('tradingSignals.recentCaption')}
          className="overflow-x-auto rounded-xl border border-border bg-card"
        >
          <table className="w-full min-w-[640px] text-sm">
            <caption className="sr-only">{t('tradingSignals.recentCaption')}</caption>
            <thead className="border-b border-border text-left text-xs text-muted-foreground uppercase">
              <tr>
                {(['pair', 'side', 'status', 'entry', 'target', 'stop', 'age'] as const).map((column) => (
                  <th
                    key={column}
                    scope="col"
                    className={`px-4 py-3 font-medium ${['entry', 'target', 'stop'].includes(column) ? 'text-right' : ''}`}
                  >
                    {t(`tradingSignals.columns.${column}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-border">
              {sampleSignals.map((signal) => (
                <tr key={signal.pair}>
                  <th scope="row" className="px-4 py-3 text-left font-medium">
                    {signal.pair}
                  </th>
                  <td className="px-4 py-3">
                    <Badge
                      variant={signal.type === 'buy' ? 'success' : 'danger'}
                      className={signal.type === 'sell' ? 'text-red-300' : undefined}
                    >
                      {t(`tradingSignals.side.${signal.type}`)}
                    </Badge>
                  </td>
                  <td className="px-4 py-3 text-muted-foreground">
                    {t(`tradingSignals.status.${signal.status}`)}
                  </td>
                  <td className="px-4 py-3 text-right tabular-nums">{price(signal.entry)}</td>
                  <td className="px-4 py-3 text-right text-success tabular-nums">{price(signal.target)}</td>
                  <td className="px-4 py-3 text-right text-danger tabular-nums">{price(signal.stop)}</td>
                  <td className="px-4 py-3 text-muted-foreground">
                    {age(signal.age.value, signal.age.unit)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </PageSection>
      <PageSection title={t('tradingSignals.strategiesTitle')}>
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {strategies.map((strategy) => (
            <li key={strategy.id} className="flex flex-col gap-3 rounded-xl border border-border bg-card p-5">
              <h3 className="font-semibold">{t(`tradingSignals.strategies.${strategy.id}.name`)}</h3>
              <p className="text-sm leading-relaxed text-muted-foreground">
                {t(`tradingSignals.strategies.${strategy.id}.body`)}
              </p>
              <dl className="mt-auto grid grid-cols-3 gap-2 text-xs">
                <div>
                  <dt className="text-muted-foreground">{t('tradingSignals.strategyTimeframe')}</dt>
                  <dd className="font-medium tabular-nums">{strategy.timeframe}</dd>
                </div>
                <div>
                  <dt className="text-muted-foreground">{t('tradingSignals.strategyWinRate')}</dt>
                  <dd className="font-medium tabular-nums">{percent(strategy.winRate)}</dd>
                </div>
                <div>
                  <dt className="text-muted-foreground">{t('tradingSignals.strategyAverageProfit')}</dt>
                  <dd className="font-medium text-success tabular-nums">
                    {percent(strategy.averageProfit, true)}
                  </dd>
                </div>
              </dl>
            </li>
          ))}
        </ul>
      </PageSection>
      <PageSection title={t('tradingSignals.performanceTitle')}>
        <dl className="grid grid-cols-2 gap-3 md:grid-cols-4">
          {performance.map(({ id, value }) => (
            <div key={id} className="flex flex-col gap-1 rounded-lg border border-border bg-card px-4 py-5">
              <dt className="order-2 text-sm text-muted-foreground">
                {t(`tradingSignals.performance.${id}`)}
              </dt>
              <dd className="order-1 text-2xl font-semibold tracking-tight tabular-nums">{value}</dd>
            </div>
          ))}
        </dl>
        <p className="text-xs text-muted-foreground">{t('illustrative')}</p>
      </PageSection>
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

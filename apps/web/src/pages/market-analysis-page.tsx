import { analysisSymbols, type Analysis, type Currency } from '@farol/contract';
import { ArrowLeft } from 'lucide-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../components/ui/card.tsx';
import { ErrorState } from '../components/ui/error-state.tsx';
import { PageContainer } from '../components/ui/page-container.tsx';
import { LoadingState } from '../components/ui/spinner.tsx';
import { ChoiceGroup } from '../components/ui/toggle-group.tsx';
import { useRequireAuth } from '../features/auth/hooks/use-require-auth.ts';
import { levelsFromAnalysis } from '../features/market/components/chart-levels.ts';
import { CoinLevelsChart } from '../features/market/components/price-chart-card.tsx';
import { MarketSourceBadge } from '../features/market/components/market-source-badge.tsx';
import { planAccessFrom } from '../features/market/hooks/plan-access.ts';
import { SymbolSearch, useAnalysableCoinOptions } from '../features/market/components/symbol-search.tsx';
import { useAnalysisQuery } from '../features/signals/api/signals-api.ts';
import {
  ActiveIndicatorsCard,
  AiAnalysisCard,
  AnalysisLocked,
  AnalysisSummary,
  ConfluenceCard,
  KeyIndicators,
  StrategyCard,
  SupportResistance,
} from '../features/signals/components/analysis-view.tsx';
import { ExpectedRangeCard } from '../features/signals/components/expected-range-card.tsx';
import { useCurrentSubscriptionQuery } from '../features/subscription/api/subscription-api.ts';
import { isApiError } from '../lib/api-client.ts';
import { useDocumentTitle } from '../lib/use-document-title.ts';

const SYMBOL_TEXT = /^[A-Za-z0-9]{1,20}$/;

/** The coin in the address (`?coin=doge`, so an analysis can be linked and reloaded), BTC by default. */
function useChosenSymbol() {
  const [params, setParams] = useSearchParams();
  const asked = params.get('coin') ?? '';
  const symbol = SYMBOL_TEXT.test(asked) ? asked.toUpperCase() : 'BTC';
  const choose = (next: string) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        updated.set('coin', next.toLowerCase());
        return updated;
      },
      { replace: true },
    );
  return [symbol, choose] as const;
}

/** The coin search over every coin with a pair (its own loading and error states), then the ten as chips. */
function CoinChooser({ symbol, onChange }: { symbol: string; onChange: (symbol: string) => void }) {
  const { t } = useTranslation('marketAnalysis');
  const { options, status } = useAnalysableCoinOptions();
  return (
    <div className="flex flex-col gap-3 lg:flex-row lg:items-center">
      <SymbolSearch
        value={symbol}
        onChange={onChange}
        options={options}
        status={status}
        label={t('coinSearch')}
        placeholder={t('coinSearchPlaceholder')}
        className="w-full sm:w-80"
      />
      <ChoiceGroup<string>
        value={symbol}
        options={analysisSymbols}
        onChange={onChange}
        label={t('coinPicker')}
        className="self-start"
      />
    </div>
  );
}

export function MarketAnalysisPage() {
  const { t } = useTranslation('marketAnalysis');
  const session = useRequireAuth();
  const [symbol, setSymbol] = useChosenSymbol();
  useDocumentTitle(t('title'));
  if (!session) return null;
  return (
    <PageContainer className="flex flex-col gap-6">
      <header className="flex flex-col gap-3">
        <Button asChild variant="ghost" size="sm" className="self-start">
          <Link to="/dashboard">
            <ArrowLeft aria-hidden="true" />
            {t('back')}
          </Link>
        </Button>
        <div>
          <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{t('title')}</h1>
          <p className="mt-1 text-sm text-muted-foreground">{t('subtitle')}</p>
        </div>
        <CoinChooser symbol={symbol} onChange={setSymbol} />
      </header>
      <AnalysisBody symbol={symbol} />
    </PageContainer>
  );
}

/** The plan decides first (no call the server would refuse); a 403 from the server is shown the same way. */
function AnalysisBody({ symbol }: { symbol: string }) {
  const { t } = useTranslation('marketAnalysis');
  const subscription = useCurrentSubscriptionQuery();
  const canAnalyse = subscription.data ? planAccessFrom(subscription.data).canAnalyse : false;
  const analysis = useAnalysisQuery(symbol, canAnalyse);

  if (subscription.isPending) return <LoadingState className="min-h-96" />;
  if (subscription.isError) {
    return (
      <ErrorState
        title={t('loadError')}
        onRetry={() => void subscription.refetch()}
        isRetrying={subscription.isFetching}
      />
    );
  }
  if (!canAnalyse) return <AnalysisLocked />;
  if (analysis.isPending) return <LoadingState className="min-h-96" label={t('loading', { symbol })} />;
  if (analysis.isError) {
    if (isApiError(analysis.error) && analysis.error.status === 403)
      return <AnalysisLocked message={analysis.error.message} />;
    // 404: a coin without a pair (or not followed); the server's message says why, and retrying cannot help
    const isFinal = isApiError(analysis.error) && analysis.error.status === 404;
    return (
      <ErrorState
        title={t('loadError')}
        description={analysis.error.message}
        onRetry={isFinal ? undefined : () => void analysis.refetch()}
        isRetrying={analysis.isFetching}
      />
    );
  }
  return <AnalysisContent analysis={analysis.data.data} currency={analysis.data.currency} />;
}

function AnalysisContent({ analysis, currency }: { analysis: Analysis; currency: Currency }) {
  const { t } = useTranslation('marketAnalysis');
  const levels = useMemo(() => levelsFromAnalysis(analysis), [analysis]);
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center gap-2">
        <MarketSourceBadge source={analysis.source} />
      </div>
      <div className="grid gap-4 lg:grid-cols-5">
        <div className="lg:col-span-2">
          <AnalysisSummary analysis={analysis} />
        </div>
        <Card className="lg:col-span-3">
          <CardHeader>
            <CardTitle>{t('chart.title', { symbol: analysis.symbol })}</CardTitle>
          </CardHeader>
          <CardContent>
            <CoinLevelsChart symbol={analysis.symbol} levels={levels} currency={currency} />
          </CardContent>
        </Card>
      </div>
      <KeyIndicators analysis={analysis} />
      <ExpectedRangeCard analysis={analysis} />
      <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
        <SupportResistance analysis={analysis} />
        <ConfluenceCard analysis={analysis} />
        <StrategyCard analysis={analysis} />
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        <AiAnalysisCard analysis={analysis} />
        <ActiveIndicatorsCard analysis={analysis} />
      </div>
    </div>
  );
}

import { useTranslation } from 'react-i18next';
import { ErrorState } from '../components/ui/error-state.tsx';
import { LoadingState } from '../components/ui/spinner.tsx';
import { LockedPreview, UpgradeActions } from '../features/coin/components/locked-preview.tsx';
import { planAccessFrom } from '../features/market/hooks/plan-access.ts';
import { useAnalysisQuery } from '../features/signals/api/signals-api.ts';
import {
  AiAnalysisCard,
  ConfluenceCard,
  KeyIndicators,
  SignalReasoningCard,
  StrategyCard,
  SupportResistance,
} from '../features/signals/components/analysis-view.tsx';
import { ExpectedRangeCard } from '../features/signals/components/expected-range-card.tsx';
import { useCurrentSubscriptionQuery } from '../features/subscription/api/subscription-api.ts';
import { isApiError } from '../lib/api-client.ts';

type SectionProps = { symbol: string; isSignedIn: boolean; returnPath: string };

/**
 * The full analysis for plans that include it (the plan decides first: no call the server would refuse);
 * a blurred preview with the way to Profissional for the others and for visitors.
 */
export function CoinAnalysisSection(props: SectionProps) {
  const { t } = useTranslation('coin');
  return (
    <section aria-labelledby="coin-analysis-title" className="flex flex-col gap-4">
      <h2 id="coin-analysis-title" className="text-xl font-semibold tracking-tight">
        {t('analysis.title', { symbol: props.symbol })}
      </h2>
      {props.isSignedIn ? <SignedInAnalysis {...props} /> : <AnalysisPreview {...props} />}
    </section>
  );
}

function AnalysisPreview({ symbol, isSignedIn, returnPath }: SectionProps) {
  const { t } = useTranslation('coin');
  return (
    <LockedPreview
      rows={5}
      title={t('locked.analysisTitle')}
      description={t('locked.analysisDescription', { symbol })}
      actions={<UpgradeActions isSignedIn={isSignedIn} returnPath={returnPath} />}
    />
  );
}

function SignedInAnalysis(props: SectionProps) {
  const { t } = useTranslation('coin');
  const subscription = useCurrentSubscriptionQuery();
  const canAnalyse = subscription.data ? planAccessFrom(subscription.data).canAnalyse : false;
  const analysis = useAnalysisQuery(props.symbol, canAnalyse);
  const loading = (
    <LoadingState className="min-h-64" label={t('analysis.loading', { symbol: props.symbol })} />
  );
  if (subscription.isPending) return loading;
  const failed = subscription.isError ? subscription : analysis.isError ? analysis : undefined;
  if (failed && !(isApiError(failed.error) && failed.error.status === 403)) {
    return (
      <ErrorState
        title={t('analysis.error', { symbol: props.symbol })}
        description={failed.error?.message}
        onRetry={() => void failed.refetch()}
        isRetrying={failed.isFetching}
      />
    );
  }
  if (!canAnalyse || analysis.isError) return <AnalysisPreview {...props} />;
  if (analysis.isPending) return loading;
  const data = analysis.data.data;
  // Why the signal and where the levels are, then what to do about it and how the timeframes agree: two
  // stacks side by side on a desktop (no row waits for its taller neighbour), one column on a phone in the same
  // order; then the readings and the written reading.
  return (
    <div className="flex flex-col gap-4">
      <div className="grid items-start gap-4 lg:grid-cols-2">
        <div className="flex flex-col gap-4">
          <SignalReasoningCard analysis={data} />
          <SupportResistance analysis={data} />
        </div>
        <div className="flex flex-col gap-4">
          <StrategyCard analysis={data} />
          <ConfluenceCard analysis={data} />
        </div>
      </div>
      <ExpectedRangeCard analysis={data} />
      <KeyIndicators analysis={data} />
      <AiAnalysisCard analysis={data} />
    </div>
  );
}

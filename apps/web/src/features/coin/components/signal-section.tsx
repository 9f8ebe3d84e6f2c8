import { Gauge } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { DataCredit } from '../../../components/data-credit.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { LoadingState } from '../../../components/ui/spinner.tsx';
import { isUpgradeRefusal, useSignalSummaryQuery } from '../api/coin-api.ts';
import { LockedPreview, UpgradeActions } from './locked-preview.tsx';
import { SignalScore, SignalSummaryTable } from './signal-summary.tsx';

/**
 * The signal as one score and the timeframe × indicator table; a coin the plan's signals do not cover shows
 * the server's reason over a blurred preview, with the way to the plan.
 */
export function SignalSection({
  symbol,
  isSignedIn,
  returnPath,
}: {
  symbol: string;
  isSignedIn: boolean;
  returnPath: string;
}) {
  const { t } = useTranslation('coin');
  const summary = useSignalSummaryQuery(symbol);
  let body;
  if (summary.isPending) body = <LoadingState className="min-h-64" label={t('score.loading', { symbol })} />;
  else if (summary.isError && isUpgradeRefusal(summary.error)) {
    body = (
      <LockedPreview
        title={t('locked.signalTitle', { symbol })}
        description={
          <>
            {summary.error.message} {t('locked.signalDescription')}
          </>
        }
        actions={<UpgradeActions isSignedIn={isSignedIn} returnPath={returnPath} />}
      />
    );
  } else if (summary.isError) {
    body = (
      <ErrorState
        title={t('score.error', { symbol })}
        description={summary.error.message}
        onRetry={() => void summary.refetch()}
        isRetrying={summary.isFetching}
      />
    );
  } else {
    body = (
      <div className="grid gap-6 lg:grid-cols-5">
        <div className="lg:col-span-2">
          <SignalScore summary={summary.data} symbol={symbol} />
        </div>
        <div className="lg:col-span-3">
          <SignalSummaryTable summary={summary.data} />
        </div>
        <DataCredit source={summary.data.source} className="lg:col-span-5" />
      </div>
    );
  }
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Gauge aria-hidden="true" className="size-4 text-muted-foreground" />
          {t('score.title', { symbol })}
        </CardTitle>
      </CardHeader>
      <CardContent>{body}</CardContent>
    </Card>
  );
}

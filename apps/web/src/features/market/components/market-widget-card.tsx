import type { MarketSource } from '@farol/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { LoadingState } from '../../../components/ui/spinner.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { MarketSourceBadge } from './market-source-badge.tsx';

type WidgetProps<T extends { source: MarketSource }> = {
  icon: LucideIcon;
  title: string;
  query: UseQueryResult<T>;
  children: (answer: T) => ReactNode;
};

/**
 * Shell of the market widgets. Section 8: a failed
 * answer shows the API error text, no answer at all the network error text.
 */
export function MarketWidgetCard<T extends { source: MarketSource }>({
  icon: Icon,
  title,
  query,
  children,
}: WidgetProps<T>) {
  const { t } = useTranslation('dashboard');
  return (
    <Card className="flex flex-col">
      <CardHeader className="flex-row items-center justify-between gap-2">
        <CardTitle className="flex items-center gap-2">
          <Icon aria-hidden="true" className="size-4 text-muted-foreground" />
          {title}
        </CardTitle>
        {query.data ? <MarketSourceBadge source={query.data.source} /> : null}
      </CardHeader>
      <CardContent className="flex flex-1 flex-col justify-center">
        {query.isPending ? (
          <LoadingState className="min-h-44" />
        ) : query.isError && !query.data ? (
          <ErrorState
            className="min-h-44"
            title={
              isApiError(query.error) && query.error.status > 0
                ? t('widgets.apiError')
                : t('widgets.networkError')
            }
            onRetry={() => void query.refetch()}
            isRetrying={query.isFetching}
          />
        ) : query.data ? (
          children(query.data)
        ) : null}
      </CardContent>
    </Card>
  );
}

import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ErrorState } from './error-state.tsx';
import { LoadingState } from './spinner.tsx';

/**
 * The loading / error-with-retry / success scaffold of one query: a spinner while pending, the failure with a
 * retry button (the server's translated message unless a description is given), else the data.
 */
export function QueryState<T>({
  query,
  errorTitle,
  errorDescription,
  loading = <LoadingState />,
  children,
}: {
  query: UseQueryResult<T>;
  errorTitle: ReactNode;
  errorDescription?: ReactNode;
  loading?: ReactNode;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return loading;
  if (query.isError) {
    return (
      <ErrorState
        title={errorTitle}
        description={errorDescription ?? query.error.message}
        onRetry={() => void query.refetch()}
        isRetrying={query.isFetching}
      />
    );
  }
  return children(query.data);
}

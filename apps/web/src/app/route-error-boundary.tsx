import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { ErrorState } from '../components/ui/error-state.tsx';
import { PageContainer } from '../components/ui/page-container.tsx';

/**
 * Last line of defence for a page that throws while rendering or whose chunk fails to load (typically a
 * tab left open across a deploy): a full reload fetches the new chunk names.
 */
export function RouteErrorBoundary() {
  const { t } = useTranslation('common');
  const error = useRouteError();
  console.error(error);
  return (
    <PageContainer className="flex min-h-[60dvh] items-center justify-center">
      <ErrorState
        title={t('states.error')}
        onRetry={() => window.location.reload()}
        className="w-full max-w-md"
      />
    </PageContainer>
  );
}

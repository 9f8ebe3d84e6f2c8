import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { ErrorState } from '../components/ui/error-state.tsx';
import { PageContainer } from '../components/ui/page-container.tsx';

/**
 * Last line of defence for a page that throws while rendering or whose chunk fails to load (typically a
 * tab left open across a deploy): a full reload fetches the new chunk names. Offline, the page's chunk is
 * missing because the service worker keeps only the shell and what was used on this device: the page says so
 * under a heading of its own, beside the site's offline notice.
 */
export function RouteErrorBoundary() {
  const { t } = useTranslation('common');
  const error = useRouteError();
  const offline = typeof navigator !== 'undefined' && !navigator.onLine;
  if (!offline) console.error(error);
  return (
    <PageContainer className="flex min-h-[60dvh] flex-col items-center justify-center gap-4">
      {offline ? <h1 className="text-center text-xl font-semibold">{t('offline.pageNotSaved')}</h1> : null}
      <ErrorState
        title={offline ? t('offline.pageNotSavedDescription') : t('states.error')}
        onRetry={() => window.location.reload()}
        className="w-full max-w-md"
      />
    </PageContainer>
  );
}

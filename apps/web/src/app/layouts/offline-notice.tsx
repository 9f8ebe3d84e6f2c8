import { WifiOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button.tsx';
import { useIsOnline } from '../../lib/use-is-online.ts';

/**
 * A banner under the top bar while the browser is offline: the page shows what the service worker kept,
 * and says why live data is missing instead of leaving a page of failed cards unexplained.
 */
export function OfflineNotice() {
  const { t } = useTranslation('common');
  const isOnline = useIsOnline();
  if (isOnline) return null;
  return (
    <div role="status" className="border-b border-warning/40 bg-warning/10">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-2 text-sm">
        <WifiOff aria-hidden="true" className="size-4 shrink-0 text-warning" />
        <p className="min-w-0 flex-1">
          <span className="font-medium">{t('offline.title')}</span>{' '}
          <span className="text-muted-foreground">{t('offline.description')}</span>
        </p>
        <Button variant="outline" size="sm" onClick={() => window.location.reload()}>
          {t('offline.retry')}
        </Button>
      </div>
    </div>
  );
}

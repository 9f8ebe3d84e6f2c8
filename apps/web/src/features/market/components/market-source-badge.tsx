import type { CacheInfo, MarketSource } from '@farol/contract';
import { Database, FlaskConical, Radio } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge.tsx';

/**
 * Says where a market figure came from. Simulated data is always labelled as such (never passed off as
 * live); a cached answer says how old it is.
 */
export function MarketSourceBadge({ source, cache }: { source: MarketSource; cache?: CacheInfo }) {
  const { t } = useTranslation('dashboard');
  return (
    <span className="inline-flex flex-wrap items-center gap-1.5">
      {source === 'simulated' ? (
        <Badge variant="warning" title={t('source.simulatedHint')}>
          <FlaskConical aria-hidden="true" className="size-3" />
          {t('source.simulated')}
        </Badge>
      ) : null}
      {cache ? <CacheBadge cache={cache} /> : null}
    </span>
  );
}

function CacheBadge({ cache }: { cache: CacheInfo }) {
  const { t } = useTranslation('dashboard');
  if (!cache.isFromCache) {
    return (
      <Badge variant="success">
        <Radio aria-hidden="true" className="size-3" />
        {t('source.fresh')}
      </Badge>
    );
  }
  return (
    <Badge title={t('source.cachedHint')}>
      <Database aria-hidden="true" className="size-3" />
      {cache.ageSeconds < 60
        ? t('source.cachedSeconds', { seconds: cache.ageSeconds })
        : t('source.cachedMinutes', { minutes: Math.round(cache.ageSeconds / 60) })}
    </Badge>
  );
}

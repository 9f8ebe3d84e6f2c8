import type { CacheInfo, MarketSource } from '@farol/contract';
import { Database, FlaskConical, Radio, RefreshCw, RotateCw, WifiOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge.tsx';
import { useIsOnline } from '../../../lib/use-is-online.ts';
import { useLiveConnection, useLiveMode } from '../hooks/live-market.ts';

/**
 * Says where a market figure came from. Simulated data is always labelled as such (never passed off as
 * live); a cached answer says how old it is, unless the page's stream keeps it current: then "ao vivo", or
 * "simulado, em tempo real" for the simulated market. "Ao vivo" is said of nothing else: an answer just
 * fetched from its source is "atualizado agora". Without a network (the browser says so) it is "offline",
 * and while a dropped stream reconnects "reconectando": never "ao vivo" beside "Você está sem conexão".
 */
export function MarketSourceBadge({ source, cache }: { source: MarketSource; cache?: CacheInfo }) {
  const { t } = useTranslation('dashboard');
  const mode = useLiveMode();
  const connection = useLiveConnection();
  const isOnline = useIsOnline();
  if (cache && !isOnline) {
    return (
      <Badge variant="danger" title={t('source.offlineHint')}>
        <WifiOff aria-hidden="true" className="size-3" />
        {t('source.offline')}
      </Badge>
    );
  }
  if (cache && connection === 'reconnecting') {
    return (
      <Badge variant="warning" title={t('source.reconnectingHint')}>
        <RotateCw aria-hidden="true" className="size-3" />
        {t('source.reconnecting')}
      </Badge>
    );
  }
  if (cache && mode === 'simulated') {
    return (
      <Badge variant="warning" title={t('source.streamingSimulatedHint')}>
        <FlaskConical aria-hidden="true" className="size-3" />
        {t('source.streamingSimulated')}
      </Badge>
    );
  }
  if (cache && mode === 'live' && source !== 'simulated') {
    return (
      <Badge variant="success" title={t('source.streamingHint')}>
        <Radio aria-hidden="true" className="size-3" />
        {t('source.streaming')}
      </Badge>
    );
  }
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
        <RefreshCw aria-hidden="true" className="size-3" />
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

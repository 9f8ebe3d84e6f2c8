import { useTranslation } from 'react-i18next';
import { cn } from '../lib/cn.ts';

const sources = {
  coingecko: { name: 'CoinGecko', href: 'https://www.coingecko.com' },
  binance: { name: 'Binance', href: 'https://www.binance.com' },
} as const;

export type DataSource = keyof typeof sources;

/**
 * "Dados: CoinGecko" under the figures a source provided: CoinGecko's API terms ask for attribution, and
 * naming Binance says where the candles come from. Small and quiet; the link's name says where it goes.
 */
export function DataCredit({
  source,
  lead,
  className,
}: {
  source: DataSource;
  /** What comes before the source's name (a chart's pair and conversion); "Dados:" unless given. */
  lead?: string;
  className?: string;
}) {
  const { t } = useTranslation('common');
  const { name, href } = sources[source];
  return (
    <p className={cn('text-xs text-muted-foreground', className)}>
      {lead === undefined ? (
        <span aria-hidden="true">{t('currency.credit.lead')} </span>
      ) : (
        <span>{lead} · </span>
      )}
      <a
        href={href}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={t(`currency.credit.${source}Name`)}
        className="underline-offset-2 hover:text-foreground hover:underline"
      >
        {name}
      </a>
    </p>
  );
}

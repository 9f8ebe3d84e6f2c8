import type { MarketSource } from '@farol/contract';
import { useTranslation } from 'react-i18next';
import { cn } from '../lib/cn.ts';

const sources = {
  coingecko: { name: 'CoinGecko', href: 'https://www.coingecko.com' },
  binance: { name: 'Binance', href: 'https://www.binance.com' },
} as const;

type CreditedSource = keyof typeof sources;

const isCredited = (source: MarketSource | undefined): source is CreditedSource =>
  source === 'coingecko' || source === 'binance';

/**
 * "Dados: CoinGecko" under the figures a source provided: CoinGecko's API terms ask for attribution, and
 * naming Binance says where the candles come from. Small and quiet; the link's name says where it goes.
 * `source` is what the answer says it came from: simulated figures credit no one (only the lead, if any, shows).
 */
export function DataCredit({
  source,
  lead,
  className,
}: {
  source: MarketSource | undefined;
  /** What comes before the source's name (a chart's pair and conversion); "Dados:" unless given. */
  lead?: string;
  className?: string;
}) {
  const { t } = useTranslation('common');
  if (!isCredited(source)) {
    return lead === undefined ? null : (
      <p className={cn('text-xs text-muted-foreground', className)}>{lead}</p>
    );
  }
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

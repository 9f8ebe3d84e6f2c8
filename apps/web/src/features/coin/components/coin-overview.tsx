import type { CoinFacts, MarketSource } from '@farol/contract';
import { TrendingDown, TrendingUp } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge.tsx';
import { Card, CardContent } from '../../../components/ui/card.tsx';
import { cn } from '../../../lib/cn.ts';
import { DataCredit } from '../../../components/data-credit.tsx';
import type { Currency } from '../../../lib/currency.ts';
import { formatCompact, formatCompactMoney, formatPercent, formatPrice } from '../../../lib/format.ts';
import { CoinLogo } from '../../../components/ui/coin-logo.tsx';
import { PriceFlash } from '../../../components/ui/price-flash.tsx';

/** The coin's name, logo, rank, price and 24 h change: the page's one price, from the coin list. */
export function CoinHeading({
  coin,
  currency,
  badges,
  actions,
}: {
  coin: CoinFacts;
  /** The currency the facts are in. */
  currency: Currency;
  /** Where the price came from (simulated, cache age). */
  badges?: ReactNode;
  /** Favourite, create alert, ask the chat. */
  actions?: ReactNode;
}) {
  const { t } = useTranslation('coin');
  const change = coin.priceChangePercentage24h;
  const isUp = change !== null && change >= 0;
  return (
    <header className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center gap-3">
        <CoinLogo
          image={coin.image}
          symbol={coin.symbol}
          label={t('page.logo', { name: coin.name })}
          className="size-12 text-sm"
        />
        <div className="flex min-w-0 flex-col">
          <h1 className="text-2xl font-semibold tracking-tight break-words sm:text-3xl">
            {coin.name} <span className="text-lg text-muted-foreground">{coin.symbol}</span>
          </h1>
          <div className="flex flex-wrap items-center gap-2">
            {coin.rank !== null ? <Badge>#{coin.rank}</Badge> : null}
            {badges}
          </div>
        </div>
      </div>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
          <p className="text-3xl font-semibold tabular-nums sm:text-4xl">
            <span className="sr-only">{t('facts.price')}: </span>
            {coin.price === null ? (
              t('facts.unknown')
            ) : (
              <PriceFlash value={coin.price}>{formatPrice(coin.price, currency)}</PriceFlash>
            )}
          </p>
          {change !== null ? (
            <span
              className={cn(
                'inline-flex items-center gap-1 text-sm font-medium tabular-nums',
                isUp ? 'text-success' : 'text-danger',
              )}
            >
              {isUp ? (
                <TrendingUp aria-hidden="true" className="size-4" />
              ) : (
                <TrendingDown aria-hidden="true" className="size-4" />
              )}
              {formatPercent(change, { signed: true })}
              <span className="text-muted-foreground">{t('facts.change24h')}</span>
            </span>
          ) : null}
        </div>
        {actions ? <div className="flex flex-wrap items-center gap-2">{actions}</div> : null}
      </div>
    </header>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex flex-col gap-0.5 rounded-md border border-border bg-muted/30 p-3">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="text-base font-semibold tabular-nums">{value}</dd>
    </div>
  );
}

/** Rank, market cap, volume and supply; a figure the source does not know says so. */
export function CoinFactsCard({
  coin,
  currency,
  source,
}: {
  coin: CoinFacts;
  currency: Currency;
  source: MarketSource;
}) {
  const { t } = useTranslation('coin');
  const compact = (value: number | null) => (value === null ? t('facts.unknown') : formatCompact(value));
  const money = (value: number | null) =>
    value === null ? t('facts.unknown') : formatCompactMoney(value, currency);
  return (
    <Card>
      <CardContent className="pt-5">
        <h2 className="sr-only">{t('facts.title')}</h2>
        <dl className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-6">
          <Fact label={t('facts.rank')} value={coin.rank === null ? t('facts.unknown') : `#${coin.rank}`} />
          <Fact label={t('facts.marketCap')} value={money(coin.marketCap)} />
          <Fact label={t('facts.volume')} value={money(coin.volume24h)} />
          <Fact label={t('facts.circulatingSupply')} value={compact(coin.circulatingSupply)} />
          <Fact label={t('facts.totalSupply')} value={compact(coin.totalSupply)} />
          <Fact
            label={t('facts.maxSupply')}
            value={coin.maxSupply === null ? t('facts.noMaxSupply') : compact(coin.maxSupply)}
          />
        </dl>
        <DataCredit source={source} className="mt-3" />
      </CardContent>
    </Card>
  );
}

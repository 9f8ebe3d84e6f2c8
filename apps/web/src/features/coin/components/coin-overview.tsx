import type { CoinFacts, MarketSource } from '@farol/contract';
import { TrendingDown, TrendingUp } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { cn } from '../../../lib/cn.ts';
import { DataCredit } from '../../../components/data-credit.tsx';
import type { Currency } from '../../../lib/currency.ts';
import {
  formatCompact,
  formatCompactMoney,
  formatMarketDate,
  formatPercent,
  formatPrice,
} from '../../../lib/format.ts';
import { CoinLogo } from '../../../components/ui/coin-logo.tsx';
import { PriceFlash } from '../../../components/ui/price-flash.tsx';

/** The coin's name, logo, rank, price and 24 h change: the page's one price, from the coin list. */
export function CoinHeading({
  coin,
  currency,
  source,
  badges,
  actions,
}: {
  coin: CoinFacts;
  /** The currency the facts are in. */
  currency: Currency;
  /** The answer's source: the price's and its 24 h change's unless Binance's live ticker moved them. */
  source: MarketSource;
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
              <span className="text-xs font-normal text-muted-foreground">
                {t(`facts.changeSource.${coin.priceSource ?? source}`)}
              </span>
            </span>
          ) : null}
        </div>
        {actions ? <div className="flex flex-wrap items-center gap-2">{actions}</div> : null}
      </div>
    </header>
  );
}

function Fact({
  label,
  value,
  detail,
  tone,
}: {
  label: string;
  value: string;
  detail?: string;
  tone?: 'up' | 'down';
}) {
  return (
    <div className="flex flex-col gap-0.5 rounded-md border border-border bg-muted/30 p-3">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd
        className={cn(
          'text-base font-semibold tabular-nums',
          tone === 'up' && 'text-success',
          tone === 'down' && 'text-danger-text',
        )}
      >
        {value}
        {detail ? <span className="block text-xs font-normal text-muted-foreground">{detail}</span> : null}
      </dd>
    </div>
  );
}

const toneOf = (change: number | null) =>
  change === null || change === 0 ? undefined : change > 0 ? 'up' : 'down';

/**
 * The price's range and history (24 h high and low, all-time high and how far below it, 30 d and 1 y), rank,
 * market cap, volume and supply; a figure the source does not know says so.
 */
/** A coin's market facts, the currency they are in and where they came from. */
export type CoinMarketProps = { coin: CoinFacts; currency: Currency; source: MarketSource };

export function CoinFactsCard({ coin, currency, source }: CoinMarketProps) {
  const { t } = useTranslation('coin');
  const compact = (value: number | null) => (value === null ? t('facts.unknown') : formatCompact(value));
  const money = (value: number | null) =>
    value === null ? t('facts.unknown') : formatCompactMoney(value, currency);
  const price = (value: number | null) =>
    value === null ? t('facts.unknown') : formatPrice(value, currency);
  const change = (value: number | null) =>
    value === null ? t('facts.unknown') : formatPercent(value, { signed: true });
  const { allTimeHigh, allTimeHighDate } = coin;
  // how far the price is under its all-time high (the list's price: the same the heading shows)
  const fromHigh = allTimeHigh !== null && coin.price !== null ? (coin.price / allTimeHigh - 1) * 100 : null;
  const highDetail = [
    allTimeHighDate ? formatMarketDate(allTimeHighDate) : null,
    fromHigh !== null
      ? t('facts.fromAllTimeHigh', { change: formatPercent(fromHigh, { signed: true }) })
      : null,
  ]
    .filter(Boolean)
    .join(' · ');
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('facts.title')}</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-4">
          <Fact label={t('facts.high24h')} value={price(coin.high24h)} />
          <Fact label={t('facts.low24h')} value={price(coin.low24h)} />
          <Fact
            label={t('facts.change30d')}
            value={change(coin.priceChangePercentage30d)}
            tone={toneOf(coin.priceChangePercentage30d)}
          />
          <Fact
            label={t('facts.change1y')}
            value={change(coin.priceChangePercentage1y)}
            tone={toneOf(coin.priceChangePercentage1y)}
          />
          <Fact label={t('facts.allTimeHigh')} value={price(allTimeHigh)} detail={highDetail || undefined} />
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

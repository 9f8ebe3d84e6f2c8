import { analysisSymbols, type CacheInfo, type CoinFacts, type MarketSource } from '@farol/contract';
import { useQueryClient } from '@tanstack/react-query';
import { BellPlus, ChartNoAxesCombined, MessageSquareText, SearchX } from 'lucide-react';
import { useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Button } from '../components/ui/button.tsx';
import { EmptyState } from '../components/ui/empty-state.tsx';
import { ErrorState } from '../components/ui/error-state.tsx';
import { PageContainer } from '../components/ui/page-container.tsx';
import { LoadingState } from '../components/ui/spinner.tsx';
import { coinUrl, isNotFound, useCoinQuery } from '../features/coin/api/coin-api.ts';
import { FavoriteButton, SignInStar } from '../features/coin/components/favorite-button.tsx';
import { CoinConverter } from '../features/coin/components/coin-converter.tsx';
import {
  CoinFactsCard,
  CoinHeading,
  type CoinMarketProps,
} from '../features/coin/components/coin-overview.tsx';
import { SignalSection } from '../features/coin/components/signal-section.tsx';
import { useToggleFavoriteMutation } from '../features/market/api/market-api.ts';
import { MarketSourceBadge } from '../features/market/components/market-source-badge.tsx';
import { LiveMarketProvider } from '../features/market/components/live-market-provider.tsx';
import { PriceChartCard } from '../features/market/components/price-chart-card.tsx';
import { levelsFromAnalysis } from '../features/market/components/chart-levels.ts';
import { useLiveSymbols } from '../features/market/hooks/live-market.ts';
import { planAccessFrom } from '../features/market/hooks/plan-access.ts';
import { useAnalysisQuery } from '../features/signals/api/signals-api.ts';
import { useCurrentSubscriptionQuery } from '../features/subscription/api/subscription-api.ts';
import { useSession } from '../lib/session.ts';
import { useDocumentTitle } from '../lib/use-document-title.ts';
import { useHeadingFocusOnArrival } from '../lib/use-arrival-focus.ts';
import { CoinAnalysisSection } from './coin-analysis-section.tsx';
import { currencyOf, useCurrency, type Currency } from '../lib/currency.ts';

/**
 * /coins/{symbol}: the coin's analysis screen (/market-analysis only picks the coin and opens this page):
 * price, chart with the analysis' levels, signal, the analysis the plan covers, then the coin's market facts.
 * Public; signed-in users also get their favourite star, alerts and the chat.
 */
export function CoinPage() {
  const { t } = useTranslation('coin');
  const { symbol: requested = '' } = useParams();
  const symbol = requested.toUpperCase();
  const coin = useCoinQuery(requested);
  const currency = useCurrency();
  const facts = coin.data?.data;
  useDocumentTitle(facts ? t('meta.title', { name: facts.name, symbol: facts.symbol }) : symbol);

  let body;
  if (coin.isPending) body = <LoadingState className="min-h-96" label={t('page.loading', { symbol })} />;
  else if (coin.isError && isNotFound(coin.error)) body = <CoinNotFound symbol={symbol} />;
  else if (coin.isError) {
    body = (
      <ErrorState
        title={t('page.loadError', { symbol })}
        description={coin.error.message}
        onRetry={() => void coin.refetch()}
        isRetrying={coin.isFetching}
      />
    );
  } else
    body = (
      <CoinScreen
        coin={coin.data.data}
        source={coin.data.source}
        cache={coin.data.cache}
        currency={currencyOf(coin.data, currency)}
      />
    );
  return (
    <LiveMarketProvider>
      <PageContainer className="flex flex-col gap-6">{body}</PageContainer>
    </LiveMarketProvider>
  );
}

function CoinNotFound({ symbol }: { symbol: string }) {
  const { t } = useTranslation('coin');
  return (
    <EmptyState
      icon={SearchX}
      title={
        <span role="heading" aria-level={1}>
          {t('page.notFoundTitle')}
        </span>
      }
      description={t('page.notFoundDescription', { symbol })}
      action={
        <nav aria-label={t('page.toMarket')} className="flex max-w-md flex-wrap justify-center gap-2">
          {analysisSymbols.map((item) => (
            <Button key={item} asChild size="sm" variant="secondary">
              <Link to={`/coins/${item.toLowerCase()}`}>{item}</Link>
            </Button>
          ))}
        </nav>
      }
    />
  );
}

const isCoinQuery =
  (symbol: string) =>
  ({ queryKey: [url] }: { queryKey: readonly unknown[] }) =>
    typeof url === 'string' && url.startsWith(`${coinUrl(symbol)}?`);

/** Signed-in actions go straight there; a visitor signs in first and lands there after. */
const forSession = (path: string, isSignedIn: boolean) =>
  isSignedIn ? path : `/login?next=${encodeURIComponent(path)}`;

function CoinActions({ coin, isSignedIn }: { coin: CoinFacts; isSignedIn: boolean }) {
  const { t } = useTranslation('coin');
  const queryClient = useQueryClient();
  const toggle = useToggleFavoriteMutation();
  const returnPath = `/coins/${coin.symbol.toLowerCase()}`;
  const question = t('actions.chatQuestion', { name: coin.name, symbol: coin.symbol });
  const onToggle = () =>
    toggle.mutate(
      { coinId: coin.id, coinName: coin.name, isFavorite: !coin.isFavorite },
      // every currency's copy of the coin says whether it is a favourite
      { onSuccess: () => void queryClient.invalidateQueries({ predicate: isCoinQuery(coin.symbol) }) },
    );
  return (
    <>
      {isSignedIn ? (
        <FavoriteButton
          symbol={coin.symbol}
          isFavorite={coin.isFavorite}
          isPending={toggle.isPending}
          onToggle={onToggle}
        />
      ) : (
        <SignInStar symbol={coin.symbol} returnPath={returnPath} />
      )}
      <Button asChild variant="secondary">
        <Link to={forSession(`/alerts?create=${coin.symbol.toLowerCase()}`, isSignedIn)}>
          <BellPlus aria-hidden="true" />
          {t('actions.createAlert')}
        </Link>
      </Button>
      <Button asChild variant="secondary">
        <Link to={forSession(`/chat?q=${encodeURIComponent(question)}`, isSignedIn)}>
          <MessageSquareText aria-hidden="true" />
          {t('actions.askChat', { symbol: coin.symbol })}
        </Link>
      </Button>
    </>
  );
}

/**
 * The coin's chart, with the analysis' supports and resistances drawn on it when the plan includes the analysis
 * (the same query as the analysis section below: one request).
 */
function CoinChart({ symbol, isSignedIn }: { symbol: string; isSignedIn: boolean }) {
  return isSignedIn ? <SignedInCoinChart symbol={symbol} /> : <PriceChartCard symbol={symbol} />;
}

function SignedInCoinChart({ symbol }: { symbol: string }) {
  const subscription = useCurrentSubscriptionQuery();
  const canAnalyse = subscription.data ? planAccessFrom(subscription.data).canAnalyse : false;
  const analysis = useAnalysisQuery(symbol, canAnalyse);
  // levels are drawn only over candles in their own currency
  const data = analysis.data?.currency === useCurrency() ? analysis.data.data : undefined;
  const levels = useMemo(() => (data ? levelsFromAnalysis(data) : undefined), [data]);
  return <PriceChartCard symbol={symbol} levels={levels} />;
}

/** The coin's market facts and the converter beside them (under them on a phone). */
function CoinMarket({ coin, currency, source }: CoinMarketProps) {
  return (
    <div className="grid gap-4 lg:grid-cols-3">
      <div className="lg:col-span-2">
        <CoinFactsCard coin={coin} currency={currency} source={source} />
      </div>
      <CoinConverter coin={coin} currency={currency} />
    </div>
  );
}

type CoinScreenProps = { coin: CoinFacts; source: MarketSource; cache: CacheInfo; currency: Currency };

function CoinScreen({ coin, source, cache, currency }: CoinScreenProps) {
  const { t } = useTranslation('coin');
  const isSignedIn = useSession() !== null;
  const returnPath = `/coins/${coin.symbol.toLowerCase()}`;
  const symbol = coin.analysisSymbol;
  useLiveSymbols(symbol ? [symbol] : []);
  // opened by the /market-analysis picker: the focus lands on the coin's name, where the page starts
  const headingRef = useRef<HTMLDivElement>(null);
  useHeadingFocusOnArrival(headingRef);
  return (
    <>
      <div ref={headingRef} className="contents">
        <CoinHeading
          coin={coin}
          currency={currency}
          source={source}
          badges={<MarketSourceBadge source={source} cache={cache} />}
          actions={<CoinActions coin={coin} isSignedIn={isSignedIn} />}
        />
      </div>
      {symbol ? (
        <>
          <div className="flex flex-col gap-2">
            <CoinChart symbol={symbol} isSignedIn={isSignedIn} />
            <p className="text-xs text-muted-foreground">
              {t('chart.sourceNote', { pair: `${symbol}/USDT` })}
            </p>
          </div>
          <SignalSection symbol={symbol} isSignedIn={isSignedIn} returnPath={returnPath} />
          <CoinAnalysisSection symbol={symbol} isSignedIn={isSignedIn} returnPath={returnPath} />
          <CoinMarket coin={coin} currency={currency} source={source} />
        </>
      ) : (
        <>
          <CoinMarket coin={coin} currency={currency} source={source} />
          <EmptyState
            icon={ChartNoAxesCombined}
            title={t('chart.notAnalysedTitle', { symbol: coin.symbol })}
            description={t('chart.notAnalysedDescription', { symbol: coin.symbol })}
          />
        </>
      )}
    </>
  );
}

import { analysisSymbolNames, analysisSymbols } from '@farol/contract';
import { ArrowLeft, ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { Button } from '../components/ui/button.tsx';
import { PageContainer } from '../components/ui/page-container.tsx';
import { useRequireAuth } from '../features/auth/hooks/use-require-auth.ts';
import { SymbolSearch, useAnalysableCoinOptions } from '../features/market/components/symbol-search.tsx';
import { coinPagePath } from '../lib/coin-prices.ts';
import { useDocumentTitle } from '../lib/use-document-title.ts';
import { FOCUS_HEADING_ON_ARRIVAL } from '../lib/use-arrival-focus.ts';

const SYMBOL_TEXT = /^[A-Za-z0-9]{1,20}$/;

/**
 * The coin an old analysis link named: `?coin=doge` (the page's own links, saved and shared) or `?symbol=BTC`;
 * null when it named none, or nothing a symbol could be.
 */
function linkedSymbol(params: URLSearchParams): string | null {
  const asked = params.get('coin') ?? params.get('symbol');
  return asked !== null && SYMBOL_TEXT.test(asked) ? asked : null;
}

/**
 * /market-analysis: a picker that opens the coin page, where the whole analysis of a coin is (one screen per
 * coin). Old links that named a coin go straight to its page, signed in or not (the coin page is public and
 * shows each visitor what their plan covers).
 */
export function MarketAnalysisPage() {
  const [params] = useSearchParams();
  const symbol = linkedSymbol(params);
  if (symbol) {
    // the rest of the link (?lng=es…) goes along
    const rest = new URLSearchParams(params);
    rest.delete('coin');
    rest.delete('symbol');
    const search = rest.size > 0 ? `?${rest}` : '';
    return <Navigate to={`${coinPagePath(symbol)}${search}`} replace />;
  }
  return <AnalysisPicker />;
}

function AnalysisPicker() {
  const { t } = useTranslation('marketAnalysis');
  const session = useRequireAuth();
  const navigate = useNavigate();
  const { options, status } = useAnalysableCoinOptions();
  useDocumentTitle(t('title'));
  if (!session) return null;
  return (
    <PageContainer className="flex flex-col gap-6">
      <header className="flex flex-col gap-3">
        <Button asChild variant="ghost" size="sm" className="self-start">
          <Link to="/dashboard">
            <ArrowLeft aria-hidden="true" />
            {t('back')}
          </Link>
        </Button>
        <div>
          <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{t('title')}</h1>
          <p className="mt-1 max-w-2xl text-sm text-muted-foreground">{t('picker.subtitle')}</p>
        </div>
      </header>
      <SymbolSearch
        value=""
        onChange={(chosen) => void navigate(coinPagePath(chosen), { state: FOCUS_HEADING_ON_ARRIVAL })}
        options={options}
        status={status}
        label={t('coinSearch')}
        placeholder={t('coinSearchPlaceholder')}
        className="w-full sm:w-96 [&_input]:h-11"
      />
      <nav aria-labelledby="quick-choices-title" className="flex flex-col gap-3">
        <h2 id="quick-choices-title" className="text-sm font-medium text-muted-foreground">
          {t('coinPicker')}
        </h2>
        <ul className="grid grid-cols-2 gap-2 md:grid-cols-3 lg:grid-cols-5">
          {analysisSymbols.map((quick) => (
            <li key={quick}>
              <Link
                to={coinPagePath(quick)}
                className="flex min-h-14 items-center justify-between gap-3 rounded-lg border border-border bg-card px-4 py-2 transition-colors hover:border-primary/60 hover:bg-muted/40 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
              >
                <span className="flex flex-col">
                  <span className="font-semibold">{quick}</span>
                  <span className="text-xs text-muted-foreground">{analysisSymbolNames[quick]}</span>
                </span>
                <ChevronRight aria-hidden="true" className="size-4 text-muted-foreground" />
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </PageContainer>
  );
}

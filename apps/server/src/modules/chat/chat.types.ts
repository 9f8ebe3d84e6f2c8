import type { Language } from '@farol/i18n';
import type { MarketService } from '../market/market.types.ts';
import type { SignalsService } from '../signals/signals.service.ts';
import type { Money } from '../../lib/currency.ts';

/** The read-only services every agent's tools use (the offline analyst reads the signals engine's own numbers). */
export type ChatData = {
  market: MarketService;
  signals: Pick<SignalsService, 'getAnalysis'>;
  language: Language;
  /**
   * The user's currency and its rate from USDT: the coin list and market caps come in it from the source,
   * the numbers drawn from USDT candles (analysis, volatility, stops) are converted at `money.rate`.
   * USD (rate 1) when absent.
   */
  money?: Money;
};

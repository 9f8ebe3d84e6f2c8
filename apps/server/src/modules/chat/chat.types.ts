import type { Language } from '@farol/i18n';
import type { MarketService } from '../market/market.types.ts';
import type { SignalsService } from '../signals/signals.service.ts';

/** The read-only services every agent's tools use (the offline analyst reads the signals engine's own numbers). */
export type ChatData = {
  market: MarketService;
  signals: Pick<SignalsService, 'getAnalysis'>;
  language: Language;
};

// The language list on its own, so the web can read it without bundling every catalogue (resources.ts).
export const languages = ['pt-BR', 'en', 'es'] as const;
export type Language = (typeof languages)[number];
export const defaultLanguage: Language = 'pt-BR';

/**
 * Every figure the public copy states, in every language (`{{indicators}}`, `{{taLibIndicators}}`, `{{coins}}`,
 * `{{alertTypes}}`, …): filled in by default wherever a text is translated, on the server and in the browser,
 * and read by the pages that print a figure on its own (the landing's stats). Tests hold each one equal to the
 * code that defines it, so the copy cannot drift from the product: the indicator catalogue and its TA-Lib
 * functions, TRACKED_COINS, the alert type enum (product-facts.test.ts); the signal engine's rules and
 * timeframes, the plans' coin limits, the live stream's price patch and the market refresh (apps/server).
 */
export const productFacts = {
  indicators: 153,
  taLibIndicators: 141,
  coins: 500,
  alertTypes: 5,
  languages: languages.length,
  signalRules: 6,
  signalTimeframes: 3,
  freeCoins: 5,
  inicianteCoins: 10,
  /** Seconds between two live price updates on screen (the stream patches prices at most once a second). */
  livePriceSeconds: 1,
  /** Seconds between two market refreshes, each followed by a check of the alerts not left to live ticks. */
  marketRefreshSeconds: 10,
} as const;

import { z } from 'zod';
import type { Language } from './common.ts';

/**
 * The currencies money is shown in. Prices come from the source in that currency (CoinGecko's
 * `vs_currency`) or are converted from USDT with Binance's USDT/BRL rate (candles, analysis levels);
 * see docs/currency.md.
 */
export const currencies = ['BRL', 'USD'] as const;
export const currencySchema = z.enum(currencies, 'currency_invalid');
export type Currency = z.infer<typeof currencySchema>;

/**
 * `?currency=BRL|USD` on every market call that carries money. When absent: the signed-in caller's
 * preference, else the request's language (pt-BR → BRL, others USD).
 */
export const currencyQuerySchema = z.object({ currency: currencySchema.optional() });
export type CurrencyQuery = z.infer<typeof currencyQuerySchema>;

/** The currency of an account that never chose one, and of a visitor: BRL in pt-BR, USD otherwise. */
export const defaultCurrencyFor = (language: Language | undefined): Currency =>
  language === 'pt-BR' ? 'BRL' : 'USD';

/** How the USDT prices of an answer were turned into `currency` (absent or null: no conversion, USD). */
export const currencyConversionMethods = [
  /** Each candle multiplied by the close of the USDT/BRL candle of the same open time. */
  'candle_close',
  /** The latest USDT/BRL close (analysis levels, stops and targets, the signal's price). */
  'latest',
  /** The simulated market's fixed rate. */
  'simulated_fixed',
] as const;
export type CurrencyConversionMethod = (typeof currencyConversionMethods)[number];

export const currencyConversionSchema = z.object({
  /** The quote the data is in at its source. */
  from: z.literal('USDT'),
  to: currencySchema,
  /** The rate's market: `USDTBRL` at Binance (or the simulated rate). */
  rateSymbol: z.string(),
  rateSource: z.enum(['binance', 'simulated']),
  method: z.enum(currencyConversionMethods),
  /** The latest rate used (1 USDT = rate `to`). */
  latestRate: z.number().positive(),
});
export type CurrencyConversion = z.infer<typeof currencyConversionSchema>;

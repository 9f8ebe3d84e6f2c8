import {
  defaultCurrencyFor,
  type Currency,
  type CurrencyConversion,
  type MarketSource,
} from '@farol/contract';
import type { MarketService } from '../modules/market/market.types.ts';
import type { Actor } from '../plugins/auth.ts';
import type { Language } from '@farol/i18n';
import { AppError } from './app-error.ts';

/** The currency an account shows money in: its choice, else BRL when its language is pt-BR, USD otherwise. */
export const accountCurrency = (actor: Pick<Actor, 'preferences' | 'language'>): Currency =>
  actor.preferences.currency ?? defaultCurrencyFor(actor.preferences.language ?? actor.language);

/**
 * The currency of a money answer: `?currency=` when sent, else the signed-in caller's preference, else the
 * request's language (pt-BR → BRL, others USD).
 */
export const answerCurrency = (
  request: { user?: Pick<Actor, 'preferences' | 'language'> | undefined; language: Language },
  requested: Currency | undefined,
): Currency =>
  requested ?? (request.user ? accountCurrency(request.user) : defaultCurrencyFor(request.language));

/**
 * The currency money is written in and the rate from the engine's USDT to it (1 for USD). The signal
 * engine always works on USDT candles: only the displayed figures change with the currency.
 */
export type Money = { currency: Currency; rate: number };
export const usdMoney: Money = { currency: 'USD', rate: 1 };

/**
 * The money of an answer built from USDT figures (analysis levels, stops, targets, the signal's price):
 * BRL at the latest closed USDT/BRL hourly candle, and the conversion the answer states.
 */
export async function latestMoney(
  market: Pick<MarketService, 'getRateCandles'>,
  currency: Currency,
): Promise<{ money: Money; conversion: CurrencyConversion | null }> {
  if (currency === 'USD') return { money: usdMoney, conversion: null };
  const rates = await market.getRateCandles('1h', 1);
  const rate = rates.data.at(-1)?.close;
  if (rate === undefined) throw new AppError('upstream_bad_response');
  return { money: { currency, rate }, conversion: usdtConversion(currency, rate, rates.source, 'latest') };
}

/** What an answer says of its USDT → `to` conversion: Binance's USDTBRL, or the simulated market's fixed rate. */
export const usdtConversion = (
  to: Currency,
  latestRate: number,
  rateSource: MarketSource,
  method: 'candle_close' | 'latest',
): CurrencyConversion => {
  const simulated = rateSource === 'simulated';
  return {
    from: 'USDT',
    to,
    rateSymbol: 'USDTBRL',
    rateSource: simulated ? 'simulated' : 'binance',
    method: simulated ? 'simulated_fixed' : method,
    latestRate,
  };
};

import type { Language } from './languages.ts';

/**
 * How Farol writes numbers, in one place for the web, the e-mails, the chat and the analysis texts:
 * - prices: two decimals from one unit up (`US$ 64.210,55`); below one, four significant digits, so a
 *   coin under a dollar keeps what moves (ADA `US$ 0,2737`, a meme coin `US$ 0,00001234`);
 * - percentages: two decimals (`12,35%`), signed on request; scores (signal strength, confidence, trend
 *   strength, win rates) as whole percentages (`16%`): their decimals carry no information;
 * - indicators: a fixed number of decimals (RSI 1, MACD 4);
 * - large amounts: compact notation with two decimals (`1,23 bi`);
 * - chart prices (axis, read-out, level labels): one precision for the whole chart, chosen from the coin's
 *   price, no currency sign: none from 1 000 up (`95.310`), two from 1 up, four from 0.01 up, and four
 *   significant digits for tinier coins (`0,00001234`).
 * Intl objects are built once per language and options.
 */
const formats = new Map<string, Intl.NumberFormat>();

function numberFormat(language: Language, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${language}|${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(language, options);
    formats.set(key, format);
  }
  return format;
}

export type Currency = 'USD' | 'BRL';

/**
 * How the currency is written: Spanish's default symbol for the real is "BRL", which reads as a code, so the
 * real takes its narrow symbol (R$) in every language; the dollar keeps "US$" where a language writes it so.
 */
const currencyDisplay = (currency: Currency) => (currency === 'BRL' ? 'narrowSymbol' : 'symbol');

/** A price in `currency`: two decimals from 1 up, four significant digits below. */
export function formatPrice(value: number, language: Language, currency: Currency = 'USD'): string {
  return numberFormat(language, {
    style: 'currency',
    currency,
    currencyDisplay: currencyDisplay(currency),
    ...(Math.abs(value) >= 1 || value === 0
      ? { minimumFractionDigits: 2, maximumFractionDigits: 2 }
      : { minimumSignificantDigits: 2, maximumSignificantDigits: 4 }),
  }).format(value);
}

/** A value already in percent units (12.345 → "12,35%"); `signed` adds "+" to gains. */
export function formatPercent(value: number, language: Language, options: { signed?: boolean } = {}): string {
  return numberFormat(language, {
    style: 'percent',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
    signDisplay: options.signed ? 'exceptZero' : 'auto',
  }).format(value / 100);
}

/**
 * A score already in percent units as a whole percentage (16.4 → "16%"): signal strength, confidence,
 * trend strength and win rates, where decimals suggest a precision the figure does not have.
 */
export function formatWholePercent(value: number, language: Language): string {
  return numberFormat(language, { style: 'percent', maximumFractionDigits: 0 }).format(value / 100);
}

/** A number with exactly `digits` decimals (RSI 1, MACD 4); `signed` adds "+" to positive values. */
export function formatDecimal(
  value: number,
  digits: number,
  language: Language,
  options: { signed?: boolean } = {},
): string {
  return numberFormat(language, {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
    signDisplay: options.signed ? 'exceptZero' : 'auto',
  }).format(value);
}

/** A large amount in compact notation with two decimals: 1 234 567 890 → "1,23 bi" / "1.23B". */
export function formatCompact(value: number, language: Language, currency?: Currency): string {
  return numberFormat(language, {
    notation: 'compact',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
    ...(currency ? { style: 'currency', currency, currencyDisplay: currencyDisplay(currency) } : {}),
  }).format(value);
}

/** Decimals of a chart whose prices are around `reference`: 0 from 1 000, 2 from 1, 4 from 0.01, else 4 significant. */
export function chartPriceDigits(reference: number): number {
  const size = Math.abs(reference);
  if (!Number.isFinite(size) || size >= 1000) return 0;
  if (size >= 1) return 2;
  if (size >= 0.01 || size === 0) return 4;
  // 4 significant digits: 0.000012345 has its first digit at the 5th decimal, so 8 decimals
  return Math.min(12, 3 - Math.floor(Math.log10(size)));
}

/** A chart price with the chart's `digits` (see chartPriceDigits), grouped as the language writes numbers. */
export function formatChartPrice(value: number, digits: number, language: Language): string {
  return formatDecimal(value, digits, language);
}

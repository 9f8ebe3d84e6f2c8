import {
  chartPriceDigits,
  formatChartPrice as chartPrice,
  formatCompact as compact,
  formatDecimal,
  formatPercent as percent,
  formatPrice as price,
  formatWholePercent as wholePercent,
  type Currency,
} from '@farol/i18n/format';
import { currentLanguage, type Language } from './i18n.ts';

// Every number and date on screen goes through Intl with the interface language; numbers follow the one
// set of rules the server's e-mails and texts use too (@farol/i18n/format).
// Formatters are cached per language and options: building Intl objects is the expensive part.
const formatters = new Map<string, Intl.DateTimeFormat>();

function cachedFormatter<F extends Intl.DateTimeFormat>(key: string, create: () => F): F {
  let formatter = formatters.get(key) as F | undefined;
  if (!formatter) {
    formatter = create();
    formatters.set(key, formatter);
  }
  return formatter;
}

function dateFormat(language: Language, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return cachedFormatter(
    `d|${language}|${JSON.stringify(options)}`,
    () => new Intl.DateTimeFormat(language, options),
  );
}

export type { Currency };
export { chartPriceDigits };

/** A price: pt-BR `US$ 1.234,56`, en `$1,234.56`; below one unit four significant digits (`$0.2737`). */
export function formatPrice(value: number, currency: Currency = 'USD', language = currentLanguage()): string {
  return price(value, language, currency);
}

/** A price on a chart (axis, read-out, level labels) with the chart's digits (chartPriceDigits), no currency. */
export function formatChartPrice(value: number, digits: number, language = currentLanguage()): string {
  return chartPrice(value, digits, language);
}

/** A value already in percent units (12.345 -> "12,35%"), 2 decimals; `signed` adds "+" to gains. */
export function formatPercent(
  value: number,
  options: { signed?: boolean } = {},
  language = currentLanguage(),
): string {
  return percent(value, language, options);
}

/** A score in percent units as a whole percentage (16.4 -> "16%"): strength, confidence, win rates. */
export function formatWholePercent(value: number, language = currentLanguage()): string {
  return wholePercent(value, language);
}

function formatFixed(value: number, digits: number, language: Language): string {
  return formatDecimal(value, digits, language);
}

/** A number with exactly `digits` decimals: a Sharpe ratio (2), a count of days (1). */
export function formatNumber(value: number, digits: number, language = currentLanguage()): string {
  return formatFixed(value, digits, language);
}

/** RSI with 1 decimal. */
export function formatRsi(value: number, language = currentLanguage()): string {
  return formatFixed(value, 1, language);
}

/** MACD with 4 decimals. */
export function formatMacd(value: number, language = currentLanguage()): string {
  return formatFixed(value, 4, language);
}

/** Compact figure with 2 decimals: 1 234 567 890 -> "1,23 bi" (pt-BR) / "1.23B" (en). */
export function formatCompact(value: number, language = currentLanguage()): string {
  return compact(value, language);
}

/** A large amount of money in compact notation: 1.2e12 in BRL -> "R$ 1,20 tri" (pt-BR). */
export function formatCompactMoney(value: number, currency: Currency, language = currentLanguage()): string {
  return compact(value, language, currency);
}

/** Amount in trillions with 2 decimals, unit left to the caller's copy: 2.41e12 -> "2,41". */
export function formatTrillions(value: number, language = currentLanguage()): string {
  return formatFixed(value / 1e12, 2, language);
}

function toDate(value: Date | string | number): Date {
  return value instanceof Date ? value : new Date(value);
}

/** Calendar date: pt-BR `21/11/2025`, en `11/21/2025`. */
export function formatDate(value: Date | string | number, language = currentLanguage()): string {
  return dateFormat(language, { day: '2-digit', month: '2-digit', year: 'numeric' }).format(toDate(value));
}

/**
 * A day counted in UTC (a backtest's window: its first day starts at 00:00 UTC), shown as that day wherever the
 * reader is: 2024-07-01T00:00Z is 01/07/2024 in São Paulo too, not 30/06.
 */
export function formatUtcDate(value: Date | string | number, language = currentLanguage()): string {
  return dateFormat(language, { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'UTC' }).format(
    toDate(value),
  );
}

/** Date with hour and minute: pt-BR `21/11/2025, 14:05`. */
export function formatDateTime(value: Date | string | number, language = currentLanguage()): string {
  return dateFormat(language, {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  }).format(toDate(value));
}

/**
 * The market screens' one time zone: the chart's axis, the signal's and the analysis' times all read in it,
 * whatever the visitor's clock (a trader compares a candle with the time a signal was computed).
 */
export const MARKET_TIME_ZONE = 'America/Sao_Paulo';

const marketDay = {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  timeZone: MARKET_TIME_ZONE,
} as const satisfies Intl.DateTimeFormatOptions;

/** Date and time in the market screens' zone, the zone named: pt-BR `21/11/2025, 14:05 BRT`. */
export function formatMarketDateTime(value: Date | string | number, language = currentLanguage()): string {
  return dateFormat(language, {
    ...marketDay,
    hour: '2-digit',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(toDate(value));
}

/** A date in the market screens' zone: pt-BR `20/01/2025`. */
export function formatMarketDate(value: Date | string | number, language = currentLanguage()): string {
  return dateFormat(language, marketDay).format(toDate(value));
}

/** Long date for "member since": pt-BR `21 de novembro de 2025`. */
export function formatLongDate(value: Date | string | number, language = currentLanguage()): string {
  return dateFormat(language, { day: 'numeric', month: 'long', year: 'numeric' }).format(toDate(value));
}

/**
 * A number typed in the interface language (pt-BR and es `1.234,56`, en `1,234.56`; the group separator may be
 * left out); null when it is not one.
 */
export function parseDecimalInput(text: string, language = currentLanguage()): number | null {
  const decimal = language === 'en' ? '.' : ',';
  const group = decimal === ',' ? '\\.' : ',';
  const point = decimal === ',' ? ',' : '\\.';
  // groups of three, or none at all ("1.5" in pt-BR is not fifteen); a trailing separator is a number being typed
  const shape = new RegExp(`^(\\d{1,3}(${group}\\d{3})+|\\d+)(${point}\\d*)?$`);
  const cleaned = text.trim().replace(/\s/g, '');
  if (!shape.test(cleaned)) return null;
  return Number(
    cleaned
      .split(decimal === ',' ? '.' : ',')
      .join('')
      .replace(decimal, '.'),
  );
}

/** A plain amount for an input (no currency sign, groups as the language writes them): up to `digits` decimals. */
export function formatInputAmount(value: number, digits: number, language = currentLanguage()): string {
  return new Intl.NumberFormat(language, { maximumFractionDigits: digits }).format(value);
}

import { candleIntervals, marketSymbolSchema, type CandleInterval } from '@farol/contract';
import { useCallback, useState } from 'react';
import { defaultIndicators, indicatorIds, type IndicatorChoice } from './chart-indicators.ts';

// What the trader chose on one chart holds on every chart and after a reload: kept in this browser only
// (a view preference, not account data).
export const chartStorageKeys = {
  indicators: 'farol.chart.indicators',
  symbol: 'farol.chart.symbol',
  interval: 'farol.chart.interval',
} as const;

function readStored(key: string): unknown {
  try {
    const text = localStorage.getItem(key);
    return text === null ? undefined : (JSON.parse(text) as unknown);
  } catch {
    // storage blocked (private mode) or a value from elsewhere: the default then
    return undefined;
  }
}

function writeStored(key: string, value: unknown): void {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // storage full or blocked: the choice lasts for this page only
  }
}

/** Stored switches over the defaults: an unknown or missing switch keeps its default. */
export function parseIndicators(value: unknown): IndicatorChoice {
  const stored = typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  return Object.fromEntries(
    indicatorIds.map((id) => [id, typeof stored[id] === 'boolean' ? stored[id] : defaultIndicators[id]]),
  ) as IndicatorChoice;
}

// any market symbol: a coin that has since lost its pair answers 404 with the reason, and the search is there
const parseSymbol = (value: unknown): string =>
  marketSymbolSchema.safeParse(value).success ? (value as string) : 'BTC';

const parseInterval = (value: unknown): CandleInterval =>
  candleIntervals.find((interval) => interval === value) ?? '1h';

function useStoredChoice<T>(key: string, parse: (value: unknown) => T) {
  const [value, setValue] = useState(() => parse(readStored(key)));
  const choose = useCallback(
    (next: T) => {
      setValue(next);
      writeStored(key, next);
    },
    [key],
  );
  return [value, choose] as const;
}

export const useIndicatorChoice = () => useStoredChoice(chartStorageKeys.indicators, parseIndicators);
export const useChartSymbol = () => useStoredChoice(chartStorageKeys.symbol, parseSymbol);
export const useChartInterval = () => useStoredChoice(chartStorageKeys.interval, parseInterval);

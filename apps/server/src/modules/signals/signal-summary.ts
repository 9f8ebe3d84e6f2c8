import type { IndicatorReading, MarketSource, SignalSummary, SummaryIndicator } from '@farol/contract';
import type { Language } from '@farol/i18n';
import type { Money } from '../../lib/currency.ts';
import { renderSignalIndicators } from './analysis-text.ts';
import { timeframes, type AnalysisFacts } from './market-analysis.ts';

/** The summary's rows: each one rule of the engine, in the order the coin page shows them. */
const ruleOfRow: Record<SummaryIndicator, string> = {
  rsi: 'rsi_zone',
  macd: 'macd_histogram',
  bollinger: 'bollinger_band',
  adx: 'adx_direction',
  ema: 'ema_alignment',
  volume: 'volume_confirmation',
};

const readingOf = (vote: number): IndicatorReading => (vote > 0 ? 'buy' : vote < 0 ? 'sell' : 'neutral');

/**
 * The signal as one score (the engine's weighted vote, −100 … +100, and its class) with the timeframe ×
 * indicator table behind it: each cell the rule's vote, its reading and the analysis's own explanation.
 */
export function renderSignalSummary(
  symbol: string,
  facts: AnalysisFacts,
  source: MarketSource,
  language: Language,
  money: Money,
): SignalSummary {
  const indicators = renderSignalIndicators(language, facts.vote.votes, money);
  const rows = (Object.keys(ruleOfRow) as SummaryIndicator[]).map((indicator) => {
    const ofRule = indicators.filter((item) => item.rule === ruleOfRow[indicator]);
    return {
      indicator,
      name: ofRule[0]!.name,
      cells: timeframes.map((timeframe) => {
        const item = ofRule.find((candidate) => candidate.timeframe === timeframe)!;
        return {
          timeframe,
          reading: readingOf(item.vote),
          value: item.value,
          explanation: item.explanation,
        };
      }),
    };
  });
  return {
    symbol,
    score: Math.round(facts.vote.score * 100),
    signal: facts.vote.signal,
    rows,
    source,
    asOf: new Date(facts.asOf).toISOString(),
  };
}

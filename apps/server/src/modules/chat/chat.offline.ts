import type { Currency, ExpectedRange, KeyProvider, QuotedLevel } from '@farol/contract';
import { translate, type Language } from '@farol/i18n';
import { formatDecimal, formatPercent, formatPrice, formatWholePercent } from '@farol/i18n/format';
import { providerLabels } from '../api-keys/api-keys.service.ts';
import type { Briefing, CoinBriefing } from './chat.briefing.ts';

// The built-in analyst: the agents' numbers written out as an analyst's note with the chat catalogue's
// templates, in the user's language. No language model, so it works offline on the simulated market.

export type OfflineReason =
  { kind: 'no_key' | 'provider_unavailable' | 'included_used_up'; provider: KeyProvider } | undefined;

const offlineReasonKeys = {
  no_key: 'offline.noKey',
  provider_unavailable: 'offline.providerUnavailable',
  included_used_up: 'offline.includedUsedUp',
} as const;

/** Formats in the briefing's currency (USD for briefings stored before it had one). */
function formatters(language: Language, currency: Currency = 'USD') {
  return {
    usd: (value: number) => formatPrice(value, language, currency),
    money: (value: number, currency: 'BRL' | 'USD') => formatPrice(value, language, currency),
    compactUsd: (value: number) =>
      new Intl.NumberFormat(language, {
        style: 'currency',
        currency,
        notation: 'compact',
        maximumFractionDigits: 2,
      }).format(value),
    compact: (value: number) =>
      new Intl.NumberFormat(language, { notation: 'compact', maximumFractionDigits: 2 }).format(value),
    percent: (value: number) => formatPercent(value, language),
    wholePercent: (value: number) => formatWholePercent(value, language),
    signedPercent: (value: number) => formatPercent(value, language, { signed: true }),
    fixed: (value: number, digits: number) => formatDecimal(value, digits, language),
    signedFixed: (value: number, digits: number) => formatDecimal(value, digits, language, { signed: true }),
    number: (value: number) => new Intl.NumberFormat(language, { maximumFractionDigits: 6 }).format(value),
    dateTime: (iso: string) =>
      new Intl.DateTimeFormat(language, {
        dateStyle: 'short',
        timeStyle: 'short',
        timeZone: 'America/Sao_Paulo',
      }).format(new Date(iso)),
  };
}

/** CoinGecko's and Binance's 24 h changes differ: a coin's line names whose it quotes, as the coin page does. */
const sourceNames: Record<string, string> = { coingecko: 'CoinGecko', binance: 'Binance' };
const sourceName = (t: (key: string) => string, source: string) =>
  source === 'simulated' ? t('offline.simulatedSource') : (sourceNames[source] ?? source);

const fearGreedKey = (classification: string) => classification.trim().toLowerCase().replace(/\s+/g, '_');

/** "24 h" / "7 dias": whole days read better than 168 h. */
function horizonText(t: (key: string, params?: Record<string, unknown>) => string, hours: number): string {
  return hours > 24 && hours % 24 === 0
    ? t('offline.inDays', { count: hours / 24 })
    : t('offline.inHours', { count: hours });
}

/** "Entre … e … em 24 h, 8 vezes em 10 (…)": the expected ranges as one line; undefined when there are none. */
function expectedRangeLine(
  t: (key: string, params?: Record<string, unknown>) => string,
  format: ReturnType<typeof formatters>,
  expectedRange: readonly ExpectedRange[],
): string | undefined {
  if (expectedRange.length === 0) return undefined;
  return t('offline.expectedRange', {
    ranges: expectedRange
      .map((range) =>
        t('offline.expectedRangeItem', {
          low: format.usd(range.low),
          high: format.usd(range.high),
          horizon: horizonText(t, range.horizonHours),
          times: Math.round(range.probability * 10),
          measured:
            range.measuredCoverage === null
              ? ''
              : t('offline.expectedRangeMeasured', {
                  coverage: format.percent(range.measuredCoverage * 100),
                }),
        }),
      )
      .join('; '),
  });
}

function coinSection(language: Language, coin: CoinBriefing, briefing: Briefing): string[] {
  const t = (key: string, params?: Record<string, unknown>) => translate(language, `chat:${key}`, params);
  const format = formatters(language, briefing.currency);
  const lines: string[] = [];
  const price = coin.quote?.price;
  lines.push(
    t('offline.coinHeader', { symbol: coin.symbol, price: price === undefined ? '—' : format.usd(price) }),
  );
  // each level with its distance from the quoted price above, signed by its side
  const levelAt = (level: QuotedLevel) =>
    t('offline.levelAt', {
      price: format.usd(level.price),
      distance: format.signedPercent(level.side === 'below' ? -level.distancePercent : level.distancePercent),
    });
  const technical = coin.technical;
  if (technical) {
    lines.push(
      t('offline.signal', {
        signal: t(`values.signal.${technical.signal}`),
        // scores: whole percentages, like every screen shows them
        strength: format.wholePercent(technical.strength),
        confidence: format.wholePercent(technical.confidence),
        trendStrength: format.wholePercent(technical.trendStrength),
      }),
      t('offline.indicators', {
        rsi: format.fixed(technical.rsi.value, 1),
        rsiState: t(`values.rsi.${technical.rsi.signal}`),
        macd: format.fixed(technical.macd.value, 4),
        macdState: t(`values.macd.${technical.macd.signal}`),
        bollinger: t(`values.bollinger.${technical.bollinger.position}`),
        squeeze: technical.bollinger.squeeze ? t('offline.squeeze') : '',
        volume: t(`values.volume.${technical.volume.trend}`),
        anomaly: technical.volume.anomaly ? t('offline.anomaly') : '',
      }),
      t('offline.levels', {
        supports: technical.levels.supports.length
          ? technical.levels.supports.map(levelAt).join(', ')
          : t('offline.none'),
        resistances: technical.levels.resistances.length
          ? technical.levels.resistances.map(levelAt).join(', ')
          : t('offline.none'),
      }),
    );
    // briefings stored before the ranges existed have none
    const rangeLine = expectedRangeLine(
      t,
      format,
      (technical as Partial<typeof technical>).expectedRange ?? [],
    );
    if (rangeLine) lines.push(rangeLine);
    if (technical.reasoning) lines.push(t('offline.reasoning', { reasoning: technical.reasoning }));
  } else if (
    briefing.agents.includes('technical_analyst') &&
    briefing.unavailable.includes('technical_analyst')
  ) {
    lines.push(t('offline.unavailable', { part: t('agents.technical_analyst') }));
  }
  const volatility = coin.volatility;
  const usualStop = volatility?.stops.find((stop) => stop.atrMultiple === 2) ?? volatility?.stops[0];
  if (volatility && usualStop) {
    lines.push(
      t('offline.risk', {
        interval: t(`values.interval.${volatility.interval}`),
        atr: format.usd(volatility.atr),
        atrPercent: format.percent(volatility.atrPercent),
        stop: format.usd(usualStop.price),
        distance: format.percent(usualStop.distancePercent),
      }),
    );
  }
  return lines;
}

function positionLines(language: Language, briefing: Briefing): string[] {
  const t = (key: string, params?: Record<string, unknown>) => translate(language, `chat:${key}`, params);
  const format = formatters(language, briefing.currency);
  if (!briefing.agents.includes('risk_manager') || !briefing.coins[0]?.volatility) return [];
  const position = briefing.position;
  if (!position || 'error' in position) return [t('offline.positionHint')];
  const lines = [
    ...(position.cappedAtCapital
      ? [t('offline.positionCapped', { requested: format.percent(position.requestedRiskPercent) })]
      : []),
    t('offline.position', {
      riskPercent: format.percent(position.riskPercent),
      capital: format.money(position.capital, position.currency),
      positionValue: format.money(position.positionValue, position.currency),
      share: format.percent(position.positionPercentOfCapital),
      riskAmount: format.money(position.riskAmount, position.currency),
    }),
  ];
  lines.push(
    t('offline.positionUnits', { units: format.number(position.units), symbol: briefing.coins[0].symbol }),
  );
  return [lines.join(' ')];
}

/** BTC dominance now and its shift in percentage points over 24 h and 7 d ("not enough history" when unknown). */
function dominanceLine(language: Language, dominance: NonNullable<Briefing['dominance']>): string {
  const t = (key: string, params?: Record<string, unknown>) => translate(language, `chat:${key}`, params);
  const format = formatters(language);
  const points = (change: { bitcoinPoints: number } | undefined) =>
    change
      ? t('offline.percentagePoints', { value: format.signedFixed(change.bitcoinPoints, 2) })
      : t('offline.noHistory');
  return t('offline.dominanceShift', {
    btc: format.percent(dominance.bitcoinDominance),
    change24h: points(dominance.change24h),
    change7d: points(dominance.change7d),
  });
}

/** Who writes the note, and why the built-in analyst answers instead of a model. */
function introduction(language: Language, reason: OfflineReason): string[] {
  const t = (key: string, params?: Record<string, unknown>) => translate(language, `chat:${key}`, params);
  const paragraphs = [t('offline.header')];
  if (reason)
    paragraphs.push(t(offlineReasonKeys[reason.kind], { provider: providerLabels[reason.provider] }));
  return paragraphs;
}

/**
 * The built-in analyst's note for a briefing, in `language`, without the closing disclaimer. It says who
 * wrote it and why only when `introduce` (once per conversation, not in every answer).
 */
export function composeOfflineNote(
  language: Language,
  briefing: Briefing,
  reason: OfflineReason,
  options: { introduce: boolean } = { introduce: true },
): string {
  const t = (key: string, params?: Record<string, unknown>) => translate(language, `chat:${key}`, params);
  const format = formatters(language, briefing.currency);
  const paragraphs: string[] = options.introduce ? introduction(language, reason) : [];
  if (briefing.defaultedToBitcoin && briefing.coins.length > 0) paragraphs.push(t('offline.noCoin'));
  for (const coin of briefing.coins) paragraphs.push(coinSection(language, coin, briefing).join('\n'));
  paragraphs.push(...positionLines(language, briefing));
  for (const coin of briefing.fundamentals) {
    const lines = [
      t('offline.fundamentals', {
        name: coin.name,
        symbol: coin.symbol,
        rank: coin.rank ?? '—',
        price: coin.price === undefined ? '—' : format.usd(coin.price),
        marketCap: coin.marketCap === undefined ? '—' : format.compactUsd(coin.marketCap),
        volume: coin.volume24h === undefined ? '—' : format.compactUsd(coin.volume24h),
        change: coin.change24hPercent === undefined ? '—' : format.signedPercent(coin.change24hPercent),
        source: sourceName(t, coin.source),
      }),
    ];
    if (coin.circulatingSupply !== undefined) {
      lines.push(
        t('offline.supply', {
          circulating: format.compact(coin.circulatingSupply),
          max: coin.maxSupply ? t('offline.supplyMax', { max: format.compact(coin.maxSupply) }) : '',
        }),
      );
    }
    paragraphs.push(lines.join(' '));
  }
  if (briefing.global) {
    paragraphs.push(
      t('offline.global', {
        totalMarketCap: format.compactUsd(briefing.global.totalMarketCap),
        btc: format.percent(briefing.global.bitcoinDominance),
        eth: format.percent(briefing.global.ethereumDominance),
      }),
    );
  }
  if (briefing.sentiment) {
    const sentiment = briefing.sentiment;
    paragraphs.push(
      t('offline.sentiment', {
        value: sentiment.value,
        classification: translate(
          language,
          `chat:values.fearGreed.${fearGreedKey(sentiment.classification)}`,
          {},
          sentiment.classification,
        ),
        average7: format.fixed(sentiment.average7, 1),
        average30: format.fixed(sentiment.average30, 1),
        trend: t(`values.trend.${sentiment.trend}`),
      }),
    );
  }
  if (briefing.dominance) paragraphs.push(dominanceLine(language, briefing.dominance));
  for (const agent of briefing.unavailable) {
    if (agent !== 'technical_analyst')
      paragraphs.push(t('offline.unavailable', { part: t(`agents.${agent}`) }));
  }
  const asOf = briefing.coins.find((coin) => coin.technical)?.technical?.asOf;
  if (briefing.sources.length > 0) {
    const sources = briefing.sources.join(', ');
    paragraphs.push(
      asOf
        ? t('offline.sourceAsOf', { sources, asOf: format.dateTime(asOf) })
        : t('offline.source', { sources }),
    );
  }
  if (briefing.sources.includes('simulated')) paragraphs.push(t('offline.simulated'));
  return paragraphs.join('\n\n');
}

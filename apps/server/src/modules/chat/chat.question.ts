import type { AnalysisSymbol, ChatAgent } from '@farol/contract';
import type { Coin } from '../market/market.types.ts';

// Reading a question in pt-BR, en or es: which coins it names and which analysts it needs.

/** Names and nicknames traders use for the ten analysed coins (lower case, accents removed). */
const coinAliases: Record<AnalysisSymbol, string[]> = {
  BTC: ['btc', 'bitcoin', 'bitcoins', 'xbt', "bitcoin's"],
  ETH: ['eth', 'ether', 'ethereum', 'etherium', 'eter'],
  BNB: ['bnb', 'binance coin'],
  ADA: ['cardano'],
  SOL: ['sol', 'solana'],
  XRP: ['xrp', 'ripple'],
  DOT: ['polkadot'],
  AVAX: ['avax', 'avalanche'],
  MATIC: ['matic', 'polygon', 'pol'],
  LINK: ['chainlink'],
};

// Symbols that are also everyday words ("link", "dot", "Ada" the name): recognised only in capitals or
// with a $ ("$link"), so "send me the link" names no coin.
const capitalsOnly: Partial<Record<AnalysisSymbol, string>> = { ADA: 'ADA', DOT: 'DOT', LINK: 'LINK' };

const normalize = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const wordPattern = (phrase: string) =>
  new RegExp(`(^|[^\\p{L}\\p{N}])\\$?${escape(phrase)}(?=$|[^\\p{L}\\p{N}])`, 'u');

/** The analysed coins a question names, in order of first mention. */
export function findAnalysisSymbols(question: string): AnalysisSymbol[] {
  const text = normalize(question);
  const found: { symbol: AnalysisSymbol; index: number }[] = [];
  for (const [symbol, aliases] of Object.entries(coinAliases) as [AnalysisSymbol, string[]][]) {
    const indexes = aliases.map((alias) => text.search(wordPattern(alias))).filter((index) => index >= 0);
    const capitals = capitalsOnly[symbol];
    if (capitals) {
      const index = question.search(
        new RegExp(`(^|[^\\p{L}\\p{N}])(${capitals}|\\$${capitals.toLowerCase()})(?=$|[^\\p{L}\\p{N}])`, 'u'),
      );
      if (index >= 0) indexes.push(index);
    }
    if (indexes.length > 0) found.push({ symbol, index: Math.min(...indexes) });
  }
  return found.sort((a, b) => a.index - b.index).map((entry) => entry.symbol);
}

/**
 * Other coins of the market list a question names: by full name (4+ letters) or by symbol written in
 * capitals (3+ letters), so common words do not match.
 */
export function findOtherCoins(question: string, coins: readonly Coin[], known: readonly string[]): Coin[] {
  const text = normalize(question);
  return coins.filter(
    (coin) =>
      !known.includes(coin.symbol) &&
      ((coin.name.length >= 4 && wordPattern(normalize(coin.name)).test(text)) ||
        (coin.symbol.length >= 3 && wordPattern(coin.symbol).test(question))),
  );
}

/** Words (accents removed, lower case; a trailing * matches any ending) that call for each analyst. */
const agentKeywords: Record<ChatAgent, string[]> = {
  technical_analyst: [
    'rsi',
    'macd',
    'bollinger',
    'ema',
    'sma',
    'media movel',
    'moving average',
    'media movil',
    'indicador*',
    'indicator*',
    'suporte*',
    'support*',
    'soporte*',
    'resistencia*',
    'resistance*',
    'tendencia*',
    'trend*',
    'sinal',
    'sinais',
    'signal*',
    'senal*',
    'grafico*',
    'chart*',
    'tecnic*',
    'technical',
    'comprar',
    'compra',
    'buy',
    'vender',
    'venda',
    'sell',
    'entrada',
    'entry',
    'rompimento',
    'breakout',
    'timeframe',
    'candle*',
    'vela*',
    'adx',
    'stoch*',
    'estocastico',
    'fibonacci',
    'atr',
    'analis*',
    'analys*',
    'analiz*',
    'preco',
    'price',
    'precio',
    'subir',
    'cair',
    'caer',
    'go up',
    'pump',
    'dump',
  ],
  fundamental_analyst: [
    'market cap',
    'marketcap',
    'capitalizacao',
    'capitalizacion',
    'valor de mercado',
    'rank*',
    'dominancia',
    'dominance',
    'supply',
    'oferta',
    'circula*',
    'fundament*',
    'volume',
    'volumen',
    'maximo de moedas',
    'max supply',
    'halving',
    'tokenomics',
    'emissao',
    'emision',
    'inflacao',
    'inflation',
    'inflacion',
  ],
  risk_manager: [
    'risco*',
    'risk*',
    'riesgo*',
    'stop*',
    'posicao',
    'position*',
    'posicion',
    'tamanho',
    'size',
    'tamano',
    'capital',
    'alavanca*',
    'leverage',
    'apalanca*',
    'volatil*',
    'perder',
    'lose',
    'loss',
    'perda*',
    'perdida*',
    'preocup*',
    'worry',
    'worried',
    'seguro',
    'safe',
    'protec*',
    'quanto devo',
    'how much should',
    'cuanto deberia',
    'r$',
    'reais',
    'brl',
    'usd',
    'dolares',
    'dollars',
    'invest*',
  ],
  market_sentiment: [
    'sentimento',
    'sentiment',
    'sentimiento',
    'medo',
    'fear',
    'miedo',
    'ganancia',
    'greed',
    'codicia',
    'humor',
    'mood',
    'euforia',
    'euphoria',
    'panico',
    'panic',
    'mercado',
    'market',
    'dominancia',
    'dominance',
    'altseason',
    'altcoin*',
    'preocup*',
    'worry',
    'worried',
    'semana',
    'week',
    'hoje',
    'today',
    'hoy',
  ],
};

const keywordPattern = (keyword: string) =>
  keyword.endsWith('*')
    ? new RegExp(`(^|[^\\p{L}\\p{N}])${escape(keyword.slice(0, -1))}`, 'u')
    : wordPattern(keyword);
const compiledKeywords = Object.fromEntries(
  Object.entries(agentKeywords).map(([agent, keywords]) => [agent, keywords.map(keywordPattern)]),
) as Record<ChatAgent, RegExp[]>;

/**
 * The analysts a question needs. A question that asks for none in particular ("what about ETH?") gets
 * the technical analyst, the risk manager and the sentiment reading: the note a trader expects.
 * A named analysed coin always gets the technical reading; a coin outside the ten analysed ones can only
 * get the fundamental reading and the sentiment.
 */
export function pickAgents(
  question: string,
  options: { hasAnalysedCoin: boolean; hasOtherCoin: boolean },
): ChatAgent[] {
  const text = normalize(question);
  let agents = (Object.keys(compiledKeywords) as ChatAgent[]).filter((agent) =>
    compiledKeywords[agent].some((pattern) => pattern.test(text)),
  );
  if (
    agents.length === 0 ||
    (agents.length === 1 && agents[0] === 'market_sentiment' && options.hasAnalysedCoin)
  ) {
    agents = ['technical_analyst', 'risk_manager', 'market_sentiment'];
  }
  // A question about one of the analysed coins always gets the signals engine's reading of it.
  if (options.hasAnalysedCoin && !agents.includes('technical_analyst')) agents.push('technical_analyst');
  if (options.hasOtherCoin && !agents.includes('fundamental_analyst')) agents.push('fundamental_analyst');
  if (!options.hasAnalysedCoin && options.hasOtherCoin) {
    agents = agents.filter((agent) => agent === 'fundamental_analyst' || agent === 'market_sentiment');
  }
  const order: ChatAgent[] = ['technical_analyst', 'fundamental_analyst', 'risk_manager', 'market_sentiment'];
  return order.filter((agent) => agents.includes(agent));
}

/** Capital and risk the question states ("R$ 10.000", "$5,000", "2% de risco"), for the position size. */
export function findCapitalAndRisk(question: string): {
  capital?: number;
  currency?: 'BRL' | 'USD';
  riskPercent?: number;
} {
  const result: { capital?: number; currency?: 'BRL' | 'USD'; riskPercent?: number } = {};
  const money =
    /(r\$|us\$|\$|brl|usd)\s?([\d.,]+)\s?(mil|k)?|([\d.,]+)\s?(mil|k)?\s?(reais|brl|dolares|dólares|dollars|usd)/iu.exec(
      question,
    );
  if (money) {
    const symbol = (money[1] ?? money[6] ?? '').toLowerCase();
    const amount = parseAmount(money[2] ?? money[4] ?? '');
    const thousands = /^(mil|k)$/i.test(money[3] ?? money[5] ?? '') ? 1000 : 1;
    if (amount !== undefined && amount > 0) {
      result.capital = amount * thousands;
      result.currency = symbol === 'r$' || symbol === 'brl' || symbol === 'reais' ? 'BRL' : 'USD';
    }
  }
  const risk = /(\d+(?:[.,]\d+)?)\s?%/u.exec(question);
  if (risk) {
    const value = Number(risk[1]!.replace(',', '.'));
    if (value > 0 && value <= 100) result.riskPercent = value;
  }
  return result;
}

/** "10.000,50" (pt-BR/es), "10,000.50" (en), "10000" → 10000.5 / 10000. */
function parseAmount(text: string): number | undefined {
  const cleaned = text.replace(/[.,]$/, '');
  const lastSeparator = Math.max(cleaned.lastIndexOf('.'), cleaned.lastIndexOf(','));
  // A separator followed by exactly 3 digits is a thousands separator; otherwise it is the decimal mark.
  const isDecimal = lastSeparator >= 0 && cleaned.length - lastSeparator - 1 !== 3;
  const integerPart = (isDecimal ? cleaned.slice(0, lastSeparator) : cleaned).replace(/[.,]/g, '');
  const decimalPart = isDecimal ? cleaned.slice(lastSeparator + 1) : '';
  const value = Number(decimalPart ? `${integerPart}.${decimalPart}` : integerPart);
  return Number.isFinite(value) ? value : undefined;
}

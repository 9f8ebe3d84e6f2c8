import type { AnalysisSymbol } from '@farol/contract';
import { createRandom } from './random.ts';

/**
 * The ten analysis coins under their real names, CoinGecko ids and symbols. Levels are approximate real
 * figures (2025): the simulated price wanders around `anchorPrice` (mean-reverting, so it stays plausible
 * for years), market cap = price x circulating supply, `dailyVolume` is a Binance-spot-like base volume.
 */
export type SimulatedCoinSpec = {
  symbol: AnalysisSymbol;
  /** The Binance pair its candles stand for (MATIC trades as POLUSDT). */
  pair: string;
  id: string;
  name: string;
  anchorPrice: number;
  circulatingSupply: number;
  /** Sensitivity to the common (BTC-led) market factor. */
  beta: number;
  /** Daily volatility of the coin's own component. */
  idiosyncraticVolatility: number;
  dailyVolume: number;
};

export const simulatedAnalysisCoins: SimulatedCoinSpec[] = [
  {
    symbol: 'BTC',
    pair: 'BTCUSDT',
    id: 'bitcoin',
    name: 'Bitcoin',
    anchorPrice: 95_000,
    circulatingSupply: 19_800_000,
    beta: 1,
    idiosyncraticVolatility: 0.004,
    dailyVolume: 22_000,
  },
  {
    symbol: 'ETH',
    pair: 'ETHUSDT',
    id: 'ethereum',
    name: 'Ethereum',
    anchorPrice: 3_300,
    circulatingSupply: 120_500_000,
    beta: 1.2,
    idiosyncraticVolatility: 0.022,
    dailyVolume: 380_000,
  },
  {
    symbol: 'XRP',
    pair: 'XRPUSDT',
    id: 'ripple',
    name: 'XRP',
    anchorPrice: 2.2,
    circulatingSupply: 57_000_000_000,
    beta: 1.1,
    idiosyncraticVolatility: 0.035,
    dailyVolume: 180_000_000,
  },
  {
    symbol: 'BNB',
    pair: 'BNBUSDT',
    id: 'binancecoin',
    name: 'BNB',
    anchorPrice: 650,
    circulatingSupply: 145_000_000,
    beta: 0.8,
    idiosyncraticVolatility: 0.02,
    dailyVolume: 160_000,
  },
  {
    symbol: 'SOL',
    pair: 'SOLUSDT',
    id: 'solana',
    name: 'Solana',
    anchorPrice: 180,
    circulatingSupply: 480_000_000,
    beta: 1.35,
    idiosyncraticVolatility: 0.032,
    dailyVolume: 2_600_000,
  },
  {
    symbol: 'ADA',
    pair: 'ADAUSDT',
    id: 'cardano',
    name: 'Cardano',
    anchorPrice: 0.75,
    circulatingSupply: 35_500_000_000,
    beta: 1.25,
    idiosyncraticVolatility: 0.032,
    dailyVolume: 150_000_000,
  },
  {
    symbol: 'LINK',
    pair: 'LINKUSDT',
    id: 'chainlink',
    name: 'Chainlink',
    anchorPrice: 15,
    circulatingSupply: 630_000_000,
    beta: 1.3,
    idiosyncraticVolatility: 0.034,
    dailyVolume: 3_000_000,
  },
  {
    symbol: 'AVAX',
    pair: 'AVAXUSDT',
    id: 'avalanche-2',
    name: 'Avalanche',
    anchorPrice: 25,
    circulatingSupply: 410_000_000,
    beta: 1.4,
    idiosyncraticVolatility: 0.036,
    dailyVolume: 2_200_000,
  },
  {
    symbol: 'DOT',
    pair: 'DOTUSDT',
    id: 'polkadot',
    name: 'Polkadot',
    anchorPrice: 5,
    circulatingSupply: 1_520_000_000,
    beta: 1.3,
    idiosyncraticVolatility: 0.034,
    dailyVolume: 6_000_000,
  },
  {
    symbol: 'MATIC',
    pair: 'POLUSDT',
    id: 'matic-network',
    name: 'Polygon',
    anchorPrice: 0.45,
    circulatingSupply: 10_000_000_000,
    beta: 1.35,
    idiosyncraticVolatility: 0.036,
    dailyVolume: 30_000_000,
  },
];

/**
 * One of the 490 other listed coins. Their names are invented (ids prefixed `sim-` so they can never be
 * mistaken for a real CoinGecko id); each follows BTC with its own beta plus a slow idiosyncratic cycle.
 */
export type SimulatedOtherCoin = {
  id: string;
  name: string;
  symbol: string;
  basePrice: number;
  supply: number;
  beta: number;
  /** Periods (days), amplitudes and phases of the idiosyncratic cycle of the log price. */
  cycles: { period: number; amplitude: number; phase: number }[];
};

const firstSyllables = [
  'Ar',
  'Bel',
  'Cor',
  'Dar',
  'El',
  'Fen',
  'Gal',
  'Hal',
  'Ix',
  'Jor',
  'Kel',
  'Lum',
  'Mir',
  'Nov',
  'Or',
  'Pel',
  'Quar',
  'Rin',
  'Sev',
  'Tor',
  'Ul',
  'Vex',
  'Wen',
  'Xan',
  'Yl',
  'Zor',
];
const middleSyllables = ['a', 'e', 'i', 'o', 'u', 'ar', 'en', 'is', 'or', 'yn'];
const lastSyllables = ['dra', 'lix', 'mon', 'nex', 'ra', 'rion', 'tas', 'vo', 'zen', 'phy', 'quin', 'tho'];
const suffixes = ['', '', '', ' Network', ' Protocol', ' Chain', ' Finance', ' Labs'];
// Tickers of real, well-known coins an invented coin must never carry.
const reservedSymbols = new Set([
  'USDT',
  'USDC',
  'DOGE',
  'TRX',
  'TON',
  'SHIB',
  'LTC',
  'BCH',
  'DAI',
  'UNI',
  'ATOM',
  'XLM',
  'ETC',
  'XMR',
  'FIL',
  'APT',
  'ARB',
  'OP',
  'NEAR',
  'ICP',
  'PEPE',
  'POL',
  'SUI',
  'HBAR',
  'LEO',
  'OKB',
  'CRO',
  'TAO',
  'ENA',
  'ONDO',
  'WLD',
  'AAVE',
  'MKR',
  'INJ',
  'RNDR',
  'IMX',
  'GRT',
  'ALGO',
  'VET',
  'SAND',
  'MANA',
  'AXS',
  'EOS',
  'XTZ',
  'FTM',
  'HYPE',
  'WBTC',
  'STETH',
  'BGB',
]);

/** The 490 invented coins for a seed: Zipf-like market caps from ~3 B USD (rank 11) down to ~45 M (rank 500). */
export function generateOtherCoins(seed: number, count = 490): SimulatedOtherCoin[] {
  const random = createRandom(seed, 0x0c01);
  const usedNames = new Set<string>();
  const usedSymbols = new Set<string>([
    ...simulatedAnalysisCoins.map((coin) => coin.symbol),
    ...reservedSymbols,
  ]);
  const pick = <T>(list: T[]) => list[Math.floor(random.uniform() * list.length)]!;
  const coins: SimulatedOtherCoin[] = [];
  while (coins.length < count) {
    const stem = pick(firstSyllables) + pick(middleSyllables) + pick(lastSyllables);
    const name = stem + pick(suffixes);
    if (usedNames.has(stem)) continue;
    const letters = stem.toUpperCase().replace(/[AEIOUY]/g, '');
    const symbol = (stem[0]!.toUpperCase() + letters.slice(1)).slice(0, 3 + Math.floor(random.uniform() * 2));
    if (symbol.length < 3 || usedSymbols.has(symbol)) continue;
    usedNames.add(stem);
    usedSymbols.add(symbol);
    const rank = 11 + coins.length;
    const marketCap = 3e9 * (rank / 11) ** -1.1 * Math.exp(0.05 * random.normal());
    const basePrice = Math.exp(Math.log(0.0005) + random.uniform() * Math.log(400 / 0.0005));
    coins.push({
      id: `sim-${stem.toLowerCase()}`,
      name,
      symbol,
      basePrice,
      supply: marketCap / basePrice,
      beta: 0.7 + random.uniform() * 0.9,
      cycles: [7, 23, 61, 173].map((period) => ({
        period: period * (0.8 + random.uniform() * 0.4),
        amplitude: (0.02 + random.uniform() * 0.05) * Math.sqrt(period / 7),
        phase: random.uniform() * 2 * Math.PI,
      })),
    });
  }
  return coins;
}

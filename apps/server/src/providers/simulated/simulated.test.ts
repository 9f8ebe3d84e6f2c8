import { analysisSymbols, candleIntervals } from '@farol/contract';
import { describe, expect, it } from 'vitest';
import { analysisPairs } from '../../modules/market/market-pairs.ts';
import { createSimulatedMarket, SIMULATED_PAIRED_OTHERS } from './client.ts';
import { intervalMs } from './model.ts';

const now = Date.parse('2026-02-11T13:05:00Z');
const market = (seed = 42, time = now) => createSimulatedMarket({ seed, now: () => time });

describe('simulated market', () => {
  it('is deterministic for a seed and differs between seeds', async () => {
    const [a, b, c] = [market(7), market(7), market(8)];
    expect(await a.fetchCandles('SOLUSDT', '1h', 200, now)).toEqual(
      await b.fetchCandles('SOLUSDT', '1h', 200, now),
    );
    expect(await a.fetchCoins(1, 250)).toEqual(await b.fetchCoins(1, 250));
    expect((await a.fetchCandles('SOLUSDT', '1h', 5, now))[0]!.close).not.toBe(
      (await c.fetchCandles('SOLUSDT', '1h', 5, now))[0]!.close,
    );
  });

  it('keeps a past candle the same whatever the current time and the order of requests', async () => {
    const early = market(42, now);
    const late = market(42, now + 90 * 86_400_000);
    await late.fetchCandles('BTCUSDT', '1d', 1000, now + 80 * 86_400_000); // generate later days first
    const end = now - 3_600_000;
    expect(await late.fetchCandles('BTCUSDT', '15m', 300, end)).toEqual(
      await early.fetchCandles('BTCUSDT', '15m', 300, end),
    );
  });

  it.each(candleIntervals)('has internally consistent %s candles for every coin', async (interval) => {
    const simulated = market();
    for (const symbol of analysisSymbols) {
      const candles = await simulated.fetchCandles(analysisPairs[symbol], interval, 1000, now);
      expect(candles).toHaveLength(1000);
      const problems = candles.flatMap((candle, index) => {
        const previous = candles[index - 1];
        return [
          candle.low <= Math.min(candle.open, candle.close) || `${index} low above body`,
          candle.high >= Math.max(candle.open, candle.close) || `${index} high below body`,
          candle.low > 0 || `${index} non-positive low`,
          candle.volume >= 0 || `${index} negative volume`,
          !previous || candle.openTime - previous.openTime === intervalMs[interval] || `${index} gap`,
          // one continuous path: each candle opens at the previous close
          !previous ||
            Math.abs(candle.open / previous.close - 1) < 1e-12 ||
            `${index} open is not the previous close`,
        ].filter((check) => check !== true);
      });
      expect(problems, symbol).toEqual([]);
    }
  });

  it('aggregates 1h, 4h and 1d from the same 15m path', async () => {
    const simulated = market();
    const quarters = await simulated.fetchCandles('ETHUSDT', '15m', 96, Date.parse('2026-02-09T23:45:00Z'));
    const day = (await simulated.fetchCandles('ETHUSDT', '1d', 1, Date.parse('2026-02-09T00:00:00Z')))[0]!;
    const hours = await simulated.fetchCandles('ETHUSDT', '1h', 24, Date.parse('2026-02-09T23:00:00Z'));
    expect(quarters[0]!.openTime).toBe(day.openTime);
    expect(day.open).toBe(quarters[0]!.open);
    expect(day.close).toBe(quarters.at(-1)!.close);
    expect(day.high).toBe(Math.max(...quarters.map((candle) => candle.high)));
    expect(day.low).toBe(Math.min(...quarters.map((candle) => candle.low)));
    expect(day.volume).toBeCloseTo(
      quarters.reduce((sum, candle) => sum + candle.volume, 0),
      6,
    );
    expect(hours[5]!.high).toBe(Math.max(...quarters.slice(20, 24).map((candle) => candle.high)));
    expect(hours[5]!.close).toBe(quarters[23]!.close);
  });

  it('lists 500 coins by market cap with the ten analysis coins under their real names', async () => {
    const coins = [...(await market().fetchCoins(1, 250)), ...(await market().fetchCoins(2, 250))];
    expect(coins).toHaveLength(500);
    expect(new Set(coins.map((coin) => coin.id)).size).toBe(500);
    expect(new Set(coins.map((coin) => coin.symbol)).size).toBe(500);
    const bitcoin = coins.find((coin) => coin.symbol === 'BTC')!;
    expect(bitcoin).toMatchObject({ id: 'bitcoin', name: 'Bitcoin', rank: 1 });
    expect(coins.find((coin) => coin.symbol === 'MATIC')).toMatchObject({
      id: 'matic-network',
      name: 'Polygon',
    });
    // the others are invented and say so in their id
    expect(
      coins
        .filter((coin) => !coin.id.startsWith('sim-'))
        .map((coin) => coin.symbol)
        .sort(),
    ).toEqual([...analysisSymbols].sort());
    for (let index = 1; index < coins.length; index += 1)
      expect(coins[index]!.marketCap!).toBeLessThanOrEqual(coins[index - 1]!.marketCap!);
    // the coin list's price is the last closed 15m close
    const lastQuarter = (await market().fetchCandles('BTCUSDT', '15m', 1, now - 15 * 60_000)).at(-1)!;
    expect(bitcoin.currentPrice).toBe(lastQuarter.close);
  });

  it('has fat tails, volatility clustering and coins correlated with BTC', async () => {
    const simulated = market();
    const returnsOf = async (symbol: 'BTC' | 'ETH') => {
      const candles = await simulated.fetchCandles(`${symbol}USDT`, '1d', 1000, now);
      return candles.slice(1).map((candle, index) => Math.log(candle.close / candles[index]!.close));
    };
    const btc = await returnsOf('BTC');
    const eth = await returnsOf('ETH');
    const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
    const sd = (values: number[]) => Math.sqrt(mean(values.map((value) => (value - mean(values)) ** 2)));
    const kurtosis = mean(btc.map((value) => (value - mean(btc)) ** 4)) / sd(btc) ** 4;
    expect(kurtosis).toBeGreaterThan(4); // a normal distribution has 3
    const absolute = btc.map(Math.abs);
    const lagCorrelation =
      mean(
        absolute
          .slice(1)
          .map((value, index) => (value - mean(absolute)) * (absolute[index]! - mean(absolute))),
      ) /
      sd(absolute) ** 2;
    expect(lagCorrelation).toBeGreaterThan(0.05); // big moves follow big moves
    const correlation =
      mean(btc.map((value, index) => (value - mean(btc)) * (eth[index]! - mean(eth)))) / (sd(btc) * sd(eth));
    expect(correlation).toBeGreaterThan(0.6);
    expect(correlation).toBeLessThan(0.97);
  });

  it('moves the fear-greed index with the market', async () => {
    const simulated = market();
    const days = 600;
    const history = (await simulated.fetchFearGreed(days)).reverse();
    expect(history).toHaveLength(days);
    expect(history.every((day) => day.value >= 0 && day.value <= 100)).toBe(true);
    expect(new Set(history.map((day) => day.classification)).size).toBeGreaterThanOrEqual(4);
    const closes = await simulated.fetchCandles('BTCUSDT', '1d', days + 8, now);
    // index of day d against BTC's move over the week before it
    const weekly = history.map((_, index) => Math.log(closes[index + 7]!.close / closes[index]!.close));
    const values = history.map((day) => day.value);
    const mean = (list: number[]) => list.reduce((sum, value) => sum + value, 0) / list.length;
    const covariance = mean(
      values.map((value, index) => (value - mean(values)) * (weekly[index]! - mean(weekly))),
    );
    expect(covariance).toBeGreaterThan(0);
  });

  it('lists USDT pairs for the ten and the best-ranked invented coins, with candles that end at the list price', async () => {
    const simulated = market();
    const pairs = await simulated.fetchTradingPairs();
    expect(pairs).toHaveLength(analysisSymbols.length + SIMULATED_PAIRED_OTHERS);
    expect(pairs).toContainEqual({ pair: 'POLUSDT', baseAsset: 'POL' });
    const coins = [...(await simulated.fetchCoins(1, 250)), ...(await simulated.fetchCoins(2, 250))];
    const paired = new Set(pairs.map((pair) => pair.baseAsset));
    const invented = coins.filter((coin) => coin.id.startsWith('sim-'));
    const withPair = invented.find((coin) => paired.has(coin.symbol))!;
    expect(invented.some((coin) => !paired.has(coin.symbol))).toBe(true);
    for (const interval of candleIntervals) {
      const candles = await simulated.fetchCandles(`${withPair.symbol}USDT`, interval, 300, now);
      expect(candles.length).toBeGreaterThan(0);
      for (const candle of candles) {
        expect(candle.high).toBeGreaterThanOrEqual(Math.max(candle.open, candle.close));
        expect(candle.low).toBeLessThanOrEqual(Math.min(candle.open, candle.close));
        expect(candle.volume).toBeGreaterThan(0);
      }
    }
    // the last closed 15m candle closes at the list's price
    const lastQuarter = (
      await simulated.fetchCandles(`${withPair.symbol}USDT`, '15m', 1, now - 15 * 60_000)
    ).at(-1)!;
    expect(lastQuarter.close).toBeCloseTo(withPair.currentPrice!, 8);
    await expect(simulated.fetchCandles('NOPEUSDT', '1h', 10, now)).rejects.toThrow(/invalid symbol/);
  });

  it("gives the ten the 24 h range of the 15m closes and the 30 d and 1 y changes of the model's own past", async () => {
    const simulated = market();
    const coins = await simulated.fetchCoins(1, 250);
    const bitcoin = coins.find((coin) => coin.id === 'bitcoin')!;
    const quarters = await simulated.fetchCandles('BTCUSDT', '15m', 96, now - 15 * 60_000);
    const closes = quarters.map((candle) => candle.close);
    expect(bitcoin.high24h).toBeCloseTo(Math.max(...closes), 8);
    expect(bitcoin.low24h).toBeCloseTo(Math.min(...closes), 8);
    const daily = await simulated.fetchCandles('BTCUSDT', '15m', 1, now - 15 * 60_000 - 30 * 86_400_000);
    expect(bitcoin.priceChangePercentage30d).toBeCloseTo(
      (bitcoin.currentPrice! / daily.at(-1)!.close - 1) * 100,
      8,
    );
    expect(bitcoin.priceChangePercentage1y).toEqual(expect.any(Number));
    // no all-time high: the model's whole past would have to be scanned, so it says none
    expect(bitcoin.allTimeHigh).toBeUndefined();
    const inReais = (await simulated.fetchCoins(1, 250, 'BRL')).find((coin) => coin.id === 'bitcoin')!;
    expect(inReais.high24h).toBeCloseTo(bitcoin.high24h! * 5.5, 6);
    expect(inReais.priceChangePercentage30d).toBe(bitcoin.priceChangePercentage30d);
  });
});

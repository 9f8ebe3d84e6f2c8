import { coinFactsResponseSchema, signalSummaryResponseSchema, summaryIndicators } from '@farol/contract';
import { adx, macd, rsi } from '@farol/indicators';
import { readTestJson } from '@farol/testdata';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/harness.ts';
import { useRecordedMarket } from '../../test/recorded-market.ts';
import { stubEndpoints } from '../../test/stubs/market-stub.ts';
import { toColumns } from '../signals/candle-columns.ts';
import { readTestCandles } from '../signals/csv-candles.ts';
import { candleWindows } from '../signals/walk-forward.ts';
import type { Candle } from './market.types.ts';
import { findCoinBySymbol } from './coin-page.service.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe('coin facts from the recorded CoinGecko list', () => {
  const recorded = useRecordedMarket();

  it('answers a visitor the facts of btc from the cached list, in the contract shape', async () => {
    // in dollars, as recorded (a pt-BR visitor gets reais by default: see currency.routes.test.ts)
    const response = await recorded.testApp.request('GET', '/api/market-data/coins/btc?currency=USD');
    expect(response.status).toBe(200);
    const answer = coinFactsResponseSchema.parse(response.body);
    expect(answer.source).toBe('coingecko');
    // the recorded CoinGecko row, in the contract's names
    const row = readTestJson<Record<string, unknown>[]>(
      'fixtures/coingecko/coins_markets_vs_usd_per_page30.json',
    )[0]!;
    expect(answer.data).toEqual({
      id: row.id,
      name: row.name,
      symbol: 'BTC',
      image: row.image,
      price: row.current_price,
      priceChangePercentage24h: row.price_change_percentage_24h,
      rank: row.market_cap_rank,
      marketCap: row.market_cap,
      volume24h: row.total_volume,
      circulatingSupply: row.circulating_supply,
      totalSupply: row.total_supply,
      maxSupply: row.max_supply,
      high24h: row.high_24h,
      low24h: row.low_24h,
      allTimeHigh: row.ath,
      allTimeHighDate: row.ath_date,
      // this page was recorded without price_change_percentage=30d,1y: unknown, not zero
      priceChangePercentage30d: null,
      priceChangePercentage1y: null,
      isFavorite: false,
      isAnalysed: true,
      analysisSymbol: 'BTC',
    });
  });

  it('answers the 24 h range, the all-time high and the 30 d and 1 y changes CoinGecko sent, in the asked currency', async () => {
    // page 2 was recorded with price_change_percentage=1h,24h,7d,14d,30d,200d,1y (CoinGecko's *_in_currency)
    const row = readTestJson<Record<string, number | string>[]>(
      'fixtures/coingecko/coins_markets_vs_usd_category-analytics_per_page250_pcp.json',
    ).find((item) => item.id === 'the-graph')!;
    const dollars = await recorded.testApp.request('GET', '/api/market-data/coins/grt?currency=USD');
    expect(dollars.status).toBe(200);
    expect(coinFactsResponseSchema.parse(dollars.body).data).toMatchObject({
      id: 'the-graph',
      price: row.current_price,
      high24h: row.high_24h,
      low24h: row.low_24h,
      allTimeHigh: row.ath,
      allTimeHighDate: row.ath_date,
      priceChangePercentage30d: row.price_change_percentage_30d_in_currency,
      priceChangePercentage1y: row.price_change_percentage_1y_in_currency,
    });
    // in reais (CoinGecko's vs_currency=brl: the stub scales the recorded money fields by the recorded BRL/USD)
    const reais = coinFactsResponseSchema.parse(
      (await recorded.testApp.request('GET', '/api/market-data/coins/grt?currency=BRL')).body,
    );
    expect(reais.currency).toBe('BRL');
    const rate = reais.data.price! / (row.current_price as number);
    expect(rate).toBeGreaterThan(4);
    expect(reais.data.high24h).toBeCloseTo((row.high_24h as number) * rate, 8);
    expect(reais.data.low24h).toBeCloseTo((row.low_24h as number) * rate, 8);
    expect(reais.data.allTimeHigh).toBeCloseTo((row.ath as number) * rate, 6);
    expect(reais.data.priceChangePercentage30d).toBe(row.price_change_percentage_30d_in_currency);
    expect(reais.data.priceChangePercentage1y).toBe(row.price_change_percentage_1y_in_currency);
  });

  it('reads the symbol in any case and never asks CoinGecko once per visitor', async () => {
    await recorded.testApp.request('GET', '/api/market-data/coins/BTC');
    const callsBefore = recorded.stub.calls(stubEndpoints.coinsMarkets);
    for (const symbol of ['Eth', 'ETH', 'eth', 'doge', 'LINK']) {
      const response = await recorded.testApp.request('GET', `/api/market-data/coins/${symbol}`);
      expect(response.status, symbol).toBe(200);
    }
    expect(recorded.stub.calls(stubEndpoints.coinsMarkets)).toBe(callsBefore);
    // DOGEUSDT trades (exchangeInfo): DOGE has signals; LEO has no Binance pair at all, WBTC only a BTC one
    const doge = await recorded.testApp.request('GET', '/api/market-data/coins/doge');
    expect(doge.body.data).toMatchObject({ name: 'Dogecoin', isAnalysed: true, analysisSymbol: 'DOGE' });
    expect(doge.body.cache.isFromCache).toBe(true);
    for (const symbol of ['leo', 'wbtc']) {
      const unpaired = await recorded.testApp.request('GET', `/api/market-data/coins/${symbol}`);
      expect(unpaired.body.data, symbol).toMatchObject({ isAnalysed: false, analysisSymbol: null });
    }
  });

  it('answers 404 in the caller language for a coin outside the followed list', async () => {
    const expected = {
      'pt-BR': 'Moeda não encontrada: NOPE',
      en: 'Coin not found: NOPE',
      es: 'Moneda no encontrada: NOPE',
    };
    for (const [language, message] of Object.entries(expected)) {
      const response = await recorded.testApp.request('GET', `/api/market-data/coins/nope?lng=${language}`);
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ code: 'coin_not_found', message });
    }
  });

  it('tells a signed-in user whether the coin is a favourite', async () => {
    const { token } = await recorded.testApp.registerUser();
    const before = await recorded.testApp.request('GET', '/api/market-data/coins/eth', { token });
    expect(before.body.data.isFavorite).toBe(false);
    const toggled = await recorded.testApp.request('POST', '/api/crypto/toggle-favorite', {
      token,
      body: { coinId: 'ethereum', coinName: 'Ethereum', isFavorite: true },
    });
    expect(toggled.status).toBe(200);
    const after = await recorded.testApp.request('GET', '/api/market-data/coins/ETH', { token });
    expect(after.body.data.isFavorite).toBe(true);
    expect(after.headers.get('cache-control')).toBe('no-store');
  });
});

describe('finding a coin by symbol', () => {
  const coin = (id: string, symbol: string, rank: number) => ({ id, symbol, name: id, rank });

  it('picks the best-ranked coin when symbols collide, and an analysed coin by its ids first', () => {
    const coins = [coin('bitcoin', 'BTC', 1), coin('uni', 'UNI', 20), coin('universe', 'UNI', 400)];
    expect(findCoinBySymbol(coins, ' uni ')?.id).toBe('uni');
    const polygon = [coin('fake-matic', 'MATIC', 30), coin('polygon-ecosystem-token', 'POL', 40)];
    expect(findCoinBySymbol(polygon, 'matic')?.id).toBe('polygon-ecosystem-token');
    expect(findCoinBySymbol(polygon, 'pol')?.id).toBe('polygon-ecosystem-token');
    expect(findCoinBySymbol(coins, 'eth')).toBeUndefined();
  });
});

describe('signal summary entitlements on the simulated market', () => {
  const testApp = useTestApp();

  it('gives a visitor the score and the 6 × 3 table of BTC in the contract shape', async () => {
    const response = await testApp.request('GET', '/api/market-signals/summary/btc?lng=en');
    expect(response.status).toBe(200);
    const { data } = signalSummaryResponseSchema.parse(response.body);
    expect(data.symbol).toBe('BTC');
    expect(data.source).toBe('simulated');
    expect(data.rows.map((row) => row.indicator)).toEqual([...summaryIndicators]);
    for (const row of data.rows) {
      expect(row.cells.map((cell) => cell.timeframe)).toEqual(['1h', '4h', '1d']);
      for (const cell of row.cells) expect(cell.explanation).toMatch(/[.]$/);
    }
  });

  it('refuses coins outside the plan signals with the upgrade flag, in the caller language', async () => {
    const visitor = await testApp.request('GET', '/api/market-signals/summary/SOL?lng=es');
    expect(visitor.status).toBe(403);
    expect(visitor.body).toMatchObject({
      code: 'signal_requires_upgrade',
      message: 'La señal de SOL no está incluida en tu plan.',
      requiresUpgrade: true,
    });
    const free = await testApp.registerUser({ language: 'en' });
    const freeAnswer = await testApp.request('GET', '/api/market-signals/summary/ada', { token: free.token });
    expect(freeAnswer.status).toBe(403);
    expect(freeAnswer.body.message).toBe('The ADA signal is not included in your plan.');

    const starter = await testApp.registerUser();
    await testApp.setPlan(starter.user.id, 'iniciante');
    const starterAda = await testApp.request('GET', '/api/market-signals/summary/ADA', {
      token: starter.token,
    });
    expect(starterAda.status).toBe(200);
    const starterLink = await testApp.request('GET', '/api/market-signals/summary/LINK', {
      token: starter.token,
    });
    expect(starterLink.status).toBe(403);
    expect(starterLink.body.message).toBe('O sinal de LINK não está incluído no seu plano.');

    const pro = await testApp.registerUser();
    await testApp.setPlan(pro.user.id, 'profissional');
    const proLink = await testApp.request('GET', '/api/market-signals/summary/LINK', { token: pro.token });
    expect(proLink.status).toBe(200);
  });

  it('answers 404 for a coin the market does not follow', async () => {
    const response = await testApp.request('GET', '/api/market-signals/summary/DOGE?lng=en');
    expect(response.status).toBe(404);
    expect(response.body).toMatchObject({ code: 'unknown_symbol', message: 'Unsupported symbol: DOGE' });
  });
});

/** The last `window` candles closed by `time`, as columns. */
function closedColumns(candles: Candle[], periodMs: number, time: number, window: number) {
  const closed = candles.filter((candle) => candle.openTime + periodMs <= time);
  return toColumns(closed.slice(-window));
}

describe('signal summary on recorded Binance candles', () => {
  const recorded = useRecordedMarket();

  it('reads the same RSI, MACD and ADX values as @farol/indicators on the candles closed by then', async () => {
    const response = await recorded.testApp.request('GET', '/api/market-signals/summary/BTC?lng=en');
    expect(response.status).toBe(200);
    const summary = response.body.data;
    expect(summary.asOf).toBe('2025-04-20T10:00:00.000Z');
    const asOf = Date.parse(summary.asOf);
    const hourly = closedColumns(readTestCandles('BTCUSDT-1h.csv'), HOUR, asOf, candleWindows['1h']);
    const daily = closedColumns(readTestCandles('BTCUSDT-1d.csv'), DAY, asOf, candleWindows['1d']);
    const cell = (indicator: string, timeframe: string) =>
      summary.rows
        .find((row: { indicator: string }) => row.indicator === indicator)
        .cells.find((item: { timeframe: string }) => item.timeframe === timeframe);

    const hourlyRsi = rsi(hourly.close, 14).at(-1)!;
    expect(cell('rsi', '1h').value).toBeCloseTo(hourlyRsi, 4);
    expect(cell('rsi', '1h').reading).toBe(hourlyRsi < 30 ? 'buy' : hourlyRsi > 70 ? 'sell' : 'neutral');
    expect(cell('rsi', '1h').explanation).toContain(hourlyRsi.toFixed(1));
    const histogram = macd(hourly.close, { fast: 12, slow: 26, signal: 9 }).histogram.at(-1)!;
    expect(cell('macd', '1h').value).toBeCloseTo(histogram, 4);
    expect(cell('macd', '1h').reading).toBe(histogram > 0 ? 'buy' : 'sell');
    expect(cell('rsi', '1d').value).toBeCloseTo(rsi(daily.close, 14).at(-1)!, 4);
    expect(cell('adx', '1d').value).toBeCloseTo(adx(daily.high, daily.low, daily.close, 14).at(-1)!, 4);
  });

  it('answers the score and class the full analysis shows, from the same cached analysis', async () => {
    const admin = await recorded.testApp.registerUser();
    await recorded.testApp.makeAdmin(admin.user.id);
    const callsBefore = recorded.stub.calls(stubEndpoints.klines);
    // both in dollars: an answer in reais also reads the USDT/BRL series, one more (legitimate) klines call
    const summary = await recorded.testApp.request('GET', '/api/market-signals/summary/BTC?currency=USD');
    const analysis = await recorded.testApp.request('GET', '/api/market-signals/analysis/BTC?currency=USD', {
      token: admin.token,
    });
    expect(recorded.stub.calls(stubEndpoints.klines)).toBe(callsBefore);
    expect(summary.body.data.signal).toBe(analysis.body.data.marketSignal.signal);
    expect(analysis.body.data.marketSignal.reasoning).toContain(String(summary.body.data.score));
  });
});

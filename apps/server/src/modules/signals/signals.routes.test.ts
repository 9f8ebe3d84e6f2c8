import { analysisSchema, analysisSymbols, marketSignalSchema, type ExpectedRange } from '@farol/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forEachEngine, startTestApp, useTestApp, type TestApp } from '../../test/harness.ts';
import { startMarketStub, stubEndpoints, type MarketStub } from '../../test/stubs/market-stub.ts';
import { readTestCandles } from './csv-candles.ts';
import { expectedRanges } from './expected-range.ts';

const HOUR = 3_600_000;

async function setPlan(testApp: TestApp, userId: string, plan: 'iniciante' | 'profissional') {
  await testApp.database.db.execute(
    sql`update subscriptions set plan = ${plan}, status = 'active', current_period_end = '2099-01-01T00:00:00Z' where user_id = ${userId}`,
  );
}

/** Keys of a parsed object, recursively, so "exactly the contract's shape" catches extra fields too. */
function shapeOf(value: unknown): unknown {
  if (Array.isArray(value)) return value.length > 0 ? [shapeOf(value[0])] : [];
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, shapeOf((value as Record<string, unknown>)[key])]),
    );
  }
  return typeof value;
}

forEachEngine((engine) => {
  describe('market signals on the simulated market', () => {
    const testApp = useTestApp({ engine });

    it('answers 401 without a token', async () => {
      const response = await testApp.request('GET', '/api/market-signals/dashboard-signals');
      expect(response.status).toBe(401);
    });

    it('gives a free plan three signals in the contract shape, marked simulated', async () => {
      const { token } = await testApp.registerUser();
      const response = await testApp.request('GET', '/api/market-signals/dashboard-signals', { token });
      expect(response.status).toBe(200);
      expect(response.body.success).toBe(true);
      expect(response.body.data.map((item: { symbol: string }) => item.symbol)).toEqual([
        'BTC',
        'ETH',
        'BNB',
      ]);
      for (const item of response.body.data) {
        expect(shapeOf(item)).toEqual(shapeOf(marketSignalSchema.parse(item)));
        expect(item.source).toBe('simulated');
      }
    });

    it('answers the requested symbols in their order, case-insensitive and without duplicates', async () => {
      const { token } = await testApp.registerUser();
      const response = await testApp.request(
        'GET',
        '/api/market-signals/dashboard-signals?symbols=eth,%20SOL,eth',
        { token },
      );
      expect(response.status).toBe(200);
      expect(response.body.data.map((item: { symbol: string }) => item.symbol)).toEqual(['ETH', 'SOL']);
    });

    it('gives iniciante five signals and admins all ten', async () => {
      const starter = await testApp.registerUser();
      await setPlan(testApp, starter.user.id, 'iniciante');
      const starterAnswer = await testApp.request('GET', '/api/market-signals/dashboard-signals', {
        token: starter.token,
      });
      expect(starterAnswer.body.data).toHaveLength(5);
      const admin = await testApp.registerUser();
      await testApp.makeAdmin(admin.user.id);
      const adminAnswer = await testApp.request('GET', '/api/market-signals/dashboard-signals', {
        token: admin.token,
      });
      expect(adminAnswer.body.data.map((item: { symbol: string }) => item.symbol)).toEqual([
        ...analysisSymbols,
      ]);
    });

    it('answers 404 naming an unknown symbol in the list, in the caller language', async () => {
      const { token } = await testApp.registerUser({ language: 'en' });
      const response = await testApp.request(
        'GET',
        '/api/market-signals/dashboard-signals?symbols=BTC,DOGE',
        { token },
      );
      expect(response.status).toBe(404);
      expect(response.body).toMatchObject({ code: 'unknown_symbol', message: 'Unsupported symbol: DOGE' });
    });

    it('returns 403 with the translated message when the plan lacks advanced analysis', async () => {
      const free = await testApp.registerUser();
      const freeAnswer = await testApp.request('GET', '/api/market-signals/analysis/BTC', {
        token: free.token,
      });
      expect(freeAnswer.status).toBe(403);
      expect(freeAnswer.body).toMatchObject({
        code: 'analysis_requires_pro',
        message: 'Análise avançada requer plano Profissional',
      });
      const starter = await testApp.registerUser({ language: 'es' });
      await setPlan(testApp, starter.user.id, 'iniciante');
      const starterAnswer = await testApp.request('GET', '/api/market-signals/analysis/BTC', {
        token: starter.token,
      });
      expect(starterAnswer.status).toBe(403);
      expect(starterAnswer.body.message).toBe('El análisis avanzado requiere el plan Profissional');
    });

    it('gives profissional the full analysis in the contract shape, symbol case-insensitive', async () => {
      const pro = await testApp.registerUser();
      await setPlan(testApp, pro.user.id, 'profissional');
      const response = await testApp.request('GET', '/api/market-signals/analysis/eth', { token: pro.token });
      expect(response.status).toBe(200);
      const analysis = response.body.data;
      expect(shapeOf(analysis)).toEqual(shapeOf(analysisSchema.parse(analysis)));
      expect(analysis.symbol).toBe('ETH');
      expect(analysis.marketSignal.indicators).toHaveLength(18);
      expect(['low', 'medium', 'high']).toContain(analysis.confluenceAnalysis.riskLevel);
    });

    it('lets an admin read the analysis and answers 404 for a coin the simulated market does not list', async () => {
      const admin = await testApp.registerUser();
      await testApp.makeAdmin(admin.user.id);
      const known = await testApp.request('GET', '/api/market-signals/analysis/LINK', { token: admin.token });
      expect(known.status).toBe(200);
      const unknown = await testApp.request('GET', '/api/market-signals/analysis/DOGE', {
        token: admin.token,
      });
      expect(unknown.status).toBe(404);
      expect(unknown.body).toMatchObject({ code: 'unknown_symbol', message: 'Símbolo não suportado: DOGE' });
    });

    it('writes the analysis texts in the caller language', async () => {
      // in dollars for both: the language alone changes the texts (a pt-BR account reads reais by default)
      const englishAdmin = await testApp.registerUser({ language: 'en' });
      const portugueseAdmin = await testApp.registerUser({ language: 'pt-BR' });
      await testApp.makeAdmin(englishAdmin.user.id);
      await testApp.makeAdmin(portugueseAdmin.user.id);
      const english = await testApp.request('GET', '/api/market-signals/analysis/BTC?currency=USD', {
        token: englishAdmin.token,
      });
      const portuguese = await testApp.request('GET', '/api/market-signals/analysis/BTC?currency=USD', {
        token: portugueseAdmin.token,
      });
      expect(english.body.data.aiAnalysis).toMatch(/^BTC closed the last hour at \$/);
      expect(portuguese.body.data.aiAnalysis).toMatch(/^BTC fechou a última hora em US\$/);
      expect(english.body.data.price).toBe(portuguese.body.data.price);
      expect(english.body.data.marketSignal.signal).toBe(portuguese.body.data.marketSignal.signal);
    });
  });
});

describe('market signals on recorded Binance candles', () => {
  let stub: MarketStub;
  let clock = Date.parse('2025-04-20T10:30:00Z');
  let testApp: TestApp;
  let token: string;
  const btcHourly = readTestCandles('BTCUSDT-1h.csv');
  const closeOfHourEndingAt = (time: number) =>
    btcHourly.find((candle) => candle.openTime + HOUR === time)!.close;

  beforeAll(async () => {
    stub = await startMarketStub();
    testApp = await startTestApp({
      env: { MARKET_DATA_SOURCE: 'live', ...stub.env },
      deps: { now: () => new Date(clock) },
    });
    const admin = await testApp.registerUser();
    await testApp.makeAdmin(admin.user.id);
    token = admin.token;
  });
  afterAll(async () => {
    await testApp.close();
    await stub.close();
  });

  it('computes from the last closed 1h candle and serves the same analysis until the next one closes', async () => {
    const first = await testApp.request('GET', '/api/market-signals/analysis/BTC?currency=USD', { token });
    expect(first.status).toBe(200);
    expect(first.body.data.source).toBe('binance');
    expect(first.body.data.asOf).toBe('2025-04-20T10:00:00.000Z');
    expect(first.body.data.price).toBe(closeOfHourEndingAt(Date.parse('2025-04-20T10:00:00Z')));
    const callsAfterFirst = stub.calls(stubEndpoints.klines);

    clock += 20 * 60_000; // 10:50, same hour
    const again = await testApp.request('GET', '/api/market-signals/analysis/BTC?currency=USD', { token });
    expect(again.body.data).toEqual(first.body.data);
    expect(stub.calls(stubEndpoints.klines)).toBe(callsAfterFirst);

    clock += 20 * 60_000; // 11:10: the 10:00 candle has closed; the market revalidates its candles
    let next = await testApp.request('GET', '/api/market-signals/analysis/BTC?currency=USD', { token });
    for (let attempt = 0; attempt < 20 && next.body.data.asOf !== '2025-04-20T11:00:00.000Z'; attempt++) {
      clock += 10_000;
      next = await testApp.request('GET', '/api/market-signals/analysis/BTC?currency=USD', { token });
    }
    expect(next.body.data.asOf).toBe('2025-04-20T11:00:00.000Z');
    expect(next.body.data.price).toBe(closeOfHourEndingAt(Date.parse('2025-04-20T11:00:00Z')));
  });

  it('keeps answering from the last analysis when Binance goes down', async () => {
    const before = await testApp.request(
      'GET',
      '/api/market-signals/dashboard-signals?symbols=BTC&currency=USD',
      {
        token,
      },
    );
    expect(before.body.data[0].asOf).toBe('2025-04-20T11:00:00.000Z');
    stub.setFault(stubEndpoints.klines, { kind: 'status', status: 503 });
    clock += 3 * HOUR;
    const callsBefore = stub.calls(stubEndpoints.klines);
    const during = await testApp.request(
      'GET',
      '/api/market-signals/dashboard-signals?symbols=BTC&currency=USD',
      {
        token,
      },
    );
    expect(stub.calls(stubEndpoints.klines)).toBeGreaterThan(callsBefore);
    expect(during.status).toBe(200);
    expect(during.body.data[0].asOf).toBe('2025-04-20T11:00:00.000Z');
    expect(during.body.data[0].source).toBe('binance');
    stub.clearFaults();
  });

  it('answers a clear 503 when Binance is down and nothing was ever fetched', async () => {
    stub.setFault(stubEndpoints.klines, { kind: 'status', status: 503 });
    const response = await testApp.request('GET', '/api/market-signals/analysis/SOL?lng=en', { token });
    stub.clearFaults();
    expect(response.status).toBe(503);
    expect(response.body.code).toBe('upstream_unavailable');
    expect(response.body.message.length).toBeGreaterThan(0);
  });

  it('answers the coins that could be analysed and names the one Binance fails for, then recovers it within seconds', async () => {
    clock += 5 * HOUR; // a new hour: every coin's analysis is computed afresh
    const fourCoins = '/api/market-signals/dashboard-signals?symbols=BTC,ETH,SOL,MATIC&currency=USD';
    stub.setFault(`${stubEndpoints.klines}?symbol=ETHUSDT&`, { kind: 'status', status: 500 });
    const during = await testApp.request('GET', fourCoins, { token });
    expect(during.status).toBe(200);
    expect(during.body.data.map((item: { symbol: string }) => item.symbol)).toEqual(['BTC', 'SOL', 'MATIC']);
    expect(during.body.unavailable).toEqual([{ symbol: 'ETH', errorKind: 'server_error' }]);

    stub.clearFaults();
    clock += 20_000; // seconds later, not at the next hourly close
    const after = await testApp.request('GET', fourCoins, { token });
    expect(after.status).toBe(200);
    expect(after.body.data.map((item: { symbol: string }) => item.symbol)).toEqual([
      'BTC',
      'ETH',
      'SOL',
      'MATIC',
    ]);
    expect(after.body.unavailable).toEqual([]);
  });

  it('names a coin without enough closed candles as unavailable instead of failing the list', async () => {
    // the recorded data has no hourly candles for BNB
    const response = await testApp.request('GET', '/api/market-signals/dashboard-signals?symbols=BTC,BNB', {
      token,
    });
    expect(response.status).toBe(200);
    expect(response.body.data.map((item: { symbol: string }) => item.symbol)).toEqual(['BTC']);
    expect(response.body.unavailable).toEqual([{ symbol: 'BNB', errorKind: 'insufficient_data' }]);
  });

  it('states the 24 h and 7 d expected ranges around the price, in USD and converted to BRL', async () => {
    const usd = await testApp.request('GET', '/api/market-signals/analysis/BTC?currency=USD', { token });
    const brl = await testApp.request('GET', '/api/market-signals/analysis/BTC?currency=BRL', { token });
    expect(usd.status).toBe(200);
    expect(brl.status).toBe(200);
    expect(brl.body.currency).toBe('BRL');
    const asOf = Date.parse(usd.body.data.asOf);
    // The model on the same closed candles, outside the service: what the answer must state.
    const closed = btcHourly.filter((candle) => candle.openTime + HOUR <= asOf).slice(-720);
    const expected = expectedRanges(closed);
    expect(usd.body.data.expectedRange.map((range: { horizonHours: number }) => range.horizonHours)).toEqual([
      24, 168,
    ]);
    usd.body.data.expectedRange.forEach((range: ExpectedRange, index: number) => {
      expect(range.low).toBeCloseTo(expected[index]!.low, 6);
      expect(range.high).toBeCloseTo(expected[index]!.high, 6);
      expect(range.low).toBeLessThan(usd.body.data.price);
      expect(range.high).toBeGreaterThan(usd.body.data.price);
      expect(range.probability).toBe(0.8);
      expect(range.measuredCoverage).toBeGreaterThan(0.7);
    });
    const rate = brl.body.conversion.latestRate;
    expect(rate).toBeGreaterThan(1);
    brl.body.data.expectedRange.forEach((range: ExpectedRange, index: number) => {
      expect(range.low).toBeCloseTo(expected[index]!.low * rate, 4);
      expect(range.high).toBeCloseTo(expected[index]!.high * rate, 4);
    });
  });

  it('gives the MACD histogram in the answer currency on the analysis and the summary, like the chart', async () => {
    const read = async (currency: string) => {
      const analysis = await testApp.request('GET', `/api/market-signals/analysis/BTC?currency=${currency}`, {
        token,
      });
      const summary = await testApp.request('GET', `/api/market-signals/summary/BTC?currency=${currency}`, {
        token,
      });
      expect(analysis.status).toBe(200);
      expect(summary.status).toBe(200);
      const row = summary.body.data.rows.find((entry: { indicator: string }) => entry.indicator === 'macd');
      const hourly = row.cells.find((cell: { timeframe: string }) => cell.timeframe === '1h');
      return { analysis: analysis.body, hourly: hourly.value as number };
    };
    const usd = await read('USD');
    const brl = await read('BRL');
    const rate = brl.analysis.conversion.latestRate;
    expect(rate).toBeGreaterThan(1);
    // one reading (the 1h histogram) on both screens, and in reais the dollar reading times the rate
    expect(usd.hourly).toBeCloseTo(usd.analysis.data.keyIndicators.macd.value, 6);
    expect(brl.hourly).toBeCloseTo(brl.analysis.data.keyIndicators.macd.value, 6);
    expect(brl.hourly / usd.hourly).toBeCloseTo(rate, 6);
  });
});

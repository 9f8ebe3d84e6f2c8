import { analysisSymbols, analysableCoinsResponseSchema } from '@farol/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, startTestApp, type TestApp } from '../../test/harness.ts';
import { startMarketStub, stubEndpoints, type MarketStub } from '../../test/stubs/market-stub.ts';
import { readTestCandles } from './csv-candles.ts';
import { listWarmSymbols } from './warm-coins.ts';
import { latestRsi, readMarketSnapshot } from '../alerts/alerts.market.ts';

const HOUR = 3_600_000;

// No DOGE or TRX candles are recorded: the stub replays ETHUSDT's and SOLUSDT's real candles under their pairs.
const replayCandles = { DOGEUSDT: 'ETHUSDT', TRXUSDT: 'SOLUSDT' };

for (const engine of engines) {
  describe(`signals for every coin with a pair, recorded market (${engine})`, () => {
    let stub: MarketStub;
    let testApp: TestApp;
    let clock = Date.parse('2025-04-20T10:30:00Z');

    beforeAll(async () => {
      stub = await startMarketStub({ replayCandles });
      testApp = await startTestApp({
        engine,
        env: { MARKET_DATA_SOURCE: 'live', ...stub.env },
        deps: { now: () => new Date(clock) },
      });
    });
    afterAll(async () => {
      await testApp.close();
      await stub.close();
    });

    const favorite = (token: string, coinId: string, coinName: string) =>
      testApp.request('POST', '/api/crypto/toggle-favorite', {
        token,
        body: { coinId, coinName, isFavorite: true },
      });

    it('lists the ten first, then the followed coins whose USDT pair trades, reading exchangeInfo once', async () => {
      const response = await testApp.request('GET', '/api/market-signals/coins');
      expect(response.status).toBe(200);
      const { data } = analysableCoinsResponseSchema.parse(response.body);
      const symbols = data.map((coin) => coin.symbol);
      expect(symbols.slice(0, 10)).toEqual([...analysisSymbols]);
      expect(data.slice(0, 10).every((coin) => coin.isQuickChoice)).toBe(true);
      // in the list's order (CoinGecko's, by market cap); GRT from the second recorded page
      expect(symbols.slice(10)).toEqual([
        'USDC',
        'DOGE',
        'TRX',
        'HBAR',
        'XLM',
        'LTC',
        'TON',
        'SUI',
        'SHIB',
        'BCH',
        'GRT',
      ]);
      // no pair: LEO and PI (none at all), WBTC (BTC-quoted only), OM (HALT), USDT (the quote itself)
      for (const missing of ['LEO', 'PI', 'WBTC', 'OM', 'USDT', 'HYPE'])
        expect(symbols).not.toContain(missing);
      await testApp.request('GET', '/api/market-signals/coins');
      expect(stub.calls(stubEndpoints.exchangeInfo)).toBe(1);
    });

    it('gives profissional the analysis and summary of a coin beyond the ten, from its own pair', async () => {
      const pro = await testApp.registerUser({ language: 'en' });
      await testApp.setPlan(pro.user.id, 'profissional');
      const analysis = await testApp.request('GET', '/api/market-signals/analysis/doge?currency=USD', {
        token: pro.token,
      });
      expect(analysis.status).toBe(200);
      expect(analysis.body.data).toMatchObject({
        symbol: 'DOGE',
        source: 'binance',
        asOf: '2025-04-20T10:00:00.000Z',
      });
      // DOGEUSDT replays ETHUSDT's candles: the analysis closes at ETH's 09:00 candle close
      const ethHour = readTestCandles('ETHUSDT-1h.csv').find(
        (candle) => candle.openTime + HOUR === Date.parse('2025-04-20T10:00:00Z'),
      )!;
      expect(analysis.body.data.price).toBe(ethHour.close);
      expect(analysis.body.data.aiAnalysis).toMatch(/^DOGE closed the last hour at/);
      const summary = await testApp.request('GET', '/api/market-signals/summary/DOGE', { token: pro.token });
      expect(summary.status).toBe(200);
      expect(summary.body.data.symbol).toBe('DOGE');
      expect(summary.body.data.signal).toBe(analysis.body.data.marketSignal.signal);
    });

    it('keeps free and iniciante on their coins of the ten', async () => {
      const visitor = await testApp.request('GET', '/api/market-signals/summary/TRX?lng=es');
      expect(visitor.status).toBe(403);
      expect(visitor.body).toMatchObject({ code: 'signal_requires_upgrade', requiresUpgrade: true });
      const starter = await testApp.registerUser();
      await testApp.setPlan(starter.user.id, 'iniciante');
      const asked = await testApp.request('GET', '/api/market-signals/dashboard-signals?symbols=BTC,DOGE', {
        token: starter.token,
      });
      expect(asked.status).toBe(403);
      expect(asked.body.message).toBe('O sinal de DOGE não está incluído no seu plano.');
    });

    it('answers 404 with the reason for a followed coin without a USDT pair, in three languages', async () => {
      const pro = await testApp.registerUser();
      await testApp.setPlan(pro.user.id, 'profissional');
      const messages = {
        'pt-BR':
          'LEO não é negociada à vista em par com USDT na Binance: sem candles, não há análise nem sinal',
        en: 'LEO has no USDT spot pair trading on Binance: without its candles there is no analysis or signal',
        es: 'LEO no se negocia al contado contra USDT en Binance: sin velas no hay análisis ni señal',
      };
      for (const [language, message] of Object.entries(messages)) {
        const response = await testApp.request('GET', `/api/market-signals/analysis/leo?lng=${language}`, {
          token: pro.token,
        });
        expect(response.status).toBe(404);
        expect(response.body).toEqual({ code: 'coin_without_pair', message });
      }
      for (const path of [
        '/api/market-data/candles?symbol=WBTC&interval=1h',
        '/api/market-signals/summary/OM',
        '/api/market-signals/dashboard-signals?symbols=BTC,LEO',
      ]) {
        const response = await testApp.request('GET', path, { token: pro.token });
        expect(response.status, path).toBe(404);
        expect(response.body.code, path).toBe('coin_without_pair');
      }
      const unknown = await testApp.request('GET', '/api/market-signals/summary/NOTACOIN?lng=en');
      expect(unknown.body).toMatchObject({ code: 'unknown_symbol', message: 'Unsupported symbol: NOTACOIN' });
    });

    it('serves the candles of any coin with a pair to everyone', async () => {
      const response = await testApp.request(
        'GET',
        '/api/market-data/candles?symbol=trx&interval=1h&limit=24&currency=USD',
      );
      expect(response.status).toBe(200);
      expect(response.body.data).toHaveLength(24);
      expect(response.body.source).toBe('binance');
      const sol = readTestCandles('SOLUSDT-1h.csv').filter(
        (candle) => candle.openTime < Date.parse('2025-04-20T10:00:00Z'),
      );
      expect(response.body.data.at(-1).close).toBe(sol.at(-1)!.close);
    });

    it("puts the caller's favourites with a pair first on the dashboard, then the ten", async () => {
      const pro = await testApp.registerUser();
      await testApp.setPlan(pro.user.id, 'profissional');
      for (const [id, name] of [
        ['tron', 'TRON'],
        ['leo-token', 'LEO Token'],
        ['chainlink', 'Chainlink'],
        ['dogecoin', 'Dogecoin'],
      ])
        expect((await favorite(pro.token, id, name)).status).toBe(200);
      const response = await testApp.request('GET', '/api/market-signals/dashboard-signals?currency=USD', {
        token: pro.token,
      });
      expect(response.status).toBe(200);
      // LEO has no pair: skipped; LINK is both a favourite and one of the ten: once, as a favourite. The
      // stub has 1h candles for BTC, ETH, SOL and MATIC only: the other coins of the ten are named unavailable
      const chosen = [
        ...response.body.data.map((item: { symbol: string }) => item.symbol),
        ...response.body.unavailable.map((item: { symbol: string }) => item.symbol),
      ];
      expect(chosen).toEqual(['TRX', 'DOGE', 'BTC', 'ETH', 'SOL', 'LINK', 'BNB', 'ADA', 'XRP', 'DOT']);

      const free = await testApp.registerUser();
      await favorite(free.token, 'dogecoin', 'Dogecoin');
      const freeAnswer = await testApp.request('GET', '/api/market-signals/dashboard-signals?currency=USD', {
        token: free.token,
      });
      // DOGE is beyond the free plan's coins: its three of the ten (BNB without recorded 1h candles)
      expect([
        ...freeAnswer.body.data.map((item: { symbol: string }) => item.symbol),
        ...freeAnswer.body.unavailable.map((item: { symbol: string }) => item.symbol),
      ]).toEqual(['BTC', 'ETH', 'BNB']);
    });

    it('marks coins with a pair as analysed on their page', async () => {
      const trx = await testApp.request('GET', '/api/market-data/coins/trx');
      expect(trx.body.data).toMatchObject({ id: 'tron', isAnalysed: true, analysisSymbol: 'TRX' });
      const leo = await testApp.request('GET', '/api/market-data/coins/leo');
      expect(leo.body.data).toMatchObject({ isAnalysed: false, analysisSymbol: null });
    });

    it('takes RSI and volume alerts on any coin with a pair, and reads their candles in the checks', async () => {
      const { token } = await testApp.registerUser({ language: 'en' });
      const alertOn = (coinSymbol: string, coinName: string) =>
        testApp.request('POST', '/api/alerts', {
          token,
          body: {
            name: `${coinSymbol} RSI`,
            type: 'tecnico',
            coinSymbol,
            coinName,
            conditions: { rsiAbove: 70 },
          },
        });
      const doge = await alertOn('doge', 'Dogecoin');
      expect(doge.status).toBe(201);
      expect(doge.body.data.coinSymbol).toBe('DOGE');
      const leo = await alertOn('LEO', 'LEO Token');
      expect(leo.status).toBe(404);
      expect(leo.body).toMatchObject({ code: 'coin_without_pair' });
      const snapshot = await readMarketSnapshot({ market: testApp.app.market, now: clock }, [
        { type: 'tecnico', coinSymbol: 'DOGE' },
        { type: 'volume', coinSymbol: 'TRX' },
      ]);
      // DOGE replays ETH's candles: the RSI of ETH's last closed hours
      const ethCloses = readTestCandles('ETHUSDT-1h.csv')
        .filter((candle) => candle.openTime + HOUR <= clock)
        .slice(-200)
        .map((candle) => candle.close);
      expect(snapshot.rsi.get('DOGE')).toBeCloseTo(latestRsi(ethCloses)!, 6);
      expect(snapshot.volumeChanges.get('TRX')).toBeTypeOf('number');
    });

    it("lets the chat's technical reading cover a coin beyond the ten", async () => {
      const { token } = await testApp.registerUser({ language: 'en' });
      const answer = await testApp.request('POST', '/api/chat/message', {
        token,
        body: { message: 'What do the RSI and MACD say about Dogecoin now?' },
      });
      expect(answer.status).toBe(201);
      expect(answer.body.aiProvider).toBe('technical_analysis');
      expect(answer.body.metadata.symbols).toContain('DOGE');
      expect(answer.body.metadata.analysisUsed).toContain('technical_analyst.get_signal_analysis');
      const analysis = await testApp.app.signals.getAnalysis('DOGE', 'en');
      expect(answer.body.response).toContain(analysis.keyIndicators.rsi.value.toFixed(1));
    });

    it('keeps serving the pairs it read when exchangeInfo fails, and the ten without ever reading it', async () => {
      stub.setFault(stubEndpoints.exchangeInfo, { kind: 'status', status: 503 });
      clock += 2 * 86_400_000; // past the day the pairs are kept fresh
      try {
        const coins = await testApp.request('GET', '/api/market-signals/coins');
        expect(coins.status).toBe(200);
        expect(coins.body.data.map((coin: { symbol: string }) => coin.symbol)).toContain('DOGE');
      } finally {
        stub.clearFaults();
        clock -= 2 * 86_400_000;
      }
    });
  });
}

describe('warm coins on the recorded market', () => {
  let stub: MarketStub;
  let testApp: TestApp;
  beforeAll(async () => {
    stub = await startMarketStub({ replayCandles });
    testApp = await startTestApp({
      env: { MARKET_DATA_SOURCE: 'live', ...stub.env },
      deps: { now: () => new Date('2025-04-20T10:30:00Z') },
    });
  });
  afterAll(async () => {
    await testApp.close();
    await stub.close();
  });

  it('keeps the ten and the favourites with a pair computed after a market refresh, and nothing else', async () => {
    const deps = { db: testApp.app.db, market: testApp.app.market };
    expect(await listWarmSymbols(deps)).toEqual([...analysisSymbols]);
    const { token } = await testApp.registerUser();
    for (const [coinId, coinName] of [
      ['tron', 'TRON'],
      ['leo-token', 'LEO Token'],
      ['bitcoin', 'Bitcoin'],
    ])
      await testApp.request('POST', '/api/crypto/toggle-favorite', { token, body: { coinId, coinName } });
    // LEO has no pair, BTC is one of the ten already
    expect(await listWarmSymbols(deps)).toEqual([...analysisSymbols, 'TRX']);

    await testApp.app.market.refreshHotKeys();
    await testApp.app.signalWarmer.idle();
    const klinesAfterWarming = stub.calls(stubEndpoints.klines);
    expect(klinesAfterWarming).toBeGreaterThan(0);
    const pro = await testApp.registerUser();
    await testApp.setPlan(pro.user.id, 'profissional');
    const trx = await testApp.request('GET', '/api/market-signals/summary/TRX', { token: pro.token });
    expect(trx.status).toBe(200);
    // TRX's candles are warm: the one klines call is the USDT/BRL rate the summary's reais need (its MACD is a
    // price), one series shared by every coin
    expect(stub.calls(stubEndpoints.klines)).toBe(klinesAfterWarming + 1);
    // DOGE is no one's favourite: computed on demand, three klines calls (1h, 4h, 1d)
    const doge = await testApp.request('GET', '/api/market-signals/summary/DOGE', { token: pro.token });
    expect(doge.status).toBe(200);
    expect(stub.calls(stubEndpoints.klines)).toBe(klinesAfterWarming + 1 + 3);
  });
});

describe('signals for every coin with a pair, simulated market', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await startTestApp({ env: { MARKET_DATA_SOURCE: 'simulated' } });
  });
  afterAll(() => testApp.close());

  it('analyses an invented coin the simulated exchange lists, and refuses one it does not', async () => {
    const list = await testApp.request('GET', '/api/market-signals/coins');
    expect(list.status).toBe(200);
    expect(list.body.source).toBe('simulated');
    const invented = list.body.data.find((coin: { isQuickChoice: boolean }) => !coin.isQuickChoice);
    const pro = await testApp.registerUser();
    await testApp.setPlan(pro.user.id, 'profissional');
    const analysis = await testApp.request('GET', `/api/market-signals/analysis/${invented.symbol}`, {
      token: pro.token,
    });
    expect(analysis.status).toBe(200);
    expect(analysis.body.data).toMatchObject({ symbol: invented.symbol, source: 'simulated' });

    const prices = await testApp.request('GET', '/api/crypto/prices?page=10&limit=50', { token: pro.token });
    const listed = new Set(list.body.data.map((coin: { symbol: string }) => coin.symbol));
    const unpaired = prices.body.data.find(
      (coin: { symbol: string }) => !listed.has(coin.symbol.toUpperCase()),
    );
    expect(unpaired).toBeDefined();
    const refused = await testApp.request('GET', `/api/market-signals/summary/${unpaired.symbol}`);
    expect(refused.status).toBe(404);
    expect(refused.body.code).toBe('coin_without_pair');
  });
});

import {
  analysisResponseSchema,
  candlesResponseSchema,
  dashboardSignalsResponseSchema,
  coinFactsResponseSchema,
  coinPricesResponseSchema,
  globalMarketResponseSchema,
} from '@farol/contract';
import { readTestJson } from '@farol/testdata';
import { describe, expect, it } from 'vitest';
import { useRecordedMarket } from '../../test/recorded-market.ts';
import { readMarketSnapshot } from '../alerts/alerts.market.ts';
import { STUB_USDT_BRL_BASE, usdtBrlRateAt } from '../../test/stubs/market-stub.ts';

type Global = { data: { total_market_cap: Record<string, number> } };
const recordedGlobal = readTestJson<Global>('fixtures/coingecko/global.json').data.total_market_cap;
// the stub scales the recorded USD page by CoinGecko's own BRL/USD ratio of the recorded /global
const brlPerUsd = recordedGlobal.brl! / recordedGlobal.usd!;
const recordedBtc = readTestJson<Record<string, number>[]>(
  'fixtures/coingecko/coins_markets_vs_usd_per_page30.json',
)[0]!;

describe('money in the caller’s currency (live market on the recorded upstreams)', () => {
  const context = useRecordedMarket();
  const coin = async (query: string, headers: Record<string, string> = {}, token?: string) => {
    const response = await context.testApp.request('GET', `/api/market-data/coins/btc${query}`, {
      headers,
      token,
    });
    expect(response.status).toBe(200);
    return coinFactsResponseSchema.parse(response.body);
  };

  it('answers a pt-BR visitor in reais, an English one in dollars, and an explicit ?currency= wins', async () => {
    const portuguese = await coin('', { 'accept-language': 'pt-BR' });
    expect(portuguese.currency).toBe('BRL');
    expect(portuguese.data.price).toBeCloseTo(recordedBtc.current_price! * brlPerUsd, 6);
    expect(portuguese.data.marketCap).toBeCloseTo(recordedBtc.market_cap! * brlPerUsd, 0);
    expect(portuguese.data.priceChangePercentage24h).toBe(recordedBtc.price_change_percentage_24h);

    const english = await coin('', { 'accept-language': 'en' });
    expect(english.currency).toBe('USD');
    expect(english.data.price).toBe(recordedBtc.current_price);

    const asked = await coin('?currency=USD', { 'accept-language': 'pt-BR' });
    expect(asked.currency).toBe('USD');
    expect(asked.data.price).toBe(recordedBtc.current_price);
    // the BRL list is its own upstream call, made once and then served from cache
    expect(context.stub.calls('/api/v3/coins/markets')).toBeGreaterThan(0);
  });

  it('refuses an unknown currency with a translated 400', async () => {
    const response = await context.testApp.request('GET', '/api/market-data/coins/btc?currency=EUR', {
      headers: { 'accept-language': 'pt-BR' },
    });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('validation_failed');
    expect(response.body.errors[0]).toEqual({
      field: 'currency',
      message: 'Moeda inválida: use BRL ou USD.',
    });
    const english = await context.testApp.request('GET', '/api/market-data/global?currency=eur', {
      headers: { 'accept-language': 'en' },
    });
    expect(english.status).toBe(400);
    expect(english.body.message).toBe('Unknown currency: use BRL or USD.');
  });

  it('follows a signed-in account’s saved preference over its language; the query param still wins', async () => {
    const { token, user } = await context.testApp.registerUser({ language: 'pt-BR' });
    await context.testApp.setPlan(user.id, 'profissional');
    const profile = await context.testApp.request('GET', '/api/user/profile', { token });
    // never chosen: BRL for a pt-BR account
    expect(profile.body.preferences.currency).toBe('BRL');
    const prices = async (query = '') =>
      coinPricesResponseSchema.parse(
        (await context.testApp.request('GET', `/api/crypto/prices?limit=1${query}`, { token })).body,
      );
    const before = await prices();
    expect(before.currency).toBe('BRL');
    expect(before.data[0]!.current_price).toBeCloseTo(recordedBtc.current_price! * brlPerUsd, 6);

    const saved = await context.testApp.request('PUT', '/api/user/preferences', {
      token,
      body: { currency: 'USD' },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.preferences.currency).toBe('USD');
    const after = await prices();
    expect(after.currency).toBe('USD');
    expect(after.data[0]!.current_price).toBe(recordedBtc.current_price);
    expect((await prices('&currency=BRL')).currency).toBe('BRL');
    // the coin page follows the preference too, whatever language the request names
    expect((await coin('', { 'accept-language': 'pt-BR' }, token)).currency).toBe('USD');

    const bad = await context.testApp.request('PUT', '/api/user/preferences', {
      token,
      body: { currency: 'brl' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].field).toBe('currency');
  });

  it('gives the global market caps in reais from CoinGecko’s own BRL total', async () => {
    const response = await context.testApp.request('GET', '/api/market-data/global?currency=BRL');
    const answer = globalMarketResponseSchema.parse(response.body);
    expect(answer.currency).toBe('BRL');
    expect(answer.data.total_market_cap).toBe(recordedGlobal.brl);
    const usd = globalMarketResponseSchema.parse(
      (await context.testApp.request('GET', '/api/market-data/global?currency=USD')).body,
    );
    expect(usd.data.total_market_cap).toBe(recordedGlobal.usd);
    expect(answer.data.bitcoin_dominance).toBe(usd.data.bitcoin_dominance);
    expect(answer.data.bitcoin_market_cap).toBeCloseTo(usd.data.bitcoin_market_cap * brlPerUsd, 0);
  });

  it('converts each candle with the USDT/BRL candle of the same open time', async () => {
    const usd = candlesResponseSchema.parse(
      (
        await context.testApp.request(
          'GET',
          '/api/market-data/candles?symbol=BTC&interval=1h&limit=48&currency=USD',
        )
      ).body,
    );
    expect(usd.conversion).toBeNull();
    const brl = candlesResponseSchema.parse(
      (
        await context.testApp.request(
          'GET',
          '/api/market-data/candles?symbol=BTC&interval=1h&limit=48&currency=BRL',
        )
      ).body,
    );
    expect(brl.currency).toBe('BRL');
    expect(brl.conversion).toMatchObject({
      from: 'USDT',
      to: 'BRL',
      rateSymbol: 'USDTBRL',
      method: 'candle_close',
    });
    expect(brl.data.map((candle) => candle.time)).toEqual(usd.data.map((candle) => candle.time));
    for (const [index, candle] of brl.data.entries()) {
      const rate = usdtBrlRateAt(candle.time * 1000);
      const dollars = usd.data[index]!;
      expect(candle.close).toBeCloseTo(dollars.close * rate, 6);
      expect(candle.open).toBeCloseTo(dollars.open * rate, 6);
      expect(candle.high).toBeCloseTo(dollars.high * rate, 6);
      expect(candle.volume).toBe(dollars.volume);
    }
    // the rate moves, so a single rate for every candle would not pass the loop above
    const rates = new Set(brl.data.map((candle) => usdtBrlRateAt(candle.time * 1000)));
    expect(rates.size).toBeGreaterThan(1);
    expect(brl.conversion!.latestRate).toBeCloseTo(STUB_USDT_BRL_BASE, 0);
  });

  it('reads the BRL list for the alert check only when a BRL price alert is active', async () => {
    const sources = { market: context.testApp.app.market, now: Date.parse('2025-04-20T10:30:00Z') };
    const dollars = await readMarketSnapshot(sources, [
      { type: 'preco', coinSymbol: 'BTC', currency: 'USD' },
    ]);
    expect(dollars.prices.get('BTC')).toBe(recordedBtc.current_price);
    expect(dollars.pricesBrl.size).toBe(0);
    const reais = await readMarketSnapshot(sources, [{ type: 'preco', coinSymbol: 'BTC', currency: 'BRL' }]);
    expect(reais.pricesBrl.get('BTC')).toBeCloseTo(recordedBtc.current_price! * brlPerUsd, 6);
  });

  it('converts the analysis’ price, levels, stop and targets at the latest USDT/BRL close; the signal stays the same', async () => {
    const { token, user } = await context.testApp.registerUser({ language: 'pt-BR' });
    await context.testApp.setPlan(user.id, 'profissional');
    const analysis = async (currency: string) =>
      analysisResponseSchema.parse(
        (
          await context.testApp.request('GET', `/api/market-signals/analysis/BTC?currency=${currency}`, {
            token,
          })
        ).body,
      );
    const [usd, brl] = [await analysis('USD'), await analysis('BRL')];
    expect(usd.conversion).toBeNull();
    expect(brl.conversion).toMatchObject({
      from: 'USDT',
      to: 'BRL',
      rateSymbol: 'USDTBRL',
      method: 'latest',
    });
    const rate = brl.conversion!.latestRate;
    expect(brl.data.price).toBeCloseTo(usd.data.price * rate, 6);
    expect(brl.data.supportLevels).toHaveLength(usd.data.supportLevels.length);
    brl.data.supportLevels.forEach((level, index) =>
      expect(level).toBeCloseTo(usd.data.supportLevels[index]! * rate, 6),
    );
    brl.data.recommendedStrategy.targets.forEach((target, index) =>
      expect(target).toBeCloseTo(usd.data.recommendedStrategy.targets[index]! * rate, 6),
    );
    expect(brl.data.marketSignal.signal).toBe(usd.data.marketSignal.signal);
    expect(brl.data.marketSignal.strength).toBe(usd.data.marketSignal.strength);
    expect(brl.data.aiAnalysis).toContain('R$');
    expect(brl.data.aiAnalysis).not.toContain('US$');

    const signals = dashboardSignalsResponseSchema.parse(
      (await context.testApp.request('GET', '/api/market-signals/dashboard-signals?symbols=BTC', { token }))
        .body,
    );
    // a pt-BR account that never chose: reais
    expect(signals.currency).toBe('BRL');
    expect(signals.data[0]!.price).toBeCloseTo(usd.data.price * rate, 6);
  });
});

import { translate } from '@farol/i18n';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forEachEngine, startTestApp, type TestApp } from '../../test/harness.ts';
import { startMarketStub, type MarketStub } from '../../test/stubs/market-stub.ts';
import { recordDominance } from '../market/market.repository.ts';

const now = Date.parse('2025-03-10T10:20:00Z');
const HOUR_MS = 3_600_000;

forEachEngine((engine) => {
  describe('market sentiment agent: dominance shifts', () => {
    let market: MarketStub;
    let test: TestApp;
    beforeAll(async () => {
      market = await startMarketStub();
      test = await startTestApp({
        engine,
        env: { MARKET_DATA_SOURCE: 'live', ...market.env },
        deps: { now: () => new Date(now) },
      });
    });
    afterAll(async () => {
      await test.close();
      await market.close();
    });

    const ask = async (language: 'pt-BR' | 'en' | 'es', message: string) => {
      const { token } = await test.registerUser({ language });
      const answer = await test.request('POST', '/api/chat/message', { token, body: { message } });
      expect(answer.status).toBe(201);
      return answer.body as { response: string; metadata: { analysisUsed: string[] } };
    };

    it('says there is not enough history yet when nothing was recorded a day or a week ago', async () => {
      const answer = await ask('en', 'How is market sentiment today?');
      expect(answer.response).toContain(
        `BTC dominance at 44.59%: ${translate('en', 'chat:offline.noHistory')} over 24 h`,
      );
    });

    it('cites the BTC dominance change over 24 h and 7 d computed from the stored rows, in the user language', async () => {
      const point = { ethereumDominance: 19, totalMarketCap: 2.5e12 };
      // stored fetches of a day and a week ago, 20 minutes off the exact times (live history has gaps)
      await recordDominance(test.database.db, 'coingecko', {
        ...point,
        bitcoinDominance: 43.1,
        time: now - 24 * HOUR_MS + 20 * 60_000,
      });
      await recordDominance(test.database.db, 'coingecko', {
        ...point,
        bitcoinDominance: 46.25,
        time: now - 168 * HOUR_MS - 20 * 60_000,
      });
      // a simulated row of the same times must not be read into a live series
      await recordDominance(test.database.db, 'simulated', {
        ...point,
        bitcoinDominance: 70,
        time: now - 24 * HOUR_MS,
      });

      // BTC dominance in the recorded CoinGecko answer is 44.5924: 44.5924 - 43.10 = +1.49 pp; 44.5924 - 46.25 = -1.66 pp
      const portuguese = await ask('pt-BR', 'Como está o sentimento do mercado hoje?');
      expect(portuguese.response).toContain(
        'Dominância do BTC em 44,59%: +1,49 p.p. em 24 h e -1,66 p.p. em 7 dias.',
      );
      expect(portuguese.metadata.analysisUsed).toContain('market_sentiment.get_dominance_shifts');
      const english = await ask('en', 'How is market sentiment today?');
      expect(english.response).toContain(
        'BTC dominance at 44.59%: +1.49 pp over 24 h and -1.66 pp over 7 days.',
      );
      const spanish = await ask('es', '¿Cómo está el sentimiento del mercado hoy?');
      expect(spanish.response).toContain(
        'Dominancia de BTC en 44,59\u00a0%: +1,49 p.p. en 24 h y -1,66 p.p. en 7 días.',
      );
    });
  });

  describe('market sentiment agent on a fresh simulated install', () => {
    let test: TestApp;
    beforeAll(async () => {
      test = await startTestApp({ engine, deps: { now: () => new Date(now) } });
    });
    afterAll(() => test.close());

    it('quotes both shifts from the simulator history', async () => {
      const { token } = await test.registerUser({ language: 'en' });
      const answer = await test.request('POST', '/api/chat/message', {
        token,
        body: { message: 'Is the market greedy or fearful?' },
      });
      expect(answer.status).toBe(201);
      const line = (answer.body.response as string)
        .split('\n')
        .find((text) => text.startsWith('BTC dominance at'));
      expect(line).toMatch(
        /^BTC dominance at [\d.]+%: [+-]?\d+\.\d\d pp over 24 h and [+-]?\d+\.\d\d pp over 7 days\.$/,
      );
    });
  });
});

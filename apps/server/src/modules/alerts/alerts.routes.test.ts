import { describe, expect, it } from 'vitest';
import { forEachEngine, useTestApp } from '../../test/harness.ts';

const priceAlert = {
  name: 'BTC rompimento',
  type: 'preco',
  coinSymbol: 'btc',
  coinName: 'Bitcoin',
  conditions: { priceAbove: 110000, priceBelow: 90000.123456 },
};

forEachEngine((engine) => {
  describe('alerts API', () => {
    const app = useTestApp({ engine });

    it('creates an alert with the symbol upper-cased and lists it', async () => {
      const { token } = await app.registerUser({ language: 'pt-BR' });
      const created = await app.request('POST', '/api/alerts', { token, body: priceAlert });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({
        success: true,
        message: 'Alerta criado com sucesso',
        data: {
          name: 'BTC rompimento',
          type: 'preco',
          coinSymbol: 'BTC',
          coinName: 'Bitcoin',
          isActive: true,
          triggeredCount: 0,
          conditions: priceAlert.conditions,
        },
      });
      expect(created.body.data.lastTriggered).toBeUndefined();
      const list = await app.request('GET', '/api/alerts', { token });
      // the test app's market is simulated: alert checks are paused and the answer says so
      expect(list.body).toEqual({
        success: true,
        currency: 'BRL',
        data: [created.body.data],
        checksPaused: true,
      });
    });

    it("toggles an alert with a message in the request's language, else the saved one", async () => {
      const { token } = await app.registerUser({ language: 'en' });
      const { body } = await app.request('POST', '/api/alerts', {
        token,
        body: { ...priceAlert, type: 'sentimento', conditions: { fearGreedBelow: 20 } },
      });
      const off = await app.request('PATCH', `/api/alerts/${body.data.id}/toggle`, { token });
      expect(off.body).toMatchObject({
        success: true,
        message: 'Alert deactivated',
        data: { isActive: false },
      });
      const on = await app.request('PATCH', `/api/alerts/${body.data.id}/toggle`, {
        token,
        headers: { 'accept-language': 'es' },
      });
      expect(on.body).toMatchObject({ message: 'Alerta activada', data: { isActive: true } });
    });

    it("answers 404 for another user's alert and leaves it untouched", async () => {
      const owner = await app.registerUser();
      const intruder = await app.registerUser();
      const { body } = await app.request('POST', '/api/alerts', { token: owner.token, body: priceAlert });
      const id = body.data.id;
      expect((await app.request('PATCH', `/api/alerts/${id}/toggle`, { token: intruder.token })).status).toBe(
        404,
      );
      const deleted = await app.request('DELETE', `/api/alerts/${id}`, { token: intruder.token });
      expect(deleted.status).toBe(404);
      expect(deleted.body.code).toBe('alert_not_found');
      expect((await app.request('GET', '/api/alerts', { token: intruder.token })).body.data).toEqual([]);
      const mine = await app.request('GET', '/api/alerts', { token: owner.token });
      expect(mine.body.data).toEqual([body.data]);
      expect((await app.request('DELETE', '/api/alerts/not-a-uuid', { token: owner.token })).status).toBe(
        404,
      );
    });

    it('deletes an alert', async () => {
      const { token } = await app.registerUser({ language: 'pt-BR' });
      const { body } = await app.request('POST', '/api/alerts', { token, body: priceAlert });
      const deleted = await app.request('DELETE', `/api/alerts/${body.data.id}`, { token });
      expect(deleted.body).toEqual({ success: true, message: 'Alerta excluído' });
      expect((await app.request('GET', '/api/alerts', { token })).body.data).toEqual([]);
    });

    it.each([
      ['no condition', { ...priceAlert, conditions: {} }],
      ['an RSI above 100', { ...priceAlert, type: 'tecnico', conditions: { rsiAbove: 101 } }],
      ['a price with seven decimals', { ...priceAlert, conditions: { priceAbove: 1.1234567 } }],
      ['a condition of another type', { ...priceAlert, conditions: { priceAbove: 1, rsiAbove: 70 } }],
      ['an empty name', { ...priceAlert, name: ' ' }],
      ['an unknown type', { ...priceAlert, type: 'twitter' }],
    ])('answers 400 for %s and writes nothing', async (_title, body) => {
      const { token } = await app.registerUser({ language: 'en' });
      const response = await app.request('POST', '/api/alerts', { token, body });
      expect(response.status).toBe(400);
      expect(response.body.code).toBe('validation_failed');
      expect((await app.request('GET', '/api/alerts', { token })).body.data).toEqual([]);
    });

    it('accepts RSI and volume alerts only for coins with a pair', async () => {
      const { token } = await app.registerUser({ language: 'en' });
      const rsiOk = await app.request('POST', '/api/alerts', {
        token,
        body: {
          ...priceAlert,
          type: 'tecnico',
          coinSymbol: 'eth',
          coinName: 'Ethereum',
          conditions: { rsiAbove: 70 },
        },
      });
      expect(rsiOk.status).toBe(201);
      const volumeBad = await app.request('POST', '/api/alerts', {
        token,
        body: {
          ...priceAlert,
          type: 'volume',
          coinSymbol: 'DOGE',
          coinName: 'Dogecoin',
          conditions: { volumeChange: 150 },
        },
      });
      expect(volumeBad.status).toBe(400);
      expect(volumeBad.body).toMatchObject({ code: 'unknown_coin', message: 'Unknown coin: DOGE' });
    });

    it('refuses a price alert for a coin that is not listed', async () => {
      const { token } = await app.registerUser({ language: 'en' });
      const response = await app.request('POST', '/api/alerts', {
        token,
        body: { ...priceAlert, coinSymbol: 'NOPE42' },
      });
      expect(response.status).toBe(400);
      expect(response.body.code).toBe('unknown_coin');
    });

    it('answers 403 with requiresUpgrade over the free plan limit and reports the limits', async () => {
      const { token } = await app.registerUser({ language: 'pt-BR' });
      expect((await app.request('GET', '/api/alerts/limits', { token })).body).toEqual({
        success: true,
        data: { plan: 'free', currentAlerts: 0, maxAlerts: 3, remaining: 3, advancedAlerts: false },
      });
      for (let index = 0; index < 3; index += 1)
        expect((await app.request('POST', '/api/alerts', { token, body: priceAlert })).status).toBe(201);
      const refused = await app.request('POST', '/api/alerts', { token, body: priceAlert });
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({ code: 'alert_limit_reached', requiresUpgrade: true });
      expect(refused.body.message).toContain('(3)');
      expect((await app.request('GET', '/api/alerts', { token })).body.data).toHaveLength(3);
      expect((await app.request('GET', '/api/alerts/limits', { token })).body.data).toEqual({
        plan: 'free',
        currentAlerts: 3,
        maxAlerts: 3,
        remaining: 0,
        advancedAlerts: false,
      });
    });

    const advancedAlert = {
      name: 'BTC avançado',
      type: 'avancado',
      coinSymbol: 'BTC',
      coinName: 'Bitcoin',
      conditions: { changeAbovePercent: 5, changeWindow: '1h', signalTurns: 'buy', levelCross: 'support' },
    };

    it('refuses advanced alerts below profissional with a translated 403, and creates them for profissional', async () => {
      const { token, user } = await app.registerUser({ language: 'pt-BR' });
      await app.setPlan(user.id, 'iniciante');
      const refused = await app.request('POST', '/api/alerts', { token, body: advancedAlert });
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({ code: 'advanced_alerts_require_pro', requiresUpgrade: true });
      expect(refused.body.message).toContain('plano Profissional');
      const inEnglish = await app.request('POST', '/api/alerts', {
        token,
        body: advancedAlert,
        headers: { 'accept-language': 'en' },
      });
      expect(inEnglish.body.message).toContain('require the Profissional plan');
      expect((await app.request('GET', '/api/alerts/limits', { token })).body.data.advancedAlerts).toBe(
        false,
      );

      await app.setPlan(user.id, 'profissional');
      expect((await app.request('GET', '/api/alerts/limits', { token })).body.data.advancedAlerts).toBe(true);
      const created = await app.request('POST', '/api/alerts', { token, body: advancedAlert });
      expect(created.status).toBe(201);
      expect(created.body.data).toMatchObject({ type: 'avancado', conditions: advancedAlert.conditions });
      const listed = await app.request('GET', '/api/alerts', { token });
      expect(listed.body.data[0].conditions).toEqual(advancedAlert.conditions);
    });

    it('validates advanced conditions with translated messages and only for the analysed coins', async () => {
      const { token, user } = await app.registerUser({ language: 'en' });
      await app.setPlan(user.id, 'profissional');
      const post = (body: Record<string, unknown>) => app.request('POST', '/api/alerts', { token, body });
      const noWindow = await post({ ...advancedAlert, conditions: { changeAbovePercent: 5 } });
      expect(noWindow.status).toBe(400);
      expect(noWindow.body.errors).toContainEqual(
        expect.objectContaining({ message: 'Choose the window of the change.' }),
      );
      const negative = await post({
        ...advancedAlert,
        conditions: { changeAbovePercent: -2, changeWindow: '24h' },
      });
      expect(negative.body.errors).toContainEqual(
        expect.objectContaining({ message: 'The change must be greater than zero.' }),
      );
      const windowOnly = await post({ ...advancedAlert, conditions: { changeWindow: '24h' } });
      expect(windowOnly.status).toBe(400);
      const badSide = await post({ ...advancedAlert, conditions: { signalTurns: 'up' } });
      expect(badSide.body.errors).toContainEqual(expect.objectContaining({ message: 'Choose buy or sell.' }));
      const notAnalysed = await post({ ...advancedAlert, coinSymbol: 'DOGE' });
      expect(notAnalysed.status).toBe(400);
      expect(notAnalysed.body.code).toBe('unknown_coin');
    });

    it('never lets concurrent creations pass the limit', async () => {
      const { token } = await app.registerUser();
      const statuses = await Promise.all(
        Array.from({ length: 6 }, () =>
          app.request('POST', '/api/alerts', { token, body: priceAlert }).then((response) => response.status),
        ),
      );
      expect(statuses.filter((status) => status === 201)).toHaveLength(3);
      expect(statuses.filter((status) => status === 403)).toHaveLength(3);
    });

    it('gives admins unlimited alerts', async () => {
      const { token, user } = await app.registerUser();
      await app.makeAdmin(user.id);
      for (let index = 0; index < 4; index += 1)
        expect((await app.request('POST', '/api/alerts', { token, body: priceAlert })).status).toBe(201);
      expect((await app.request('GET', '/api/alerts/limits', { token })).body.data).toMatchObject({
        currentAlerts: 4,
        maxAlerts: -1,
        remaining: -1,
      });
    });

    it('answers 401 without a token', async () => {
      expect((await app.request('GET', '/api/alerts')).status).toBe(401);
    });
  });
});

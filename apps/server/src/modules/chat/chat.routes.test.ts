import crypto from 'node:crypto';
import { analysisSymbols, chatMessageSchema, type ChatStreamEvent } from '@farol/contract';
import { languages, translate, type Language } from '@farol/i18n';
import { formatPrice, formatWholePercent } from '@farol/i18n/format';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { forEachEngine, startTestApp, type TestApp } from '../../test/harness.ts';
import { startMarketStub, type MarketStub } from '../../test/stubs/market-stub.ts';
import { latestMoney } from '../../lib/currency.ts';
import { createEncryption } from '../../lib/encryption.ts';
import {
  geminiFunctionCallReply,
  geminiTextReply,
  openAiStreamTextReply,
  openAiStreamToolCallReply,
  openAiTextReply,
  openAiToolCallReply,
  startAiStub,
  type AiStub,
} from '../../test/stubs/ai-provider-stub.ts';

const OPENAI_KEY = 'sk-proj-chat-test-0123456789';
const GEMINI_KEY = 'AIzaSyChatTest0123456789abcdef';
const UNREADABLE_WARNING = 'a stored secret can no longer be decrypted';

const fixed = (language: Language, value: number, digits: number) =>
  new Intl.NumberFormat(language, { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(
    value,
  );

async function readStream(
  test: TestApp,
  token: string,
  message: string,
): Promise<{ status: number; events: ChatStreamEvent[]; body: string }> {
  const response = await fetch(`${test.url}/api/chat/stream`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ message }),
  });
  const body = await response.text();
  const events = body
    .split('\n\n')
    .filter((block) => block.startsWith('event: '))
    .map((block) => {
      const [eventLine, dataLine] = block.split('\n');
      return { event: eventLine!.slice(7), data: JSON.parse(dataLine!.slice(6)) } as ChatStreamEvent;
    });
  return { status: response.status, events, body };
}

const completionRequests = (stub: AiStub) => stub.requests.filter((request) => request.method === 'POST');

forEachEngine((engine) => {
  describe('offline analyst on real candles', () => {
    let market: MarketStub;
    let test: TestApp;
    beforeAll(async () => {
      market = await startMarketStub();
      test = await startTestApp({ engine, env: { MARKET_DATA_SOURCE: 'live', ...market.env } });
    });
    afterAll(async () => {
      await test.close();
      await market.close();
    });

    it.each(languages)(
      'answers in %s with the signals engine numbers, says it is the built-in analyst and ends with the disclaimer',
      async (language) => {
        const { token } = await test.registerUser({ language });
        const question = {
          'pt-BR': 'Devo me preocupar com o ether nesta semana?',
          en: 'Should I worry about ether this week?',
          es: '¿Debo preocuparme por ether esta semana?',
        }[language];
        const answer = await test.request('POST', '/api/chat/message', {
          token,
          body: { message: question },
        });
        expect(answer.status).toBe(201);
        expect(chatMessageSchema.parse(answer.body)).toBeTruthy();
        expect(answer.body.aiProvider).toBe('technical_analysis');
        // money in the account's currency: reais for pt-BR, dollars otherwise (converted at the latest USDT/BRL)
        const currency = language === 'pt-BR' ? 'BRL' : 'USD';
        const { money } = await latestMoney(test.app.market, currency);
        const analysis = await test.app.signals.getAnalysis('ETH', language, money);
        const response: string = answer.body.response;
        expect(response).toContain(translate(language, 'chat:offline.header'));
        expect(response).toContain(`RSI(14) ${fixed(language, analysis.keyIndicators.rsi.value, 1)}`);
        // the 1h histogram in the account's currency, as the analysis screen shows it
        const macd = fixed(language, analysis.keyIndicators.macd.value, 4);
        expect(response).toContain(language === 'en' ? `MACD histogram ${macd}` : `histograma MACD ${macd}`);
        // the coin is quoted at the market list's price in the account's currency, as its page shows it
        const listed = (await test.app.market.getCoins(undefined, currency)).data.find(
          (coin) => coin.symbol === 'ETH',
        )!;
        expect(response).toContain(
          `**ETH**: ${new Intl.NumberFormat(language, {
            style: 'currency',
            currency,
            minimumFractionDigits: 2,
            maximumFractionDigits: 2,
          }).format(Number(listed.currentPrice!.toPrecision(6)))}`,
        );
        // scores as whole percentages ("16%"), as the screens show them
        expect(response).toContain(
          translate(language, 'chat:offline.signal', {
            signal: translate(language, `chat:values.signal.${analysis.marketSignal.signal}`),
            strength: formatWholePercent(analysis.marketSignal.strength, language),
            confidence: formatWholePercent(analysis.marketSignal.confidence, language),
            trendStrength: formatWholePercent(analysis.trendStrength, language),
          }),
        );
        // the 24 h expected range as a sentence in the same currency ("entre R$ … e R$ … em 24 h, 8 vezes em 10")
        const [day] = analysis.expectedRange;
        expect(response).toContain(
          translate(language, 'chat:offline.expectedRangeItem', {
            low: formatPrice(day!.low, language, currency),
            high: formatPrice(day!.high, language, currency),
            horizon: translate(language, 'chat:offline.inHours', { count: 24 }),
            times: 8,
            measured: '',
          }),
        );
        expect(response.endsWith(translate(language, 'chat:disclaimer'))).toBe(true);
        expect(answer.body.metadata.confidence).toBe(Math.round(analysis.marketSignal.confidence));
        expect(answer.body.metadata.analysisUsed).toEqual(
          expect.arrayContaining([
            'technical_analyst',
            'risk_manager',
            'market_sentiment',
            'technical_analyst.get_signal_analysis',
            'risk_manager.get_volatility',
          ]),
        );
        expect(answer.body.metadata.symbols).toEqual(['ETH']);
      },
    );

    it('sizes a position in BRL from the capital and risk the question states', async () => {
      const { token } = await test.registerUser({ language: 'pt-BR' });
      const answer = await test.request('POST', '/api/chat/message', {
        token,
        body: {
          message: 'Tenho R$ 10.000 e aceito perder 2% por operação: qual o tamanho da posição em SOL?',
        },
      });
      expect(answer.status).toBe(201);
      const brl = (value: number) =>
        new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }).format(value);
      const response: string = answer.body.response;
      expect(response).toContain(brl(10_000));
      expect(response).toContain(brl(200)); // 2% of the capital is what the stop may cost
      expect(answer.body.metadata.analysisUsed).toContain('risk_manager.calculate_position_size');
      // the recorded market's list price is not the last daily close: every figure is measured from the
      // price the answer quotes, and the units it names lose the R$ 200 it promises at its stop
      const number = (text: string) => Number(text.replace(/[^\d,]/g, '').replace(',', '.'));
      const money = 'R\\$\\s[\\d.]+,\\d{2}';
      const quoted = number(new RegExp(`\\*\\*SOL\\*\\*: (${money})`, 'u').exec(response)![1]!);
      const listed = (await test.app.market.getCoins(undefined, 'BRL')).data.find(
        (coin) => coin.symbol === 'SOL',
      )!;
      expect(quoted).toBeCloseTo(listed.currentPrice!, 1);
      const dailyClose = (await test.app.market.getCandles('SOL', '1d', 1)).data.at(-1)!.close;
      const { money: rate } = await latestMoney(test.app.market, 'BRL');
      expect(Math.abs(quoted - dailyClose * rate.rate)).toBeGreaterThan(0.01);
      const [, stopText, distanceText] = new RegExp(
        `ficaria em (${money}) \\(([\\d,]+)% abaixo\\)`,
        'u',
      ).exec(response)!;
      const stop = number(stopText!);
      expect(number(distanceText!)).toBeCloseTo(((quoted - stop) / quoted) * 100, 2);
      const units = Number(/cerca de ([\d,]+) SOL/u.exec(response)![1]!.replace(',', '.'));
      expect(units * (quoted - stop)).toBeCloseTo(200, 0);
      expect(units * (quoted - stop)).toBeLessThanOrEqual(200);
    });
  });

  describe('chat rules, history and the AI providers', () => {
    let ai: AiStub;
    let test: TestApp;
    const logLines: string[] = [];
    beforeAll(async () => {
      ai = await startAiStub();
      ai.validKeys.add(OPENAI_KEY).add(GEMINI_KEY);
      test = await startTestApp({
        engine,
        env: { OPENAI_BASE_URL: ai.openaiBaseUrl, GEMINI_BASE_URL: ai.geminiBaseUrl, LOG_LEVEL: 'warn' },
        deps: { logStream: { write: (line: string) => logLines.push(line) } },
      });
    });
    afterAll(async () => {
      await test.close();
      await ai.close();
    });
    beforeEach(() => {
      ai.requests.length = 0;
      ai.queue.length = 0;
      ai.down = false;
    });

    const withKey = async (provider: 'openai' | 'gemini', language: Language = 'en') => {
      const session = await test.registerUser({ language });
      const body = provider === 'openai' ? { openaiApiKey: OPENAI_KEY } : { geminiApiKey: GEMINI_KEY };
      expect(
        (await test.request('POST', '/api/subscription/api-keys', { token: session.token, body })).status,
      ).toBe(200);
      if (provider === 'gemini') {
        expect(
          (
            await test.request('PUT', '/api/user/preferences', {
              token: session.token,
              body: { aiProvider: 'gemini' },
            })
          ).status,
        ).toBe(200);
      }
      ai.requests.length = 0;
      return session;
    };

    it('refuses empty, whitespace-only and over-2,000-character messages with 400 and stores nothing', async () => {
      const { token } = await test.registerUser({ language: 'en' });
      const headers = { 'accept-language': 'en' };
      for (const message of ['', '   \n ', 'x'.repeat(2001)]) {
        const answer = await test.request('POST', '/api/chat/message', { token, body: { message }, headers });
        expect(answer.status).toBe(400);
      }
      const tooLong = await test.request('POST', '/api/chat/message', {
        token,
        body: { message: 'x'.repeat(2001) },
        headers,
      });
      expect(tooLong.body.message).toBe('The message is longer than 2,000 characters.');
      expect((await test.request('GET', '/api/chat/history', { token })).body.data).toEqual([]);
    });

    it('answers 429 "too many requests" after the free plan\'s 3 AI conversations of the day; admins have no limit', async () => {
      const { token } = await withKey('openai');
      for (let index = 0; index < 3; index += 1) ai.queue.push(openAiTextReply(`Answer ${index}.`));
      for (let index = 0; index < 3; index += 1) {
        expect(
          (
            await test.request('POST', '/api/chat/message', {
              token,
              body: { message: `BTC sentiment ${index}` },
            })
          ).status,
        ).toBe(201);
      }
      const refused = await test.request('POST', '/api/chat/message', {
        token,
        body: { message: 'one more' },
      });
      expect(refused.status).toBe(429);
      expect(refused.body.code).toBe('chat_limit_reached');
      expect(refused.body.message).toMatch(/too many requests/i);
      const portuguese = await test.request('POST', '/api/chat/message', {
        token,
        body: { message: 'mais uma' },
        headers: { 'accept-language': 'pt-BR' },
      });
      expect(portuguese.status).toBe(429);
      // Clearing the history does not give the day's conversations back.
      await test.request('DELETE', '/api/chat/clear', { token });
      expect(
        (await test.request('POST', '/api/chat/message', { token, body: { message: 'after clearing' } }))
          .status,
      ).toBe(429);

      const admin = await test.registerUser();
      await test.makeAdmin(admin.user.id);
      for (let index = 0; index < 4; index += 1) {
        expect(
          (
            await test.request('POST', '/api/chat/message', {
              token: admin.token,
              body: { message: `market mood ${index}` },
            })
          ).status,
        ).toBe(201);
      }
    });

    it.each(languages)(
      "answers %s without a key with the built-in analyst: it says so once per conversation and uses none of the day's AI conversations",
      async (language) => {
        const { token } = await test.registerUser({ language });
        const header = translate(language, 'chat:offline.header');
        const responses: string[] = [];
        // more answers than the free plan's 3 AI conversations
        for (let index = 0; index < 5; index += 1) {
          const answer = await test.request('POST', '/api/chat/message', {
            token,
            body: { message: `BTC ${index}?` },
          });
          expect(answer.status).toBe(201);
          expect(answer.body.aiProvider).toBe('technical_analysis');
          responses.push(answer.body.response);
        }
        expect(responses[0]).toContain(header);
        for (const later of responses.slice(1)) {
          expect(later).not.toContain(header);
          expect(later.endsWith(translate(language, 'chat:disclaimer'))).toBe(true);
        }
        const usage = await test.request('GET', '/api/subscription/usage', { token });
        expect(usage.body.data).toMatchObject({ conversationsToday: 0, canChat: true });
        expect(completionRequests(ai)).toHaveLength(0);
      },
    );

    it('shows each user only their own messages, newest first and paged, and clears only theirs', async () => {
      const first = await test.registerUser({ language: 'en' });
      const second = await test.registerUser({ language: 'en' });
      await test.makeAdmin(first.user.id);
      for (const message of [
        'first question about BTC',
        'second question about ETH',
        'third question about SOL',
      ]) {
        await test.request('POST', '/api/chat/message', { token: first.token, body: { message } });
      }
      await test.request('POST', '/api/chat/message', {
        token: second.token,
        body: { message: 'private question' },
      });

      const page = await test.request('GET', '/api/chat/history?page=1&limit=2', { token: first.token });
      expect(page.status).toBe(200);
      expect(page.body.data.map((entry: { message: string }) => entry.message)).toEqual([
        'third question about SOL',
        'second question about ETH',
      ]);
      expect(page.body.pagination).toEqual({
        currentPage: 1,
        totalPages: 2,
        totalItems: 3,
        hasPreviousPage: false,
        hasNextPage: true,
      });
      const other = await test.request('GET', '/api/chat/history', { token: second.token });
      expect(other.body.data.map((entry: { message: string }) => entry.message)).toEqual([
        'private question',
      ]);

      const cleared = await test.request('DELETE', '/api/chat/clear', { token: first.token });
      expect(cleared.body).toEqual({ success: true, message: 'Chat history cleared.' });
      expect((await test.request('GET', '/api/chat/history', { token: first.token })).body.data).toEqual([]);
      expect(
        (await test.request('GET', '/api/chat/history', { token: second.token })).body.data,
      ).toHaveLength(1);
    });

    it("sends gpt-4o-mini the decrypted key, the agents' tools and the tool results, and stores the model's answer", async () => {
      const { token, user } = await withKey('openai');
      ai.queue.push(
        openAiToolCallReply('get_indicator', { symbol: 'ETH', indicator: 'RSI', interval: '4h' }),
        openAiTextReply('ETH 4h RSI reads as the tool said.'),
      );
      const answer = await test.request('POST', '/api/chat/message', {
        token,
        body: { message: 'What is the RSI of ETH on 4h?' },
      });
      expect(answer.status).toBe(201);
      const [first, second] = completionRequests(ai);
      expect(first?.path).toBe('/openai/v1/chat/completions');
      expect(first?.headers.authorization).toBe(`Bearer ${OPENAI_KEY}`);
      expect(first?.body.model).toBe('gpt-4o-mini');
      const toolNames = first?.body.tools.map((entry: { function: { name: string } }) => entry.function.name);
      expect(toolNames).toEqual(
        expect.arrayContaining(['get_signal_analysis', 'get_indicator', 'list_indicators']),
      );
      expect(first?.body.messages[0].role).toBe('system');
      expect(first?.body.messages[0].content).toContain('"symbol":"ETH"');
      const toolMessage = second?.body.messages.find((entry: { role: string }) => entry.role === 'tool');
      expect(toolMessage.tool_call_id).toBe('call_bhZkmIKKItNGJ41whHUHB7p9');
      const toolResult = JSON.parse(toolMessage.content);
      expect(toolResult).toMatchObject({
        symbol: 'ETH',
        indicator: 'RSI',
        interval: '4h',
        source: 'simulated',
      });
      expect(typeof toolResult.outputs.outReal.last).toBe('number');

      expect(answer.body.aiProvider).toBe('openai');
      expect(answer.body.response).toBe(
        `ETH 4h RSI reads as the tool said.\n\n${translate('en', 'chat:disclaimer')}`,
      );
      expect(answer.body.metadata.analysisUsed).toContain('technical_analyst.get_indicator');
      const { rows } = (await test.database.db.execute(
        sql`select ai_provider, response from chat_messages where user_id = ${user.id}`,
      )) as unknown as {
        rows: { ai_provider: string; response: string }[];
      };
      expect(rows).toEqual([{ ai_provider: 'openai', response: answer.body.response }]);
    });

    it('sends gemini-2.5-flash the key in x-goog-api-key, the function declarations and the function response', async () => {
      const { token } = await withKey('gemini', 'es');
      ai.queue.push(
        geminiFunctionCallReply('get_fear_greed', { days: 30 }),
        geminiTextReply('El índice de miedo y codicia según la herramienta.'),
      );
      const answer = await test.request('POST', '/api/chat/message', {
        token,
        body: { message: '¿Cómo está el sentimiento del mercado hoy?' },
      });
      expect(answer.status).toBe(201);
      const [first, second] = completionRequests(ai);
      expect(first?.path).toBe('/gemini/v1beta/models/gemini-2.5-flash:generateContent');
      expect(first?.headers['x-goog-api-key']).toBe(GEMINI_KEY);
      const declared = first?.body.tools[0].functionDeclarations.map((entry: { name: string }) => entry.name);
      expect(declared).toEqual(expect.arrayContaining(['get_fear_greed', 'get_global_market']));
      const functionResponse = second?.body.contents
        .flatMap(
          (content: { parts: { functionResponse?: { name: string; response: unknown } }[] }) => content.parts,
        )
        .find((part: { functionResponse?: unknown }) => part.functionResponse)?.functionResponse;
      expect(functionResponse.name).toBe('get_fear_greed');
      expect(JSON.stringify(functionResponse.response)).toContain('"average7"');
      expect(answer.body.aiProvider).toBe('gemini');
      expect(answer.body.response.startsWith('El índice de miedo y codicia según la herramienta.')).toBe(
        true,
      );
      expect(answer.body.metadata.analysisUsed).toContain('market_sentiment.get_fear_greed');
    });

    it('reports a key the provider rejects (400, in the caller language) and stores nothing', async () => {
      const { token } = await withKey('openai');
      ai.queue.push({
        kind: 'json',
        status: 401,
        body: {
          error: {
            message: 'Incorrect API key provided.',
            type: 'invalid_request_error',
            code: 'invalid_api_key',
          },
        },
      });
      const answer = await test.request('POST', '/api/chat/message', { token, body: { message: 'BTC?' } });
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({
        code: 'api_key_rejected',
        message: 'Your OpenAI key was rejected; update it in settings.',
      });
      expect((await test.request('GET', '/api/chat/history', { token })).body.data).toEqual([]);
    });

    it('reports an exhausted quota as 429 ai_quota_exceeded', async () => {
      const { token } = await withKey('openai');
      ai.queue.push({
        kind: 'json',
        status: 429,
        body: {
          error: {
            message: 'You exceeded your current quota.',
            type: 'insufficient_quota',
            code: 'insufficient_quota',
          },
        },
      });
      const answer = await test.request('POST', '/api/chat/message', { token, body: { message: 'BTC?' } });
      expect(answer.status).toBe(429);
      expect(answer.body.code).toBe('ai_quota_exceeded');
    });

    it('answers with the built-in analyst when the provider cannot be reached, and says so', async () => {
      const { token } = await withKey('openai');
      ai.down = true;
      const answer = await test.request('POST', '/api/chat/message', {
        token,
        body: { message: 'How is BTC doing?' },
      });
      expect(answer.status).toBe(201);
      expect(answer.body.aiProvider).toBe('technical_analysis');
      expect(answer.body.response).toContain(
        translate('en', 'chat:offline.providerUnavailable', { provider: 'OpenAI' }),
      );
    });

    it('stops using a deleted key', async () => {
      const { token } = await withKey('openai');
      await test.request('DELETE', '/api/subscription/api-keys/openai', { token });
      const answer = await test.request('POST', '/api/chat/message', {
        token,
        body: { message: 'BTC trend?' },
      });
      expect(answer.status).toBe(201);
      expect(answer.body.aiProvider).toBe('technical_analysis');
      expect(answer.body.response).toContain(translate('en', 'chat:offline.noKey', { provider: 'OpenAI' }));
      expect(completionRequests(ai)).toEqual([]);
    });

    /** A user whose OpenAI key was saved, then sealed with another ENCRYPTION_KEY (as after the key changed). */
    async function withUnreadableKey(language: Language = 'en') {
      const session = await withKey('openai', language);
      const otherKey = createEncryption(crypto.randomBytes(32).toString('hex'));
      const sealed = otherKey.encrypt(OPENAI_KEY, `${session.user.id}:openai`);
      await test.database.db.execute(
        sql`update user_api_keys set encrypted_key = ${sealed} where user_id = ${session.user.id}`,
      );
      logLines.length = 0;
      return { ...session, sealed };
    }
    const unreadableWarnings = (userId: string) =>
      logLines.filter((line) => line.includes(UNREADABLE_WARNING) && line.includes(userId));

    it('shows in settings a stored key that no longer decrypts as to be entered again; a damaged row too', async () => {
      const { token, user } = await withUnreadableKey();
      const status = await test.request('GET', '/api/subscription/api-keys', { token });
      expect(status.status).toBe(200);
      expect(status.body.data).toEqual({
        hasOpenaiApiKey: true,
        hasGeminiApiKey: false,
        openaiVerified: true,
        openaiUnreadable: true,
      });
      // a Gemini key whose stored text was damaged (not a sealed value at all)
      await test.request('POST', '/api/subscription/api-keys', { token, body: { geminiApiKey: GEMINI_KEY } });
      await test.database.db.execute(
        sql`update user_api_keys set encrypted_key = 'v1:damaged' where user_id = ${user.id} and provider = 'gemini'`,
      );
      const both = await test.request('GET', '/api/subscription/api-keys', { token });
      expect(both.body.data).toMatchObject({ geminiUnreadable: true, openaiUnreadable: true });
    });

    it.each(languages)(
      'answers 409 api_key_unreadable in %s when the stored key no longer decrypts, asks no model and stores nothing',
      async (language) => {
        const { token } = await withUnreadableKey(language);
        // the streamed ask says it before its first event, as plain JSON
        for (const path of ['/api/chat/message', '/api/chat/stream']) {
          const answer = await test.request('POST', path, {
            token,
            body: { message: 'How is BTC doing?' },
            headers: { 'accept-language': language },
          });
          expect(answer.status).toBe(409);
          expect(answer.body).toMatchObject({
            code: 'api_key_unreadable',
            provider: 'openai',
            message: translate(language, 'errors:api_key_unreadable', { provider: 'OpenAI' }),
          });
        }
        expect(completionRequests(ai)).toEqual([]);
        expect((await test.request('GET', '/api/chat/history', { token })).body.data).toEqual([]);
        // neither question used one of the day's conversations
        const usage = await test.request('GET', '/api/subscription/usage', { token });
        expect(usage.body.data.conversationsToday).toBe(0);
      },
    );

    it('logs one warning per unreadable key read, with the user id, never the key nor its sealed text', async () => {
      const { token, user, sealed } = await withUnreadableKey();
      await test.request('POST', '/api/chat/message', { token, body: { message: 'BTC?' } });
      expect(unreadableWarnings(user.id)).toHaveLength(1);
      await test.request('GET', '/api/subscription/api-keys', { token });
      expect(unreadableWarnings(user.id)).toHaveLength(2);
      expect(JSON.parse(unreadableWarnings(user.id)[0]!)).toMatchObject({
        level: 40,
        userId: user.id,
        provider: 'openai',
      });
      expect(logLines.join('\n')).not.toContain(OPENAI_KEY);
      expect(logLines.join('\n')).not.toContain(sealed.split(':')[3]);
    });

    it('answers with a key entered again, and removes a key that no longer decrypts', async () => {
      const { token } = await withUnreadableKey();
      const again = await test.request('POST', '/api/subscription/api-keys', {
        token,
        body: { openaiApiKey: OPENAI_KEY },
      });
      expect(again.body.data).toEqual({
        hasOpenaiApiKey: true,
        hasGeminiApiKey: false,
        openaiVerified: true,
      });
      ai.queue.push(openAiTextReply('BTC holds its range.'));
      const answer = await test.request('POST', '/api/chat/message', { token, body: { message: 'BTC?' } });
      expect(answer.status).toBe(201);
      expect(answer.body.aiProvider).toBe('openai');

      const other = await withUnreadableKey();
      await test.request('DELETE', '/api/subscription/api-keys/openai', { token: other.token });
      const status = await test.request('GET', '/api/subscription/api-keys', { token: other.token });
      expect(status.body.data).toEqual({ hasOpenaiApiKey: false, hasGeminiApiKey: false });
    });

    it('streams the five steps in order, the model text as it comes, then the stored message', async () => {
      const { token } = await withKey('openai');
      ai.queue.push(
        openAiStreamToolCallReply('get_signal_analysis', { symbol: 'BTC' }),
        openAiStreamTextReply(),
      );
      const { status, events } = await readStream(test, token, 'Should I buy BTC?');
      expect(status).toBe(200);
      const steps = events
        .filter((event) => event.event === 'step')
        .map((event) => `${event.data.id}:${event.data.status}`);
      expect(steps).toEqual(
        [
          'market_data',
          'technical_analysis',
          'price_analysis',
          'sentiment_analysis',
          'response_generation',
        ].flatMap((id) => [`${id}:processing`, `${id}:completed`]),
      );
      const text = events.flatMap((event) => (event.event === 'delta' ? [event.data.text] : [])).join('');
      expect(text).toBe(`The capital of the UK is London.\n\n${translate('en', 'chat:disclaimer')}`);
      const deltas = events.filter((event) => event.event === 'delta');
      expect(deltas.length).toBeGreaterThan(3); // token by token, as recorded
      const last = events.at(-1)!;
      expect(last.event).toBe('done');
      if (last.event !== 'done') return;
      expect(last.data.message.response).toBe(text);
      expect(last.data.message.aiProvider).toBe('openai');
      const [first, second] = completionRequests(ai);
      expect(first?.body.stream).toBe(true);
      expect(first?.headers.authorization).toBe(`Bearer ${OPENAI_KEY}`);
      const toolMessage = second?.body.messages.find((entry: { role: string }) => entry.role === 'tool');
      expect(JSON.parse(toolMessage.content)).toMatchObject({ symbol: 'BTC' });
      const history = await test.request('GET', '/api/chat/history', { token });
      expect(history.body.data[0].id).toBe(last.data.message.id);
    });

    it('answers the stream errors before the first event as plain JSON (429 at the limit)', async () => {
      const { token } = await withKey('openai');
      for (let index = 0; index < 3; index += 1) {
        ai.queue.push(openAiTextReply(`Answer ${index}.`));
        await test.request('POST', '/api/chat/message', { token, body: { message: `q${index}` } });
      }
      const { status, body } = await readStream(test, token, 'one more');
      expect(status).toBe(429);
      expect(JSON.parse(body).code).toBe('chat_limit_reached');
    });
  });

  describe('provider time limit mid-stream', () => {
    let ai: AiStub;
    let test: TestApp;
    beforeAll(async () => {
      ai = await startAiStub();
      ai.validKeys.add(OPENAI_KEY);
      test = await startTestApp({
        engine,
        env: { OPENAI_BASE_URL: ai.openaiBaseUrl, AI_TIMEOUT_MS: '1000' },
      });
    });
    afterAll(async () => {
      await test.close();
      await ai.close();
    });

    it('ends the stream with an error event after the partial text, stores the words sent and counts the conversation', async () => {
      const { token } = await test.registerUser({ language: 'en' });
      await test.request('POST', '/api/subscription/api-keys', { token, body: { openaiApiKey: OPENAI_KEY } });
      ai.queue.push(openAiStreamTextReply(4));
      const { status, events } = await readStream(test, token, 'BTC outlook?');
      expect(status).toBe(200);
      expect(events.some((event) => event.event === 'delta')).toBe(true);
      const last = events.at(-1)!;
      expect(last).toMatchObject({ event: 'error', data: { code: 'ai_provider_unavailable' } });
      expect(events.some((event) => event.event === 'done')).toBe(false);
      const sent = events.flatMap((event) => (event.event === 'delta' ? [event.data.text] : [])).join('');
      const history = (await test.request('GET', '/api/chat/history', { token })).body.data;
      expect(history).toHaveLength(1);
      // what was read is what the history keeps, closed by the not-financial-advice line
      expect(history[0].response).toBe(sent);
      expect(sent).toBe(`The capital of\n\n${translate('en', 'chat:disclaimer')}`);
      const usage = await test.request('GET', '/api/subscription/usage', { token });
      expect(usage.body.data.conversationsToday).toBe(1);
    });
  });
});

describe('analysis symbols', () => {
  it('covers the ten coins of the market-analysis page', () => {
    expect(analysisSymbols).toHaveLength(10);
  });
});

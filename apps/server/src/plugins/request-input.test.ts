import { errorCodes } from '@farol/contract';
import { translate } from '@farol/i18n';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forEachEngine, startTestApp, type TestApp } from '../test/harness.ts';
import { startStripeStub, type StripeStub } from '../test/stubs/stripe-stub.ts';

// Whatever a client sends, the answer is a 4xx with a message or a success: never a 5xx, never a write of
// text PostgreSQL cannot store.

/** Text that is not text: NUL, other control characters, lone surrogates, very long strings. */
const hostileString = fc.oneof(
  fc.constantFrom(
    '\u0000',
    'a\u0000b',
    '\u0007bell',
    '\u001b[31m',
    '\u007f',
    '\u0085',
    '\ud800',
    'x\udc00y',
    '\ud83d',
    '\ud83d\ude00ok',
  ),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.constant('€'.repeat(10_240)),
  fc.nat(64).map((n) => 'x'.repeat(n) + '\u0000'),
);

/** Any JSON value, very deep ones included, and wrong types for every field. */
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  fc.jsonValue({ maxDepth: 4 }),
  fc.integer({ min: 1, max: 2_000 }).map((depth) => JSON.parse('['.repeat(depth) + ']'.repeat(depth))),
  fc.constantFrom(null, true, 0, -1, 1e308, [], {}),
);

const hostileField = fc.oneof(
  { weight: 4, arbitrary: hostileString },
  { weight: 1, arbitrary: hostileValue },
);

const RUNS_PER_ROUTE = 20;
const RUNS_PER_TEXT_PARAMETER_ROUTE = 8;
/** Asked in Spanish, so a refusal shows it was translated (pt-BR is the default). */
const ANSWER_LANGUAGE = 'es';

/**
 * Why an answer is not acceptable for hostile input, or undefined when it is: a success, or a 4xx with a
 * known error code and a message in the language asked for (the catalogue's text, when it takes no values).
 */
function unacceptable(response: { status: number; body: any }): string | undefined {
  if (response.status >= 500) return 'a 5xx';
  if (response.status < 400) return undefined;
  const { code, message } = response.body ?? {};
  if (typeof code !== 'string' || !(errorCodes as readonly string[]).includes(code))
    return 'a 4xx without a known error code';
  if (typeof message !== 'string' || message === '') return 'a 4xx without a message';
  // refused by the HTTP parser (a URL past the header size): no header was read, so the default language
  const language = response.status === 431 ? 'pt-BR' : ANSWER_LANGUAGE;
  const catalogued = translate(language, `errors:${code}`);
  if (!catalogued.includes('{{') && code !== 'validation_failed' && message !== catalogued)
    return `a 4xx whose message is not the ${language} one`;
  return undefined;
}

type Operation = { method: string; path: string; properties: string[] };

/** Every operation of the OpenAPI document that takes a JSON body, with its body's property names. */
function operationsWithBody(document: any): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries<Record<string, any>>(document.paths)) {
    for (const [method, operation] of Object.entries<any>(item)) {
      const schema = operation?.requestBody?.content?.['application/json']?.schema;
      if (!schema) continue;
      operations.push({
        method: method.toUpperCase(),
        path,
        properties: Object.keys(schema.properties ?? {}),
      });
    }
  }
  return operations;
}

type TextOperation = { method: string; path: string; query: string[] };

/** Every operation of the OpenAPI document with a path or query parameter, with its query parameters' names. */
function operationsWithTextParameters(document: any): TextOperation[] {
  const operations: TextOperation[] = [];
  for (const [path, item] of Object.entries<Record<string, any>>(document.paths)) {
    for (const [method, operation] of Object.entries<any>(item)) {
      const parameters: { in: string; name: string }[] = operation?.parameters ?? [];
      const query = parameters
        .filter((parameter) => parameter.in === 'query')
        .map((parameter) => parameter.name);
      if (query.length === 0 && !path.includes('{')) continue;
      operations.push({ method: method.toUpperCase(), path, query });
    }
  }
  return operations;
}

/** Path parameters filled with hostile text too (`/api/alerts/{id}/toggle`); a URL cannot carry a lone surrogate. */
const fillPath = (path: string, value: string) =>
  path.replace(/\{[^}]+\}/g, encodeURIComponent(value.replace(/[\ud800-\udfff]/g, '?')));

forEachEngine((engine) => {
  describe('hostile request input', () => {
    let t: TestApp;
    let stripe: StripeStub;
    let token: string;

    beforeAll(async () => {
      stripe = await startStripeStub();
      t = await startTestApp({
        engine,
        env: {
          STRIPE_SECRET_KEY: 'sk_test_farol',
          STRIPE_WEBHOOK_SECRET: 'whsec_farol',
          STRIPE_PRICE_INICIANTE: 'price_iniciante',
          STRIPE_PRICE_PROFISSIONAL: 'price_profissional',
          STRIPE_API_BASE: stripe.url,
        },
      });
      const admin = await t.registerUser();
      await t.makeAdmin(admin.user.id);
      token = admin.token;
    });
    afterAll(async () => {
      await t?.close();
      await stripe?.close();
    });

    it('refuses a name holding NUL or a lone surrogate with a translated 400 for the field, and keeps the saved name', async () => {
      const { token: own } = await t.registerUser({ name: 'Ana Souza', language: 'en' });
      for (const name of ['Ana\u0000', 'Ana \ud800 Souza', 'Ana\nSouza']) {
        const response = await t.request('PUT', '/api/user/profile', {
          token: own,
          body: { name },
          headers: { 'accept-language': 'en' },
        });
        expect(response.status).toBe(400);
        expect(response.body.code).toBe('validation_failed');
        expect(response.body.errors).toEqual([
          {
            field: 'name',
            message: 'The text holds characters that are not allowed (control or invalid characters).',
          },
        ]);
      }
      expect((await t.request('GET', '/api/user/profile', { token: own })).body.name).toBe('Ana Souza');
    });

    it('accepts line breaks and tabs where text has several lines (the contact message), not in its subject', async () => {
      const body = {
        name: 'Ana',
        email: 'ana@farol.test',
        subject: 'Dúvida',
        message: 'Olá,\n\tprimeira linha\nsegunda linha',
      };
      expect((await t.request('POST', '/api/email/contact', { body })).status).toBe(200);
      const refused = await t.request('POST', '/api/email/contact', {
        body: { ...body, subject: 'Dú\u0000vida' },
      });
      expect(refused.status).toBe(400);
      expect(refused.body.errors[0].field).toBe('subject');
    });

    it('answers every route that takes a body with a translated 4xx or a success, never a 5xx, whatever it is sent', async () => {
      const operations = operationsWithBody((await t.request('GET', '/api/docs/json')).body);
      expect(operations.length).toBeGreaterThan(15);
      const failures: string[] = [];
      let requests = 0;
      for (const operation of operations) {
        await fc.assert(
          fc.asyncProperty(
            fc.oneof(
              { weight: 1, arbitrary: hostileValue },
              // mostly the right shape, with hostile text (or a wrong type) in every field
              {
                weight: 3,
                arbitrary: fc.record(
                  Object.fromEntries(operation.properties.map((name) => [name, hostileField])),
                ),
              },
            ),
            hostileString,
            async (body, pathValue) => {
              requests += 1;
              const response = await t.request(operation.method, fillPath(operation.path, pathValue), {
                token,
                rawBody: JSON.stringify(body),
                headers: { 'content-type': 'application/json', 'accept-language': ANSWER_LANGUAGE },
              });
              // collected rather than thrown, so one run reports every route that fails
              const why = unacceptable(response);
              if (why)
                failures.push(
                  `${operation.method} ${operation.path}: ${why}: ${response.status} ${response.text.slice(0, 200)} <- ${JSON.stringify(body).slice(0, 200)}`,
                );
            },
          ),
          { numRuns: RUNS_PER_ROUTE, seed: 2026 },
        );
      }
      expect(failures).toEqual([]);
      expect(requests).toBe(operations.length * RUNS_PER_ROUTE);
    });

    it('answers every route that takes text in its path or query with a translated 4xx or a success, never a 5xx', async () => {
      const operations = operationsWithTextParameters((await t.request('GET', '/api/docs/json')).body);
      expect(operations.length).toBeGreaterThan(10);
      const failures: string[] = [];
      let requests = 0;
      for (const operation of operations) {
        await fc.assert(
          fc.asyncProperty(
            hostileString,
            fc.record(Object.fromEntries(operation.query.map((name) => [name, hostileString]))),
            async (pathValue, query) => {
              requests += 1;
              const search = new URLSearchParams(
                Object.entries(query).map(([name, value]): [string, string] => [
                  name,
                  value.replace(/[\ud800-\udfff]/g, '?'),
                ]),
              );
              const target = `${t.url}${fillPath(operation.path, pathValue)}${search.size > 0 ? `?${search}` : ''}`;
              const leaving = new AbortController();
              const response = await fetch(target, {
                method: operation.method,
                headers: { authorization: `Bearer ${token}`, 'accept-language': ANSWER_LANGUAGE },
                signal: leaving.signal,
              });
              // a stream that opened is a success: read no further
              if (response.headers.get('content-type')?.startsWith('text/event-stream')) {
                leaving.abort();
                return;
              }
              const text = await response.text();
              let body: unknown = text;
              try {
                body = JSON.parse(text);
              } catch {
                // not JSON (a sitemap, metrics): judged by its status
              }
              const why = unacceptable({ status: response.status, body });
              if (why)
                failures.push(
                  `${operation.method} ${target.slice(t.url.length, t.url.length + 200)}: ${why}: ${response.status} ${text.slice(0, 200)}`,
                );
            },
          ),
          { numRuns: RUNS_PER_TEXT_PARAMETER_ROUTE, seed: 2026 },
        );
      }
      expect(failures).toEqual([]);
      expect(requests).toBe(operations.length * RUNS_PER_TEXT_PARAMETER_ROUTE);
    });
  });
});

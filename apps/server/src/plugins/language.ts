import { defaultLanguage, isLanguage, matchLanguage } from '@farol/i18n';
import type { FastifyInstance } from 'fastify';

/**
 * The language a request asks for: `?lng=` when given, else the first supported one in Accept-Language
 * (`request.requestedLanguage`, undefined when it names none). `request.language` is the answer's language:
 * the requested one, else (once the session is read) the user's saved preference, else pt-BR.
 */
export function registerLanguage(app: FastifyInstance) {
  app.decorateRequest('language', defaultLanguage);
  app.decorateRequest('requestedLanguage', undefined);
  app.addHook('onRequest', async (request) => {
    const fromQuery = (request.query as Record<string, unknown> | undefined)?.lng;
    request.requestedLanguage = isLanguage(fromQuery)
      ? fromQuery
      : matchLanguage(request.headers['accept-language']);
    request.language = request.requestedLanguage ?? defaultLanguage;
  });
}

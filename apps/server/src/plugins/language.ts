import { isLanguage, resolveLanguage, type Language } from '@farol/i18n';
import type { FastifyInstance } from 'fastify';
import { LRUCache } from 'lru-cache';

/**
 * The caller's language: `?lng=` when given, else Accept-Language, else pt-BR. The auth plugin then
 * prefers the signed-in user's saved preference.
 */
export function registerLanguage(app: FastifyInstance) {
  // a browser sends the same Accept-Language on every request: parse each distinct header once
  const byHeader = new LRUCache<string, Language>({ max: 1000 });
  const languageOf = (header: string | undefined): Language => {
    if (!header) return resolveLanguage(header);
    let language = byHeader.get(header);
    if (language === undefined) {
      language = resolveLanguage(header);
      byHeader.set(header, language);
    }
    return language;
  };
  app.decorateRequest('language', 'pt-BR');
  // a callback hook: no promise per request
  app.addHook('onRequest', (request, _reply, done) => {
    const fromQuery = (request.query as Record<string, unknown> | undefined)?.lng;
    request.language = isLanguage(fromQuery) ? fromQuery : languageOf(request.headers['accept-language']);
    done();
  });
}

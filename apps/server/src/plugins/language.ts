import { isLanguage, resolveLanguage } from '@farol/i18n';
import type { FastifyInstance } from 'fastify';

/**
 * The caller's language: `?lng=` when given, else Accept-Language, else pt-BR. The auth plugin then
 * prefers the signed-in user's saved preference.
 */
export function registerLanguage(app: FastifyInstance) {
  app.decorateRequest('language', 'pt-BR');
  app.addHook('onRequest', async (request) => {
    const query = request.query as Record<string, unknown> | undefined;
    const fromQuery = query?.lng;
    request.language = isLanguage(fromQuery) ? fromQuery : resolveLanguage(request.headers['accept-language']);
  });
}

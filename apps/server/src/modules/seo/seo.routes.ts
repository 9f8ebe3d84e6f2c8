import type { FastifyPluginAsync } from 'fastify';
import { renderRobots, renderSitemap } from './seo.service.ts';

/** GET /sitemap.xml and /robots.txt (site root, outside /api): both need the public origin, so they are not static files. */
export const seoRoutes: FastifyPluginAsync = async (app) => {
  const sitemap = renderSitemap(app.config.APP_URL);
  const robots = renderRobots(app.config.APP_URL);
  app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(robots),
  );
  app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) =>
    reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(sitemap),
  );
};

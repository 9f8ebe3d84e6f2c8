import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error.ts';

/** apps/web/dist, seen from src/plugins (tests) or dist (built server). */
export function findWebDist(configured?: string): string | undefined {
  if (configured) return path.resolve(configured);
  const here = path.dirname(fileURLToPath(import.meta.url));
  return [path.resolve(here, '../../../web/dist'), path.resolve(here, '../../web/dist')].find((dir) =>
    fs.existsSync(path.join(dir, 'index.html')),
  );
}

/** index.html for one request, with the status to answer it with (a coin page that does not exist: 404). */
export type RenderedIndex = { html: string; statusCode?: number };
export type IndexHtmlRenderer = (
  request: FastifyRequest,
  html: string,
) => Promise<RenderedIndex> | RenderedIndex;

/**
 * Serves the built SPA: hashed assets cached for a year, index.html for every other non-API path
 * (never cached, so a deploy is seen at once), each file in its precompressed copy when accepted. Unknown /api/* paths answer the JSON 404.
 */
export async function registerSpa(
  app: FastifyInstance,
  options: { webDist?: string; renderIndexHtml?: IndexHtmlRenderer },
) {
  const webDist = options.webDist;
  const indexHtml = webDist ? fs.readFileSync(path.join(webDist, 'index.html'), 'utf8') : undefined;

  if (webDist) {
    await app.register(fastifyStatic, {
      root: webDist,
      index: false,
      wildcard: true,
      // The build writes .br and .gz copies (vite.config.ts): the copy the browser accepts is sent as is,
      // with Vary: Accept-Encoding, instead of compressing the same bytes again on every request.
      preCompressed: true,
      setHeaders: (res, filePath) => {
        const relative = path.relative(webDist, filePath);
        if (relative.startsWith('assets' + path.sep))
          res.header('cache-control', 'public, max-age=31536000, immutable');
        else res.header('cache-control', 'no-cache');
      },
    });
  }

  const sendIndex = async (request: FastifyRequest, reply: FastifyReply) => {
    const { html, statusCode = 200 } = options.renderIndexHtml
      ? await options.renderIndexHtml(request, indexHtml!)
      : { html: indexHtml! };
    return reply
      .status(statusCode)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(html);
  };
  // The static plugin would answer the root folder itself with 403; the landing page is the SPA.
  if (indexHtml)
    app.get('/', { schema: { hide: true } }, async (request, reply) => sendIndex(request, reply));

  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (pathname === '/api' || pathname.startsWith('/api/') || request.method !== 'GET' || !indexHtml) {
      if (!indexHtml && !pathname.startsWith('/api')) {
        return reply.status(404).type('text/plain').send('Farol web app is not built: run `npm run build`.');
      }
      throw new AppError('route_not_found', { method: request.method, path: pathname });
    }
    return sendIndex(request, reply);
  });
}

import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * Answers of 1 KB and more (coin lists, analyses, the SEO-rendered index.html) travel compressed when the
 * caller accepts it: brotli first, then gzip, with `Vary: Accept-Encoding`. Files of the built SPA are
 * compressed at build time and arrive already encoded (the static plugin picks the .br/.gz copy), so they
 * pass untouched. Server-sent events are excluded by type (text/event-stream) and, written on the raw
 * socket, never reach this hook anyway: each event leaves at once. Must be registered before any route.
 */
export async function registerCompression(app: FastifyInstance) {
  await app.register(fastifyCompress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    globalDecompression: false,
  });
}

import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { forEachEngine, useTestApp } from '../test/harness.ts';

// A built SPA in miniature: one hashed script with the .br and .gz copies the web build writes beside it.
const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'farol-compression-'));
const script = `export const rows = ${JSON.stringify(Array.from({ length: 400 }, (_, index) => ({ index, label: `row ${index}` })))};\n`;
fs.mkdirSync(path.join(webDist, 'assets'));
fs.writeFileSync(
  path.join(webDist, 'index.html'),
  '<!doctype html><html lang="pt-BR"><head><title>Farol</title></head><body><div id="root"></div></body></html>',
);
fs.writeFileSync(path.join(webDist, 'assets', 'app-Ab12Cd34.js'), script);
fs.writeFileSync(path.join(webDist, 'assets', 'app-Ab12Cd34.js.br'), zlib.brotliCompressSync(script));
fs.writeFileSync(path.join(webDist, 'assets', 'app-Ab12Cd34.js.gz'), zlib.gzipSync(script));
afterAll(() => fs.rmSync(webDist, { recursive: true, force: true }));

type RawAnswer = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };

/** node:http, not fetch: fetch would decode the body and hide what went over the wire. */
function rawRequest(
  url: string,
  headers: Record<string, string>,
  options: { method?: string; body?: string } = {},
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method: options.method ?? 'GET', headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
      );
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end(options.body);
  });
}

forEachEngine((engine) => {
  const test = useTestApp({ engine, deps: { webDist } });

  describe('built files in their precompressed copy', () => {
    it('sends brotli when the browser accepts it, with Vary, the script type and a year of cache', async () => {
      const answer = await rawRequest(`${test.url}/assets/app-Ab12Cd34.js`, {
        'accept-encoding': 'gzip, deflate, br',
      });
      expect(answer.status).toBe(200);
      expect(answer.headers['content-encoding']).toBe('br');
      expect(answer.headers.vary?.toLowerCase()).toContain('accept-encoding');
      expect(answer.headers['content-type']).toMatch(/^(?:application|text)\/javascript/);
      expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(answer.body.length).toBeLessThan(Buffer.byteLength(script));
      expect(zlib.brotliDecompressSync(answer.body).toString()).toBe(script);
    });

    it('sends gzip to a browser without brotli', async () => {
      const answer = await rawRequest(`${test.url}/assets/app-Ab12Cd34.js`, { 'accept-encoding': 'gzip' });
      expect(answer.headers['content-encoding']).toBe('gzip');
      expect(answer.headers.vary?.toLowerCase()).toContain('accept-encoding');
      expect(zlib.gunzipSync(answer.body).toString()).toBe(script);
    });

    it('sends the file as it is when no encoding is accepted', async () => {
      const answer = await rawRequest(`${test.url}/assets/app-Ab12Cd34.js`, {});
      expect(answer.headers['content-encoding']).toBeUndefined();
      expect(answer.headers.vary?.toLowerCase()).toContain('accept-encoding');
      expect(answer.body.toString()).toBe(script);
    });
  });

  describe('JSON answers above 1 KB', () => {
    it('compresses the plans list (about 2 KB) for a caller that accepts gzip or brotli', async () => {
      const plain = await rawRequest(`${test.url}/api/subscription/plans`, {});
      expect(plain.status).toBe(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body.length).toBeGreaterThan(1024);
      const plans = JSON.parse(plain.body.toString());

      const gzipped = await rawRequest(`${test.url}/api/subscription/plans`, { 'accept-encoding': 'gzip' });
      expect(gzipped.headers['content-encoding']).toBe('gzip');
      expect(gzipped.headers.vary?.toLowerCase()).toContain('accept-encoding');
      expect(gzipped.headers['content-type']).toMatch(/^application\/json/);
      expect(JSON.parse(zlib.gunzipSync(gzipped.body).toString())).toEqual(plans);

      const brotli = await rawRequest(`${test.url}/api/subscription/plans`, {
        'accept-encoding': 'gzip, br',
      });
      expect(brotli.headers['content-encoding']).toBe('br');
      expect(JSON.parse(zlib.brotliDecompressSync(brotli.body).toString())).toEqual(plans);
    });

    it('leaves a short answer alone', async () => {
      const answer = await rawRequest(`${test.url}/api/health`, { 'accept-encoding': 'gzip, br' });
      expect(answer.status).toBe(200);
      expect(answer.body.length).toBeLessThan(1024);
      expect(answer.headers['content-encoding']).toBeUndefined();
      expect(JSON.parse(answer.body.toString()).status).toBe('ok');
    });

    it('sends the chat stream as plain server-sent events, each event as it comes', async () => {
      const { token } = await test.registerUser();
      const answer = await rawRequest(
        `${test.url}/api/chat/stream`,
        {
          'accept-encoding': 'gzip, br',
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
        },
        { method: 'POST', body: JSON.stringify({ message: 'Como está o Bitcoin hoje?' }) },
      );
      expect(answer.status).toBe(200);
      expect(answer.headers['content-type']).toMatch(/^text\/event-stream/);
      expect(answer.headers['content-encoding']).toBeUndefined();
      expect(answer.body.toString()).toContain('event: done');
    });
  });

  describe('the index.html the server renders', () => {
    it('is compressed once it passes 1 KB with its per-page tags', async () => {
      const answer = await rawRequest(`${test.url}/about`, { 'accept-encoding': 'br' });
      expect(answer.status).toBe(200);
      expect(answer.headers['content-type']).toMatch(/^text\/html/);
      expect(answer.headers['content-encoding']).toBe('br');
      expect(zlib.brotliDecompressSync(answer.body).toString()).toContain('<link rel="canonical"');
    });
  });
});

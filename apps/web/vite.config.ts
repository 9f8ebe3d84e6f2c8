import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { createHash } from 'node:crypto';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

const webRoot = fileURLToPath(new URL('.', import.meta.url));

/**
 * Stamps dist/sw.js with a version derived from the emitted file names and the app shell to precache: the
 * scripts and stylesheets index.html itself loads (the runtime, the shell chunk, its CSS). Every other chunk (a
 * route, a catalogue, the chart) is cached by the worker as it is used, so a first visit on a phone transfers
 * what it shows and not the whole app. Each deploy ships a byte-different worker that replaces the old one
 * and its cache.
 */
function serviceWorkerVersion(): Plugin {
  let outDir = '';
  return {
    name: 'farol-service-worker-version',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    async writeBundle(_options, bundle) {
      const files = Object.keys(bundle).sort();
      const version = createHash('sha256').update(files.join('\n')).digest('hex').slice(0, 12);
      const html = bundle['index.html'];
      const htmlSource = html?.type === 'asset' ? String(html.source) : '';
      const precache = [...new Set(htmlSource.match(/(?<=["'])\/assets\/[^"']+\.(?:js|css)(?=["'])/g) ?? [])]
        .map((url) => url.slice(1))
        .sort();
      if (precache.length === 0)
        throw new Error('index.html loads no /assets/ script: the service worker would precache no shell');

      const workerPath = `${outDir}/sw.js`;
      const source = await readFile(workerPath, 'utf8');
      const stamped = source
        .replace("const BUILD_VERSION = 'dev';", `const BUILD_VERSION = '${version}';`)
        .replace(
          'const PRECACHE_ASSETS = [];',
          `const PRECACHE_ASSETS = ${JSON.stringify(precache.map((file) => `/${file}`))};`,
        );
      if (stamped === source)
        throw new Error('sw.js markers not found: keep BUILD_VERSION and PRECACHE_ASSETS');
      await writeFile(workerPath, stamped);
    },
  };
}

const compressibleFile = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt|xml)$/;
const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Writes a .br and a .gz copy beside every text file of the build (the server sends the one the browser
 * accepts): compressing once at build time at the highest levels costs nothing per request. Runs in
 * closeBundle, after sw.js is stamped. A copy that would not be smaller is not written.
 */
function precompressAssets(): Plugin {
  let outDir = '';
  return {
    name: 'farol-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    async closeBundle() {
      const entries = await readdir(outDir, { recursive: true, withFileTypes: true });
      const files = entries
        .filter((entry) => entry.isFile() && compressibleFile.test(entry.name))
        .map((entry) => join(entry.parentPath, entry.name));
      await Promise.all(
        files.map(async (file) => {
          const source = await readFile(file);
          const [br, gz] = await Promise.all([
            brotli(source, {
              params: {
                [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY,
                [zlibConstants.BROTLI_PARAM_SIZE_HINT]: source.length,
              },
            }),
            gzipAsync(source, { level: zlibConstants.Z_BEST_COMPRESSION }),
          ]);
          if (br.length < source.length) await writeFile(`${file}.br`, br);
          if (gz.length < source.length) await writeFile(`${file}.gz`, gz);
        }),
      );
    },
  };
}

export default defineConfig({
  root: webRoot,
  plugins: [react(), tailwindcss(), serviceWorkerVersion(), precompressAssets()],
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: true } },
  },
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [{ name: 'shell', tags: ['$initial'] }],
        },
      },
    },
  },
  test: {
    name: 'web',
    root: webRoot,
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    // `npm test` runs these beside the server and browser suites on two cores: a screen that renders in
    // 300 ms alone can take seconds there, which is load, not behaviour
    testTimeout: 30_000,
  },
});

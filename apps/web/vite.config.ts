import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

const webRoot = fileURLToPath(new URL('.', import.meta.url));

/**
 * Stamps dist/sw.js with a version derived from the emitted file names and lists the entry's assets to
 * precache, so each deploy ships a byte-different worker that replaces the old one and its cache.
 */
function serviceWorkerVersion(): Plugin {
  let precache: string[] = [];
  let version = 'dev';
  let outDir = '';
  return {
    name: 'farol-service-worker-version',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    generateBundle(_options, bundle) {
      const files = Object.keys(bundle).sort();
      version = createHash('sha256').update(files.join('\n')).digest('hex').slice(0, 12);
      const entry = Object.values(bundle).find((file) => file.type === 'chunk' && file.isEntry);
      if (entry?.type !== 'chunk') return;
      const css = [...(entry.viteMetadata?.importedCss ?? [])];
      precache = [entry.fileName, ...entry.imports, ...css].map((file) => `/${file}`);
    },
    async writeBundle() {
      const workerPath = `${outDir}/sw.js`;
      const source = await readFile(workerPath, 'utf8');
      const stamped = source
        .replace("const BUILD_VERSION = 'dev';", `const BUILD_VERSION = '${version}';`)
        .replace('const PRECACHE_ASSETS = [];', `const PRECACHE_ASSETS = ${JSON.stringify(precache)};`);
      if (stamped === source) throw new Error('sw.js markers not found: keep BUILD_VERSION and PRECACHE_ASSETS');
      await writeFile(workerPath, stamped);
    },
  };
}

export default defineConfig({
  root: webRoot,
  plugins: [react(), tailwindcss(), serviceWorkerVersion()],
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: true } },
  },
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    sourcemap: true,
  },
  test: {
    name: 'web',
    root: webRoot,
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
  },
});

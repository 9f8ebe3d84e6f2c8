import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

const webRoot = fileURLToPath(new URL('.', import.meta.url));

/**
 * Stamps dist/sw.js with a version derived from the emitted file names and lists the assets index.html
 * loads (and their static imports and CSS) to precache, so each deploy ships a byte-different worker that
 * replaces the old one and its cache. Read from the final bundle: the build may fold the entry into the
 * shell chunk after generateBundle.
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
      const precache = new Set<string>();
      const addWithImports = (fileName: string) => {
        if (precache.has(fileName)) return;
        precache.add(fileName);
        const chunk = bundle[fileName];
        if (chunk?.type !== 'chunk') return;
        chunk.imports.forEach(addWithImports);
        for (const css of chunk.viteMetadata?.importedCss ?? []) precache.add(css);
      };
      for (const match of htmlSource.matchAll(/(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g)) addWithImports(match[1]!);
      if (precache.size === 0) throw new Error('index.html loads no /assets/ file: the service worker would precache nothing');

      const workerPath = `${outDir}/sw.js`;
      const source = await readFile(workerPath, 'utf8');
      const stamped = source
        .replace("const BUILD_VERSION = 'dev';", `const BUILD_VERSION = '${version}';`)
        .replace('const PRECACHE_ASSETS = [];', `const PRECACHE_ASSETS = ${JSON.stringify([...precache].map((file) => `/${file}`))};`);
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
  },
});

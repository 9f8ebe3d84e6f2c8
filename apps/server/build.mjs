// Bundles the server (and its CLI entries) with esbuild: our workspace packages are inlined,
// every npm dependency stays external and is loaded from node_modules at run time.
import { build } from 'esbuild';

const entryPoints = { server: 'src/server.ts', 'cli/admin': 'src/cli/admin.ts' };

await build({
  entryPoints,
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: 'node22',
  format: 'esm',
  sourcemap: true,
  logLevel: 'warning',
  banner: {
    js: "import { createRequire as __farolRequire } from 'node:module'; const require = __farolRequire(import.meta.url);",
  },
  plugins: [
    {
      name: 'externalize-npm',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) => {
          if (args.path.startsWith('@farol/')) return undefined;
          return { path: args.path, external: true };
        });
      },
    },
  ],
});
console.log('server built to apps/server/dist');

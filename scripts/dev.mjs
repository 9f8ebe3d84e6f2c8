// `npm run dev`: the inner loop. Vite's dev server (hot reload) at http://localhost:5173, proxying /api to the
// API server at :3000, which restarts on every change of its sources (tsx watch). Embedded defaults: PGlite in
// ./data, in-memory cache, simulated market unless upstreams answer. Ctrl-C stops both.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { supportedNode } from './node-runtime.mjs';
import { ensureInstalled } from './start.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
ensureInstalled();
const node = supportedNode();
const children = [
  spawn(
    node,
    [
      path.join(root, 'node_modules/tsx/dist/cli.mjs'),
      'watch',
      '--clear-screen=false',
      'apps/server/src/server.ts',
    ],
    {
      cwd: root,
      stdio: 'inherit',
      env: {
        ...process.env,
        PORT: process.env.PORT ?? '3000',
        WEB_DIST_DIR: process.env.WEB_DIST_DIR ?? 'apps/web/dist',
      },
    },
  ),
  spawn(node, [path.join(root, 'node_modules/vite/bin/vite.js')], {
    cwd: path.join(root, 'apps/web'),
    stdio: 'inherit',
  }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children)
  child.on('exit', (code) => {
    if (code && code !== 0) stop();
  });

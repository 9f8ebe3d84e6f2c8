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
// each child leads its own process group, so stopping reaches what it started too (tsx's server process)
const options = { stdio: 'inherit', detached: true };
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
      ...options,
      cwd: root,
      env: {
        ...process.env,
        PORT: process.env.PORT ?? '3000',
        WEB_DIST_DIR: process.env.WEB_DIST_DIR ?? 'apps/web/dist',
      },
    },
  ),
  spawn(node, [path.join(root, 'node_modules/vite/bin/vite.js')], {
    ...options,
    cwd: path.join(root, 'apps/web'),
  }),
];
let stopping = false;
function stop() {
  if (stopping) return;
  stopping = true;
  for (const child of children) {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
  Promise.all(
    children.map(
      (child) =>
        new Promise((resolve) => (child.exitCode !== null ? resolve() : child.once('exit', resolve))),
    ),
  ).then(() => process.exit(0));
}
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', stop);

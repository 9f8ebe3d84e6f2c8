// `npm start`: install dependencies when missing, build the web app and the server, then serve both
// from one process (migrations run at start-up). Uses only Node's standard library, because it runs
// before anything is installed.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { supportedNode } from './node-runtime.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

export function ensureInstalled() {
  const marker = path.join(root, 'node_modules', '.package-lock.json');
  const lock = path.join(root, 'package-lock.json');
  const stale = !fs.existsSync(marker) || fs.statSync(marker).mtimeMs < fs.statSync(lock).mtimeMs;
  if (stale) {
    // `npm install` rather than `npm ci`: it keeps what is already installed and installs exactly the locked
    // versions all the same (CI and a fresh clone may use `npm ci`).
    console.log('[farol] installing dependencies...');
    run(npm, ['install', '--no-audit', '--no-fund']);
  }
}

export function buildAll() {
  console.log('[farol] building the web app and the server...');
  run(npm, ['run', 'build']);
}

const isMain = process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1]);
if (isMain) {
  ensureInstalled();
  if (process.env.FAROL_SKIP_BUILD !== '1') buildAll();
  console.log(`[farol] starting on http://localhost:${process.env.PORT ?? 3000}`);
  const server = spawnSync(supportedNode(), ['apps/server/dist/server.js'], { cwd: root, stdio: 'inherit' });
  process.exit(server.status ?? 0);
}

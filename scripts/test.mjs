// `npm test`: install when needed, build (the browser journeys run the production build), check types, lint
// and formatting, then run every test project with Vitest on a supported Node: packages, server API (PGlite,
// and PostgreSQL when DATABASE_URL is set), web components, browser journeys.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { supportedNode } from './node-runtime.mjs';
import { buildAll, ensureInstalled } from './start.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const run = (command, args) => spawnSync(command, args, { cwd: root, stdio: 'inherit' }).status ?? 1;

ensureInstalled();
buildAll();
const failures = [];
if (run(npm, ['run', 'typecheck']) !== 0) failures.push('typecheck');
if (run(npm, ['run', 'lint']) !== 0) failures.push('lint');
if (run(npm, ['run', 'format:check']) !== 0) failures.push('format');
// the tests run on a supported Node (22 or 24), fetched from the npm registry when this one is older
const vitest = path.join(root, 'node_modules', 'vitest', 'vitest.mjs');
if (run(supportedNode(), [vitest, 'run', ...process.argv.slice(2)]) !== 0) failures.push('tests');
if (failures.length) {
  console.error(`[farol] failed: ${failures.join(', ')}`);
  process.exit(1);
}

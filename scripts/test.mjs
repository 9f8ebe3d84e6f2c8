// `npm test`: install when needed, build (the browser journeys run the production build), then run every
// test project with Vitest: packages, server API (PGlite, and PostgreSQL when DATABASE_URL is set), web, e2e.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildAll, ensureInstalled } from './start.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
ensureInstalled();
buildAll();
const args = ['vitest', 'run', ...process.argv.slice(2)];
const result = spawnSync(process.platform === 'win32' ? 'npx.cmd' : 'npx', args, { cwd: root, stdio: 'inherit' });
process.exit(result.status ?? 1);

// `npm run test:quick`: the packages and the API tests on the embedded database (PGlite), with no build, no
// browser and no typecheck, for the inner loop. `npm test` stays the full run that `.ci/run` calls.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { supportedNode } from './node-runtime.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { DATABASE_URL: _database, REDIS_URL: _redis, ...env } = process.env;
const vitest = path.join(root, 'node_modules', 'vitest', 'vitest.mjs');
const result = spawnSync(
  supportedNode(),
  [vitest, 'run', '--project', 'packages', '--project', 'server', ...process.argv.slice(2)],
  {
    cwd: root,
    stdio: 'inherit',
    env: { ...env, FAROL_TEST_QUICK: '1' },
  },
);
process.exit(result.status ?? 1);

// The packages and API tests again on the other supported Node (22 when `npm test` ran on 24, else 24),
// so both supported versions are proven on every CI run. `.ci/run` calls it after `npm test`. The API tests
// run on the embedded database here: `npm test` has already run them on PostgreSQL, and the point of this
// pass is the Node runtime, not the engine.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SUPPORTED_MAJORS, supportedNode } from './node-runtime.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const main = Number(
  spawnSync(supportedNode(), ['-p', 'process.versions.node'], { encoding: 'utf8' }).stdout.split('.')[0],
);
const other = SUPPORTED_MAJORS.find((major) => major !== main) ?? SUPPORTED_MAJORS[0];
const node = supportedNode(other);
console.log(
  `[farol] packages and API tests on Node ${spawnSync(node, ['-v'], { encoding: 'utf8' }).stdout.trim()}`,
);
const vitest = path.join(root, 'node_modules', 'vitest', 'vitest.mjs');
const { DATABASE_URL: _database, ...env } = process.env;
const result = spawnSync(
  node,
  [vitest, 'run', '--project', 'packages', '--project', 'server', ...process.argv.slice(2)],
  { cwd: root, stdio: 'inherit', env },
);
process.exit(result.status ?? 1);

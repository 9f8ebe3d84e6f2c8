// `npm run test:quick`: the inner loop. No build, no browser, no typecheck; the packages, API (PGlite) and web
// component tests beside what the uncommitted change touches, the projects in parallel:
// - a changed test file runs;
// - a changed source file runs the tests of its folder (a server module, a web feature, a package's src).
// Vitest's own `--changed` selection follows imports, and every API test imports the whole app through
// `buildApp`, so any server change would select every server test: the folder is the unit instead.
// `npm run test:quick -- --all` runs the three projects whole; `npm run test:quick -- <file or filter>` runs what
// is named. `npm test` stays the full run that `.ci/run` calls.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { supportedNode } from './node-runtime.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { DATABASE_URL: _database, REDIS_URL: _redis, ...env } = process.env;
const vitest = path.join(root, 'node_modules', 'vitest', 'vitest.mjs');
const projects = ['packages', 'server', 'web'].flatMap((name) => ['--project', name]);
const isTest = (file) => /\.test\.tsx?$/.test(file);
const testable = (file) =>
  /^(packages\/[^/]+\/src|apps\/server\/src|apps\/web\/src)\//.test(file) && /\.(ts|tsx|json)$/.test(file);

/** The files the uncommitted change adds, modifies or renames (tracked and untracked), relative to the root. */
function changedFiles() {
  const status = spawnSync('git', ['status', '--porcelain', '--untracked-files=all'], {
    cwd: root,
    encoding: 'utf8',
  });
  return status.stdout
    .split('\n')
    .filter((line) => line.length > 3 && !line.startsWith(' D') && !line.startsWith('D '))
    .map((line) => line.slice(3).split(' -> ').pop());
}

/** The test files in `folder` (not below it). */
function testsIn(folder) {
  const absolute = path.join(root, folder);
  if (!fs.existsSync(absolute)) return [];
  return fs
    .readdirSync(absolute)
    .filter(isTest)
    .map((name) => path.posix.join(folder, name));
}

function selectTests() {
  const selected = new Set();
  for (const file of changedFiles().filter(testable)) {
    if (isTest(file)) selected.add(file);
    else for (const test of testsIn(path.posix.dirname(file))) selected.add(test);
  }
  return [...selected].sort();
}

const args = process.argv.slice(2);
let selection = [];
if (!args.includes('--all') && !args.some((arg) => !arg.startsWith('-'))) {
  selection = selectTests();
  if (selection.length === 0) {
    console.log(
      '[farol] the uncommitted change touches no tested folder (`npm run test:quick -- --all` runs every test)',
    );
    process.exit(0);
  }
  console.log(`[farol] ${selection.length} test files beside the change (\`-- --all\` for every one)`);
}
const result = spawnSync(
  supportedNode(),
  [vitest, 'run', ...projects, ...selection, ...args.filter((arg) => arg !== '--all')],
  { cwd: root, stdio: 'inherit', env: { ...env, FAROL_TEST_QUICK: '1' } },
);
process.exit(result.status ?? 1);

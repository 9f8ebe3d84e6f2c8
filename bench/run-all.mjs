// `npm run bench:all`: every bench of bench/package.json in sequence (the cluster last: it needs PostgreSQL,
// Redis and nginx), each one's output shown as it runs and kept, with the commit, the date, the duration and the
// exit status, in bench/results.json, the machine-readable record beside bench/README.md.
// `npm run bench:all -- --skip cluster,landing` leaves benches out; `--only signals,coins` runs just those.
// Build first (`npm run build`): the landing, stream, alerts and cluster benches run the production build.
import { spawn, spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import manifest from './package.json' with { type: 'json' };

const benchDir = path.dirname(fileURLToPath(import.meta.url));
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const { values } = parseArgs({
  options: { skip: { type: 'string', default: '' }, only: { type: 'string', default: '' } },
});
const list = (text) => text.split(',').filter(Boolean);
const names = Object.keys(manifest.scripts)
  .filter((script) => script.startsWith('bench:'))
  .map((script) => script.slice('bench:'.length))
  .sort((a, b) => Number(a === 'cluster') - Number(b === 'cluster'))
  .filter((name) => !list(values.skip).includes(name))
  .filter((name) => list(values.only).length === 0 || list(values.only).includes(name));

const git = (...args) => spawnSync('git', args, { cwd: benchDir, encoding: 'utf8' }).stdout.trim();
const commit = git('rev-parse', '--short=7', 'HEAD');
const dirty = git('status', '--porcelain').length > 0;

function runBench(name) {
  return new Promise((resolve) => {
    const started = Date.now();
    const output = [];
    const child = spawn(npm, ['run', '--silent', `bench:${name}`], { cwd: benchDir, env: process.env });
    for (const stream of [child.stdout, child.stderr]) {
      stream.on('data', (chunk) => {
        (stream === child.stdout ? process.stdout : process.stderr).write(chunk);
        output.push(chunk.toString());
      });
    }
    child.on('close', (code) =>
      resolve({
        bench: name,
        command: `npm run bench:${name}`,
        startedAt: new Date(started).toISOString(),
        seconds: Math.round((Date.now() - started) / 100) / 10,
        exitCode: code,
        output: output.join('').split('\n'),
      }),
    );
  });
}

const results = [];
for (const name of names) {
  console.log(`\n[bench:all] ${name}`);
  results.push(await runBench(name));
}
const record = {
  commit,
  uncommittedChanges: dirty,
  date: new Date().toISOString(),
  machine: { cpus: os.cpus().length, memoryGiB: Math.round(os.totalmem() / 2 ** 30), node: process.version },
  benches: results,
};
writeFileSync(path.join(benchDir, 'results.json'), `${JSON.stringify(record, null, 2)}\n`);
const failed = results.filter((result) => result.exitCode !== 0).map((result) => result.bench);
console.log(
  `\n[bench:all] ${results.length} benches on ${commit}${dirty ? ' (with uncommitted changes)' : ''}`,
);
console.log(
  `[bench:all] written to bench/results.json${failed.length ? `; failed: ${failed.join(', ')}` : ''}`,
);
process.exit(failed.length ? 1 : 0);

// What a load bench writes into bench/README.md: its section between markers, naming the commit it measured.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { repoRoot } from './processes.ts';

/** The commit measured, marked when the working tree differs from it. */
export function commitOf() {
  const git = (...args: string[]) => execFileSync('git', args, { cwd: repoRoot, encoding: 'utf8' }).trim();
  return `${git('rev-parse', '--short', 'HEAD')}${git('status', '--porcelain', '--untracked-files=no') ? ' + uncommitted changes' : ''}`;
}

/** Replaces the `<!-- name:begin … name:end -->` section of bench/README.md with `lines` (appended when absent). */
export function writeReadmeSection(name: string, lines: string[]) {
  const readmePath = path.join(repoRoot, 'bench/README.md');
  const block = [
    `<!-- ${name}:begin (written by npm run bench:${name}) -->`,
    ...lines,
    `<!-- ${name}:end -->`,
  ].join('\n');
  const readme = fs.readFileSync(readmePath, 'utf8');
  const section = new RegExp(`<!-- ${name}:begin[\\s\\S]*?<!-- ${name}:end -->`);
  fs.writeFileSync(
    readmePath,
    section.test(readme) ? readme.replace(section, block) : `${readme.trimEnd()}\n\n${block}\n`,
  );
}

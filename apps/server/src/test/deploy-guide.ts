import fs from 'node:fs';
import path from 'node:path';

/** deploy/README.md, the operator's guide: its command blocks are run by the tests that read them here. */
export const deployGuidePath = path.resolve(import.meta.dirname, '../../../../deploy/README.md');

/**
 * The fenced blocks in `language` under `## section` (and `### subsection` inside it), each as its lines,
 * in the guide's order. Throws when the section is missing, so a renamed heading fails the test that reads it.
 */
export function deployGuideBlocks(section: string, options: { subsection?: string; language?: string } = {}) {
  const guide = fs.readFileSync(deployGuidePath, 'utf8');
  const found = guide.split(/^## /m).find((part) => part.startsWith(section));
  const part = options.subsection
    ? found?.split(/^### /m).find((sub) => sub.startsWith(options.subsection!))
    : found;
  if (!part)
    throw new Error(
      `deploy/README.md has no "## ${section}"${options.subsection ? ` with "### ${options.subsection}"` : ''}`,
    );
  return fencedBlocks(part, options.language ?? 'bash');
}

/** Every fenced block in `language` of a Markdown text, each as its lines. */
export function fencedBlocks(markdown: string, language: string): string[][] {
  return [...markdown.matchAll(new RegExp('^```' + language + '\\n([\\s\\S]*?)^```', 'gm'))].map((match) =>
    match[1]!.trim().split('\n'),
  );
}

/**
 * The part Debian's `/etc/nginx/nginx.conf` plays, for an nginx the test runs itself: everything it writes
 * under `dir`, `include` inside its http block; `main` and `events` add directives to those contexts.
 */
export function nginxMainConf(
  dir: string,
  include: string,
  options: { main?: string; events?: string } = {},
) {
  return `${options.main ?? ''}pid ${dir}/nginx.pid;
error_log ${dir}/error.log;
events {${options.events ?? ''}}
http {
  access_log ${dir}/access.log;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  include ${include};
}
`;
}

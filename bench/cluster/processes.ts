// The processes of the cluster bench: Farol instances (the built server, as systemd would start them) and
// nginx running deploy/nginx.conf with only its upstream server list and listen port rewritten.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { findFreePort } from '../../apps/server/src/test/free-port.ts';

export const repoRoot = path.resolve(import.meta.dirname, '../..');
const serverEntry = path.join(repoRoot, 'apps/server/dist/server.js');
export const deployNginxConf = path.join(repoRoot, 'deploy/nginx.conf');

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export type Instance = {
  name: string;
  port: number;
  child: ChildProcess;
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
};

/** Starts `node apps/server/dist/server.js` (needs `npm run build`) and waits for /api/health. */
export async function startInstance(
  node: string,
  name: string,
  port: number,
  env: Record<string, string>,
): Promise<Instance> {
  if (!fs.existsSync(serverEntry)) throw new Error(`${serverEntry} is missing: run \`npm run build\` first`);
  const child = spawn(node, [serverEntry], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH, HOST: '127.0.0.1', PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output = (output + chunk).slice(-20_000)));
  child.stderr!.on('data', (chunk: Buffer) => (output = (output + chunk).slice(-20_000)));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline && child.exitCode === null && child.signalCode === null) {
    const healthy = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) return { name, port, child, output: () => output, exited };
    await sleep(200);
  }
  child.kill('SIGKILL');
  throw new Error(`instance ${name} did not become healthy:\n${output}`);
}

/** SIGTERM (the graceful stop) and its exit. */
export async function stopInstance(instance: Instance) {
  if (instance.child.exitCode !== null || instance.child.signalCode !== null) return instance.exited;
  instance.child.kill('SIGTERM');
  return instance.exited;
}

/**
 * deploy/nginx.conf with the lines between the `farol:upstream-servers` markers replaced by `ports` and the
 * listen port changed: everything else (retries, keep-alive, SSE, /metrics) is the operators' file as is.
 */
export function renderSiteConf(ports: number[], listenPort: number): string {
  const source = fs.readFileSync(deployNginxConf, 'utf8');
  const servers = /(# farol:upstream-servers[^\n]*\n)[\s\S]*?(\s*# farol:upstream-servers-end)/;
  if (!servers.test(source)) throw new Error('deploy/nginx.conf lost its farol:upstream-servers markers');
  const rendered = source
    .replace(
      servers,
      (_match, begin: string, end: string) =>
        begin +
        ports.map((port) => `    server 127.0.0.1:${port} max_fails=1 fail_timeout=5s;`).join('\n') +
        end,
    )
    .replace(/^(\s*)listen 80;/m, `$1listen 127.0.0.1:${listenPort};`);
  if (!rendered.includes(`listen 127.0.0.1:${listenPort};`))
    throw new Error('deploy/nginx.conf has no `listen 80;` line');
  return rendered;
}

export type Nginx = {
  url: string;
  process: ChildProcess;
  reload: (ports: number[]) => void;
  stop: () => Promise<void>;
};

/**
 * nginx from Debian as this user's own process: `-p <dir> -c <dir>/nginx.conf`, `daemon off`, the site from
 * deploy/nginx.conf included in a minimal main file (the part /etc/nginx/nginx.conf plays for operators).
 */
export async function startNginx(dir: string, ports: number[]): Promise<Nginx> {
  const listenPort = await findFreePort();
  fs.mkdirSync(path.join(dir, 'temp'), { recursive: true, mode: 0o777 });
  // worker processes may run as nobody when this runs as root
  fs.chmodSync(dir, 0o755);
  fs.chmodSync(path.join(dir, 'temp'), 0o777);
  fs.writeFileSync(
    path.join(dir, 'nginx.conf'),
    `daemon off;
worker_processes 2;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 8192; }
http {
  access_log off;
  client_body_temp_path ${dir}/temp/body;
  proxy_temp_path ${dir}/temp/proxy;
  fastcgi_temp_path ${dir}/temp/fastcgi;
  uwsgi_temp_path ${dir}/temp/uwsgi;
  scgi_temp_path ${dir}/temp/scgi;
  include ${dir}/farol.conf;
}
`,
  );
  const writeSite = (list: number[]) =>
    fs.writeFileSync(path.join(dir, 'farol.conf'), renderSiteConf(list, listenPort));
  writeSite(ports);
  const args = ['-p', dir, '-c', path.join(dir, 'nginx.conf')];
  const check = spawnSync('/usr/sbin/nginx', [...args, '-t'], { encoding: 'utf8' });
  if (check.status !== 0) throw new Error(`nginx -t refused the configuration:\n${check.stderr}`);
  const child = spawn('/usr/sbin/nginx', args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let errors = '';
  child.stderr!.on('data', (chunk: Buffer) => (errors += chunk));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${listenPort}`;
  const deadline = Date.now() + 10_000;
  while (
    !(await fetch(`${url}/api/health`).then(
      (response) => response.ok,
      () => false,
    ))
  ) {
    if (Date.now() > deadline || child.exitCode !== null) throw new Error(`nginx did not start:\n${errors}`);
    await sleep(100);
  }
  return {
    url,
    process: child,
    reload: (list) => {
      writeSite(list);
      // SIGHUP: nginx re-reads the file and replaces its workers gracefully
      child.kill('SIGHUP');
    },
    stop: async () => {
      // SIGQUIT: graceful shutdown of nginx
      child.kill('SIGQUIT');
      await exited;
    },
  };
}

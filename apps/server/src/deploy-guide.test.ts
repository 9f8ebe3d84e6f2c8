import { spawn, spawnSync } from 'node:child_process';
import http from 'node:http';
import net from 'node:net';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { configSchema } from './config.ts';
import { deployGuideBlocks, deployGuidePath, fencedBlocks, nginxMainConf } from './test/deploy-guide.ts';
import { eventually } from './test/eventually.ts';
import { acceptsConnections, findFreePort } from './test/free-port.ts';

// deploy/README.md's install, environment and limits, followed as written (its Backups blocks:
// backup-restore.test.ts). The lines run in bash inside a throwaway directory standing for `/`, so the test
// needs no root and touches nothing of the machine's: its /etc, /opt and /var paths are rewritten into it.

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const deployDir = path.join(repoRoot, 'deploy');
const nginx = '/usr/sbin/nginx';
const notRunMark = /# not run by the test: \S.*$/;
const actsOnTheMachine = /^(sudo )?(systemctl|useradd|npm|certbot)\b/;

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0).reverse()) cleanup();
});

type Machine = { root: string; release: string };

/**
 * A throwaway `/`: Debian's nginx layout (a main nginx.conf including conf.d/*.conf, worker_connections 768
 * as Debian ships it) and a release folder to install from, holding the repository's deploy/ folder.
 */
function throwawayMachine(): Machine {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'farol-guide-'));
  cleanups.push(() => fs.rmSync(root, { recursive: true, force: true }));
  for (const dir of ['etc/nginx/conf.d', 'etc/systemd/system', 'opt', 'var/lib', 'nginx']) {
    fs.mkdirSync(path.join(root, dir), { recursive: true });
  }
  fs.writeFileSync(
    path.join(root, 'etc/nginx/nginx.conf'),
    nginxMainConf(path.join(root, 'nginx'), `${root}/etc/nginx/conf.d/*.conf`, {
      main: 'worker_processes auto;\n',
      events: '\n\tworker_connections 768;\n',
    }),
  );
  const release = path.join(root, 'release');
  fs.cpSync(deployDir, path.join(release, 'deploy'), { recursive: true });
  return { root, release };
}

/** One line of the guide as it runs on the throwaway machine (see deploy/README.md, "Install"). */
function onThrowawayMachine(line: string, machine: Machine) {
  const user = os.userInfo().username;
  return line
    .replace(/^sudo /, '')
    .replace(/(^|\s)\/(etc|opt|var)\//g, `$1${machine.root}/$2/`)
    .replace(/ -o farol /, ` -o ${user} `)
    .replace(/^nginx -t$/, `${nginx} -t -p ${machine.root}/nginx -c ${machine.root}/etc/nginx/nginx.conf`);
}

/** Runs every line of a block that is not marked as not run; each must succeed. Returns the lines run. */
function runBlock(lines: string[], machine: Machine) {
  const ran: string[] = [];
  for (const line of lines) {
    if (line.trim() === '' || line.trim().startsWith('#') || notRunMark.test(line)) continue;
    // run unmarked, these would act on the machine itself (as root on CI): the guide must mark them
    if (actsOnTheMachine.test(line))
      throw new Error(
        `deploy/README.md: \`${line}\` cannot run in a test and is not marked "# not run by the test: ..."`,
      );
    const command = onThrowawayMachine(line, machine);
    const run = spawnSync('bash', ['-euo', 'pipefail', '-c', command], {
      cwd: machine.release,
      env: { PATH: process.env.PATH },
      encoding: 'utf8',
    });
    if (run.status !== 0)
      throw new Error(
        `deploy/README.md: \`${line}\` (run as \`${command}\`) exited ${run.status}:\n${run.stderr}${run.stdout}`,
      );
    ran.push(line);
  }
  return ran;
}

const number = (text: string) => Number(text.replaceAll(',', ''));

describe('deploy/README.md, followed as written', () => {
  it('every bash block is run by a test: Install and the limits here, Backups in backup-restore.test.ts', () => {
    const all = fencedBlocks(fs.readFileSync(deployGuidePath, 'utf8'), 'bash');
    const covered = [
      ...deployGuideBlocks('Install'),
      ...deployGuideBlocks('Limits for N live streams'),
      ...deployGuideBlocks('Backups'),
    ];
    expect(all).toEqual(expect.arrayContaining(covered));
    expect(all.length).toBe(covered.length);
  });

  it('lines not run by a test say so, and only lines that need what a test machine lacks', () => {
    const marked = [...deployGuideBlocks('Install'), ...deployGuideBlocks('Limits for N live streams')]
      .flat()
      .filter((line) => notRunMark.test(line));
    for (const line of marked) expect(line).toMatch(actsOnTheMachine);
  });

  it.skipIf(!fs.existsSync(nginx))(
    "Install: /etc/farol made, the environment file mode 600 for the account, the unit and the site copied, nginx -t passes with the guide's values",
    () => {
      const [install, ...more] = deployGuideBlocks('Install');
      expect(more).toEqual([]);
      const machine = throwawayMachine();
      const ran = runBlock(install!, machine);
      expect(ran.some((line) => line.includes('nginx -t'))).toBe(true);

      const envFile = fs.statSync(path.join(machine.root, 'etc/farol/farol.env'));
      expect(envFile.mode & 0o777).toBe(0o600);
      expect(envFile.uid).toBe(os.userInfo().uid);
      expect(fs.readFileSync(path.join(machine.root, 'etc/systemd/system/farol@.service'), 'utf8')).toBe(
        fs.readFileSync(path.join(deployDir, 'farol@.service'), 'utf8'),
      );
      expect(fs.existsSync(path.join(machine.root, 'opt/farol/deploy/nginx.conf'))).toBe(true);

      // the guide's values: its address, and an upstream that lists exactly the instances it enables
      const site = fs.readFileSync(path.join(machine.root, 'etc/nginx/conf.d/farol.conf'), 'utf8');
      expect(site).toMatch(/^\s*server_name farol\.example;/m);
      const enabled = /systemctl enable --now ((?:farol@\d+\s*)+)/.exec(install!.join('\n'))?.[1];
      const enabledPorts = [...(enabled ?? '').matchAll(/farol@(\d+)/g)].map((match) => match[1]);
      const upstreamPorts = [...site.matchAll(/^\s*server 127\.0\.0\.1:(\d+) /gm)].map((match) => match[1]);
      expect(enabledPorts.length).toBeGreaterThan(0);
      expect(upstreamPorts).toEqual(enabledPorts);
    },
  );

  it('the environment file sets only settings config.ts reads, with values they accept', () => {
    const [block, ...more] = deployGuideBlocks('The environment', { language: 'ini' });
    expect(more).toEqual([]);
    const settings = configSchema.shape as Record<
      string,
      { safeParse: (value: unknown) => { success: boolean } }
    >;
    const names: string[] = [];
    for (const line of block!) {
      // systemd's EnvironmentFile: a comment is a whole line; a commented setting is named `# NAME=` or `# NAME:`
      const commented = /^#\s*([A-Z][A-Z0-9_]*)[=:]/.exec(line);
      if (commented) {
        names.push(commented[1]!);
        expect(
          settings,
          `deploy/README.md comments on ${commented[1]}, which config.ts does not read`,
        ).toHaveProperty(commented[1]!);
        continue;
      }
      if (line.startsWith('#') || line.trim() === '') continue;
      const assignment = /^([A-Z][A-Z0-9_]*)=(.*)$/.exec(line);
      expect(assignment, `not a setting: ${line}`).not.toBeNull();
      const [, name, value] = assignment!;
      names.push(name!);
      expect(settings, `deploy/README.md sets ${name}, which config.ts does not read`).toHaveProperty(name!);
      if (value === '...') continue;
      expect(settings[name!]!.safeParse(value).success, `${line}: config.ts rejects the value`).toBe(true);
    }
    expect(names).toEqual(
      expect.arrayContaining(['DATABASE_URL', 'REDIS_URL', 'ENCRYPTION_KEY', 'TRUST_PROXY']),
    );
  });

  it.skipIf(!fs.existsSync(nginx))(
    'limits: the table follows the formulas, the block sets the 10,000-stream row in nginx and nginx -t passes, the unit allows more',
    () => {
      const section = fs
        .readFileSync(deployGuidePath, 'utf8')
        .split(/^## /m)
        .find((part) => part.startsWith('Limits for N live streams'))!;
      const rows = [
        ...section.matchAll(/^\|\s*([\d,]+)\s*\|\s*([\d,]+)\s*\|\s*([\d,]+)\s*\|\s*([\d,]+)\s*\|$/gm),
      ].map((match) => match.slice(1).map(number));
      expect(rows.map((row) => row[0])).toEqual([1_000, 10_000]);
      for (const [streams, workerConnections, rlimit, perInstance] of rows) {
        // two sockets per stream at nginx; each of 3 instances takes half of them while one is stopped
        expect(workerConnections).toBe(2 * streams! + 1_024);
        expect(rlimit).toBe(2 * workerConnections!);
        expect(perInstance).toBe(streams! / 2 + 1_024);
      }
      const [, tenThousand] = rows;

      const [limits, ...more] = deployGuideBlocks('Limits for N live streams');
      expect(more).toEqual([]);
      const machine = throwawayMachine();
      const ran = runBlock(limits!, machine);
      expect(ran.some((line) => line.includes('nginx -t'))).toBe(true);
      const main = fs.readFileSync(path.join(machine.root, 'etc/nginx/nginx.conf'), 'utf8');
      expect(main).toMatch(new RegExp(`^\\s*worker_connections ${tenThousand![1]};`, 'm'));
      expect(main).toMatch(new RegExp(`^worker_rlimit_nofile ${tenThousand![2]};`, 'm'));

      const unit = fs.readFileSync(path.join(deployDir, 'farol@.service'), 'utf8');
      const limitNoFile = Number(/^LimitNOFILE=(\d+)$/m.exec(unit)?.[1]);
      expect(section).toContain(`\`LimitNOFILE=${limitNoFile}\``);
      expect(limitNoFile).toBeGreaterThanOrEqual(tenThousand![3]!);
    },
  );
});

/** A local HTTP server answering every request with `status` and its own name, closed after the test. */
async function instanceStub(name: string, status: number) {
  const server = http.createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ from: name }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => server.close());
  return (server.address() as net.AddressInfo).port;
}

describe.skipIf(!fs.existsSync(nginx))("deploy/nginx.conf's retries, as the guide describes them", () => {
  it("a stopping instance's 503 reaches the client for POST and PATCH; GET, PUT and DELETE go to the next instance", async () => {
    const stopping = await instanceStub('stopping', 503);
    const running = await instanceStub('running', 200);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'farol-retries-'));
    cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
    // worker processes run as nobody when the test runs as root
    fs.chmodSync(dir, 0o755);
    const listenPort = await findFreePort();
    // deploy/nginx.conf itself, its upstream list pointing at the two stubs (the stopping one first)
    const site = fs
      .readFileSync(path.join(deployDir, 'nginx.conf'), 'utf8')
      .replace(
        /(# farol:upstream-servers[^\n]*\n)[\s\S]*?(\s*# farol:upstream-servers-end)/,
        (_match, begin: string, end: string) =>
          `${begin}    server 127.0.0.1:${stopping} max_fails=1 fail_timeout=5s;\n    server 127.0.0.1:${running} max_fails=1 fail_timeout=5s;${end}`,
      )
      .replace(/^(\s*)listen 80;/m, `$1listen 127.0.0.1:${listenPort};`);
    expect(site).toContain(`server 127.0.0.1:${stopping} `);
    fs.writeFileSync(path.join(dir, 'farol.conf'), site);
    fs.writeFileSync(
      path.join(dir, 'nginx.conf'),
      nginxMainConf(dir, `${dir}/farol.conf`, { main: 'daemon off;\nworker_processes 1;\n' }),
    );

    // a fresh nginx per request, so round robin starts at the stopping instance each time
    const through = async (method: string) => {
      const child = spawn(nginx, ['-p', dir, '-c', path.join(dir, 'nginx.conf')], { stdio: 'ignore' });
      const exited = new Promise((resolve) => child.once('exit', resolve));
      try {
        await eventually(
          () => acceptsConnections(listenPort),
          (isUp) => isUp,
        );
        const response = await fetch(`http://127.0.0.1:${listenPort}/api/alerts`, {
          method,
          ...(method === 'GET' ? {} : { body: '{}', headers: { 'content-type': 'application/json' } }),
        });
        return { status: response.status, from: ((await response.json()) as { from: string }).from };
      } finally {
        child.kill('SIGTERM');
        await exited;
      }
    };

    expect(await through('POST')).toEqual({ status: 503, from: 'stopping' });
    expect(await through('PATCH')).toEqual({ status: 503, from: 'stopping' });
    expect(await through('GET')).toEqual({ status: 200, from: 'running' });
    expect(await through('PUT')).toEqual({ status: 200, from: 'running' });
    expect(await through('DELETE')).toEqual({ status: 200, from: 'running' });
  });
});

import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { nginxMainConf } from './test/deploy-guide.ts';

// The files deploy/README.md tells operators to install, checked by the tools that will read them.
// (`npm run bench:cluster` runs deploy/nginx.conf itself, with only its upstream list and port rewritten.)
const deployDir = path.resolve(import.meta.dirname, '../../../deploy');
const nginx = '/usr/sbin/nginx';
const systemdAnalyze = '/usr/bin/systemd-analyze';

describe('deployment files', () => {
  it.skipIf(!fs.existsSync(nginx))('nginx accepts deploy/nginx.conf as an http-level include', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'farol-nginx-'));
    try {
      // the part /etc/nginx/nginx.conf plays: deploy/nginx.conf goes into its http block (conf.d)
      fs.writeFileSync(path.join(dir, 'nginx.conf'), nginxMainConf(dir, path.join(deployDir, 'nginx.conf')));
      const check = spawnSync(nginx, ['-t', '-p', dir, '-c', path.join(dir, 'nginx.conf')], {
        encoding: 'utf8',
      });
      expect(check.stderr).toMatch(/test is successful/);
      expect(check.status).toBe(0);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it.skipIf(!fs.existsSync(systemdAnalyze))(
    'systemd finds nothing to object to in deploy/farol@.service',
    () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'farol-systemd-'));
      try {
        // a template unit is verified as one of its instances
        const unit = path.join(dir, 'farol@3001.service');
        fs.copyFileSync(path.join(deployDir, 'farol@.service'), unit);
        const verify = spawnSync(systemdAnalyze, ['verify', unit], { encoding: 'utf8' });
        // systemd-analyze reports unknown keys and bad values on stderr while exiting 0
        expect(verify.stderr.trim()).toBe('');
        expect(verify.status).toBe(0);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  );
});

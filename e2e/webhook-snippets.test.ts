import { spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signWebhookBody } from '../apps/server/src/modules/webhooks/webhook-signature.ts';
import { nodeVerify, pythonVerify } from '../apps/web/src/features/developers/webhook-snippets.ts';

// The /developers page's signature checks, run as a reader would paste them, on a body the server signed: they
// accept it, and refuse a changed body, another secret and an old timestamp.

const secret = 'whsec_3f1c2a9d8e7b6a5c4d3e2f1a0b9c8d7e';
const body = JSON.stringify({
  id: 'evt-1',
  type: 'alert.fired',
  data: { coinSymbol: 'BTC', observedValue: 101000 },
});
const fresh = signWebhookBody(secret, body, new Date());
const old = signWebhookBody(secret, body, new Date(Date.now() - 3600_000));
const cases = [
  { name: 'the signed body', header: fresh, body, secret, expected: true },
  { name: 'a changed body', header: fresh, body: body.replace('101000', '1'), secret, expected: false },
  { name: 'another secret', header: fresh, body, secret: 'whsec_other', expected: false },
  { name: 'a delivery an hour old', header: old, body, secret, expected: false },
];

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'farol-snippets-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('the webhook signature checks on /developers', () => {
  it('work in Node as printed', async () => {
    const file = join(dir, 'verify.mjs');
    await writeFile(file, nodeVerify);
    const { isFromFarol } = (await import(pathToFileURL(file).href)) as {
      isFromFarol: (header: string, body: string, secret: string) => boolean;
    };
    for (const check of cases)
      expect(isFromFarol(check.header, check.body, check.secret), check.name).toBe(check.expected);
  });

  it('work in Python as printed', async () => {
    const file = join(dir, 'verify.py');
    const calls = cases
      .map(
        (check) =>
          `print(is_from_farol(${JSON.stringify(check.header)}, ${JSON.stringify(check.body)}.encode(), ${JSON.stringify(check.secret)}))`,
      )
      .join('\n');
    await writeFile(file, `${pythonVerify}\n\n${calls}\n`);
    const run = spawnSync('python3', [file], { encoding: 'utf8' });
    expect(run.error, 'python3 must be installed to check the Python snippet').toBeUndefined();
    expect(run.stderr).toBe('');
    expect(run.stdout.trim().split('\n')).toEqual(cases.map((check) => (check.expected ? 'True' : 'False')));
  });
});

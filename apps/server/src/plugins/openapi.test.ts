import { execFile, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import openapiTS, { astToString } from 'openapi-typescript';
import { beforeAll, describe, expect, it } from 'vitest';
import { successExamples } from './openapi-examples.ts';
import { forEachEngine, useTestApp } from '../test/harness.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const redoclyCli = path.join(root, 'node_modules', '@redocly', 'cli', 'bin', 'cli.js');
const typescriptCli = path.join(root, 'node_modules', 'typescript', 'bin', 'tsc');

type Operation = {
  operationId?: string;
  summary?: string;
  security?: unknown[];
  responses: Record<string, { description: string; content?: Record<string, { schema: any }> }>;
};
type Document = { servers: { url: string }[]; paths: Record<string, Record<string, Operation>> };

const operationsOf = (document: Document) =>
  Object.entries(document.paths).flatMap(([url, item]) =>
    Object.entries(item).map(([method, operation]) => ({ url, method, operation })),
  );

/** A folder for generated files that resolves the repository's packages (a link to its node_modules). */
function workFolder() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'farol-openapi-'));
  fs.symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ type: 'module' }));
  return dir;
}

// A real client of the document: the calls are typed by the generated `paths`, so a renamed operation, a
// missing body field or a wrong response shape fails the typecheck; run, it signs in and reads the profile.
const clientSource = `import createClient from 'openapi-fetch';
import type { paths } from './farol-api.ts';

const [baseUrl, email, password] = process.argv.slice(2) as [string, string, string];
const client = createClient<paths>({ baseUrl });
const signedIn = await client.POST('/api/auth/login', { body: { email, password } });
if (!signedIn.data) throw new Error('sign-in failed: ' + JSON.stringify(signedIn.error));
const token: string = signedIn.data.token;
const profile = await client.GET('/api/user/profile', { headers: { authorization: 'Bearer ' + token } });
const refused = await client.GET('/api/alerts', { headers: { authorization: 'Bearer wrong' } });
const code: string | undefined = refused.error?.code;
console.log(JSON.stringify({ email: profile.data?.email, refused: code }));
`;

describe('the OpenAPI document', () => {
  forEachEngine((engine) => {
    const t = useTestApp({ engine, env: { APP_URL: 'https://farol.test/app' } });
    let document: Document;
    beforeAll(async () => {
      document = (await t.request<Document>('GET', '/api/docs/json')).body;
    });

    it('passes the linter with the recommended rules, with no problem that the lint configuration does not justify', () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'farol-lint-'));
      fs.writeFileSync(path.join(dir, 'openapi.json'), JSON.stringify(document, null, 2));
      for (const file of ['redocly.yaml', '.redocly.lint-ignore.yaml'])
        fs.copyFileSync(path.join(root, file), path.join(dir, file));
      const lint = spawnSync(
        process.execPath,
        [redoclyCli, 'lint', 'openapi.json', '--config', 'redocly.yaml', '--format', 'json'],
        { cwd: dir, encoding: 'utf8', env: { ...process.env, REDOCLY_TELEMETRY: 'off', CI: 'true' } },
      );
      const report = JSON.parse(lint.stdout) as { totals: Record<string, number>; problems: unknown[] };
      expect(report.problems).toEqual([]);
      expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
    });

    it('names every operation once, in camelCase, with a summary, a success answer and its error answers', () => {
      const operations = operationsOf(document);
      const ids = operations.map(({ operation }) => operation.operationId);
      expect(new Set(ids).size).toBe(operations.length);
      for (const { url, method, operation } of operations) {
        expect(operation.operationId, `${method} ${url}`).toMatch(/^[a-z]+[A-Za-z]*$/);
        expect(operation.summary, `${method} ${url}`).toBeTruthy();
        expect(Object.keys(operation.responses).some((status) => status.startsWith('2'))).toBe(true);
      }
      expect(document.servers).toEqual([expect.objectContaining({ url: 'https://farol.test' })]);
      expect(Object.keys(document.paths).filter((url) => url.endsWith('/'))).toEqual([]);
    });

    it('documents each error status with exactly the codes it carries, from the error table', () => {
      const byId = new Map(operationsOf(document).map(({ operation }) => [operation.operationId, operation]));
      const codesAt = (id: string, status: string) =>
        byId.get(id)?.responses[status]?.content?.['application/json']?.schema.properties.code.enum;
      expect(codesAt('deleteAlert', '401')).toEqual(['unauthorized', 'session_expired']);
      expect(codesAt('listAlerts', '401')).toEqual(['unauthorized', 'session_expired', 'api_token_invalid']);
      expect(codesAt('listAlerts', '429')).toEqual(['too_many_requests']);
      expect(codesAt('deleteAlert', '404')).toEqual(['alert_not_found']);
      expect(codesAt('createAlert', '403')).toEqual([
        'api_token_read_only',
        'alert_limit_reached',
        'advanced_alerts_require_pro',
      ]);
      expect(codesAt('grantPlan', '403')).toEqual(['admin_required', 'api_token_read_only']);
      expect(codesAt('signIn', '401')).toEqual(['invalid_credentials']);
      expect(byId.get('signIn')?.security).toEqual([]);
      expect(byId.get('listAlerts')?.security).toEqual([{ bearerAuth: [] }]);
      const example =
        byId.get('deleteAlert')?.responses['404']?.content?.['application/json']?.schema.example;
      expect(example).toEqual({ code: 'alert_not_found', message: expect.any(String) });
    });

    it('shows a success example, valid for its schema, on the calls a bot starts with', () => {
      const byId = new Map(operationsOf(document).map(({ operation }) => [operation.operationId, operation]));
      for (const [id, example] of Object.entries(successExamples)) {
        const success = Object.entries(byId.get(id)?.responses ?? {}).find(([status]) =>
          status.startsWith('2'),
        );
        expect(success?.[1]?.content?.['application/json']?.schema.example, id).toEqual(example);
      }
      expect(Object.keys(successExamples)).toEqual(expect.arrayContaining(['listCoinPrices', 'listCandles']));
    });

    it('answers the documented path of a prefix root and the old one with a trailing slash alike', async () => {
      const { token } = await t.registerUser();
      for (const url of [
        '/api/alerts',
        '/api/alerts/',
        '/api/subscription/api-keys',
        '/api/subscription/api-keys/',
      ]) {
        expect((await t.request('GET', url, { token })).status, url).toBe(200);
      }
    });

    it('generates a client that compiles and signs in', async () => {
      const dir = workFolder();
      fs.writeFileSync(path.join(dir, 'farol-api.ts'), astToString(await openapiTS(document as never)));
      fs.writeFileSync(path.join(dir, 'client.ts'), clientSource);
      fs.writeFileSync(
        path.join(dir, 'tsconfig.json'),
        JSON.stringify({
          compilerOptions: {
            target: 'es2022',
            module: 'nodenext',
            strict: true,
            noEmit: true,
            allowImportingTsExtensions: true,
            types: ['node'],
          },
          files: ['client.ts'],
        }),
      );
      const typecheck = spawnSync(process.execPath, [typescriptCli, '-p', dir], { encoding: 'utf8' });
      expect(typecheck.stdout + typecheck.stderr).toBe('');
      expect(typecheck.status).toBe(0);

      const user = await t.registerUser();
      // run beside the app (which answers in this process): asynchronously
      // Node 22 strips the types behind a flag and warns about it; Node 24 does it by default
      const strip = process.versions.node.startsWith('22.') ? ['--experimental-strip-types'] : [];
      const run = await promisify(execFile)(process.execPath, [
        ...strip,
        '--disable-warning=ExperimentalWarning',
        path.join(dir, 'client.ts'),
        t.url,
        user.email,
        user.password,
      ]);
      expect(JSON.parse(run.stdout)).toEqual({ email: user.email, refused: 'session_expired' });
    });
  });
});

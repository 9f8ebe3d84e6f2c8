import { errorCodes } from '@farol/contract';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { defaultLanguage, languages, namespaces, resources } from './index.ts';

type Catalogue = { [key: string]: string | Catalogue };

function flatten(catalogue: Catalogue, prefix = ''): Map<string, string> {
  const entries = new Map<string, string>();
  for (const [key, value] of Object.entries(catalogue)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') entries.set(path, value);
    else for (const [child, text] of flatten(value, path)) entries.set(child, text);
  }
  return entries;
}

/** `{{name}}` interpolation markers and `<tag>` markers used by <Trans>, sorted. */
function markers(text: string): string[] {
  const params = [...text.matchAll(/\{\{\s*([\w.]+)\s*\}\}/g)].map((match) => `{{${match[1]}}}`);
  const tags = [...text.matchAll(/<(\w+)>/g)].map((match) => `<${match[1]}>`);
  return [...params, ...tags].sort();
}

const flattened = Object.fromEntries(
  languages.map((language) => [
    language,
    Object.fromEntries(
      namespaces.map((namespace) => [namespace, flatten(resources[language][namespace] as Catalogue)]),
    ),
  ]),
) as Record<(typeof languages)[number], Record<string, Map<string, string>>>;

/** A key, or a plural key i18next resolves from it with `count` (`key_other`, with `_one`/`_zero` beside it). */
function hasKey(namespace: string, key: string): boolean {
  const keys = flattened[defaultLanguage][namespace];
  return Boolean(keys?.has(key) || keys?.has(`${key}_other`));
}

describe('catalogues', () => {
  it('call the brand by one grammatical gender: "o Farol" in Portuguese, "el Farol" (or no article) in Spanish', () => {
    const feminine: Record<string, RegExp> = {
      'pt-BR': /(?<![\p{L}])(a|da|na|pela|à)\s+Farol\b/iu,
      es: /(?<![\p{L}])(la|de la|a la)\s+Farol\b/iu,
    };
    const found = Object.entries(feminine).flatMap(([language, pattern]) =>
      namespaces.flatMap((namespace) =>
        [...flattened[language as (typeof languages)[number]][namespace]!]
          .filter(([, text]) => pattern.test(text))
          .map(([key, text]) => `${language}/${namespace}:${key}: ${text}`),
      ),
    );
    expect(found).toEqual([]);
  });

  for (const namespace of namespaces) {
    it(`"${namespace}" has the same keys with the same {{params}} in every language`, () => {
      const source = flattened[defaultLanguage][namespace]!;
      for (const language of languages) {
        const target = flattened[language][namespace]!;
        expect([...target.keys()].sort(), `${language}/${namespace} keys`).toEqual([...source.keys()].sort());
        for (const [key, text] of source) {
          expect(markers(target.get(key) ?? ''), `${language}/${namespace}:${key}`).toEqual(markers(text));
          expect(target.get(key)?.trim(), `${language}/${namespace}:${key} is empty`).toBeTruthy();
        }
      }
    });
  }

  it('has an errors:<code> message for every error code of the contract', () => {
    const missing = errorCodes.filter((code) => !hasKey('errors', code));
    expect(missing).toEqual([]);
  });
});

const webSources = fileURLToPath(new URL('../../../apps/web/src/', import.meta.url));

function listSources(directory: string): string[] {
  return readdirSync(directory).flatMap((name) => {
    const path = join(directory, name);
    if (statSync(path).isDirectory()) return listSources(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

/**
 * Translation keys written as literals in a web source file, resolved to `namespace:key`. Unprefixed keys
 * belong to the namespace of the file's `useTranslation('<ns>')` (or `common`, i18next's default here).
 * Covers t('...'), i18n.t('...'), i18nKey="..." and key-like properties (`key: 'nav.about'`,
 * `titleKey`, `errorTitle`); keys built at run time from template literals are not checked here.
 */
function keysUsedIn(source: string): string[] {
  const fileNamespaces = new Set(
    [...source.matchAll(/useTranslation\(\s*'([\w-]+)'/g)].map((match) => match[1]!),
  );
  // A file mixing namespaces must prefix its keys; one namespace (or none: `common`) covers bare keys.
  const namespace = fileNamespaces.size === 1 ? [...fileNamespaces][0]! : 'common';
  const patterns = [
    /\bt\(\s*'([^'$`]+)'/g,
    /\bi18nKey="([^"]+)"/g,
    /\b(?:key|titleKey|errorTitle):\s*'([\w-]+(?::[\w-]+)?(?:\.[\w-]+)+|[\w-]+:[\w.-]+)'/g,
  ];
  return patterns.flatMap((pattern) =>
    [...source.matchAll(pattern)].map((match) =>
      match[1]!.includes(':') ? match[1]! : `${namespace}:${match[1]}`,
    ),
  );
}

describe('web sources', () => {
  const files = listSources(webSources);

  it('finds the web sources to scan', () => {
    expect(files.length).toBeGreaterThan(10);
  });

  it('uses only translation keys that exist', () => {
    const missing: string[] = [];
    let checked = 0;
    for (const file of files) {
      for (const key of keysUsedIn(readFileSync(file, 'utf8'))) {
        checked += 1;
        const [namespace, path] = key.split(':', 2) as [string, string];
        if (!hasKey(namespace, path)) missing.push(`${key} (${file.slice(webSources.length)})`);
      }
    }
    expect(checked).toBeGreaterThan(20);
    expect(missing).toEqual([]);
  });
});

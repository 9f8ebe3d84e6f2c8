import { alertTypes, TRACKED_COINS } from '@farol/contract';
import { catalog } from '@farol/indicators';
import { describe, expect, it } from 'vitest';
import { languages, namespaces, productFacts, resources, translate, type Namespace } from './index.ts';

type Catalogue = { [key: string]: string | Catalogue };

function read(catalogue: Catalogue, path: string): string {
  const value = path
    .split('.')
    .reduce<string | Catalogue>((node, key) => (node as Catalogue)[key]!, catalogue);
  return value as string;
}

function strings(catalogue: Catalogue, prefix = ''): [string, string][] {
  return Object.entries(catalogue).flatMap(([key, value]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    return typeof value === 'string' ? [[path, value] as [string, string]] : strings(value, path);
  });
}

/** Figures that stand for nothing else in any text: they must never be written as digits. */
const distinctFigures = ['indicators', 'taLibIndicators', 'coins'] as const;

/**
 * The texts that state a small figure (5, 10, 3…, digits other texts use for other things), with the facts
 * each states: these must take them from the facts, never as a literal or a number word.
 */
const statedFigures: Record<string, readonly (keyof typeof productFacts)[]> = {
  'landing:features.alerts.point1': ['alertTypes'],
  'landing:features.alerts.body': ['marketRefreshSeconds'],
  'landing:faq.alerts.answer': ['alertTypes', 'marketRefreshSeconds'],
  'landing:faq.coverage.answer': ['coins', 'freeCoins', 'inicianteCoins'],
  'landing:faq.analysis.answer': ['signalRules', 'signalTimeframes', 'indicators', 'taLibIndicators'],
  'marketing:features.items.alerts.body': ['alertTypes', 'marketRefreshSeconds'],
};

const numberWords: Partial<Record<number, RegExp>> = {
  3: /\b(três|three|tres)\b/i,
  4: /\b(quatro|four|cuatro)\b/i,
  5: /\b(cinco|five)\b/i,
  10: /\b(dez|ten|diez)\b/i,
};

describe('figures the copy states', () => {
  it('equal the code that defines them', () => {
    expect(productFacts).toMatchObject({
      indicators: catalog.length,
      taLibIndicators: catalog.filter((indicator) => indicator.isTaLib).length,
      coins: TRACKED_COINS,
      alertTypes: alertTypes.length,
      languages: languages.length,
    });
  });

  it('fill the copy by default in every language', () => {
    const taLib = catalog.filter((indicator) => indicator.isTaLib).length;
    expect(translate('pt-BR', 'landing:providers.indicators')).toBe(`${catalog.length} indicadores`);
    expect(translate('en', 'chatPage:indicatorsBadge')).toBe(`${catalog.length} indicators`);
    expect(translate('es', 'landing:faq.coverage.answer')).toContain(`Las ${TRACKED_COINS} mayores monedas`);
    expect(translate('pt-BR', 'landing:hero.subtitle')).toContain(
      `${catalog.length} indicadores (${taLib} idênticos ao TA-Lib)`,
    );
    expect(translate('en', 'landing:features.alerts.point1')).toBe(`${alertTypes.length} alert types`);
  });

  it.each(languages)('are never written as digits in a %s catalogue', (language) => {
    const literals = namespaces.flatMap((namespace) =>
      strings(resources[language][namespace] as Catalogue)
        .filter(([, text]) =>
          distinctFigures.some((fact) =>
            new RegExp(`(?<![\\d.,])${productFacts[fact]}(?![\\d.,])`).test(text),
          ),
        )
        .map(([path]) => `${namespace}:${path}`),
    );
    expect(literals).toEqual([]);
  });

  it.each(languages)('come from the facts wherever a %s text states them', (language) => {
    for (const [key, facts] of Object.entries(statedFigures)) {
      const [namespace, path] = key.split(':') as [Namespace, string];
      const text = read(resources[language][namespace] as Catalogue, path);
      for (const fact of facts) {
        const value = productFacts[fact];
        expect(text, `${language} ${key} {{${fact}}}`).toContain(`{{${fact}}}`);
        expect(text, `${language} ${key} ${value}`).not.toMatch(new RegExp(`(?<![\\d{])${value}(?![\\d}])`));
        const word = numberWords[value];
        if (word) expect(text, `${language} ${key} ${value} in words`).not.toMatch(word);
      }
    }
  });
});

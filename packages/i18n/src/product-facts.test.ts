import { TRACKED_COINS } from '@farol/contract';
import { catalog } from '@farol/indicators';
import { describe, expect, it } from 'vitest';
import { productFacts, translate } from './index.ts';

describe('figures the copy states', () => {
  it('equal the indicator catalogue and the coins the market follows', () => {
    expect(productFacts).toMatchObject({ indicators: catalog.length, coins: TRACKED_COINS });
  });

  it('fill the copy by default in every language', () => {
    expect(translate('pt-BR', 'landing:providers.indicators')).toBe(`${catalog.length} indicadores`);
    expect(translate('en', 'chatPage:indicatorsBadge')).toBe(`${catalog.length} indicators`);
    expect(translate('es', 'landing:faq.coverage.answer')).toContain(`Las ${TRACKED_COINS} mayores monedas`);
  });
});

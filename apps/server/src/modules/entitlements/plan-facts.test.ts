import { productFacts } from '@farol/i18n';
import { describe, expect, it } from 'vitest';
import { planLimits } from './plans.ts';

describe('plan figures the copy states', () => {
  it('equal the coins each plan shows', () => {
    expect(productFacts.freeCoins).toBe(planLimits.free.coinsVisible);
    expect(productFacts.inicianteCoins).toBe(planLimits.iniciante.coinsVisible);
    expect(productFacts.coins).toBe(planLimits.profissional.coinsVisible);
  });
});

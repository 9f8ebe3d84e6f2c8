import { productFacts } from '@farol/i18n';
import { describe, expect, it } from 'vitest';
import { REFRESH_TICK_MS } from '../market/market-keys.ts';
import { PRICE_WRITE_MS } from './market-stream.ticks.ts';

describe('update intervals the copy states', () => {
  it('equal the live price patch and the market refresh that runs the other alert checks', () => {
    expect(productFacts.livePriceSeconds * 1000).toBe(PRICE_WRITE_MS);
    expect(productFacts.marketRefreshSeconds * 1000).toBe(REFRESH_TICK_MS);
  });
});

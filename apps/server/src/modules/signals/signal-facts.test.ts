import { productFacts } from '@farol/i18n';
import { describe, expect, it } from 'vitest';
import { timeframes } from './market-analysis.ts';
import { signalRules } from './signal-rules.ts';

describe('signal engine figures the copy states', () => {
  it('equal the rules that vote and the timeframes they vote on', () => {
    expect(productFacts.signalRules).toBe(signalRules.length);
    expect(productFacts.signalTimeframes).toBe(timeframes.length);
  });
});

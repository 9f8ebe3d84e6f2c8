import { describe, expect, it } from 'vitest';
import {
  chartPriceDigits,
  formatChartPrice,
  formatCompact,
  formatDecimal,
  formatPercent,
  formatPrice,
  formatWholePercent,
} from './format.ts';

// Intl puts a no-break space between the currency and the amount in pt-BR and es
const plain = (text: string) => text.replace(/\u00a0/g, ' ');

describe('one way to write numbers', () => {
  it('writes prices with two decimals from one unit up and four significant digits below', () => {
    expect(plain(formatPrice(64_210.554, 'pt-BR'))).toBe('US$ 64.210,55');
    expect(formatPrice(64_210.554, 'en')).toBe('$64,210.55');
    expect(formatPrice(0.273_749, 'en')).toBe('$0.2737');
    expect(plain(formatPrice(0.273_749, 'pt-BR'))).toBe('US$ 0,2737');
    expect(formatPrice(0.000_012_345_6, 'en')).toBe('$0.00001235');
    expect(formatPrice(0.5, 'en')).toBe('$0.50');
    expect(formatPrice(1, 'en')).toBe('$1.00');
    expect(plain(formatPrice(512_345.67, 'pt-BR', 'BRL'))).toBe('R$ 512.345,67');
  });

  it('writes the real as R$ in every language and keeps US$ where a language writes the dollar so', () => {
    expect(plain(formatPrice(110_000, 'es', 'BRL'))).toBe('110.000,00 R$');
    expect(formatPrice(110_000, 'en', 'BRL')).toBe('R$110,000.00');
    expect(plain(formatPrice(110_000, 'es', 'USD'))).toBe('110.000,00 US$');
    expect(plain(formatCompact(1.2e12, 'es', 'BRL'))).toBe('1,20 B R$');
  });

  it('writes percentages and indicator values with fixed decimals', () => {
    expect(formatPercent(12.345, 'pt-BR')).toBe('12,35%');
    expect(formatPercent(3.2, 'en', { signed: true })).toBe('+3.20%');
    expect(formatPercent(-3.2, 'en', { signed: true })).toBe('-3.20%');
    expect(formatDecimal(61.25, 1, 'pt-BR')).toBe('61,3');
    expect(formatDecimal(-0.001_23, 4, 'en')).toBe('-0.0012');
    expect(formatCompact(1_234_567_890, 'en')).toBe('1.23B');
  });

  it('writes scores as whole percentages, rounding half up, in each language', () => {
    expect(formatWholePercent(16, 'pt-BR')).toBe('16%');
    expect(formatWholePercent(15.5, 'en')).toBe('16%');
    expect(plain(formatWholePercent(72.49, 'es'))).toBe('72 %');
    expect(formatWholePercent(0.3, 'en')).toBe('0%');
    expect(formatWholePercent(100, 'pt-BR')).toBe('100%');
  });

  it('writes chart prices without decimals from 1 000 up, two from 1, four below and four significant digits for tiny coins', () => {
    expect(formatChartPrice(95_310.42, chartPriceDigits(95_310), 'pt-BR')).toBe('95.310');
    expect(formatChartPrice(95_310.42, chartPriceDigits(95_310), 'en')).toBe('95,310');
    expect(formatChartPrice(3_120.5, chartPriceDigits(3_120.5), 'es')).toBe('3121');
    expect(formatChartPrice(148.256, chartPriceDigits(148), 'pt-BR')).toBe('148,26');
    expect(formatChartPrice(1, chartPriceDigits(1), 'en')).toBe('1.00');
    expect(formatChartPrice(0.273_749, chartPriceDigits(0.27), 'pt-BR')).toBe('0,2737');
    expect(formatChartPrice(0.000_012_345_6, chartPriceDigits(0.000_012_3), 'en')).toBe('0.00001235');
    expect(chartPriceDigits(0.005)).toBe(6);
    expect(chartPriceDigits(Number.NaN)).toBe(0);
  });
});

import { describe, expect, it } from 'vitest';
import {
  formatDateTime,
  formatMacd,
  formatPercent,
  formatPrice,
  formatRsi,
  formatTrillions,
} from './format.ts';

// Intl separates currency and amount with a no-break space; normalise it for readable expectations.
const plain = (text: string) => text.replace(/\u00a0|\u202f/g, ' ');

describe('format', () => {
  it('formats prices with 2 decimals in the language and currency asked', () => {
    expect(plain(formatPrice(1234.5, 'BRL', 'pt-BR'))).toBe('R$ 1.234,50');
    expect(formatPrice(1234.5, 'USD', 'en')).toBe('$1,234.50');
  });

  it('formats percentages with 2 decimals, RSI with 1 and MACD with 4', () => {
    expect(plain(formatPercent(12.345, {}, 'pt-BR'))).toBe('12,35%');
    expect(formatPercent(-3.1, { signed: true }, 'en')).toBe('-3.10%');
    expect(formatPercent(3.1, { signed: true }, 'en')).toBe('+3.10%');
    expect(formatRsi(70.26, 'pt-BR')).toBe('70,3');
    expect(formatMacd(-12.345678, 'en')).toBe('-12.3457');
  });

  it('expresses market caps in trillions with 2 decimals', () => {
    expect(formatTrillions(2_412_000_000_000, 'pt-BR')).toBe('2,41');
  });

  it('shows hour and minute in pt-BR date-times', () => {
    const local = new Date(2025, 10, 21, 14, 5);
    expect(formatDateTime(local, 'pt-BR')).toBe('21/11/2025, 14:05');
  });
});

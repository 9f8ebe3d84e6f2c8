import { describe, expect, it } from 'vitest';
import {
  formatDateTime,
  formatMacd,
  formatMarketDateTime,
  parseDecimalInput,
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

  it('writes market times in São Paulo time whatever the clock, naming the zone', () => {
    expect(plain(formatMarketDateTime('2026-01-01T12:00:00.000Z', 'pt-BR'))).toMatch(/^01\/01\/2026, 09:00 /);
    expect(plain(formatMarketDateTime('2026-01-01T12:00:00.000Z', 'en'))).toMatch(/^01\/01\/2026, 09:00 AM /);
  });

  it('reads numbers typed in the interface language, and nothing else', () => {
    expect(parseDecimalInput('1.250,75', 'pt-BR')).toBe(1250.75);
    expect(parseDecimalInput('0,5', 'es')).toBe(0.5);
    expect(parseDecimalInput('1,250.75', 'en')).toBe(1250.75);
    expect(parseDecimalInput(' 1250 ', 'pt-BR')).toBe(1250);
    expect(parseDecimalInput('12,', 'pt-BR')).toBe(12);
    for (const text of ['', 'abc', '1,2,3', '-1', '1e5', '1.5.', '1.5', '12.34,5'])
      expect(parseDecimalInput(text, 'pt-BR'), text).toBeNull();
  });
});

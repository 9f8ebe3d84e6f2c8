import type { AlertConditionKey } from '@farol/contract';
import { formatPercent, formatPrice, formatRsi } from '../../../lib/format.ts';
import { currentLanguage } from '../../../lib/i18n.ts';

/** A threshold in the unit of its condition: USD price, RSI 1 decimal, fear and greed index, volume change %. */
export function formatConditionValue(key: AlertConditionKey, value: number): string {
  if (key === 'priceAbove' || key === 'priceBelow') {
    // Sub-dollar coins need their significant digits (thresholds take up to 6 decimals); the rest use 2.
    if (Math.abs(value) >= 1) return formatPrice(value);
    return new Intl.NumberFormat(currentLanguage(), {
      style: 'currency',
      currency: 'USD',
      maximumSignificantDigits: 6,
    }).format(value);
  }
  if (key === 'rsiAbove' || key === 'rsiBelow') return formatRsi(value);
  if (key === 'volumeChange') return formatPercent(value, { signed: true });
  return String(Math.round(value));
}

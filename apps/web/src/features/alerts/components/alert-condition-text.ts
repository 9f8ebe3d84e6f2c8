import type { Alert, AlertConditionKey, AlertEvent } from '@farol/contract';
import { conditionKeysByType } from '@farol/contract';
import type { TFunction } from 'i18next';
import type { Currency } from '../../../lib/currency.ts';
import { formatPercent, formatPrice, formatRsi } from '../../../lib/format.ts';
import { currentLanguage } from '../../../lib/i18n.ts';

/**
 * A value in the unit of its condition: a price (and level) in `currency`, RSI 1 decimal, fear and greed index, volume
 * change and price change %, the signal's strength %.
 */
export function formatConditionValue(
  key: AlertConditionKey,
  value: number,
  currency: Currency = 'USD',
): string {
  if (key === 'priceAbove' || key === 'priceBelow' || key === 'levelCross') {
    // Sub-dollar coins need their significant digits (thresholds take up to 6 decimals); the rest use 2.
    if (Math.abs(value) >= 1) return formatPrice(value, currency);
    return new Intl.NumberFormat(currentLanguage(), {
      style: 'currency',
      currency,
      maximumSignificantDigits: 6,
    }).format(value);
  }
  if (key === 'rsiAbove' || key === 'rsiBelow') return formatRsi(value);
  if (key === 'volumeChange') return formatPercent(value, { signed: true });
  if (key === 'changeAbovePercent' || key === 'signalTurns') return formatPercent(value);
  return String(Math.round(value));
}

type Translate = TFunction<'alertsPage'>;

/** One line per condition the alert watches, in the interface language. */
export function describeAlertConditions(
  alert: Alert,
  t: Translate,
): { key: AlertConditionKey; text: string }[] {
  const { conditions } = alert;
  const keys: readonly AlertConditionKey[] = conditionKeysByType[alert.type];
  return keys.flatMap((key) => {
    if (key === 'changeAbovePercent' && conditions.changeAbovePercent !== undefined)
      return [
        {
          key,
          text: t('alertsPage:conditions.changeAbovePercent', {
            value: formatPercent(conditions.changeAbovePercent),
            window: t(`alertsPage:windows.${conditions.changeWindow ?? '24h'}`),
          }),
        },
      ];
    if (key === 'signalTurns' && conditions.signalTurns)
      return [
        {
          key,
          text: t('alertsPage:conditions.signalTurns', {
            side: t(`alertsPage:sides.${conditions.signalTurns}`),
          }),
        },
      ];
    if (key === 'levelCross' && conditions.levelCross)
      return [{ key, text: t(`alertsPage:conditions.levelCross.${conditions.levelCross}`) }];
    const value = conditions[key];
    if (typeof value !== 'number') return [];
    const shown = formatConditionValue(key, value, alert.currency);
    return [{ key, text: t(`alertsPage:conditions.${key}`, { value: shown }) }];
  });
}

/** What an advanced firing saw (the change and its window, the signal's new class, the level crossed). */
function describeAdvancedEvent(event: AlertEvent, t: Translate, currency: Currency): string | undefined {
  const detail = event.detail ?? {};
  if (event.condition === 'changeAbovePercent')
    return t(
      event.observedValue >= 0
        ? 'alertsPage:events.happened.changeUp'
        : 'alertsPage:events.happened.changeDown',
      {
        value: formatPercent(Math.abs(event.observedValue)),
        threshold: formatPercent(event.threshold),
        window: t(`alertsPage:windows.${detail.window ?? '24h'}`),
      },
    );
  if (event.condition === 'signalTurns' && detail.signal)
    return t('alertsPage:events.happened.signalTurns', {
      signal: t(`alertsPage:signalNames.${detail.signal}`),
      strength: formatPercent(event.observedValue),
    });
  if (event.condition === 'levelCross' && detail.side)
    return t(`alertsPage:events.happened.${detail.side}`, {
      level: formatConditionValue('levelCross', event.threshold, currency),
      value: formatConditionValue('levelCross', event.observedValue, currency),
    });
  return undefined;
}

/** A firing in one line: what happened for advanced conditions, else the threshold crossed and the value seen. */
export function describeAlertEvent(event: AlertEvent, t: Translate): string {
  // a firing's values are in its alert's currency, whatever the display shows now
  const { currency } = event;
  const value = (figure: number) => formatConditionValue(event.condition, figure, currency);
  return (
    describeAdvancedEvent(event, t, currency) ??
    `${t(`alertsPage:conditions.${event.condition}`, { value: value(event.threshold) })} · ${t(
      'alertsPage:events.observed',
      { value: value(event.observedValue) },
    )}`
  );
}

import type { TFunction } from 'i18next';
import type { Currency } from '../../../lib/currency.ts';
import { formatPercent, formatRsi } from '../../../lib/format.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import type { AlertFormConditionKey, AlertFormValues } from '../hooks/use-create-alert-form.ts';
import { formatConditionValue } from './alert-condition-text.ts';

type Translate = TFunction<['alerts', 'alertsPage']>;

/** A condition input as a number, or nothing while it is empty or not a number yet. */
function numberOf(values: AlertFormValues, key: AlertFormConditionKey): number | undefined {
  const raw = values.conditions[key]?.trim();
  if (!raw) return undefined;
  const value = Number(raw);
  return Number.isFinite(value) ? value : undefined;
}

/** One clause per condition filled in, in the interface language ("BTC ficar acima de US$ 100.000,00"). */
function clausesOf(values: AlertFormValues, t: Translate, currency: Currency): string[] {
  const coin = values.coinSymbol;
  const clause = (key: string, value?: string, extra: Record<string, string> = {}) =>
    t(`alerts:picker.sentence.${key}`, { coin, value, ...extra });
  const number = (key: AlertFormConditionKey) => numberOf(values, key);
  const clauses: (string | undefined)[] = [];
  const price = (key: 'priceAbove' | 'priceBelow') => {
    const value = number(key);
    return value === undefined ? undefined : clause(key, formatConditionValue(key, value, currency));
  };
  const threshold = (key: 'rsiAbove' | 'rsiBelow' | 'fearGreedAbove' | 'fearGreedBelow') => {
    const value = number(key);
    if (value === undefined) return undefined;
    return clause(key, key.startsWith('rsi') ? formatRsi(value) : String(Math.round(value)));
  };
  if (values.type === 'preco') clauses.push(price('priceAbove'), price('priceBelow'));
  if (values.type === 'tecnico') clauses.push(threshold('rsiAbove'), threshold('rsiBelow'));
  if (values.type === 'sentimento') clauses.push(threshold('fearGreedAbove'), threshold('fearGreedBelow'));
  if (values.type === 'volume') {
    const change = number('volumeChange');
    if (change) clauses.push(clause(change > 0 ? 'volumeUp' : 'volumeDown', formatPercent(Math.abs(change))));
  }
  if (values.type === 'avancado') {
    const change = number('changeAbovePercent');
    const { signalTurns, levelCross, changeWindow } = values.conditions;
    if (change && change > 0)
      clauses.push(
        clause('changeAbovePercent', formatPercent(change), {
          window: t(`alertsPage:windows.${changeWindow === '24h' ? '24h' : '1h'}`),
        }),
      );
    if (signalTurns === 'buy' || signalTurns === 'sell')
      clauses.push(clause('signalTurns', undefined, { side: t(`alertsPage:sides.${signalTurns}`) }));
    if (levelCross === 'support' || levelCross === 'resistance') clauses.push(clause(levelCross));
  }
  return clauses.filter((text): text is string => Boolean(text));
}

/**
 * The alert as one sentence, before it is saved ("Avisar quando BTC ficar acima de R$ 600.000,00") in the alert's `currency`, its
 * conditions joined by "ou" / "or" / "o" (any of them fires it); nothing while the coin or every condition
 * is missing.
 */
export function describeAlertSentence(
  values: AlertFormValues,
  t: Translate,
  currency: Currency,
): string | undefined {
  if (!values.coinSymbol.trim()) return undefined;
  const clauses = clausesOf(values, t, currency);
  if (clauses.length === 0) return undefined;
  const conditions = new Intl.ListFormat(currentLanguage(), { type: 'disjunction' }).format(clauses);
  return t('alerts:picker.sentence.lead', { conditions });
}

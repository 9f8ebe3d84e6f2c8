import {
  conditionKeysByType,
  createAlertRequestSchema,
  type AlertConditionKey,
  type AlertType,
} from '@farol/contract';
import { useState, type FormEvent } from 'react';
import { i18n } from '../../../lib/i18n.ts';
import { useCreateAlertMutation } from '../api/alerts-api.ts';

/** The condition inputs: one per condition key, plus the window a price change is measured over. */
export type AlertFormConditionKey = AlertConditionKey | 'changeWindow';
export type AlertFormValues = {
  name: string;
  type: AlertType;
  coinSymbol: string;
  coinName: string;
  conditions: Partial<Record<AlertFormConditionKey, string>>;
};
export type AlertFormErrors = Record<string, string>;
export type AlertTextField = 'name' | 'coinSymbol' | 'coinName';

const emptyForm: AlertFormValues = { name: '', type: 'preco', coinSymbol: '', coinName: '', conditions: {} };

/** Contract codes (`price_decimals`) have their own text here; zod's own issues get a generic one per field. */
function issueText(message: string): string {
  const key = `alertsPage:validation.${message}`;
  return i18n.exists(key) ? i18n.t(key) : i18n.t('alertsPage:validation.invalid');
}

/** Advanced conditions: the change (with its window, 1 h unless chosen) and the two choices, as chosen. */
function advancedConditions({ conditions }: AlertFormValues) {
  const change = conditions.changeAbovePercent?.trim();
  return {
    ...(change ? { changeAbovePercent: Number(change), changeWindow: conditions.changeWindow || '1h' } : {}),
    ...(conditions.signalTurns ? { signalTurns: conditions.signalTurns } : {}),
    ...(conditions.levelCross ? { levelCross: conditions.levelCross } : {}),
  };
}

function toRequest(values: AlertFormValues) {
  const conditions =
    values.type === 'avancado'
      ? advancedConditions(values)
      : Object.fromEntries(
          conditionKeysByType[values.type].flatMap((key) => {
            const raw = values.conditions[key]?.trim();
            return raw ? [[key, Number(raw)]] : [];
          }),
        );
  return {
    name: values.name,
    type: values.type,
    coinSymbol: values.coinSymbol,
    coinName: values.coinName,
    conditions,
  };
}

/**
 * The create dialog's state: open flag, values, per-field errors and the submit.
 * Closing is refused while the request is pending and resets the form; success closes. Advanced alerts are
 * locked (nothing is sent) unless the plan has them.
 */
export function useCreateAlertForm({
  advancedAlerts,
  initialCoin,
}: {
  advancedAlerts: boolean;
  /** Opens the form at once with this coin chosen (a coin page's "create alert"). */
  initialCoin?: { symbol: string; name: string };
}) {
  const [isOpen, setIsOpen] = useState(initialCoin !== undefined);
  const [values, setValues] = useState<AlertFormValues>(() =>
    initialCoin ? { ...emptyForm, coinSymbol: initialCoin.symbol, coinName: initialCoin.name } : emptyForm,
  );
  const [errors, setErrors] = useState<AlertFormErrors>({});
  const createMutation = useCreateAlertMutation();
  const isPending = createMutation.isPending;
  const isIncomplete = !values.name.trim() || !values.coinSymbol.trim() || !values.coinName.trim();
  const isLocked = values.type === 'avancado' && !advancedAlerts;

  function changeOpen(open: boolean) {
    if (createMutation.isPending) return;
    setIsOpen(open);
    if (!open) {
      setValues(emptyForm);
      setErrors({});
    }
  }

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (isIncomplete || isLocked || createMutation.isPending) return;
    const parsed = createAlertRequestSchema.safeParse(toRequest(values));
    if (!parsed.success) {
      const messages: AlertFormErrors = {};
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? 'conditions');
        messages[field] ??= issueText(issue.message);
      }
      setErrors(messages);
      return;
    }
    setErrors({});
    createMutation.mutate(parsed.data, { onSuccess: () => changeOpen(false) });
  }

  const setField = (field: AlertTextField, value: string) =>
    setValues((current) => ({ ...current, [field]: field === 'coinSymbol' ? value.toUpperCase() : value }));

  const setType = (type: AlertType) => setValues((current) => ({ ...current, type, conditions: {} }));

  const setCondition = (key: AlertFormConditionKey, value: string) =>
    setValues((current) => ({ ...current, conditions: { ...current.conditions, [key]: value } }));

  return {
    isOpen,
    changeOpen,
    values,
    errors,
    isPending,
    isIncomplete,
    isLocked,
    handleSubmit,
    setField,
    setType,
    setCondition,
  };
}

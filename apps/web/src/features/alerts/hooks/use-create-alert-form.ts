import {
  ALERT_COOLDOWN_DEFAULT_MINUTES,
  conditionKeysByType,
  type AlertChannel,
  createAlertRequestSchema,
  type AlertConditionKey,
  type AlertType,
} from '@farol/contract';
import { useState, type FormEvent } from 'react';
import { useCurrency } from '../../../lib/currency.ts';
import { useAnalysableCoins } from '../../../lib/analysable-coins.ts';
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
  /** Minutes the alert stays quiet after a firing. */
  cooldownMinutes: number;
};
export type AlertFormErrors = Record<string, string>;
export type AlertTextField = 'name' | 'coinSymbol' | 'coinName';

/** The coin a dialog opens for, with thresholds already filled when a chart tap chose the price. */
export type InitialAlertCoin = {
  symbol: string;
  name: string;
  conditions?: AlertFormValues['conditions'];
};

const emptyForm: AlertFormValues = {
  name: '',
  type: 'preco',
  coinSymbol: '',
  coinName: '',
  conditions: {},
  cooldownMinutes: ALERT_COOLDOWN_DEFAULT_MINUTES,
};

/** The form as it opens: empty, or with the linked coin (and a tapped price's threshold) filled. */
const initialFormValues = (initialCoin: InitialAlertCoin | undefined): AlertFormValues =>
  initialCoin
    ? {
        ...emptyForm,
        coinSymbol: initialCoin.symbol.toUpperCase(),
        coinName: initialCoin.name,
        conditions: initialCoin.conditions ?? {},
      }
    : emptyForm;

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

/** Volume, RSI and advanced alerts watch only the ten analysed coins (the ones with candles and signals). */
export const isAnalysisOnlyType = (type: AlertType) =>
  type === 'volume' || type === 'tecnico' || type === 'avancado';

/** The name offered until the user writes one: "BTC · Preço". */
function suggestedName({ coinSymbol, type }: AlertFormValues): string {
  if (!coinSymbol) return '';
  return i18n.t('alerts:picker.autoName', { symbol: coinSymbol, type: i18n.t(`alertsPage:types.${type}`) });
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
    cooldownMinutes: values.cooldownMinutes,
  };
}

/** The request the form makes, or each field's first error (the contract's schema decides). */
function parseForm(values: AlertFormValues) {
  const parsed = createAlertRequestSchema.safeParse(toRequest(values));
  if (parsed.success) return { request: parsed.data, errors: {} };
  const errors: AlertFormErrors = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? 'conditions');
    errors[field] ??= issueText(issue.message);
  }
  return { request: undefined, errors };
}

/**
 * The create dialog's state: open flag, values, per-field errors and the submit.
 * Closing is refused while the request is pending and resets the form; success closes. Advanced alerts are
 * locked (nothing is sent) unless the plan has them. The name is suggested from the coin and the type until
 * the user writes one. `initialCoin` opens the dialog at once with that coin chosen.
 */
export function useCreateAlertForm({
  advancedAlerts,
  initialCoin,
  channels,
  onOpenChange,
}: {
  advancedAlerts: boolean;
  /**
   * Opens the form at once with this coin chosen (a coin page's "create alert"), and these thresholds filled
   * (a price tapped on the chart).
   */
  initialCoin?: InitialAlertCoin;
  /** The channels chosen in the dialog; undefined: every channel the user has set up. */
  channels?: AlertChannel[];
  onOpenChange?: (open: boolean) => void;
}) {
  const [isOpen, setIsOpen] = useState(initialCoin !== undefined);
  const [values, setValues] = useState<AlertFormValues>(() => initialFormValues(initialCoin));
  const [isNameEdited, setIsNameEdited] = useState(false);
  const [errors, setErrors] = useState<AlertFormErrors>({});
  const createMutation = useCreateAlertMutation();
  // new alerts are set in the display currency; the alert keeps it whatever is shown later
  const currency = useCurrency();
  const isPending = createMutation.isPending;
  const name = isNameEdited ? values.name : suggestedName(values);
  const isIncomplete = !name.trim() || !values.coinSymbol.trim() || !values.coinName.trim();
  const isLocked = values.type === 'avancado' && !advancedAlerts;
  // the server refuses these with unknown_coin: said here, before saving
  const analysable = useAnalysableCoins();
  const isCoinUnsupported =
    isAnalysisOnlyType(values.type) &&
    values.coinSymbol !== '' &&
    !analysable.symbols.has(values.coinSymbol.toUpperCase());

  function changeOpen(open: boolean) {
    if (createMutation.isPending) return;
    setIsOpen(open);
    onOpenChange?.(open);
    if (!open) {
      setValues(emptyForm);
      setIsNameEdited(false);
      setErrors({});
    }
  }

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (isIncomplete || isLocked || isCoinUnsupported || createMutation.isPending) return;
    const parsed = parseForm({ ...values, name });
    setErrors(parsed.errors);
    if (!parsed.request) return;
    if (channels?.length === 0) return;
    createMutation.mutate(
      { ...parsed.request, currency, ...(channels ? { channels } : {}) },
      { onSuccess: () => changeOpen(false) },
    );
  }

  const setField = (field: AlertTextField, value: string) => {
    if (field === 'name') setIsNameEdited(true);
    setValues((current) => ({ ...current, [field]: field === 'coinSymbol' ? value.toUpperCase() : value }));
  };

  /** The coin chosen in the picker (symbol forced upper case), or none while the user types another. */
  const selectCoin = (coin: { symbol: string; name: string } | null) =>
    setValues((current) => ({
      ...current,
      coinSymbol: coin ? coin.symbol.toUpperCase() : '',
      coinName: coin ? coin.name : '',
    }));

  const setCooldown = (cooldownMinutes: number) => setValues((current) => ({ ...current, cooldownMinutes }));

  const setType = (type: AlertType) => setValues((current) => ({ ...current, type, conditions: {} }));

  const setCondition = (key: AlertFormConditionKey, value: string) =>
    setValues((current) => ({ ...current, conditions: { ...current.conditions, [key]: value } }));

  return {
    isOpen,
    changeOpen,
    values,
    name,
    errors,
    isPending,
    isIncomplete,
    isLocked,
    isCoinUnsupported,
    handleSubmit,
    setField,
    selectCoin,
    setType,
    setCondition,
    setCooldown,
  };
}

import {
  ALERT_NAME_MAX_LENGTH,
  alertCooldownChoices,
  alertTypes,
  conditionKeysByType,
  type AlertConditionKey,
  type AlertType,
} from '@farol/contract';
import { useTranslation } from 'react-i18next';
import { fieldErrorProps, FormField } from '../../../components/ui/form-field.tsx';
import { Input, inputClassName } from '../../../components/ui/input.tsx';
import {
  isAnalysisOnlyType,
  type AlertFormConditionKey,
  type AlertFormErrors,
  type AlertFormValues,
} from '../hooks/use-create-alert-form.ts';
import { AdvancedConditionsFields, AdvancedConditionsLocked } from './advanced-alert-fields.tsx';
import { describeAlertSentence } from './alert-sentence.ts';
import { CoinPicker } from './coin-picker.tsx';
import { useCurrency } from '../../../lib/currency.ts';
import { useCoinPriceQuery } from '../api/alerts-api.ts';
import { examplePriceThresholds } from './alert-price-distance.ts';

type NumericConditionKey = Exclude<AlertConditionKey, 'changeAbovePercent' | 'signalTurns' | 'levelCross'>;

/** Input limits of the alert contract: prices step 0.000001, RSI and fear-greed 0-100. */
const conditionInput: Record<NumericConditionKey, { step: string; min?: number; max?: number }> = {
  priceAbove: { step: '0.000001', min: 0 },
  priceBelow: { step: '0.000001', min: 0 },
  volumeChange: { step: 'any', min: -100 },
  rsiAbove: { step: '0.1', min: 0, max: 100 },
  rsiBelow: { step: '0.1', min: 0, max: 100 },
  fearGreedAbove: { step: '1', min: 0, max: 100 },
  fearGreedBelow: { step: '1', min: 0, max: 100 },
};

type AlertCoinFieldsProps = {
  id: string;
  values: AlertFormValues;
  errors: AlertFormErrors;
  /** The chosen coin is not one this type watches (volume, RSI, advanced: coins with a Binance USDT pair). */
  isCoinUnsupported: boolean;
  /** The coin the dialog opened for: its logo and price are found in the list. */
  initialSymbol?: string;
  onCoinSelect: (coin: { symbol: string; name: string } | null) => void;
  onTypeChange: (type: AlertType) => void;
};

/** The coin (picked from the plan's list) and the alert type. */
export function AlertCoinFields(props: AlertCoinFieldsProps) {
  const { id, values, errors, isCoinUnsupported, initialSymbol, onCoinSelect, onTypeChange } = props;
  const { t } = useTranslation(['alertsPage', 'alerts']);
  const coinError = isCoinUnsupported
    ? t('alerts:picker.analysisOnly')
    : (errors.coinSymbol ?? errors.coinName);
  return (
    <>
      <CoinPicker
        id={`${id}-coin`}
        selected={values.coinSymbol ? { symbol: values.coinSymbol, name: values.coinName } : null}
        onSelect={onCoinSelect}
        analysisOnly={isAnalysisOnlyType(values.type)}
        initialSymbol={initialSymbol}
        error={coinError}
      />
      <FormField label={t('alertsPage:create.type')} htmlFor={`${id}-type`}>
        <select
          id={`${id}-type`}
          value={values.type}
          onChange={(event) => onTypeChange(event.target.value as AlertType)}
          className={inputClassName}
        >
          {alertTypes.map((type) => (
            <option key={type} value={type}>
              {t(`alertsPage:types.${type}`)}
            </option>
          ))}
        </select>
      </FormField>
    </>
  );
}

/** The alert's name: suggested from the coin and the type until the user writes one. */
export function AlertNameField({
  id,
  name,
  error,
  onChange,
}: {
  id: string;
  name: string;
  error: string | undefined;
  onChange: (name: string) => void;
}) {
  const { t } = useTranslation(['alertsPage', 'alerts']);
  return (
    <FormField
      label={t('alertsPage:create.name')}
      htmlFor={`${id}-name`}
      error={error}
      hint={t('alerts:picker.nameHint')}
    >
      <Input
        id={`${id}-name`}
        value={name}
        maxLength={ALERT_NAME_MAX_LENGTH}
        placeholder={t('alertsPage:create.namePlaceholder')}
        onChange={(event) => onChange(event.target.value)}
        {...fieldErrorProps(`${id}-name`, error)}
      />
    </FormField>
  );
}

/** The alert in one sentence, updated as the fields change, read out politely by screen readers. */
export function AlertSentence({ values }: { values: AlertFormValues }) {
  const { t } = useTranslation(['alerts', 'alertsPage']);
  const sentence = describeAlertSentence(values, t, useCurrency());
  return (
    <section
      aria-label={t('alerts:picker.sentence.label')}
      className="rounded-md bg-muted/40 px-3 py-2 text-sm"
    >
      <p aria-live="polite" className={sentence ? 'font-medium' : 'text-muted-foreground'}>
        {sentence ?? t('alerts:picker.sentence.incomplete')}
      </p>
    </section>
  );
}

type AlertConditionsFieldsetProps = {
  id: string;
  values: AlertFormValues;
  error: string | undefined;
  /** The plan lacks advanced alerts and they are chosen: shown locked, with the upsell. */
  isLocked: boolean;
  onConditionChange: (key: AlertFormConditionKey, value: string) => void;
};

/** The condition inputs of the chosen type, with its hint or the conditions' error. */
export function AlertConditionsFieldset(props: AlertConditionsFieldsetProps) {
  const { id, values, error, isLocked } = props;
  const { t } = useTranslation('alertsPage');
  return (
    <fieldset className="flex flex-col gap-3 rounded-md border border-border p-3">
      <legend className="px-1 text-sm font-medium">
        {values.type === 'avancado' ? t('create.advanced.title') : t('create.conditions')}
      </legend>
      {isLocked ? (
        <AdvancedConditionsLocked />
      ) : values.type === 'avancado' ? (
        <AdvancedConditionsFields {...props} />
      ) : (
        <NumericConditionsFields {...props} />
      )}
      {error ? (
        <p id={`${id}-conditions-error`} role="alert" className="text-xs text-danger">
          {error}
        </p>
      ) : isLocked ? null : (
        <p className="text-xs text-muted-foreground">{t(`create.hints.${values.type}`)}</p>
      )}
    </fieldset>
  );
}

/** Price, volume, RSI and fear-greed thresholds: one number input per condition of the type. */
function NumericConditionsFields({ id, values, error, onConditionChange }: AlertConditionsFieldsetProps) {
  const { t } = useTranslation(['alertsPage', 'common']);
  const keys = conditionKeysByType[values.type] as readonly NumericConditionKey[];
  // price thresholds are in the alert's currency: its sign in the label and before the number
  const currency = useCurrency();
  const symbol = t(`common:currency.short.${currency}`);
  // the examples sit near the chosen coin's price, in the same (display) currency as the thresholds
  const price = useCoinPriceQuery(values.coinSymbol, currency, values.type === 'preco').data;
  const examples = price ? examplePriceThresholds(price) : undefined;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {keys.map((key) => {
        const isPrice = key === 'priceAbove' || key === 'priceBelow';
        return (
          <FormField
            key={key}
            label={t(`alertsPage:create.fields.${key}`, { currency: symbol })}
            htmlFor={`${id}-${key}`}
          >
            <div className="relative">
              {isPrice ? (
                <span
                  aria-hidden="true"
                  className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-sm text-muted-foreground"
                >
                  {symbol}
                </span>
              ) : null}
              <Input
                id={`${id}-${key}`}
                type="number"
                inputMode="decimal"
                {...conditionInput[key]}
                className={isPrice ? 'pl-11' : undefined}
                placeholder={
                  examples && (key === 'priceAbove' || key === 'priceBelow')
                    ? examples[key]
                    : t(`alertsPage:create.placeholders.${key}`)
                }
                value={values.conditions[key] ?? ''}
                onChange={(event) => onConditionChange(key, event.target.value)}
                {...(error ? { 'aria-invalid': true, 'aria-describedby': `${id}-conditions-error` } : {})}
              />
            </div>
          </FormField>
        );
      })}
    </div>
  );
}

/** How long the alert stays quiet after it fires: 15 minutes, or a longer choice. */
export function AlertCooldownField({
  id,
  value,
  onChange,
}: {
  id: string;
  value: number;
  onChange: (minutes: number) => void;
}) {
  const { t } = useTranslation('alertsPage');
  return (
    <FormField label={t('create.cooldown')} htmlFor={`${id}-cooldown`} hint={t('create.cooldownHint')}>
      <select
        id={`${id}-cooldown`}
        value={value}
        onChange={(event) => onChange(Number(event.target.value))}
        className={inputClassName}
      >
        {alertCooldownChoices.map((minutes) => (
          <option key={minutes} value={minutes}>
            {t(`create.cooldownChoices.${minutes}`)}
          </option>
        ))}
      </select>
    </FormField>
  );
}

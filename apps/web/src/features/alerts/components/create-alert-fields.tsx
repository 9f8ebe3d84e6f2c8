import {
  ALERT_COIN_NAME_MAX_LENGTH,
  ALERT_NAME_MAX_LENGTH,
  alertTypes,
  conditionKeysByType,
  type AlertConditionKey,
  type AlertType,
} from '@farol/contract';
import { useTranslation } from 'react-i18next';
import { fieldErrorProps, FormField } from '../../../components/ui/form-field.tsx';
import { Input, inputClassName } from '../../../components/ui/input.tsx';
import type {
  AlertFormConditionKey,
  AlertFormErrors,
  AlertFormValues,
  AlertTextField,
} from '../hooks/use-create-alert-form.ts';
import { AdvancedConditionsFields, AdvancedConditionsLocked } from './advanced-alert-fields.tsx';

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

type AlertDetailsFieldsProps = {
  id: string;
  values: AlertFormValues;
  errors: AlertFormErrors;
  onFieldChange: (field: AlertTextField, value: string) => void;
  onTypeChange: (type: AlertType) => void;
};

/** Name, type and the coin (symbol and name). */
export function AlertDetailsFields({
  id,
  values,
  errors,
  onFieldChange,
  onTypeChange,
}: AlertDetailsFieldsProps) {
  const { t } = useTranslation('alertsPage');
  return (
    <>
      <FormField label={t('create.name')} htmlFor={`${id}-name`} error={errors.name}>
        <Input
          id={`${id}-name`}
          value={values.name}
          maxLength={ALERT_NAME_MAX_LENGTH}
          placeholder={t('create.namePlaceholder')}
          onChange={(event) => onFieldChange('name', event.target.value)}
          {...fieldErrorProps(`${id}-name`, errors.name)}
        />
      </FormField>
      <FormField label={t('create.type')} htmlFor={`${id}-type`}>
        <select
          id={`${id}-type`}
          value={values.type}
          onChange={(event) => onTypeChange(event.target.value as AlertType)}
          className={inputClassName}
        >
          {alertTypes.map((type) => (
            <option key={type} value={type}>
              {t(`types.${type}`)}
            </option>
          ))}
        </select>
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={t('create.coinSymbol')} htmlFor={`${id}-symbol`} error={errors.coinSymbol}>
          <Input
            id={`${id}-symbol`}
            value={values.coinSymbol}
            maxLength={20}
            autoCapitalize="characters"
            placeholder="BTC"
            className="font-mono uppercase"
            onChange={(event) => onFieldChange('coinSymbol', event.target.value)}
            {...fieldErrorProps(`${id}-symbol`, errors.coinSymbol)}
          />
        </FormField>
        <FormField label={t('create.coinName')} htmlFor={`${id}-coin`} error={errors.coinName}>
          <Input
            id={`${id}-coin`}
            value={values.coinName}
            maxLength={ALERT_COIN_NAME_MAX_LENGTH}
            placeholder="Bitcoin"
            onChange={(event) => onFieldChange('coinName', event.target.value)}
            {...fieldErrorProps(`${id}-coin`, errors.coinName)}
          />
        </FormField>
      </div>
    </>
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
  const { t } = useTranslation('alertsPage');
  const keys = conditionKeysByType[values.type] as readonly NumericConditionKey[];
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {keys.map((key) => (
        <FormField key={key} label={t(`create.fields.${key}`)} htmlFor={`${id}-${key}`}>
          <Input
            id={`${id}-${key}`}
            type="number"
            inputMode="decimal"
            {...conditionInput[key]}
            placeholder={t(`create.placeholders.${key}`)}
            value={values.conditions[key] ?? ''}
            onChange={(event) => onConditionChange(key, event.target.value)}
            {...(error ? { 'aria-invalid': true, 'aria-describedby': `${id}-conditions-error` } : {})}
          />
        </FormField>
      ))}
    </div>
  );
}

import { changeWindows, levelSides, signalSides } from '@farol/contract';
import { Lock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input, inputClassName } from '../../../components/ui/input.tsx';
import type { AlertFormConditionKey, AlertFormValues } from '../hooks/use-create-alert-form.ts';

type AdvancedFieldsProps = {
  id: string;
  values: AlertFormValues;
  error: string | undefined;
  onConditionChange: (key: AlertFormConditionKey, value: string) => void;
};

/** The change of more than N% (and its window), the signal turning, the level crossed: any of them. */
export function AdvancedConditionsFields({ id, values, error, onConditionChange }: AdvancedFieldsProps) {
  const { t } = useTranslation('alertsPage');
  const invalid = error ? { 'aria-invalid': true, 'aria-describedby': `${id}-conditions-error` } : {};
  const select = (
    key: 'changeWindow' | 'signalTurns' | 'levelCross',
    options: readonly string[],
    labels: string,
  ) => (
    <select
      id={`${id}-${key}`}
      value={values.conditions[key] ?? (key === 'changeWindow' ? '1h' : '')}
      onChange={(event) => onConditionChange(key, event.target.value)}
      className={inputClassName}
      {...invalid}
    >
      {key === 'changeWindow' ? null : <option value="">{t('create.options.none')}</option>}
      {options.map((option) => (
        <option key={option} value={option}>
          {t(`create.options.${labels}.${option}`)}
        </option>
      ))}
    </select>
  );
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <FormField label={t('create.fields.changeAbovePercent')} htmlFor={`${id}-changeAbovePercent`}>
        <Input
          id={`${id}-changeAbovePercent`}
          type="number"
          inputMode="decimal"
          step="any"
          min={0}
          max={1000}
          placeholder={t('create.placeholders.changeAbovePercent')}
          value={values.conditions.changeAbovePercent ?? ''}
          onChange={(event) => onConditionChange('changeAbovePercent', event.target.value)}
          {...invalid}
        />
      </FormField>
      <FormField label={t('create.fields.changeWindow')} htmlFor={`${id}-changeWindow`}>
        {select('changeWindow', changeWindows, 'windows')}
      </FormField>
      <FormField label={t('create.fields.signalTurns')} htmlFor={`${id}-signalTurns`}>
        {select('signalTurns', signalSides, 'sides')}
      </FormField>
      <FormField label={t('create.fields.levelCross')} htmlFor={`${id}-levelCross`}>
        {select('levelCross', levelSides, 'levels')}
      </FormField>
    </div>
  );
}

/** Plans without advanced alerts: what they would do, and where to get them. */
export function AdvancedConditionsLocked() {
  const { t } = useTranslation('alertsPage');
  return (
    <div className="flex flex-col items-start gap-3 rounded-md bg-muted/40 p-3 text-sm">
      <p className="flex items-start gap-2">
        <Lock aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
        <span>{t('create.advanced.locked')}</span>
      </p>
      <Button asChild variant="outline" size="sm">
        <Link to="/pricing">{t('create.advanced.upgrade')}</Link>
      </Button>
    </div>
  );
}

import {
  ALERT_COIN_NAME_MAX_LENGTH,
  ALERT_NAME_MAX_LENGTH,
  alertTypes,
  conditionKeysByType,
  createAlertRequestSchema,
  type AlertConditionKey,
  type AlertType,
} from '@farol/contract';
import { Plus } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '../../../components/ui/dialog.tsx';
import { fieldErrorProps, FormField } from '../../../components/ui/form-field.tsx';
import { Input, inputClassName } from '../../../components/ui/input.tsx';
import { i18n } from '../../../lib/i18n.ts';
import { useCreateAlertMutation } from '../api/alerts-api.ts';

type FormValues = {
  name: string;
  type: AlertType;
  coinSymbol: string;
  coinName: string;
  conditions: Partial<Record<AlertConditionKey, string>>;
};
const emptyForm: FormValues = { name: '', type: 'preco', coinSymbol: '', coinName: '', conditions: {} };

/** Input limits of the alert contract: prices step 0.000001, RSI and fear-greed 0-100. */
const conditionInput: Record<AlertConditionKey, { step: string; min?: number; max?: number }> = {
  priceAbove: { step: '0.000001', min: 0 },
  priceBelow: { step: '0.000001', min: 0 },
  volumeChange: { step: 'any', min: -100 },
  rsiAbove: { step: '0.1', min: 0, max: 100 },
  rsiBelow: { step: '0.1', min: 0, max: 100 },
  fearGreedAbove: { step: '1', min: 0, max: 100 },
  fearGreedBelow: { step: '1', min: 0, max: 100 },
};

/** Contract codes (`price_decimals`) have their own text here; zod's own issues get a generic one per field. */
function issueText(message: string): string {
  const key = `alertsPage:validation.${message}`;
  return i18n.exists(key) ? i18n.t(key) : i18n.t('alertsPage:validation.invalid');
}

function toRequest(values: FormValues) {
  const conditions = Object.fromEntries(
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

/** The create dialog: the plan-limit refusal keeps it open; success closes and resets it. */
export function CreateAlertDialog({ triggerLabel }: { triggerLabel: string }) {
  const { t } = useTranslation('alertsPage');
  const id = useId();
  const [isOpen, setIsOpen] = useState(false);
  const [values, setValues] = useState<FormValues>(emptyForm);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const createMutation = useCreateAlertMutation();
  const isIncomplete = !values.name.trim() || !values.coinSymbol.trim() || !values.coinName.trim();

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
    if (isIncomplete || createMutation.isPending) return;
    const parsed = createAlertRequestSchema.safeParse(toRequest(values));
    if (!parsed.success) {
      const messages: Record<string, string> = {};
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

  const setField = (field: 'name' | 'coinSymbol' | 'coinName', value: string) =>
    setValues((current) => ({ ...current, [field]: field === 'coinSymbol' ? value.toUpperCase() : value }));

  return (
    <Dialog open={isOpen} onOpenChange={changeOpen}>
      <DialogTrigger asChild>
        <Button>
          <Plus aria-hidden="true" />
          {triggerLabel}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('create.title')}</DialogTitle>
          <DialogDescription>{t('create.description')}</DialogDescription>
        </DialogHeader>
        <form onSubmit={handleSubmit} noValidate className="flex flex-col gap-4">
          <FormField label={t('create.name')} htmlFor={`${id}-name`} error={errors.name}>
            <Input
              id={`${id}-name`}
              value={values.name}
              maxLength={ALERT_NAME_MAX_LENGTH}
              placeholder={t('create.namePlaceholder')}
              onChange={(event) => setField('name', event.target.value)}
              {...fieldErrorProps(`${id}-name`, errors.name)}
            />
          </FormField>
          <FormField label={t('create.type')} htmlFor={`${id}-type`}>
            <select
              id={`${id}-type`}
              value={values.type}
              onChange={(event) =>
                setValues((current) => ({
                  ...current,
                  type: event.target.value as AlertType,
                  conditions: {},
                }))
              }
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
                onChange={(event) => setField('coinSymbol', event.target.value)}
                {...fieldErrorProps(`${id}-symbol`, errors.coinSymbol)}
              />
            </FormField>
            <FormField label={t('create.coinName')} htmlFor={`${id}-coin`} error={errors.coinName}>
              <Input
                id={`${id}-coin`}
                value={values.coinName}
                maxLength={ALERT_COIN_NAME_MAX_LENGTH}
                placeholder="Bitcoin"
                onChange={(event) => setField('coinName', event.target.value)}
                {...fieldErrorProps(`${id}-coin`, errors.coinName)}
              />
            </FormField>
          </div>
          <fieldset className="flex flex-col gap-3 rounded-md border border-border p-3">
            <legend className="px-1 text-sm font-medium">{t('create.conditions')}</legend>
            <div className="grid gap-4 sm:grid-cols-2">
              {conditionKeysByType[values.type].map((key: AlertConditionKey) => (
                <FormField key={key} label={t(`create.fields.${key}`)} htmlFor={`${id}-${key}`}>
                  <Input
                    id={`${id}-${key}`}
                    type="number"
                    inputMode="decimal"
                    {...conditionInput[key]}
                    placeholder={t(`create.placeholders.${key}`)}
                    value={values.conditions[key] ?? ''}
                    onChange={(event) =>
                      setValues((current) => ({
                        ...current,
                        conditions: { ...current.conditions, [key]: event.target.value },
                      }))
                    }
                    {...(errors.conditions
                      ? { 'aria-invalid': true, 'aria-describedby': `${id}-conditions-error` }
                      : {})}
                  />
                </FormField>
              ))}
            </div>
            {errors.conditions ? (
              <p id={`${id}-conditions-error`} role="alert" className="text-xs text-danger">
                {errors.conditions}
              </p>
            ) : (
              <p className="text-xs text-muted-foreground">{t(`create.hints.${values.type}`)}</p>
            )}
          </fieldset>
          <DialogFooter>
            <Button variant="secondary" onClick={() => changeOpen(false)} disabled={createMutation.isPending}>
              {t('create.cancel')}
            </Button>
            <Button type="submit" disabled={isIncomplete || createMutation.isPending}>
              {createMutation.isPending ? t('create.submitting') : t('create.submit')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

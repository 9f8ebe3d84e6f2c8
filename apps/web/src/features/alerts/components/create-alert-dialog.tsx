import { Plus } from 'lucide-react';
import { useId } from 'react';
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
import { useAlertLimitsQuery } from '../api/alerts-api.ts';
import { useCreateAlertForm } from '../hooks/use-create-alert-form.ts';
import { AlertConditionsFieldset, AlertDetailsFields } from './create-alert-fields.tsx';

/**
 * The create dialog: the plan-limit refusal keeps it open; success closes and resets it. Advanced alerts
 * are offered to plans that have them (the alert limits say so) and shown locked to the others.
 */
export function CreateAlertDialog({
  triggerLabel,
  initialCoin,
}: {
  triggerLabel: string;
  /** Open at once with this coin chosen. */
  initialCoin?: { symbol: string; name: string };
}) {
  const { t } = useTranslation('alertsPage');
  const id = useId();
  const limits = useAlertLimitsQuery();
  const form = useCreateAlertForm({ advancedAlerts: limits.data?.advancedAlerts ?? false, initialCoin });

  return (
    <Dialog open={form.isOpen} onOpenChange={form.changeOpen}>
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
        <form onSubmit={form.handleSubmit} noValidate className="flex flex-col gap-4">
          <AlertDetailsFields
            id={id}
            values={form.values}
            errors={form.errors}
            onFieldChange={form.setField}
            onTypeChange={form.setType}
          />
          <AlertConditionsFieldset
            id={id}
            values={form.values}
            error={form.errors.conditions}
            isLocked={form.isLocked}
            onConditionChange={form.setCondition}
          />
          <DialogFooter>
            <Button variant="secondary" onClick={() => form.changeOpen(false)} disabled={form.isPending}>
              {t('create.cancel')}
            </Button>
            <Button type="submit" disabled={form.isIncomplete || form.isLocked || form.isPending}>
              {form.isPending ? t('create.submitting') : t('create.submit')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

import type { AlertChannel } from '@farol/contract';
import { Plus } from 'lucide-react';
import { useId, useState } from 'react';
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
import { useCreateAlertForm, type InitialAlertCoin } from '../hooks/use-create-alert-form.ts';
import { AlertChannelsPicker } from './alert-channels-picker.tsx';
import {
  AlertCoinFields,
  AlertConditionsFieldset,
  AlertCooldownField,
  AlertNameField,
  AlertSentence,
} from './create-alert-fields.tsx';

type CreateAlertDialogProps = {
  triggerLabel: string;
  /**
   * The dialog opens at once with this coin chosen, as a page that sends the user here for one coin wants
   * (`/alerts?create=btc`); closing resets it like any other.
   */
  initialCoin?: InitialAlertCoin;
  /** Told when the dialog opens or closes (a page can drop its `?create=` then). */
  onOpenChange?: (open: boolean) => void;
};

/**
 * The create dialog: coin picker, type, conditions, the alert as a sentence, and its name. The plan-limit
 * refusal keeps it open; success closes and resets it. Advanced alerts are offered to plans that have them
 * (the alert limits say so) and shown locked to the others.
 */
export function CreateAlertDialog({ triggerLabel, initialCoin, onOpenChange }: CreateAlertDialogProps) {
  const { t } = useTranslation('alertsPage');
  const id = useId();
  const limits = useAlertLimitsQuery();
  // undefined until the user picks: every channel set up, as the server does for an alert without a choice
  const [channels, setChannels] = useState<AlertChannel[] | undefined>();
  const form = useCreateAlertForm({
    advancedAlerts: limits.data?.advancedAlerts ?? false,
    initialCoin,
    channels,
    onOpenChange: (open) => {
      if (!open) setChannels(undefined);
      onOpenChange?.(open);
    },
  });
  const channelsError = channels?.length === 0 ? t('validation.alert_channels_empty') : undefined;
  const isSubmitBlocked =
    form.isIncomplete ||
    form.isLocked ||
    form.isCoinUnsupported ||
    form.isPending ||
    channelsError !== undefined;

  return (
    <Dialog open={form.isOpen} onOpenChange={form.changeOpen}>
      <DialogTrigger asChild>
        <Button>
          <Plus aria-hidden="true" />
          {triggerLabel}
        </Button>
      </DialogTrigger>
      <DialogContent
        // Escape closes the coin list first, the dialog only when the list is closed
        onEscapeKeyDown={(event) => {
          if ((event.target as HTMLElement).getAttribute('aria-expanded') === 'true') event.preventDefault();
        }}
      >
        <DialogHeader>
          <DialogTitle>{t('create.title')}</DialogTitle>
          <DialogDescription>{t('create.description')}</DialogDescription>
        </DialogHeader>
        <form onSubmit={form.handleSubmit} noValidate className="flex flex-col gap-4">
          <AlertCoinFields
            id={id}
            values={form.values}
            errors={form.errors}
            isCoinUnsupported={form.isCoinUnsupported}
            initialSymbol={initialCoin?.symbol}
            onCoinSelect={form.selectCoin}
            onTypeChange={form.setType}
          />
          <AlertConditionsFieldset
            id={id}
            values={form.values}
            error={form.errors.conditions}
            isLocked={form.isLocked}
            onConditionChange={form.setCondition}
          />
          <AlertChannelsPicker id={id} value={channels} onChange={setChannels} error={channelsError} />
          <AlertSentence values={form.values} />
          <AlertCooldownField id={id} value={form.values.cooldownMinutes} onChange={form.setCooldown} />
          <AlertNameField
            id={id}
            name={form.name}
            error={form.errors.name}
            onChange={(name) => form.setField('name', name)}
          />
          {/* the actions stay in reach while a phone scrolls the form */}
          <DialogFooter className="sticky -bottom-5 z-10 -mx-5 -mb-5 border-t border-border bg-popover px-5 py-3">
            <Button variant="secondary" onClick={() => form.changeOpen(false)} disabled={form.isPending}>
              {t('create.cancel')}
            </Button>
            <Button type="submit" disabled={isSubmitBlocked}>
              {form.isPending ? t('create.submitting') : t('create.submit')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

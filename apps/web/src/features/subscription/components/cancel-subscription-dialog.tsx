import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { formatLongDate } from '../../../lib/format.ts';
import { useCancelSubscriptionMutation } from '../api/subscription-api.ts';

/** Cancel flow: the button opens a confirmation; confirming posts, reloads and closes. */
export function CancelSubscriptionDialog({
  planName,
  periodEnd,
}: {
  planName: string;
  periodEnd: string | null;
}) {
  const { t } = useTranslation('subscription');
  const cancelMutation = useCancelSubscriptionMutation();
  return (
    <ConfirmDialog
      trigger={
        <Button variant="outline" size="sm" className="text-danger hover:text-danger">
          {t('cancel.open')}
        </Button>
      }
      title={t('cancel.title')}
      description={
        periodEnd
          ? t('cancel.keepsAccess', { plan: planName, date: formatLongDate(periodEnd) })
          : t('cancel.endsNow', { plan: planName })
      }
      cancelLabel={t('cancel.keep')}
      confirmLabel={t('cancel.confirm')}
      busyLabel={t('cancel.confirming')}
      isBusy={cancelMutation.isPending}
      onConfirm={(close) => cancelMutation.mutate(undefined, { onSuccess: close })}
    >
      <p className="text-sm text-muted-foreground">{t('cancel.retention')}</p>
    </ConfirmDialog>
  );
}

import { useState } from 'react';
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
import { formatLongDate } from '../../../lib/format.ts';
import { useCancelSubscriptionMutation } from '../api/subscription-api.ts';

/** Cancel flow of spec section 4: the button opens a confirmation; confirming posts, reloads and closes. */
export function CancelSubscriptionDialog({ planName, periodEnd }: { planName: string; periodEnd: string | null }) {
  const { t } = useTranslation('subscription');
  const [isOpen, setIsOpen] = useState(false);
  const cancelMutation = useCancelSubscriptionMutation();

  function confirmCancel() {
    cancelMutation.mutate(undefined, { onSuccess: () => setIsOpen(false) });
  }

  return (
    <Dialog open={isOpen} onOpenChange={(open) => !cancelMutation.isPending && setIsOpen(open)}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm" className="text-danger hover:text-danger">
          {t('cancel.open')}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('cancel.title')}</DialogTitle>
          <DialogDescription>
            {periodEnd
              ? t('cancel.keepsAccess', { plan: planName, date: formatLongDate(periodEnd) })
              : t('cancel.endsNow', { plan: planName })}
          </DialogDescription>
        </DialogHeader>
        <p className="text-sm text-muted-foreground">{t('cancel.retention')}</p>
        <DialogFooter>
          <Button variant="secondary" onClick={() => setIsOpen(false)} disabled={cancelMutation.isPending}>
            {t('cancel.keep')}
          </Button>
          <Button variant="danger" onClick={confirmCancel} disabled={cancelMutation.isPending}>
            {cancelMutation.isPending ? t('cancel.confirming') : t('cancel.confirm')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

import { Download, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { PasswordInput } from '../../../components/ui/password-input.tsx';
import { useDeleteAccountMutation, useExportDataMutation } from '../api/profile-api.ts';

/** The user's data rights: download everything held about them, or delete the account (with the password). */
export function PrivacySection() {
  const { t } = useTranslation('profile');
  const navigate = useNavigate();
  const passwordId = useId();
  const [password, setPassword] = useState('');
  const exportData = useExportDataMutation();
  const deleteAccount = useDeleteAccountMutation(() => navigate('/', { replace: true }));
  return (
    <section aria-labelledby="privacy-title" className="mt-8 border-t border-border pt-6">
      <h2 id="privacy-title" className="text-base font-semibold">
        {t('privacy.title')}
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">{t('privacy.hint')}</p>
      <Button
        type="button"
        variant="outline"
        className="mt-4"
        disabled={exportData.isPending}
        onClick={() => exportData.mutate()}
      >
        <Download aria-hidden="true" />
        {exportData.isPending ? t('privacy.downloading') : t('privacy.download')}
      </Button>
      <div className="mt-6 rounded-lg border border-danger/40 p-4">
        <h3 className="text-sm font-semibold text-danger-text">{t('privacy.deleteTitle')}</h3>
        <p className="mt-1 text-sm text-muted-foreground">{t('privacy.deleteHint')}</p>
        <ConfirmDialog
          trigger={
            <Button type="button" variant="danger" className="mt-3">
              <Trash2 aria-hidden="true" />
              {t('privacy.deleteButton')}
            </Button>
          }
          title={t('privacy.confirmTitle')}
          description={t('privacy.confirmText')}
          cancelLabel={t('privacy.cancel')}
          confirmLabel={t('privacy.confirm')}
          busyLabel={t('privacy.deleting')}
          isBusy={deleteAccount.isPending}
          onConfirm={(close) => {
            if (!password) return;
            deleteAccount.mutate(password, { onSuccess: close });
          }}
        >
          <FormField label={t('privacy.password')} htmlFor={passwordId}>
            <PasswordInput
              id={passwordId}
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
          </FormField>
        </ConfirmDialog>
      </div>
    </section>
  );
}

import { LogOut } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { useSignOutEverywhereMutation } from '../api/profile-api.ts';

/** Ends every session of the account (a lost phone, a shared computer), this one included. */
export function SignOutEverywhere() {
  const { t } = useTranslation('profile');
  const navigate = useNavigate();
  const signOut = useSignOutEverywhereMutation(() => navigate('/login', { replace: true }));
  return (
    <section aria-labelledby="sessions-title" className="mt-8 border-t border-border pt-6">
      <h2 id="sessions-title" className="text-base font-semibold">
        {t('sessions.title')}
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">{t('sessions.hint')}</p>
      <Button
        type="button"
        variant="outline"
        className="mt-4"
        disabled={signOut.isPending}
        onClick={() => signOut.mutate()}
      >
        <LogOut aria-hidden="true" />
        {signOut.isPending ? t('sessions.signingOut') : t('sessions.signOutEverywhere')}
      </Button>
    </section>
  );
}

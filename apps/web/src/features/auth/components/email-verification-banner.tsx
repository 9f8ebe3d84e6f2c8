import { MailWarning } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { useSession } from '../../../lib/session.ts';
import { useResendVerificationMutation } from '../api/email-verification-api.ts';

/** Under the top bar while the signed-in user's address is not verified, with a button for a new link. */
export function EmailVerificationBanner() {
  const { t } = useTranslation('auth');
  const session = useSession();
  const resend = useResendVerificationMutation();
  // sessions stored before verification existed carry no flag: the profile check fills it in
  if (!session || session.user.emailVerified !== false) return null;
  return (
    <div role="status" className="border-b border-warning/40 bg-warning/10">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-2 text-sm">
        <MailWarning aria-hidden="true" className="size-4 shrink-0 text-warning" />
        <p className="min-w-0 flex-1">{t('verificationBanner.text', { email: session.user.email })}</p>
        <Button variant="outline" size="sm" disabled={resend.isPending} onClick={() => resend.mutate()}>
          {t('verificationBanner.resend')}
        </Button>
      </div>
    </div>
  );
}

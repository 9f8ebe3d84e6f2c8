import { MailWarning } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { useSession } from '../../../lib/session.ts';
import { useResendVerificationMutation } from '../api/email-verification-api.ts';

/**
 * Under the top bar while the signed-in user's address is not verified, with a button for a new link.
 * On phones it is one short line beside the button, so the market data still opens in the first screen.
 */
export function EmailVerificationBanner() {
  const { t } = useTranslation(['auth', 'common']);
  const session = useSession();
  const resend = useResendVerificationMutation();
  // sessions stored before verification existed carry no flag: the profile check fills it in
  if (!session || session.user.emailVerified !== false) return null;
  return (
    <div role="status" className="border-b border-warning/40 bg-warning/10">
      <div className="mx-auto flex max-w-7xl items-center gap-x-3 px-4 py-1.5 text-sm sm:gap-x-4 sm:py-2">
        <MailWarning aria-hidden="true" className="size-4 shrink-0 text-warning" />
        <p className="min-w-0 flex-1 truncate sm:hidden">
          {t('common:appNav.verifyShort', { email: session.user.email })}
        </p>
        <p className="hidden min-w-0 flex-1 sm:block">
          {t('auth:verificationBanner.text', { email: session.user.email })}
        </p>
        <Button
          variant="outline"
          size="sm"
          className="h-7 sm:h-8"
          disabled={resend.isPending}
          onClick={() => resend.mutate()}
        >
          {t('auth:verificationBanner.resend')}
        </Button>
      </div>
    </div>
  );
}

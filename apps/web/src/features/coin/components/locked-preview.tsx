import { Lock } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { UpgradeButton } from '../../../components/upgrade-button.tsx';

/**
 * What a plan does not cover: a blurred outline of the content (no real figures: the server sent none)
 * under the reason and the way to the plan that has it.
 */
export function LockedPreview({
  title,
  description,
  actions,
  rows = 6,
}: {
  title: string;
  description: ReactNode;
  actions: ReactNode;
  /** Lines of the blurred outline. */
  rows?: number;
}) {
  return (
    <div className="relative overflow-hidden rounded-md">
      <div aria-hidden="true" className="pointer-events-none flex flex-col gap-2 blur-sm select-none">
        {Array.from({ length: rows }, (_, index) => (
          <div key={index} className="grid grid-cols-4 gap-2">
            <div className="h-9 rounded-md bg-muted" />
            <div className="h-9 rounded-md bg-success/20" />
            <div className="h-9 rounded-md bg-muted/60" />
            <div className="h-9 rounded-md bg-danger/20" />
          </div>
        ))}
      </div>
      <div className="absolute inset-0 grid place-items-center bg-background/60 p-4">
        <div className="flex max-w-md flex-col items-center gap-2 text-center">
          <Lock aria-hidden="true" className="size-7 text-primary" />
          <p className="font-semibold">{title}</p>
          <p className="text-sm text-muted-foreground">{description}</p>
          <div className="mt-1 flex flex-wrap justify-center gap-2">{actions}</div>
        </div>
      </div>
    </div>
  );
}

/** Signed in: checkout for Profissional and the plans; a visitor: a free account first (back here after). */
export function UpgradeActions({ isSignedIn, returnPath }: { isSignedIn: boolean; returnPath: string }) {
  const { t } = useTranslation('coin');
  return (
    <>
      {isSignedIn ? (
        <UpgradeButton />
      ) : (
        <Button asChild>
          <Link to={`/register?next=${encodeURIComponent(returnPath)}`}>{t('locked.register')}</Link>
        </Button>
      )}
      <Button asChild variant="ghost">
        <Link to="/pricing">{t('locked.seePlans')}</Link>
      </Button>
    </>
  );
}

import type { PublicUser } from '@farol/contract';
import { LogOut, MessageSquare, UserRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';

// On phones the shortcuts are icon buttons (their names stay for screen readers), so the market data
// starts in the first screen; from sm up they show their labels.
const label = 'sr-only sm:not-sr-only';

/** Welcome line and the three shortcuts (chat, profile, logout), one compact row. */
export function DashboardHeader({ user, onLogout }: { user: PublicUser; onLogout: () => void }) {
  const { t } = useTranslation('dashboard');
  return (
    <header className="flex items-center justify-between gap-3">
      <div className="min-w-0">
        <h1 className="truncate text-xl font-semibold tracking-tight sm:text-2xl">
          {t('welcome', { name: user.name })}
        </h1>
        <p className="hidden text-sm text-muted-foreground sm:block">{t('subtitle')}</p>
      </div>
      <div className="flex shrink-0 gap-1.5 sm:gap-2">
        <Button asChild size="sm" className="size-9 p-0 sm:w-auto sm:px-3">
          <Link to="/chat">
            <MessageSquare aria-hidden="true" />
            <span className={label}>{t('openChat')}</span>
          </Link>
        </Button>
        <Button asChild size="sm" variant="secondary" className="size-9 p-0 sm:w-auto sm:px-3">
          <Link to="/profile">
            <UserRound aria-hidden="true" />
            <span className={label}>{t('openProfile')}</span>
          </Link>
        </Button>
        <Button size="sm" variant="ghost" className="size-9 p-0 sm:w-auto sm:px-3" onClick={onLogout}>
          <LogOut aria-hidden="true" />
          <span className={label}>{t('logout')}</span>
        </Button>
      </div>
    </header>
  );
}

import type { PublicUser } from '@farol/contract';
import { LogOut, MessageSquare, UserRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';

/** Welcome line and the three shortcuts (chat, profile, logout). */
export function DashboardHeader({ user, onLogout }: { user: PublicUser; onLogout: () => void }) {
  const { t } = useTranslation('dashboard');
  return (
    <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
      <div className="min-w-0">
        <h1 className="truncate text-2xl font-semibold tracking-tight sm:text-3xl">
          {t('welcome', { name: user.name })}
        </h1>
        <p className="mt-1 text-sm text-muted-foreground">{t('subtitle')}</p>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button asChild>
          <Link to="/chat">
            <MessageSquare aria-hidden="true" />
            {t('openChat')}
          </Link>
        </Button>
        <Button asChild variant="secondary">
          <Link to="/profile">
            <UserRound aria-hidden="true" />
            {t('openProfile')}
          </Link>
        </Button>
        <Button variant="ghost" onClick={onLogout}>
          <LogOut aria-hidden="true" />
          {t('logout')}
        </Button>
      </div>
    </header>
  );
}

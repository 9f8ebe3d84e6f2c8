import type { PublicUser } from '@farol/contract';
import { Settings, UserRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { userInitials } from '../../lib/session.ts';
import { DeferredMenu } from './deferred-menu.tsx';

// The app's sections sit in the top bar (and the phones' tab bar); the account menu keeps the account.
export const accountLinks = [
  { to: '/profile', key: 'nav.profile', Icon: UserRound },
  { to: '/settings', key: 'nav.settings', Icon: Settings },
] as const;

export function UserAvatar({ name }: { name: string }) {
  return (
    <span
      aria-hidden="true"
      className="inline-flex size-8 items-center justify-center rounded-full bg-primary/20 text-xs font-semibold text-primary ring-1 ring-primary/40"
    >
      {userInitials(name)}
    </span>
  );
}

const loadAccountMenuDropdown = () =>
  import('./account-menu-dropdown.tsx').then((module) => module.AccountMenuDropdown);

export function AccountMenu({ user }: { user: PublicUser }) {
  const { t } = useTranslation('common');
  return (
    <DeferredMenu
      load={loadAccountMenuDropdown}
      trigger={
        <button
          type="button"
          // the name starts with the initials the button shows, so people steering by voice can say them
          aria-label={`${userInitials(user.name)}: ${t('nav.userMenu')}`}
          className="inline-flex items-center rounded-full focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
        >
          <UserAvatar name={user.name} />
        </button>
      }
    />
  );
}

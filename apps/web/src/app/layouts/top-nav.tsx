import type { PublicUser } from '@farol/contract';
import { Lighthouse, LogOut, Menu, X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { cn } from '../../lib/cn.ts';
import { logoutAndReload, useSession } from '../../lib/session.ts';
import { AccountMenu, accountLinks, UserAvatar } from './account-menu.tsx';
import { LanguageMenu } from './language-menu.tsx';

const publicLinks = [
  { to: '/about', key: 'nav.about' },
  { to: '/contact', key: 'nav.contact' },
  { to: '/features', key: 'nav.features' },
  { to: '/pricing', key: 'nav.pricing' },
] as const;

const navLinkClassName = ({ isActive }: { isActive: boolean }) =>
  cn(
    'rounded-md px-3 py-2 text-sm font-medium transition-colors hover:text-foreground',
    isActive ? 'text-foreground' : 'text-muted-foreground',
  );

export function BrandLink({ className }: { className?: string }) {
  const { t } = useTranslation('common');
  return (
    <Link
      to="/"
      className={cn('inline-flex items-center gap-2 rounded-md font-semibold tracking-tight', className)}
    >
      <Lighthouse aria-hidden="true" className="size-6 text-primary" />
      <span className="text-lg">{t('brand')}</span>
    </Link>
  );
}

export function TopNav() {
  const { t } = useTranslation('common');
  const session = useSession();
  const location = useLocation();
  // The mobile menu is open only on the page where it was opened, so following a link closes it.
  const [menuOpenedAt, setMenuOpenedAt] = useState<string | null>(null);
  const isMenuOpen = menuOpenedAt === location.pathname;

  return (
    <header className="sticky top-0 z-40 border-b border-border bg-background/85 backdrop-blur supports-[backdrop-filter]:bg-background/70">
      <nav className="mx-auto flex h-14 w-full max-w-7xl items-center gap-2 px-4 sm:px-6 lg:px-8">
        <BrandLink className="mr-4" />
        <div className="hidden items-center gap-1 md:flex">
          {publicLinks.map(({ to, key }) => (
            <NavLink key={to} to={to} className={navLinkClassName}>
              {t(key)}
            </NavLink>
          ))}
        </div>
        <div className="ml-auto flex items-center gap-2">
          <LanguageMenu />
          {session ? <AccountMenu user={session.user} /> : <GuestLinks />}
          <Button
            variant="ghost"
            size="icon"
            className="md:hidden"
            aria-expanded={isMenuOpen}
            aria-controls="mobile-menu"
            aria-label={isMenuOpen ? t('nav.closeMenu') : t('nav.openMenu')}
            onClick={() => setMenuOpenedAt(isMenuOpen ? null : location.pathname)}
          >
            {isMenuOpen ? <X aria-hidden="true" /> : <Menu aria-hidden="true" />}
          </Button>
        </div>
      </nav>
      {isMenuOpen ? <MobileMenu user={session?.user ?? null} /> : null}
    </header>
  );
}

/** Login and sign-up beside the menus, from small screens up. */
function GuestLinks() {
  const { t } = useTranslation('common');
  return (
    <div className="hidden items-center gap-2 sm:flex">
      <Button asChild variant="ghost" size="sm">
        <Link to="/login">{t('nav.login')}</Link>
      </Button>
      <Button asChild size="sm">
        <Link to="/register">{t('nav.getStarted')}</Link>
      </Button>
    </div>
  );
}

/** The small-screen menu: the public links, then the account (with logout) or login and sign-up. */
function MobileMenu({ user }: { user: PublicUser | null }) {
  const { t } = useTranslation('common');
  return (
    <div id="mobile-menu" className="border-t border-border bg-background md:hidden">
      <div className="mx-auto flex max-w-7xl flex-col gap-1 px-4 py-3 sm:px-6">
        {publicLinks.map(({ to, key }) => (
          <NavLink key={to} to={to} className={navLinkClassName}>
            {t(key)}
          </NavLink>
        ))}
        <div className="my-2 h-px bg-border" />
        {user ? (
          <MobileAccountLinks user={user} />
        ) : (
          <div className="grid grid-cols-2 gap-2 pt-1">
            <Button asChild variant="outline">
              <Link to="/login">{t('nav.login')}</Link>
            </Button>
            <Button asChild>
              <Link to="/register">{t('nav.getStarted')}</Link>
            </Button>
          </div>
        )}
      </div>
    </div>
  );
}

/** Who is signed in, the account pages and logout. */
function MobileAccountLinks({ user }: { user: PublicUser }) {
  const { t } = useTranslation('common');
  return (
    <>
      <div className="flex items-center gap-3 px-3 py-2">
        <UserAvatar name={user.name} />
        <div className="min-w-0">
          <p className="truncate text-sm font-medium">{user.name}</p>
          <p className="truncate text-xs text-muted-foreground">{user.email}</p>
        </div>
      </div>
      {accountLinks.map(({ to, key, Icon }) => (
        <NavLink
          key={to}
          to={to}
          className={(state) => cn(navLinkClassName(state), 'flex items-center gap-2')}
        >
          <Icon aria-hidden="true" className="size-4" />
          {t(key)}
        </NavLink>
      ))}
      <Button variant="ghost" className="justify-start px-3 text-muted-foreground" onClick={logoutAndReload}>
        <LogOut aria-hidden="true" />
        {t('nav.logout')}
      </Button>
    </>
  );
}

import { Lighthouse, Menu, X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { cn } from '../../lib/cn.ts';
import { useSession } from '../../lib/session.ts';
import { AccountMenu } from './account-menu.tsx';
import { appSections, isSectionActive } from './app-sections.ts';
import { CurrencySwitch } from './currency-switch.tsx';
import { LanguageMenu } from './language-menu.tsx';

export const publicLinks = [
  { to: '/about', key: 'nav.about' },
  { to: '/contact', key: 'nav.contact' },
  { to: '/features', key: 'nav.features' },
  { to: '/pricing', key: 'nav.pricing' },
] as const;

const navLinkClassName = ({ isActive }: { isActive: boolean }) =>
  cn(
    'inline-flex min-h-11 items-center rounded-md px-3 py-2 text-sm font-medium transition-colors hover:text-foreground',
    isActive ? 'text-foreground' : 'text-muted-foreground',
  );

export function BrandLink({ className }: { className?: string }) {
  const { t } = useTranslation('common');
  return (
    <Link
      to="/"
      className={cn(
        'inline-flex min-h-11 items-center gap-2 rounded-md font-semibold tracking-tight',
        className,
      )}
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
      <nav
        aria-label={session ? t('appNav.sectionsLabel') : undefined}
        className="mx-auto flex h-14 w-full max-w-7xl items-center gap-2 px-4 sm:px-6 lg:px-8"
      >
        <BrandLink className="mr-4" />
        {session ? <SectionLinks pathname={location.pathname} /> : <PublicLinks />}
        {/* every control here is a 44 px target, the least a thumb hits reliably */}
        <div className="ml-auto flex items-center gap-1 sm:gap-2 [&_a]:min-h-11 [&_button]:min-h-11 [&_button]:min-w-11 [&_button]:justify-center">
          <CurrencySwitch />
          <LanguageMenu />
          {session ? <AccountMenu user={session.user} /> : <GuestLinks />}
          {/* Signed in, phones move between sections with the bottom tab bar: no menu to open. */}
          {session ? null : (
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
          )}
        </div>
      </nav>
      {isMenuOpen && !session ? <MobileMenu /> : null}
    </header>
  );
}

/** Signed out: the public pages, from md up (the mobile menu lists them below). */
function PublicLinks() {
  const { t } = useTranslation('common');
  return (
    <div className="hidden items-center gap-1 md:flex">
      {publicLinks.map(({ to, key }) => (
        <NavLink key={to} to={to} className={navLinkClassName}>
          {t(key)}
        </NavLink>
      ))}
    </div>
  );
}

/** Signed in: the app's sections, from md up, the current one marked (phones have the bottom tab bar). */
function SectionLinks({ pathname }: { pathname: string }) {
  const { t } = useTranslation('common');
  return (
    <ul className="hidden items-center gap-1 md:flex">
      {appSections.map((section) => {
        const isActive = isSectionActive(section, pathname);
        return (
          <li key={section.to}>
            <Link
              to={section.to}
              aria-current={isActive ? 'page' : undefined}
              className={cn(
                navLinkClassName({ isActive }),
                'flex items-center gap-2',
                isActive && 'bg-muted text-foreground',
              )}
            >
              <section.Icon aria-hidden="true" className="size-4" />
              {t(section.key)}
            </Link>
          </li>
        );
      })}
    </ul>
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

/** The signed-out small-screen menu: the public links, then login and sign-up. */
function MobileMenu() {
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
        <div className="grid grid-cols-2 gap-2 pt-1">
          <Button asChild variant="outline">
            <Link to="/login">{t('nav.login')}</Link>
          </Button>
          <Button asChild>
            <Link to="/register">{t('nav.getStarted')}</Link>
          </Button>
        </div>
      </div>
    </div>
  );
}

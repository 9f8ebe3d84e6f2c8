import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration, useLocation, useNavigation } from 'react-router';
import { cn } from '../../lib/cn.ts';
import { useSession } from '../../lib/session.ts';
import { AppFooter } from './app-footer.tsx';
import { isAppPath, isFullHeightPath } from './app-sections.ts';
import { BottomTabBar } from './bottom-tab-bar.tsx';
import { OfflineNotice } from './offline-notice.tsx';
import { SiteFooter } from './site-footer.tsx';
import { TopNav } from './top-nav.tsx';

export function SiteLayout() {
  const { t } = useTranslation('common');
  const navigation = useNavigation();
  const session = useSession();
  const { pathname } = useLocation();
  // The chat fills the screen between the top bar and the tab bar: the layout is exactly one viewport tall.
  const isFullHeight = session !== null && isFullHeightPath(pathname);
  return (
    <div
      className={cn(
        'flex flex-col',
        isFullHeight ? 'h-dvh' : 'min-h-dvh',
        // room for the phones' tab bar (its 4 rem and the safe area), so nothing, the footer included, hides under it
        session && 'pb-[calc(4rem+env(safe-area-inset-bottom))] md:pb-0',
      )}
    >
      <a
        href="#main"
        className="sr-only rounded-md bg-primary px-4 py-2 font-medium text-primary-foreground focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50"
      >
        {t('nav.skipToContent')}
      </a>
      {/* A thin bar while the next page's chunk loads, so a slow network never looks like a dead click. */}
      {navigation.state === 'loading' ? (
        <div aria-hidden="true" className="fixed inset-x-0 top-0 z-50 h-0.5 animate-pulse bg-primary" />
      ) : null}
      <TopNav />
      <OfflineNotice />
      <main
        id="main"
        tabIndex={-1}
        className={cn('flex flex-1 flex-col focus:outline-none', isFullHeight && 'min-h-0')}
      >
        <Outlet />
      </main>
      {isFullHeight ? null : isAppPath(pathname) ? <AppFooter /> : <SiteFooter />}
      {session ? <BottomTabBar /> : null}
      <ScrollRestoration />
    </div>
  );
}

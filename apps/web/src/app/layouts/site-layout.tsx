import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
import { OfflineNotice } from './offline-notice.tsx';
import { SiteFooter } from './site-footer.tsx';
import { TopNav } from './top-nav.tsx';

export function SiteLayout() {
  const { t } = useTranslation('common');
  const navigation = useNavigation();
  return (
    <div className="flex min-h-dvh flex-col">
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
      <main id="main" tabIndex={-1} className="flex flex-1 flex-col focus:outline-none">
        <Outlet />
      </main>
      <SiteFooter />
      <ScrollRestoration />
    </div>
  );
}

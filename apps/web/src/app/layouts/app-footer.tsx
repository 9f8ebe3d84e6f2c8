import { useTranslation } from 'react-i18next';
import { FinePrint, FooterLinks } from './site-footer.tsx';
import { publicLinks } from './top-nav.tsx';

/**
 * The app screens' footer: one thin line, no marketing. It keeps the risk disclaimer in view of everyone
 * who trades from these screens, and the public pages the top bar no longer lists once signed in.
 */
export function AppFooter() {
  const { t } = useTranslation('common');
  return (
    <footer className="border-t border-border">
      <div className="mx-auto flex w-full max-w-7xl flex-col gap-2 px-4 py-3 text-[11px] leading-relaxed text-muted-foreground sm:px-6 lg:flex-row lg:items-center lg:gap-6 lg:px-8">
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <FinePrint />
        </div>
        <nav aria-label={t('appNav.publicLinksLabel')}>
          <FooterLinks
            links={publicLinks}
            className="flex flex-wrap gap-x-3 gap-y-1"
            linkClassName="underline-offset-2 hover:text-foreground hover:underline"
          />
        </nav>
      </div>
    </footer>
  );
}

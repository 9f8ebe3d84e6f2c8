import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { cn } from '../../lib/cn.ts';
import { appSections, isSectionActive } from './app-sections.ts';

/**
 * Phones, signed in: the four sections fixed at the bottom, in thumb reach, the current one marked. The
 * safe-area padding keeps the labels above the home indicator; SiteLayout pads the page by the bar's height.
 */
export function BottomTabBar() {
  const { t } = useTranslation('common');
  const { pathname } = useLocation();
  return (
    <nav
      aria-label={t('appNav.tabBarLabel')}
      className="fixed inset-x-0 bottom-0 z-40 border-t border-border bg-background/95 pb-[env(safe-area-inset-bottom)] backdrop-blur md:hidden"
    >
      <ul className="grid h-16 grid-cols-4">
        {appSections.map((section) => {
          const isActive = isSectionActive(section, pathname);
          return (
            <li key={section.to} className="flex">
              <Link
                to={section.to}
                aria-current={isActive ? 'page' : undefined}
                className={cn(
                  'flex flex-1 flex-col items-center justify-center gap-1 text-xs font-medium transition-colors',
                  'focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring',
                  isActive ? 'text-primary' : 'text-muted-foreground hover:text-foreground',
                )}
              >
                <section.Icon aria-hidden="true" className="size-5" />
                {t(section.key)}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BrandLink } from './top-nav.tsx';

const footerGroups = [
  {
    titleKey: 'footer.product',
    links: [
      { to: '/features', key: 'nav.features' },
      { to: '/pricing', key: 'nav.pricing' },
      { to: '/ai-chat', key: 'footer.aiChat' },
      { to: '/trading-signals', key: 'footer.tradingSignals' },
      { to: '/track-record', key: 'footer.trackRecord' },
    ],
  },
  {
    titleKey: 'footer.company',
    links: [
      { to: '/about', key: 'nav.about' },
      { to: '/contact', key: 'nav.contact' },
      { to: '/blog', key: 'footer.blog' },
      { to: '/developers', key: 'developers.footerLink' },
    ],
  },
  {
    titleKey: 'footer.legal',
    links: [
      { to: '/privacy', key: 'footer.privacy' },
      { to: '/terms', key: 'footer.terms' },
    ],
  },
] as const;

// Read once per page load: the copyright year does not need to tick over in an open tab.
const currentYear = new Date().getFullYear();

/** A footer's list of links to pages of the site. */
export function FooterLinks({
  links,
  className,
  linkClassName,
}: {
  links: readonly { to: string; key: string }[];
  className: string;
  linkClassName: string;
}) {
  const { t } = useTranslation('common');
  return (
    <ul className={className}>
      {links.map(({ to, key }) => (
        <li key={to}>
          <Link to={to} className={linkClassName}>
            {t(key)}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** The spec's risk disclaimer and the copyright: the fine print of every footer, the app's one-liner too. */
export function FinePrint({ disclaimerClassName }: { disclaimerClassName?: string }) {
  const { t } = useTranslation('common');
  return (
    <>
      <p role="note" className={disclaimerClassName}>
        {t('footer.disclaimer')}
      </p>
      <p>{t('footer.rights', { year: currentYear })}</p>
    </>
  );
}

export function SiteFooter() {
  const { t } = useTranslation('common');
  return (
    <footer className="border-t border-border bg-card/40">
      <div className="mx-auto grid w-full max-w-7xl grid-cols-2 gap-8 px-4 py-10 sm:grid-cols-3 sm:px-6 md:grid-cols-[1.4fr_repeat(3,1fr)] lg:px-8">
        <div className="col-span-full flex flex-col gap-3 md:col-span-1">
          <BrandLink />
          <p className="max-w-xs text-sm text-muted-foreground">{t('tagline')}</p>
        </div>
        {footerGroups.map((group) => (
          <nav key={group.titleKey} aria-label={t(group.titleKey)} className="flex flex-col gap-2">
            <h2 className="text-xs font-semibold tracking-wider text-muted-foreground uppercase">
              {t(group.titleKey)}
            </h2>
            <FooterLinks
              links={group.links}
              className="flex flex-col gap-1.5"
              linkClassName="text-sm text-foreground/85 hover:text-primary"
            />
          </nav>
        ))}
      </div>
      <div className="border-t border-border">
        <div className="mx-auto flex w-full max-w-7xl flex-col gap-3 px-4 py-6 text-xs text-muted-foreground sm:px-6 lg:px-8">
          <FinePrint disclaimerClassName="leading-relaxed" />
        </div>
      </div>
    </footer>
  );
}
